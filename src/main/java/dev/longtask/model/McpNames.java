package dev.longtask.model;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How MCP tools are named, as in Claude Code: {@code mcp__<server>__<tool>}; {@code mcp__<server>} alone, in a
 * whitelist or a permission rule, means every tool of that server.
 */
public final class McpNames {
    public static final String PREFIX = "mcp__";
    private static final String SEPARATOR = "__";
    /** Server names: what a tool name may hold, without the separator. */
    private static final Pattern SERVER = Pattern.compile("[A-Za-z0-9-]+(_[A-Za-z0-9-]+)*");
    /** The providers' limit on tool names (OpenAI and Anthropic alike). */
    public static final int MAX_TOOL_NAME = 64;
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private McpNames() {
    }

    public static boolean isMcp(String name) {
        return name != null && name.startsWith(PREFIX);
    }

    /** Whether {@code name} can name a server (letters, digits, '-' and single '_'). */
    public static boolean isServerName(String name) {
        return name != null && SERVER.matcher(name).matches();
    }

    /** {@code mcp__server__tool}. */
    public static String tool(String server, String tool) {
        return PREFIX + server + SEPARATOR + tool;
    }

    /** Whether a model provider accepts {@code name} as a tool name. */
    public static boolean isValidToolName(String name) {
        return TOOL_NAME.matcher(name).matches();
    }

    /** The server part of {@code mcp__server} or {@code mcp__server__tool}; empty for other names. */
    public static Optional<String> server(String name) {
        if (!isMcp(name)) {
            return Optional.empty();
        }
        String rest = name.substring(PREFIX.length());
        int at = rest.indexOf(SEPARATOR);
        String server = at < 0 ? rest : rest.substring(0, at);
        return isServerName(server) ? Optional.of(server) : Optional.empty();
    }

    /** The tool part of {@code mcp__server__tool}; empty for {@code mcp__server} and other names. */
    public static Optional<String> toolPart(String name) {
        Optional<String> server = server(name);
        if (server.isEmpty()) {
            return Optional.empty();
        }
        String rest = name.substring(PREFIX.length() + server.get().length());
        return rest.startsWith(SEPARATOR) && rest.length() > SEPARATOR.length()
                ? Optional.of(rest.substring(SEPARATOR.length())) : Optional.empty();
    }
}
