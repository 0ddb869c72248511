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
    /** The directories offered as the client's roots (file URIs), or null for a client without roots. */
    private List<Path> roots;

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

    /** Offers these directories as the client's roots (before {@link #initialize}). */
    StdioPeer withRoots(List<Path> dirs) {
        this.roots = List.copyOf(dirs);
        return this;
    }

    /** Initializes the session as a client must before anything else. */
    JsonNode initialize() throws Exception {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        ObjectNode capabilities = params.putObject("capabilities");
        if (roots != null) {
            capabilities.putObject("roots").put("listChanged", false);
        }
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
        JsonNode answer = answerTo(id, method);
        if (answer.has("error")) {
            throw new AssertionError(method + " failed: " + answer.get("error"));
        }
        return answer.get("result");
    }

    /** Writes a line as it is, for the tests of what the server does with one that is no message. */
    void sendLine(String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** The next message the server writes that is not a request of its own (those are answered), within 120 s. */
    JsonNode next() throws Exception {
        return answerTo(null, "the next message");
    }

    /** Reads the server's lines until the answer to {@code id} (any answer when null), answering its requests. */
    private JsonNode answerTo(Integer id, String what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (true) {
            String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("no answer to " + what + " within 120 s; stderr:\n" + stderr);
            }
            JsonNode answer = JSON.readTree(line);
            if (answer.has("method") && answer.has("id")) {
                answerServer(answer);
            } else if (answer.has("method")) {
                continue; // a notification
            } else if (id == null || answer.path("id").asInt(-1) == id) {
                return answer;
            }
        }
    }

    /** Answers a request of the server: its roots/list with the roots offered, anything else with an error. */
    private void answerServer(JsonNode request) throws IOException {
        ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
        answer.set("id", request.get("id"));
        if (request.path("method").asText().equals("roots/list") && roots != null) {
            var listed = answer.putObject("result").putArray("roots");
            roots.forEach(r -> listed.addObject().put("uri", r.toUri().toString()).put("name", r.getFileName()
                    .toString()));
        } else {
            answer.putObject("error").put("code", -32601).put("message", "not offered");
        }
        send(answer);
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

    /** Sends a signal by name (INT, TERM, KILL) to a process, as kill(1) does. */
    static void signal(long pid, String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        if (!kill.waitFor(30, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new AssertionError("kill -" + name + " " + pid + " failed");
        }
    }

    long pid() {
        return process.pid();
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
