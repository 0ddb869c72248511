package dev.longtask.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The model of a coding agent that hands its user's goal to longtask: a real HTTP server speaking the OpenAI chat
 * completions API as it streams ({@code stream: true}, as pi asks), for the tests that drive a real client from npm.
 * Given the {@code long_task} tool and no result of it yet, it calls the tool with the user's message as the goal;
 * once the tool has answered, it says so and quotes the answer. On the Anthropic Messages API, as it streams (Claude
 * Code), it drives longtask's MCP tools instead ({@link AnthropicAgent}). Every request body is kept in
 * {@link #seen}.
 */
public final class ScriptedAgent implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How the final answer begins, for the tests to find it in the client's output. */
    public static final String DONE = "longtask finished; its answer:";

    private final HttpServer server;
    private final AtomicLong ids = new AtomicLong();
    public final List<JsonNode> seen = Collections.synchronizedList(new ArrayList<>());

    public ScriptedAgent() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "scripted-agent");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", this::handle);
        server.start();
    }

    /** The base URL of its Anthropic API (ANTHROPIC_BASE_URL), e.g. {@code http://127.0.0.1:40123}. */
    public String anthropicBaseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The base URL of its OpenAI-compatible API, e.g. {@code http://127.0.0.1:40123/v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        if (exchange.getRequestURI().getPath().endsWith("/messages")) {
            new AnthropicAgent(seen).handle(exchange);
            return;
        }
        try (exchange) {
            if (!exchange.getRequestURI().getPath().endsWith("/chat/completions")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            seen.add(body);
            String id = "chatcmpl-" + ids.incrementAndGet();
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                JsonNode lastToolResult = lastOf(body, "tool");
                if (offers(body, "long_task") && lastToolResult == null) {
                    ObjectNode args = JSON.createObjectNode().put("goal", text(lastOf(body, "user")));
                    ObjectNode call = JSON.createObjectNode().put("index", 0).put("id", "call_" + id)
                            .put("type", "function");
                    call.putObject("function").put("name", "long_task").put("arguments", args.toString());
                    ObjectNode delta = JSON.createObjectNode().put("role", "assistant");
                    delta.putArray("tool_calls").add(call);
                    event(out, chunk(id, delta, null));
                    event(out, chunk(id, JSON.createObjectNode(), "tool_calls"));
                } else {
                    String answer = lastToolResult == null ? "There is nothing for longtask here."
                            : DONE + "\n" + text(lastToolResult);
                    event(out, chunk(id, JSON.createObjectNode().put("role", "assistant").put("content", answer),
                            null));
                    event(out, chunk(id, JSON.createObjectNode(), "stop"));
                }
                ObjectNode usage = chunk(id, null, null);
                usage.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 20)
                        .put("total_tokens", 120);
                event(out, usage);
                out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
            }
        } catch (RuntimeException e) {
            exchange.sendResponseHeaders(400, -1);
        }
    }

    private static boolean offers(JsonNode body, String tool) {
        for (JsonNode t : body.path("tools")) {
            if (tool.equals(t.path("function").path("name").asText())) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode lastOf(JsonNode body, String role) {
        JsonNode found = null;
        for (JsonNode m : body.path("messages")) {
            if (role.equals(m.path("role").asText())) {
                found = m;
            }
        }
        return found;
    }

    private static String text(JsonNode message) {
        JsonNode content = message == null ? null : message.get("content");
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder b = new StringBuilder();
        content.forEach(part -> b.append(part.path("text").asText()));
        return b.toString();
    }

    private ObjectNode chunk(String id, JsonNode delta, String finish) {
        ObjectNode c = JSON.createObjectNode().put("id", id).put("object", "chat.completion.chunk")
                .put("created", System.currentTimeMillis() / 1000).put("model", "scripted-agent");
        var choices = c.putArray("choices");
        if (delta != null) {
            ObjectNode choice = choices.addObject().put("index", 0);
            choice.set("delta", delta);
            if (finish == null) {
                choice.putNull("finish_reason");
            } else {
                choice.put("finish_reason", finish);
            }
        }
        return c;
    }

    private static void event(OutputStream out, JsonNode data) throws IOException {
        out.write(("data: " + JSON.writeValueAsString(data) + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
