package dev.longtask.mcp;

import dev.longtask.api.Longtask;
import dev.longtask.model.JsonMapping;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * longtask as an MCP server: the tools of {@link LongtaskTools} and the reports as resources, over stdio
 * ({@code longtask mcp}) or streamable HTTP (mounted by {@code longtask serve}).
 */
public final class LongtaskMcpServer {
    /** How often a waiting status call looks at its run. */
    static final Duration POLL = Duration.ofMillis(500);
    static final String INSTRUCTIONS = "longtask carries one goal through minutes to hours of autonomous work: start"
            + " it with longtask_start (it returns a run id at once), follow it with longtask_status, read the result"
            + " with longtask_report. Runs survive restarts: a stopped run continues with longtask_resume.";

    private LongtaskMcpServer() {
    }

    /** The JSON mapping of the MCP messages (the project's dialect: ISO times, snake_case where records say so). */
    public static McpJsonMapper json() {
        return new JacksonMcpJsonMapper(JsonMapping.newMapper());
    }

    /** A server of {@code runs} on a streamable HTTP transport (one session per client). */
    public static McpSyncServer streamable(McpStreamableServerTransportProvider transport, RunControl runs,
                                           String whereRunsGo) {
        LongtaskTools tools = new LongtaskTools(runs, whereRunsGo, POLL, exchange -> {
        });
        return McpServer.sync(transport).serverInfo("longtask", version()).instructions(INSTRUCTIONS)
                .jsonMapper(json()).capabilities(capabilities()).tools(tools.tools())
                .resourceTemplates(tools.reports()).build();
    }

    /**
     * The JSON mapping for {@link #serveStdio}, made on a thread of its own from now on and taught the handshake's
     * messages (Jackson's set-up and reflection were half the time to the answer to {@code initialize}): asked for
     * as early as the caller can, it overlaps the rest of the caller's start.
     */
    public static McpJsonMapper jsonForStdio() {
        return new WarmJson(capabilities(), serverInfo(), INSTRUCTIONS);
    }

    /**
     * Serves MCP on {@code in}/{@code out} until the client closes its end and every request it sent is answered.
     * Runs started here are each carried out by a process of their own ({@code longtask resume}, started with
     * {@code longtask}), so they go on when the client and this server are gone. The directories the client offers
     * as its roots become where runs go by default. An interrupt of the calling thread (a signal) stops serving.
     *
     * @param json     the JSON mapping, from {@link #jsonForStdio}
     * @param runtime  builds the runtime the tools use: called once, on a thread of its own as soon as the first
     *                 answer (to {@code initialize}) is out, so the handshake never waits for it; what it built is
     *                 closed when serving ends
     * @param longtask the command line that runs longtask, for the processes that carry the runs
     * @param trustAll whether the runtime trusts every workspace's configuration, as the runs' processes must too
     * @param workdir  where runs go whose request names no workdir (unless the client offers roots); runs may work
     *                 under it
     * @param roots    further directories runs may work under; a tool naming a workdir elsewhere is refused
     * @return true when the client went away, false when interrupted
     */
    public static boolean serveStdio(McpJsonMapper json, Supplier<Longtask> runtime, Supplier<List<String>> longtask,
                                     boolean trustAll, Path workdir, List<Path> roots, InputStream in,
                                     OutputStream out) {
        // Only what the answer to initialize needs comes before it: the JSON mapping (made meanwhile on another
        // thread) and the session. The tools and the report template are added once it is out, before any later
        // message is passed on (tools/list waits for them), and the runtime is built after them.
        if (json instanceof WarmJson warm) {
            warm.awaitLogging();
        }
        try (LazyRuntime lazy = new LazyRuntime(runtime)) {
            LocalRuns runs = new LocalRuns(lazy, new RunProcesses(longtask,
                    trustAll ? List.of("--trust-workspace-config") : List.of()), workdir, roots);
            ClientRoots clientRoots = new ClientRoots(runs);
            // the transport may read (and the session answer) before build() returns
            CompletableFuture<McpSyncServer> built = new CompletableFuture<>();
            OnceInBackground features = new OnceInBackground("longtask-tools", () -> {
                LongtaskTools tools = new LongtaskTools(runs, "The run is carried out by a process of its own,"
                        + " started by this MCP server: it goes on after your session ends; if that process is"
                        + " stopped, the run stops after saving and continues with longtask_resume.", POLL,
                        clientRoots::askOnce);
                McpSyncServer server = built.join();
                tools.tools().forEach(server::addTool);
                server.addResourceTemplate(tools.reports());
            });
            StdioLines lines = new StdioLines(json, in, out, () -> features.start(lazy::startBuilding), features);
            McpServerTransportProvider transport = new StdioServerTransportProvider(json, lines.input(),
                    lines.output());
            McpSyncServer server = McpServer.sync(transport).serverInfo(serverInfo()).instructions(INSTRUCTIONS)
                    .jsonMapper(json).jsonSchemaValidator(new LazySchemaValidator()).capabilities(capabilities())
                    .rootsChangeHandler((exchange, offered) -> clientRoots.offered(offered)).build();
            built.complete(server);
            try {
                lines.awaitDrained();
                return true;
            } catch (InterruptedException e) {
                // Consumed: serving ends here.
                return false;
            } finally {
                server.closeGracefully();
            }
        }
    }

    /** The client's roots, asked for once before the first tool call when the client says it has them. */
    private static final class ClientRoots {
        // not the server class's own: logback's start would come before the JSON mapping's (jsonForStdio)
        private static final Logger LOG = LoggerFactory.getLogger(LongtaskMcpServer.class);
        private final LocalRuns runs;
        private final java.util.concurrent.atomic.AtomicBoolean asked = new java.util.concurrent.atomic.AtomicBoolean();

        ClientRoots(LocalRuns runs) {
            this.runs = runs;
        }

        void askOnce(McpSyncServerExchange exchange) {
            McpSchema.ClientCapabilities caps = exchange.getClientCapabilities();
            if (caps == null || caps.roots() == null || !asked.compareAndSet(false, true)) {
                return;
            }
            try {
                offered(exchange.listRoots().roots());
            } catch (RuntimeException e) {
                LOG.debug("the client did not list its roots", e);
            }
        }

        void offered(List<McpSchema.Root> roots) {
            List<Path> dirs = new java.util.ArrayList<>();
            for (McpSchema.Root root : roots) {
                try {
                    URI uri = URI.create(root.uri());
                    if ("file".equals(uri.getScheme())) {
                        dirs.add(Path.of(uri));
                    }
                } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException notAFile) {
                    LOG.debug("root {} is not a local directory", root.uri());
                }
            }
            runs.clientRoots(dirs);
        }
    }

    private static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build();
    }

    private static McpSchema.Implementation serverInfo() {
        return new McpSchema.Implementation("longtask", version());
    }

    static String version() {
        String v = LongtaskMcpServer.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
