package dev.longtask.config;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.config.ConfigException;
import java.nio.file.Path;
import java.util.List;

/**
 * The permission rules of Claude Code's project settings, {@code .claude/settings.json} and
 * {@code .claude/settings.local.json}: only {@code permissions.allow/ask/deny} are read; everything else in them is
 * Claude Code's. A file that is not valid JSON or holds a broken rule is a configuration error naming the file.
 */
final class ClaudeSettings {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private ClaudeSettings() {
    }

    /** The two files, shared one first. */
    static List<Path> files(Path workspace) {
        Path dir = workspace.resolve(".claude");
        return List.of(dir.resolve("settings.json"), dir.resolve("settings.local.json"));
    }

    /** The file's rules; none when there is no such file. */
    static List<PermissionRule> rules(Path file) {
        JsonNode root = ConfigTree.read(JSON, file, "JSON").orElse(null);
        if (root == null || root.isMissingNode() || root.isNull()) {
            return List.of();
        }
        if (!root.isObject()) {
            throw new ConfigException(file + ": expected a JSON object at the top level");
        }
        return PermissionsSection.read(root.get("permissions"), file.toString(), true);
    }
}
