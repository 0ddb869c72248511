package dev.longtask.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.config.ConfigException;
import java.nio.file.FileSystems;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads a {@code permissions} mapping, the same in {@code .claude/settings.json} (JSON) and {@code config.yaml}
 * (YAML): {@code allow}, {@code ask} and {@code deny}, each a list of rules. Every problem names the file and key.
 */
final class PermissionsSection {
    private static final Set<String> CLAUDE_ONLY_KEYS = Set.of("defaultMode", "additionalDirectories",
            "disableBypassPermissionsMode");

    private PermissionsSection() {
    }

    /**
     * @param claudeFile a file of Claude Code's, whose other permission keys ({@code defaultMode}, ...) are
     *                   Claude Code's business and left alone; in longtask's own files they are errors
     */
    static List<PermissionRule> read(JsonNode node, String source, boolean claudeFile) {
        List<PermissionRule> rules = new ArrayList<>();
        if (node == null || node.isNull()) {
            return rules;
        }
        if (!node.isObject()) {
            throw new ConfigException(source + ": key 'permissions' must be a mapping with allow, ask and deny lists");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!Set.of("allow", "ask", "deny").contains(name) && !(claudeFile && CLAUDE_ONLY_KEYS.contains(name))) {
                throw new ConfigException(source + ": unknown key 'permissions." + name + "' (known: allow, ask, deny)");
            }
        }
        for (PermissionRule.Kind kind : PermissionRule.Kind.values()) {
            JsonNode list = node.get(kind.wire());
            if (list == null || list.isNull()) {
                continue;
            }
            if (!list.isArray()) {
                throw new ConfigException(source + ": key 'permissions." + kind.wire()
                        + "' must be a list of rules, e.g. [\"Bash(git status:*)\", \"Edit(src/**)\"]");
            }
            for (JsonNode rule : list) {
                if (!rule.isTextual()) {
                    throw new ConfigException(source + ": permissions." + kind.wire() + ": invalid rule " + rule
                            + ": a rule is a string like \"Bash(git status:*)\"");
                }
                rules.add(rule(kind, rule.asText(), source));
            }
        }
        return rules;
    }

    /**
     * One rule of a settings file, its path pattern compiled to be sure it can be used.
     *
     * @throws ConfigException naming the file and the rule
     */
    static PermissionRule rule(PermissionRule.Kind kind, String text, String source) {
        PermissionRule rule;
        try {
            rule = PermissionRule.parse(kind, text, source);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        if (rule.specifierKind() == PermissionRule.Specifier.PATH && !rule.pathPattern().isEmpty()) {
            try {
                FileSystems.getDefault().getPathMatcher("glob:" + rule.pathPattern());
            } catch (IllegalArgumentException e) {
                throw new ConfigException(rule.problem("the path pattern does not compile: "
                        + e.getMessage().lines().findFirst().orElse("")));
            }
        }
        return rule;
    }
}
