package dev.longtask.config;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.longtask.model.McpNames;
import dev.longtask.model.McpServerSpec;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.DurationText;
import dev.longtask.model.config.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MCP servers agents may use in a workspace: {@code mcpServers} of {@code <workspace>/.mcp.json} (Claude Code's
 * project file), and {@code mcp_servers:} of the user's and the workspace's config.yaml. A server named in several
 * is taken from the workspace's config.yaml, else from .mcp.json, else from the user's file. As in Claude Code,
 * {@code ${VAR}} and {@code ${VAR:-default}} in a command, its arguments, its environment, a URL and headers are
 * replaced from the environment; a variable that is not set leaves that server unavailable (said when an agent
 * calls it), not the run.
 */
public final class McpServersConfig {
    static final String KEY = "mcp_servers";
    private static final Set<String> FIELDS = Set.of("type", "command", "args", "env", "url", "headers",
            "startup_timeout", "tool_timeout", "sandbox");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}");

    /** Made when a file is there to read: most workspaces have none, and the YAML parser is hundreds of classes. */
    private static final class Json {
        static final ObjectMapper MAPPER = JsonMapping.newMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    private static final class Yaml {
        static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory())
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    private McpServersConfig() {
    }

    /** {@code <workspace>/.mcp.json}. */
    public static Path projectFile(Path workspace) {
        return workspace.resolve(".mcp.json");
    }

    /**
     * The servers configured for {@code workspace} (null: the user's only), by name.
     *
     * @throws ConfigException naming the file and the entry, for a file that cannot be read or an entry that is not
     *                         a server
     */
    public static Map<String, McpServerSpec> load(Environment env, Path workspace) {
        Map<String, McpServerSpec> servers = new LinkedHashMap<>();
        servers.putAll(fromYaml(env.userConfigFile(), env));
        if (workspace != null) {
            servers.putAll(fromMcpJson(projectFile(workspace), env));
            servers.putAll(fromYaml(SettingsLoader.workspaceConfig(workspace), env));
        }
        return servers;
    }

    /**
     * The servers the user's own config file lets run unconfined ({@code sandbox: off} in their entry): every other
     * stdio server runs in the sandbox bash runs in. A workspace file cannot say this.
     */
    public static Set<String> unconfined(Environment env) {
        Path file = env.userConfigFile();
        JsonNode root = Files.exists(file) ? read(file, Yaml.MAPPER, "YAML") : null;
        JsonNode servers = root == null || !root.isObject() ? null : root.get(KEY);
        Set<String> names = new java.util.TreeSet<>();
        if (servers != null && servers.isObject()) {
            servers.fields().forEachRemaining(e -> {
                if ("off".equals(e.getValue().path("sandbox").asText(""))) {
                    names.add(e.getKey());
                }
            });
        }
        return names;
    }

    private static Map<String, McpServerSpec> fromMcpJson(Path file, Environment env) {
        JsonNode root = Files.exists(file) ? read(file, Json.MAPPER, "JSON") : null;
        if (root == null) {
            return Map.of();
        }
        if (!root.isObject()) {
            throw new ConfigException(file + ": expected an object with \"mcpServers\"");
        }
        Map<String, McpServerSpec> servers = servers(root.get("mcpServers"), file, "mcpServers", env);
        // `claude mcp add -s project longtask -- longtask mcp` puts longtask itself here for Claude Code; its own
        // agents must not get it: a task would start runs of its own, nested without end.
        servers.values().removeIf(McpServersConfig::isLongtaskItself);
        return servers;
    }

    /**
     * Whether an entry of {@code .mcp.json} is longtask's own MCP server: named {@code longtask}, or a command line
     * that runs {@code longtask mcp} (the launcher, or {@code java -jar .../longtask*.jar mcp}).
     */
    static boolean isLongtaskItself(McpServerSpec server) {
        if (server.name().equals("longtask")) {
            return true;
        }
        if (server.transport() != McpServerSpec.Transport.STDIO || server.command() == null) {
            return false;
        }
        List<String> line = new ArrayList<>();
        line.add(server.command());
        line.addAll(server.args());
        for (int i = 0; i + 1 < line.size(); i++) {
            String program = Path.of(line.get(i)).getFileName() == null ? "" : Path.of(line.get(i)).getFileName()
                    .toString();
            boolean longtask = program.equals("longtask") || program.startsWith("longtask") && program.endsWith(".jar");
            if (longtask && line.get(i + 1).equals("mcp")) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, McpServerSpec> fromYaml(Path file, Environment env) {
        JsonNode root = Files.exists(file) ? read(file, Yaml.MAPPER, "YAML") : null;
        return root == null || !root.isObject() ? Map.of() : servers(root.get(KEY), file, KEY, env);
    }

    private static JsonNode read(Path file, ObjectMapper mapper, String format) {
        try {
            JsonNode root = mapper.readTree(Files.readString(file));
            return root == null || root.isMissingNode() || root.isNull() ? null : root;
        } catch (NoSuchFileException e) {
            return null;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new ConfigException(file + ": not valid " + format + where + ": "
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("").trim());
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the file: " + e.getMessage());
        }
    }

    private static Map<String, McpServerSpec> servers(JsonNode node, Path file, String key, Environment env) {
        Map<String, McpServerSpec> servers = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return servers;
        }
        if (!node.isObject()) {
            throw new ConfigException(file + ": '" + key + "' must map server names to servers");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            servers.put(entry.getKey(), new Entry(file, key + "." + entry.getKey(), env)
                    .server(entry.getKey(), entry.getValue()));
        }
        return servers;
    }

    /** One server entry being read; problems name the file and the entry. */
    private static final class Entry {
        private final Path file;
        private final String where;
        private final Environment env;
        private final List<String> unset = new ArrayList<>();

        Entry(Path file, String where, Environment env) {
            this.file = file;
            this.where = where;
            this.env = env;
        }

        McpServerSpec server(String name, JsonNode node) {
            if (!McpNames.isServerName(name)) {
                throw fail("the server name may hold letters, digits, '-' and single '_' (its tools are named"
                        + " mcp__<server>__<tool>)");
            }
            if (!node.isObject()) {
                throw fail("must be a mapping with a command (stdio) or type: http and a url");
            }
            node.fieldNames().forEachRemaining(f -> {
                if (!FIELDS.contains(f)) {
                    throw fail("unknown key '" + f + "' (known: " + String.join(", ", FIELDS.stream().sorted().toList())
                            + ")");
                }
            });
            String sandbox = text(node, "sandbox");
            if (sandbox != null && !sandbox.equals("off") && !sandbox.equals("auto")) {
                throw fail("sandbox must be auto (the server runs in the sandbox bash runs in) or off, got '" + sandbox
                        + "'");
            }
            if ("off".equals(sandbox) && !file.equals(env.userConfigFile())) {
                throw fail("sandbox: off is taken only from your own config file (" + env.userConfigFile() + "), never"
                        + " from a workspace's");
            }
            String type = text(node, "type");
            boolean http = "http".equals(type) || "streamable-http".equals(type);
            if (type != null && !http && !"stdio".equals(type)) {
                throw fail("type '" + type + "' is not supported: use stdio (a command) or http (a url)"
                        + ("sse".equals(type) ? "; the SSE transport is deprecated, most servers also speak http" : ""));
            }
            if (type == null) {
                http = node.has("url") && !node.has("command");
            }
            String command = expand(text(node, "command"));
            String url = expand(text(node, "url"));
            if (http && url == null) {
                throw fail("an http server needs a url");
            }
            if (!http && command == null) {
                throw fail("a stdio server needs a command");
            }
            List<String> args = new ArrayList<>();
            JsonNode a = node.get("args");
            if (a != null && !a.isNull()) {
                if (!a.isArray()) {
                    throw fail("args must be a list of strings");
                }
                a.forEach(arg -> args.add(expand(arg.isValueNode() ? arg.asText() : arg.toString())));
            }
            McpServerSpec.Transport transport = http ? McpServerSpec.Transport.HTTP : McpServerSpec.Transport.STDIO;
            Map<String, String> environment = map(node, "env");
            Map<String, String> headers = map(node, "headers");
            String problem = unset.isEmpty() ? null : "the environment variable" + (unset.size() > 1 ? "s " : " ")
                    + String.join(", ", unset) + (unset.size() > 1 ? " are" : " is") + " not set (used by "
                    + where + " in " + file + ")";
            return new McpServerSpec(name, transport, command, args, environment, url, headers,
                    duration(node, "startup_timeout"), duration(node, "tool_timeout"), file.toString(), problem);
        }

        private String text(JsonNode node, String field) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                return null;
            }
            if (!v.isValueNode()) {
                throw fail(field + " must be a single value");
            }
            return v.asText().isBlank() ? null : v.asText();
        }

        private Map<String, String> map(JsonNode node, String field) {
            JsonNode v = node.get(field);
            Map<String, String> values = new LinkedHashMap<>();
            if (v == null || v.isNull()) {
                return values;
            }
            if (!v.isObject()) {
                throw fail(field + " must map names to values");
            }
            v.fields().forEachRemaining(e -> values.put(e.getKey(), expand(e.getValue().asText())));
            return values;
        }

        private Duration duration(JsonNode node, String field) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                return null;
            }
            try {
                Duration d = v.isNumber() ? Duration.ofMillis((long) (v.asDouble() * 1000))
                        : DurationText.parse(v.asText());
                if (d.isNegative() || d.isZero()) {
                    throw new IllegalArgumentException("must be positive");
                }
                return d;
            } catch (RuntimeException e) {
                throw fail(field + " must be a duration like 30s or 2m (or seconds), got '" + v.asText() + "'");
            }
        }

        /** Replaces ${VAR} and ${VAR:-default}; a variable neither set nor defaulted is noted. */
        private String expand(String text) {
            if (text == null) {
                return null;
            }
            Matcher m = VARIABLE.matcher(text);
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                String value = env.variables().get(m.group(1));
                if (value == null) {
                    value = m.group(2);
                }
                if (value == null) {
                    unset.add(m.group(1));
                    value = "";
                }
                m.appendReplacement(b, Matcher.quoteReplacement(value));
            }
            m.appendTail(b);
            return b.toString();
        }

        private ConfigException fail(String problem) {
            return new ConfigException(file + ": " + where + ": " + problem);
        }
    }
}
