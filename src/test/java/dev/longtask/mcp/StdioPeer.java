package dev.longtask.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@code longtask mcp} child process spoken to line by line, the way a stdio client does: for the tests that need
 * to close its stdin, signal it, or see every byte it writes to stdout.
 */
final class StdioPeer implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final OutputStream in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    /** Every line the server wrote to stdout, in order. */
    final List<String> stdout = new CopyOnWriteArrayList<>();
    private final StringBuffer stderr = new StringBuffer();
    private int nextId = 1;

    StdioPeer(List<String> command, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL"));
        pb.environment().putAll(env);
        this.process = pb.start();
        this.in = process.getOutputStream();
        pump(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), true);
        pump(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), false);
    }

    /** Initializes the session as a client must before anything else. */
    JsonNode initialize() throws Exception {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "stdio-peer").put("version", "1");
        JsonNode result = request("initialize", params);
        notify("notifications/initialized");
        return result;
    }

    /** Calls a tool and returns its result (content, isError, structuredContent). */
    JsonNode call(String tool, ObjectNode arguments) throws Exception {
        ObjectNode params = JSON.createObjectNode().put("name", tool);
        params.set("arguments", arguments);
        return request("tools/call", params);
    }

    JsonNode request(String method, ObjectNode params) throws Exception {
        int id = nextId++;
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        message.set("params", params);
        send(message);
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("no answer to " + method + " within 120 s; stderr:\n" + stderr);
            }
            JsonNode answer = JSON.readTree(line);
            if (answer.path("id").asInt(-1) == id) {
                if (answer.has("error")) {
                    throw new AssertionError(method + " failed: " + answer.get("error"));
                }
                return answer.get("result");
            }
        }
    }

    private void notify(String method) throws IOException {
        send(JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method));
    }

    private void send(JsonNode message) throws IOException {
        in.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Closes the server's stdin: how a stdio client says it has gone. */
    void closeInput() throws IOException {
        in.close();
    }

    /** SIGTERM, as a client that stops its servers sends. */
    void terminate() {
        process.destroy();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits (bounded) for the process to exit and returns its exit code. */
    int waitForExit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("longtask mcp did not exit within " + limit + "; stderr:\n" + stderr);
        }
        return process.exitValue();
    }

    String stderr() {
        return stderr.toString();
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private void pump(BufferedReader reader, boolean isStdout) {
        Thread t = new Thread(() -> {
            try (reader) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    if (isStdout) {
                        stdout.add(line);
                        lines.add(line);
                    } else {
                        stderr.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                stderr.append("(stream closed: ").append(e).append(")\n");
            }
        }, isStdout ? "peer-stdout" : "peer-stderr");
        t.setDaemon(true);
        t.start();
    }
}
