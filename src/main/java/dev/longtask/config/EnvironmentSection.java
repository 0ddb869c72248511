package dev.longtask.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.longtask.model.EnvironmentFilter;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code env:} section of the user's config.yaml: {@code allow} lists variables bash gets although their names
 * look secret, {@code deny} variables it never gets. Read from the user's file only: a workspace's files can be
 * written by the agents that work in it, and an agent must not hand itself the user's keys.
 */
public final class EnvironmentSection {
    static final String KEY = "env";
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\*?|\\*");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private EnvironmentSection() {
    }

    /** The filter of the user's config file; secrets only when it says nothing. */
    public static EnvironmentFilter read(Environment environment) {
        Path file = environment.userConfigFile();
        if (file == null) {
            return EnvironmentFilter.SECRETS_ONLY;
        }
        JsonNode root = ConfigTree.read(YAML, file, "YAML").orElse(null);
        JsonNode section = root == null || !root.isObject() ? null : root.get(KEY);
        return section == null || section.isNull() ? EnvironmentFilter.SECRETS_ONLY : parse(section, file.toString());
    }

    static EnvironmentFilter parse(JsonNode section, String source) {
        if (!section.isObject()) {
            throw new ConfigException(source + ": key 'env' must be a mapping with allow and deny lists of variable "
                    + "names");
        }
        section.fieldNames().forEachRemaining(name -> {
            if (!name.equals("allow") && !name.equals("deny")) {
                throw new ConfigException(source + ": unknown key 'env." + name + "' (known: allow, deny)");
            }
        });
        return new EnvironmentFilter(names(section, "allow", source), names(section, "deny", source));
    }

    private static List<String> names(JsonNode section, String key, String source) {
        JsonNode list = section.get(key);
        List<String> names = new ArrayList<>();
        if (list == null || list.isNull()) {
            return names;
        }
        if (!list.isArray()) {
            throw new ConfigException(source + ": key 'env." + key + "' must be a list of variable names, e.g. "
                    + "[NPM_TOKEN, MY_APP_*]");
        }
        for (JsonNode name : list) {
            if (!name.isTextual() || !NAME.matcher(name.asText()).matches()) {
                throw new ConfigException(source + ": env." + key + ": " + name + " is not a variable name (letters, "
                        + "digits and _, optionally ending in * for a prefix)");
            }
            names.add(name.asText());
        }
        return names;
    }
}
