package dev.longtask.tools.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.McpNames;
import dev.longtask.model.McpServerSpec;
import dev.longtask.model.Secrets;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.ToolResult;
import dev.longtask.tools.Workspace;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP servers of one run (or one {@code longtask agent} invocation): each started when the first agent whose
 * whitelist names it begins, shared by every agent after it, started again when it has died, and stopped when the
 * run's session ends ({@link #close}). A stdio server starts in the workspace with this process's environment less
 * its secrets (as {@code bash} gets it), plus the {@code env} of its configuration.
 */
public final class McpServers implements AutoCloseable {
    private static final McpServers NONE = new McpServers(Map.of(), Path.of("."), Map.of(), (name, argv) -> argv);

    private final Map<String, McpConnection> connections = new ConcurrentHashMap<>();

    /** How a named server's command line becomes the one that runs it (confined, or as it is). */
    @FunctionalInterface
    public interface Confinement {
        /** As it is: for servers nothing confines (tests of the protocol, a caller that confines them itself). */
        Confinement NONE = (server, argv) -> argv;

        /** @throws IllegalStateException saying why the server cannot run confined */
        List<String> argv(String server, List<String> command);

        /**
         * Each server in {@code sandbox} (found when the first starts) as bash's commands run, in {@code workspace}
         * with what configures longtask read-only; the servers {@code unconfined} names (the user's own config said
         * so) as they are.
         */
        static Confinement of(Supplier<Sandbox> sandbox, Workspace workspace, Map<String, String> environment,
                              Set<String> unconfined) {
            return (server, argv) -> unconfined.contains(server) ? argv
                    : sandbox.get().programArgv(workspace, argv, environment);
        }
    }

    private McpServers(Map<String, McpServerSpec> specs, Path workspace, Map<String, String> environment,
                       Confinement confinement) {
        McpJsonMapper json = new JacksonMcpJsonMapper(JsonMapping.newMapper());
        Map<String, String> inherited = new TreeMap<>();
        environment.forEach((name, value) -> {
            if (!Secrets.isSecret(name, value)) {
                inherited.put(name, value);
            }
        });
        specs.forEach((name, spec) -> connections.put(name, new McpConnection(spec, workspace, inherited, json,
                argv -> confinement.argv(name, argv))));
    }

    /** No servers. */
    public static McpServers none() {
        return NONE;
    }

    /**
     * The servers of {@code specs} for a run in {@code workspace}; none is started yet.
     *
     * @param environment the environment stdio servers start from (secrets are left out)
     */
    public static McpServers of(Map<String, McpServerSpec> specs, Path workspace, Map<String, String> environment) {
        return of(specs, workspace, environment, Confinement.NONE);
    }

    /** As {@link #of(Map, Path, Map)}, each stdio server started through {@code confinement}. */
    public static McpServers of(Map<String, McpServerSpec> specs, Path workspace, Map<String, String> environment,
                                Confinement confinement) {
        return specs.isEmpty() ? NONE : new McpServers(specs, workspace, environment, confinement);
    }

    /** The configured servers' names. */
    public List<String> names() {
        return List.copyOf(new TreeSet<>(connections.keySet()));
    }

    /**
     * The tools a whitelist entry names: {@code mcp__server} gives all of that server's tools, {@code mcp__server__tool}
     * that one; the server is started if it is not running. When it cannot start, the entry becomes one tool of its
     * own name whose call says why (and tries again), so the agent learns it and goes on.
     */
    public List<Tool> tools(String entry) {
        Optional<String> server = McpNames.server(entry);
        McpConnection connection = server.map(connections::get).orElse(null);
        if (connection == null) {
            log().warn("{} names no configured MCP server (configured: {})", entry, names());
            return List.of();
        }
        Optional<String> only = McpNames.toolPart(entry);
        List<McpSchema.Tool> offered;
        try {
            offered = connection.tools();
        } catch (McpServerException e) {
            log().warn("{}", e.getMessage());
            return List.of(new Unavailable(entry, connection, e.getMessage()));
        }
        List<Tool> tools = new ArrayList<>();
        for (McpSchema.Tool t : offered) {
            if (only.isPresent() && !only.get().equals(t.name())) {
                continue;
            }
            String name = McpNames.tool(connection.spec().name(), t.name());
            if (!McpNames.isValidToolName(name)) {
                log().warn("MCP tool {} of server {} is left out: a model accepts tool names of at most {} letters,"
                        + " digits, '_' and '-'", name, connection.spec().name(), McpNames.MAX_TOOL_NAME);
                continue;
            }
            tools.add(new McpTool(connection, t));
        }
        if (only.isPresent() && tools.isEmpty()) {
            log().warn("MCP server {} has no tool {} (it has: {})", connection.spec().name(), only.get(),
                    offered.stream().map(McpSchema.Tool::name).toList());
        }
        return tools;
    }

    /** How many times a server was started in this run (0: never needed). */
    public int starts(String server) {
        McpConnection connection = connections.get(server);
        return connection == null ? 0 : connection.starts();
    }

    /** Stops every server that was started. */
    @Override
    public void close() {
        connections.values().parallelStream().forEach(McpConnection::close);
    }

    /** What an agent is given for a server that did not start: a tool that says why, and tries again when called. */
    private static final class Unavailable implements Tool {
        private final String name;
        private final McpConnection server;
        private final String reason;

        Unavailable(String name, McpConnection server, String reason) {
            this.name = name;
            this.server = server;
            this.reason = reason;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "Unavailable: " + reason + ". Calling this tries to start the server again and says what happened;"
                    + " if it stays unavailable, go on without it.";
        }

        @Override
        public ObjectNode parameters() {
            return JsonMapping.newMapper().createObjectNode().put("type", "object");
        }

        @Override
        public ToolResult execute(ObjectNode arguments, ToolContext context) {
            try {
                List<String> names = server.tools().stream().map(t -> McpNames.tool(server.spec().name(), t.name()))
                        .toList();
                return ToolResult.error("MCP server " + server.spec().name() + " has started now, but its tools are"
                        + " offered only to tasks that begin from now on (" + String.join(", ", names) + "); go on"
                        + " without them in this task");
            } catch (McpServerException e) {
                return ToolResult.error(e.getMessage() + "; go on without this server");
            }
        }
    }

    /** Looked up when something is logged: a run without MCP servers never starts the logging framework here. */
    private static Logger log() {
        return LoggerFactory.getLogger(McpServers.class);
    }
}
