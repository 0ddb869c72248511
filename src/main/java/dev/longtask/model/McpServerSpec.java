package dev.longtask.model;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An MCP server whose tools agents may use, as configured in {@code .mcp.json} (Claude Code's format) or under
 * {@code mcp_servers:} in a config file: a command started over stdio, or a streamable HTTP endpoint. Its tools
 * appear to agents as {@code mcp__<name>__<tool>}. A spec that could not be read as given (a variable it names is not
 * set) carries the {@code problem}: the server is then unavailable, which an agent that calls it is told.
 *
 * @param source         where it was configured (a file path), for messages
 * @param startupTimeout how long starting and initializing may take
 * @param callTimeout    how long one tool call may take
 */
public record McpServerSpec(String name, Transport transport, String command, List<String> args,
                            Map<String, String> env, String url, Map<String, String> headers,
                            Duration startupTimeout, Duration callTimeout, String source, String problem) {

    /** How the server is reached. */
    public enum Transport { STDIO, HTTP }

    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(120);

    public McpServerSpec {
        args = List.copyOf(args == null ? List.of() : args);
        env = Map.copyOf(env == null ? Map.of() : env);
        headers = Map.copyOf(headers == null ? Map.of() : headers);
        startupTimeout = startupTimeout == null ? DEFAULT_STARTUP_TIMEOUT : startupTimeout;
        callTimeout = callTimeout == null ? DEFAULT_CALL_TIMEOUT : callTimeout;
    }

    /** The prefix of its tools' names, {@code mcp__<name>}, which in a whitelist or a rule means all of them. */
    public String prefix() {
        return McpNames.PREFIX + name;
    }

    /** "npx -y server (from .mcp.json)" or "https://host/mcp (from ...)": what the server is, for messages. */
    public String describe() {
        String what = transport == Transport.HTTP ? url
                : command + (args.isEmpty() ? "" : " " + String.join(" ", args));
        return what + " (from " + source + ")";
    }
}
