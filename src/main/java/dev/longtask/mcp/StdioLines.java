package dev.longtask.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What stands between the client's stdin and stdout and the SDK's stdio transport, which stops reading for good at
 * the first line it cannot parse and drops the answers still in flight once its input ends. Here a line that is not
 * JSON gets a JSON-RPC parse error (-32700) and one that is JSON but no JSON-RPC message an invalid-request error
 * (-32600), and the session goes on; the end of input is passed on only once every request read has been answered,
 * so a client that writes a request and closes its end still gets the answer. What the server needs only after
 * the handshake is made once the first answer is out, and the client's second message waits for it.
 */
final class StdioLines {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    /** The longest an answer is waited for after the input ended: a waiting status call takes up to its maximum. */
    private static final Duration LONGEST_ANSWER = Duration.ofSeconds(LongtaskTools.MAX_WAIT_SECONDS + 60L);

    private final McpJsonMapper mapper;
    private final Set<String> unanswered = ConcurrentHashMap.newKeySet();
    private final CountDownLatch drained = new CountDownLatch(1);
    private final Input input;
    private final Output output;
    private final Runnable afterFirstAnswer;
    private final OnceInBackground beforeLaterMessages;
    private final AtomicBoolean answeredOnce = new AtomicBoolean();

    /**
     * @param afterFirstAnswer    done once, as soon as the first answer has been written (to {@code initialize}):
     *                            it must not block
     * @param beforeLaterMessages awaited before any message but the first is passed on
     */
    StdioLines(McpJsonMapper mapper, InputStream client, OutputStream protocol, Runnable afterFirstAnswer,
               OnceInBackground beforeLaterMessages) {
        this.mapper = mapper;
        this.afterFirstAnswer = afterFirstAnswer;
        this.beforeLaterMessages = beforeLaterMessages;
        this.input = new Input(client);
        this.output = new Output(protocol);
    }

    /** What the SDK reads: the client's lines that are JSON-RPC messages. */
    InputStream input() {
        return input;
    }

    /** Where the SDK writes: the client's stdout, with each answer noted. */
    OutputStream output() {
        return output;
    }

    /** Waits until the client closed its end and every request it sent has been answered. */
    void awaitDrained() throws InterruptedException {
        drained.await();
    }

    /** A line from the client: null when it is a message to pass on; else the error that answers it. */
    private ObjectNode check(String line) {
        JsonNode tree;
        try {
            tree = JSON.readTree(line);
        } catch (IOException e) {
            return error(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the line is not JSON ("
                    + firstLine(e.getMessage()) + ")");
        }
        JsonNode id = tree == null ? null : tree.get("id");
        try {
            McpSchema.deserializeJsonRpcMessage(mapper, line);
        } catch (RuntimeException | IOException e) {
            return error(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message"
                    + " (a request needs jsonrpc, method and id; a notification jsonrpc and method)");
        }
        if (tree.has("method") && id != null && !id.isNull()) {
            unanswered.add(id.toString());
        }
        return null;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode answer = JSON.createObjectNode().put("jsonrpc", McpSchema.JSONRPC_VERSION);
        answer.set("id", id == null || !(id.isTextual() || id.isNumber()) ? JSON.nullNode() : id);
        answer.putObject("error").put("code", code).put("message", message);
        return answer;
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("").strip();
    }

    /** The id a line written to the client answers, or null when it is no answer (a request, a notification). */
    private static String answerId(String line) {
        try {
            JsonNode tree = JSON.readTree(line);
            return tree != null && !tree.has("method") && tree.has("id") ? tree.get("id").toString() : null;
        } catch (IOException notOurs) {
            return null; // the SDK writes JSON only
        }
    }

    private void answered(java.util.List<String> ids) {
        unanswered.removeAll(ids);
        synchronized (unanswered) {
            unanswered.notifyAll();
        }
        if (answeredOnce.compareAndSet(false, true)) {
            afterFirstAnswer.run();
        }
    }

    /** The client's lines, those that are messages passed on, the others answered at once. */
    private final class Input extends InputStream {
        private final InputStream client;
        private byte[] line = new byte[0];
        private int at;
        private boolean ended;
        private boolean passedOne;

        Input(InputStream client) {
            this.client = client;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (at >= line.length) {
                if (ended || !next()) {
                    ended = true;
                    holdUntilAnswered();
                    return -1;
                }
            }
            int n = Math.min(len, line.length - at);
            System.arraycopy(line, at, b, off, n);
            at += n;
            return n;
        }

        /** Reads the client's next message line into {@code line}; false at the end of input. */
        private boolean next() throws IOException {
            while (true) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                int c;
                while ((c = client.read()) != -1 && c != '\n') {
                    bytes.write(c);
                }
                if (c == -1 && bytes.size() == 0) {
                    return false;
                }
                String text = bytes.toString(StandardCharsets.UTF_8).strip();
                if (!text.isEmpty()) {
                    ObjectNode refusal = check(text);
                    if (refusal == null) {
                        if (passedOne) {
                            awaitLaterMessages();
                        }
                        passedOne = true;
                        line = (text + "\n").getBytes(StandardCharsets.UTF_8);
                        at = 0;
                        return true;
                    }
                    output.writeLine(JSON.writeValueAsString(refusal));
                }
                if (c == -1) {
                    return false;
                }
            }
        }

        private void awaitLaterMessages() throws IOException {
            try {
                beforeLaterMessages.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while the server was being made ready");
            }
        }

        private void holdUntilAnswered() {
            long deadline = System.nanoTime() + LONGEST_ANSWER.toNanos();
            synchronized (unanswered) {
                while (!unanswered.isEmpty() && System.nanoTime() < deadline) {
                    try {
                        unanswered.wait(TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) + 1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            drained.countDown();
        }

        @Override
        public void close() throws IOException {
            client.close();
        }
    }

    /** The client's stdout: whole lines, each answer noted. The SDK writes holding this object's monitor. */
    private final class Output extends OutputStream {
        private final OutputStream out;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        /** Answers written since the last flush: they count as given once flushed. */
        private final java.util.List<String> written = new java.util.ArrayList<>();

        Output(OutputStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    String id = answerId(pending.toString(StandardCharsets.UTF_8));
                    if (id != null) {
                        written.add(id);
                    }
                    pending.reset();
                } else {
                    pending.write(b[i]);
                }
            }
        }

        synchronized void writeLine(String json) throws IOException {
            out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
            if (!written.isEmpty()) {
                answered(java.util.List.copyOf(written));
                written.clear();
            }
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
