package dev.longtask.tools.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The stdio transport of an MCP server this runtime starts: the server's process, in the workspace, with exactly the
 * environment given (the SDK's own transport inherits the whole of ours, keys included), newline-delimited JSON-RPC on
 * its stdin and stdout, and the tail of its stderr kept for the message when it fails. The process is exposed so the
 * connection can tell at once when the server has died instead of waiting out a call.
 */
final class ProcessTransport implements McpClientTransport {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessTransport.class);
    private static final int STDERR_LINES = 20;
    /** The most characters one message may have (the SDK's own limit). */
    private static final int MAX_LINE = 16 * 1024 * 1024;

    private final String server;
    private final List<String> command;
    private final Path directory;
    private final Map<String, String> environment;
    private final McpJsonMapper json;
    private final Deque<String> stderr = new ArrayDeque<>();
    private final Object writing = new Object();
    private volatile Process process;
    private volatile OutputStream stdin;
    private volatile McpServerException startFailure;

    ProcessTransport(String server, List<String> command, Path directory, Map<String, String> environment,
                     McpJsonMapper json) {
        this.server = server;
        this.command = List.copyOf(command);
        this.directory = directory;
        this.environment = Map.copyOf(environment);
        this.json = json;
    }

    @Override
    public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> {
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            try {
                process = builder.start();
            } catch (IOException e) {
                // The SDK only logs a failed connect; the first message sent reports it.
                startFailure = new McpServerException("MCP server " + server + " did not start: cannot run '"
                        + String.join(" ", command) + "': " + firstLine(e.getMessage()), e);
                throw startFailure;
            }
            stdin = process.getOutputStream();
            daemon("mcp-" + server + "-out", () -> readMessages(process.getInputStream(), handler));
            daemon("mcp-" + server + "-err", () -> readStderr(process.getErrorStream()));
        });
    }

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
        return Mono.fromRunnable(() -> {
            if (stdin == null) {
                throw startFailure != null ? startFailure : new McpServerException("MCP server " + server
                        + " has not been started");
            }
            try {
                // One message per line: the JSON writer escapes newlines inside strings.
                byte[] line = (json.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
                synchronized (writing) {
                    stdin.write(line);
                    stdin.flush();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write to MCP server " + server + ": " + e.getMessage(), e);
            }
        });
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::stop);
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return json.convertValue(data, typeRef);
    }

    /** The server's process once started, else null. */
    Process process() {
        return process;
    }

    /** The last lines the server wrote to stderr, for a message about its failure. */
    String stderrTail() {
        synchronized (stderr) {
            return String.join("\n", stderr);
        }
    }

    /** Closes stdin (the way to ask a stdio server to exit), then terminates the process and what it started. */
    void stop() {
        Process p = process;
        if (p == null) {
            return;
        }
        try {
            stdin.close();
        } catch (IOException ignored) {
            // It is being stopped either way.
        }
        try {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void readMessages(InputStream out, Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                if (line.length() > MAX_LINE) {
                    LOG.warn("MCP server {} sent a message of {} characters; it is dropped", server, line.length());
                    continue;
                }
                JSONRPCMessage message;
                try {
                    message = McpSchema.deserializeJsonRpcMessage(json, line);
                } catch (IOException | RuntimeException e) {
                    // A server that prints something else on stdout breaks the protocol; keep it for the message.
                    noteStderr("(stdout, not JSON-RPC) " + line);
                    continue;
                }
                handler.apply(Mono.just(message)).subscribe(ignored -> {
                }, e -> LOG.debug("MCP server {}: a message was not handled", server, e));
            }
        } catch (IOException e) {
            LOG.debug("MCP server {}: stdout closed", server, e);
        }
    }

    private void readStderr(InputStream err) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(err, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                noteStderr(line);
            }
        } catch (IOException e) {
            LOG.debug("MCP server {}: stderr closed", server, e);
        }
    }

    private void noteStderr(String line) {
        synchronized (stderr) {
            stderr.addLast(line.length() > 500 ? line.substring(0, 500) + "..." : line);
            while (stderr.size() > STDERR_LINES) {
                stderr.removeFirst();
            }
        }
    }

    private static void daemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }
}
