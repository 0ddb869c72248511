package dev.longtask.tools.mcp;

import dev.longtask.model.McpServerSpec;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One MCP server of a run: started when an agent first needs it, kept for the rest of the run, started again when it
 * has died or stopped answering, stopped with the run. Calls from several agents may run at once.
 */
final class McpConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpConnection.class);
    /** Extra time the SDK's own request timeout allows, so that ours, which says more, fires first. */
    private static final Duration SLACK = Duration.ofSeconds(5);

    private final McpServerSpec spec;
    private final Path workspace;
    private final Map<String, String> environment;
    private final McpJsonMapper json;
    private final UnaryOperator<List<String>> confinement;
    private McpAsyncClient client;
    private ProcessTransport process;
    private List<McpSchema.Tool> tools = List.of();
    private boolean broken = true;
    private boolean closed;
    private int starts;

    /**
     * @param environment what a stdio server starts with besides its own {@code env} (secrets already left out)
     * @param confinement turns the server's command line into the one that runs it confined (it throws
     *                    {@link IllegalStateException} saying why when it cannot be confined)
     */
    McpConnection(McpServerSpec spec, Path workspace, Map<String, String> environment, McpJsonMapper json,
                  UnaryOperator<List<String>> confinement) {
        this.spec = spec;
        this.workspace = workspace;
        this.environment = environment;
        this.json = json;
        this.confinement = confinement;
    }

    McpServerSpec spec() {
        return spec;
    }

    /**
     * The server's tools, starting it first when it is not running.
     *
     * @throws McpServerException saying why it cannot be used
     */
    synchronized List<McpSchema.Tool> tools() {
        ensureRunning();
        return tools;
    }

    /** How many times the server was started in this run. */
    synchronized int starts() {
        return starts;
    }

    /**
     * Calls a tool, starting (or restarting) the server first when it is not running.
     *
     * @throws McpServerException when the server cannot be started, dies during the call or does not answer in time
     * @throws InterruptedException when the calling thread is interrupted (the call is abandoned)
     */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) throws InterruptedException {
        McpAsyncClient c;
        ProcessTransport p;
        synchronized (this) {
            ensureRunning();
            c = client;
            p = process;
        }
        Mono<McpSchema.CallToolResult> call = c.callTool(new McpSchema.CallToolRequest(tool, arguments));
        try {
            return await(call, p, spec.callTimeout(), "answer " + tool);
        } catch (McpServerException e) {
            if (e.serverBroken()) {
                markBroken(c);
            }
            throw e;
        }
    }

    /** Stops the server; a later use would start it again unless the run has ended. */
    @Override
    public synchronized void close() {
        closed = true;
        stop();
    }

    // ------------------------------------------------------------------ starting and stopping

    private void ensureRunning() {
        if (closed) {
            throw new McpServerException("MCP server " + spec.name() + " was stopped with its run");
        }
        if (!broken && !exited()) {
            return;
        }
        if (spec.problem() != null) {
            throw new McpServerException("MCP server " + spec.name() + " cannot be started: " + spec.problem());
        }
        if (starts > 0) {
            LOG.warn("MCP server {} is {}; starting it again", spec.name(), exited()
                    ? "gone (exit code " + process.process().exitValue() + ")" : "not answering");
        }
        stop();
        starts++;
        McpClientTransport transport = spec.transport() == McpServerSpec.Transport.HTTP ? http() : stdio();
        client = McpClient.async(transport).clientInfo(new McpSchema.Implementation("longtask", "longtask", version()))
                .requestTimeout(spec.callTimeout().plus(SLACK)).initializationTimeout(spec.startupTimeout().plus(SLACK))
                .build();
        try {
            await(client.initialize(), process, spec.startupTimeout(), "start (initialize)");
            tools = List.copyOf(await(client.listTools(), process, spec.startupTimeout(), "list its tools").tools());
            broken = false;
        } catch (McpServerException e) {
            stop();
            throw e;
        } catch (InterruptedException e) {
            stop();
            Thread.currentThread().interrupt();
            throw new McpServerException("starting MCP server " + spec.name() + " was interrupted", e);
        }
    }

    /** Whether the server's process was started and has exited. */
    private boolean exited() {
        return process != null && process.process() != null && !process.process().isAlive();
    }

    private ProcessTransport stdio() {
        List<String> command = new ArrayList<>();
        command.add(spec.command());
        command.addAll(spec.args());
        Map<String, String> env = new java.util.TreeMap<>(environment);
        env.putAll(spec.env());
        if (!runnable(spec.command(), env.get("PATH"))) {
            // said now: confined, a missing program would only show as a server that never answers
            throw new McpServerException("MCP server " + spec.name() + " did not start: cannot run '"
                    + String.join(" ", command) + "': no such program" + (spec.command().contains("/") ? ""
                    : " on the PATH"));
        }
        List<String> confined;
        try {
            confined = confinement.apply(command);
        } catch (IllegalStateException e) {
            throw new McpServerException("MCP server " + spec.name() + " cannot be started: it runs only in a sandbox,"
                    + " as bash does, and " + e.getMessage());
        }
        process = new ProcessTransport(spec.name(), confined, workspace, env, json);
        return process;
    }

    /** Whether {@code program} names an executable file, as a path or found on {@code path}. */
    private boolean runnable(String program, String path) {
        if (program.contains("/")) {
            Path file = workspace.resolve(program);
            return java.nio.file.Files.isRegularFile(file) && java.nio.file.Files.isExecutable(file);
        }
        for (String dir : (path == null ? "/usr/local/bin:/usr/bin:/bin" : path).split(java.io.File.pathSeparator)) {
            Path file = dir.isEmpty() ? null : Path.of(dir, program);
            if (file != null && java.nio.file.Files.isRegularFile(file) && java.nio.file.Files.isExecutable(file)) {
                return true;
            }
        }
        return false;
    }

    private McpClientTransport http() {
        URI uri = URI.create(spec.url());
        String base = uri.getScheme() + "://" + uri.getRawAuthority();
        String endpoint = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        HttpRequest.Builder request = HttpRequest.newBuilder();
        spec.headers().forEach(request::header);
        process = null;
        return HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint).jsonMapper(json)
                .requestBuilder(request).connectTimeout(spec.startupTimeout()).build();
    }

    private synchronized void markBroken(McpAsyncClient failed) {
        if (client == failed) {
            broken = true;
        }
    }

    private void stop() {
        broken = true;
        McpAsyncClient c = client;
        ProcessTransport p = process;
        client = null;
        if (c != null) {
            try {
                c.closeGracefully().block(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                LOG.debug("MCP server {} did not close gracefully", spec.name(), e);
            }
        }
        if (p != null) {
            p.stop();
        }
    }

    // ------------------------------------------------------------------ waiting

    /** Waits for {@code work}, failing at once when the server's process exits and after {@code limit}. */
    private <T> T await(Mono<T> work, ProcessTransport p, Duration limit, String what) throws InterruptedException {
        Mono<T> watched = p == null || p.process() == null ? work
                : Mono.firstWithSignal(work, Mono.fromFuture(p.process().onExit()).flatMap(exited -> Mono.error(
                        new McpServerException(gone(exited.exitValue(), p)))));
        CompletableFuture<T> future = watched.toFuture();
        try {
            T result = future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (result == null) {
                throw new McpServerException("MCP server " + spec.name() + " gave no answer to " + what);
            }
            return result;
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new McpServerException("MCP server " + spec.name() + " did not " + what + " within "
                    + limit.toSeconds() + " s" + stderr(p) + "; it is stopped and will be started again on the next call"
                    + " (a slow server can be given more time with tool_timeout or startup_timeout in its config)");
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (CancellationException e) {
            throw new McpServerException("the call to MCP server " + spec.name() + " was cancelled");
        } catch (ExecutionException e) {
            throw failure(e.getCause(), p, what);
        }
    }

    private McpServerException failure(Throwable cause, ProcessTransport p, String what) {
        for (Throwable t = cause; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof McpServerException known) {
                return known;
            }
        }
        if (cause instanceof McpError protocol) {
            // The server answered, with a JSON-RPC error: it is running, the request was refused.
            return new McpServerException("MCP server " + spec.name() + " refused to " + what + ": "
                    + protocol.getMessage(), cause, false);
        }
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String reason = root.getMessage() == null ? root.toString() : root.getMessage();
        if (p != null && p.process() != null && !p.process().isAlive()) {
            return new McpServerException(gone(p.process().exitValue(), p), cause);
        }
        return new McpServerException("MCP server " + spec.name() + " (" + spec.describe() + ") could not " + what
                + ": " + reason + stderr(p), cause);
    }

    private String gone(int exitCode, ProcessTransport p) {
        return "MCP server " + spec.name() + " (" + spec.describe() + ") exited with code " + exitCode + stderr(p)
                + "; it will be started again on the next call";
    }

    private static String stderr(ProcessTransport p) {
        String tail = p == null ? "" : p.stderrTail().strip();
        return tail.isEmpty() ? "" : "; its stderr ended with: " + (tail.length() > 1500
                ? "..." + tail.substring(tail.length() - 1500) : tail);
    }

    private static String version() {
        String v = McpConnection.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
