package dev.longtask.mcp;

import dev.longtask.api.Longtask;
import dev.longtask.api.RunHandle;
import dev.longtask.model.JsonMapping;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

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
        LongtaskTools tools = new LongtaskTools(runs, whereRunsGo, POLL);
        return McpServer.sync(transport).serverInfo("longtask", version()).instructions(INSTRUCTIONS)
                .jsonMapper(json()).capabilities(capabilities()).tools(tools.tools())
                .resourceTemplates(tools.reports()).build();
    }

    /**
     * Serves MCP on {@code in}/{@code out} until the client closes its end, then waits for the runs started here to
     * end before it returns (they were started to go on in the background). An interrupt of the calling thread
     * stops the wait (and is consumed); the caller then closes the runtime, which stops the runs after they save.
     *
     * @param workdir where runs go whose request names no workdir; runs may work under it
     * @param roots   further directories runs may work under; a tool naming a workdir elsewhere is refused
     * @return true when the client went away and every run ended, false when interrupted
     */
    public static boolean serveStdio(Longtask runtime, Path workdir, List<Path> roots, InputStream in,
                                     OutputStream out) {
        LocalRuns runs = new LocalRuns(runtime, workdir, roots);
        EndOfInput input = new EndOfInput(in);
        McpServerTransportProvider transport = new StdioServerTransportProvider(json(), input, out);
        LongtaskTools tools = new LongtaskTools(runs, "The run goes on in the background inside this MCP server's"
                + " process (longtask mcp): it survives your session only as long as that process lives; if the"
                + " process is stopped, the run stops after saving and continues with longtask_resume.", POLL);
        McpSyncServer server = McpServer.sync(transport).serverInfo("longtask", version()).instructions(INSTRUCTIONS)
                .jsonMapper(json()).capabilities(capabilities()).tools(tools.tools())
                .resourceTemplates(tools.reports()).build();
        try {
            input.awaitEnd();
            for (RunHandle handle : runs.running()) {
                while (handle.await(Duration.ofSeconds(1)).isEmpty()) {
                    if (Thread.interrupted()) {
                        return false;
                    }
                }
            }
            return true;
        } catch (InterruptedException e) {
            // Consumed: the caller closes the runtime next, which must be free to wait for the runs to save.
            return false;
        } finally {
            server.closeGracefully();
        }
    }

    private static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build();
    }

    static String version() {
        String v = LongtaskMcpServer.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** The client's end of stdin: tells when it is closed, which is how a stdio client says it has gone. */
    private static final class EndOfInput extends FilterInputStream {
        private final CountDownLatch ended = new CountDownLatch(1);

        EndOfInput(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return seen(super.read());
            } catch (IOException e) {
                ended.countDown();
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return seen(super.read(b, off, len));
            } catch (IOException e) {
                ended.countDown();
                throw e;
            }
        }

        private int seen(int n) {
            if (n < 0) {
                ended.countDown();
            }
            return n;
        }

        void awaitEnd() throws InterruptedException {
            ended.await();
        }
    }
}
