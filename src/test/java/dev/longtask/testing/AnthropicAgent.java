package dev.longtask.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scripted agent on the Anthropic Messages API as Claude Code uses it (streamed): offered longtask's MCP tools
 * ({@code mcp__longtask__...} as a server of its own, {@code mcp__plugin_longtask_longtask__...} from the plugin), it
 * starts a run with the user's message as the goal, waits for it with
 * {@code longtask_status}, reads {@code longtask_report}, and answers quoting the report. A request without those
 * tools (a title, a quota check) gets a short text.
 */
final class AnthropicAgent {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String START = "longtask_start";
    private static final Pattern RUN_ID = Pattern.compile("\"run_id\"\\s*:\\s*\"([^\"]+)\"");

    private final List<JsonNode> seen;

    AnthropicAgent(List<JsonNode> seen) {
        this.seen = seen;
    }

    void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            seen.add(body);
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                String[] step = next(body);
                ObjectNode message = JSON.createObjectNode().put("id", "msg_" + System.nanoTime())
                        .put("type", "message").put("role", "assistant").put("model", body.path("model").asText());
                message.putArray("content");
                message.putNull("stop_reason");
                message.putObject("usage").put("input_tokens", 100).put("output_tokens", 1);
                ObjectNode start = JSON.createObjectNode().put("type", "message_start");
                start.set("message", message);
                event(out, "message_start", start);
                ObjectNode block = JSON.createObjectNode().put("type", "content_block_start").put("index", 0);
                ObjectNode delta = JSON.createObjectNode().put("type", "content_block_delta").put("index", 0);
                if (step[0] == null) {
                    block.putObject("content_block").put("type", "text").put("text", "");
                    delta.putObject("delta").put("type", "text_delta").put("text", step[1]);
                } else {
                    block.putObject("content_block").put("type", "tool_use").put("id", "toolu_" + System.nanoTime())
                            .put("name", step[0]).putObject("input");
                    delta.putObject("delta").put("type", "input_json_delta").put("partial_json", step[1]);
                }
                event(out, "content_block_start", block);
                event(out, "content_block_delta", delta);
                event(out, "content_block_stop", JSON.createObjectNode().put("type", "content_block_stop")
                        .put("index", 0));
                ObjectNode end = JSON.createObjectNode().put("type", "message_delta");
                end.putObject("delta").put("stop_reason", step[0] == null ? "end_turn" : "tool_use").putNull(
                        "stop_sequence");
                end.putObject("usage").put("output_tokens", 20);
                event(out, "message_delta", end);
                event(out, "message_stop", JSON.createObjectNode().put("type", "message_stop"));
            }
        } catch (RuntimeException e) {
            exchange.sendResponseHeaders(400, -1);
        }
    }

    /** The next step: {tool (its full name), arguments as JSON} for a tool call, or {null, text} for an answer. */
    private static String[] next(JsonNode body) {
        String prefix = null;
        for (JsonNode t : body.path("tools")) {
            String name = t.path("name").asText();
            if (name.startsWith("mcp__") && name.endsWith("__" + START)) {
                prefix = name.substring(0, name.length() - START.length());
            }
        }
        if (prefix == null) {
            return new String[] {null, "ok"};
        }
        String[] step = step(body);
        return step[0] == null ? step : new String[] {prefix + step[0], step[1]};
    }

    /** The next step, its tool named without the server's prefix. */
    private static String[] step(JsonNode body) {
        String lastTool = null;
        String lastResult = null;
        String goal = null;
        for (JsonNode m : body.path("messages")) {
            for (JsonNode block : m.path("content")) {
                String type = block.path("type").asText();
                if (type.equals("tool_use")) {
                    String name = block.path("name").asText();
                    lastTool = name.substring(name.lastIndexOf("__") + 2);
                } else if (type.equals("tool_result")) {
                    lastResult = text(block.path("content"));
                } else if (type.equals("text") && m.path("role").asText().equals("user") && goal == null
                        && !block.path("text").asText().startsWith("<")) {
                    goal = block.path("text").asText().strip();
                }
            }
            if (m.path("content").isTextual() && m.path("role").asText().equals("user") && goal == null) {
                goal = m.path("content").asText().strip();
            }
        }
        if (lastTool == null) {
            return new String[] {START, JSON.createObjectNode().put("goal", goal).toString()};
        }
        Matcher id = RUN_ID.matcher(lastResult == null ? "" : lastResult);
        String runId = id.find() ? id.group(1) : "";
        return switch (lastTool) {
            case "longtask_start" -> new String[] {"longtask_status", JSON.createObjectNode().put("run_id", runId)
                    .put("wait_seconds", 120).toString()};
            case "longtask_status" -> new String[] {"longtask_report", JSON.createObjectNode().put("run_id", runId)
                    .toString()};
            default -> new String[] {null, ScriptedAgent.DONE + "\n" + lastResult};
        };
    }

    private static String text(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder b = new StringBuilder();
        content.forEach(part -> b.append(part.path("text").asText()));
        return b.toString();
    }

    private static void event(OutputStream out, String name, JsonNode data) throws IOException {
        out.write(("event: " + name + "\ndata: " + JSON.writeValueAsString(data) + "\n\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
