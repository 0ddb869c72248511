package dev.longtask.llm;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The text tool-call protocol for models without native tool calling: the tools are described in the system
 * prompt, and the model answers with lines {@code TOOL_CALL {"name":..,"arguments":{..}}} or one line
 * {@code FINAL {"answer":..}}. This class writes the prompt and reads answers; it keeps no state.
 */
final class TextProtocol {
    static final String TOOL_CALL = "TOOL_CALL";
    static final String FINAL = "FINAL";
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private TextProtocol() {
    }

    /** The system-prompt section that teaches the protocol and lists the tools with their JSON schemas. */
    static String instructions(List<ToolSpec> tools) {
        StringBuilder b = new StringBuilder();
        b.append("## Calling tools\n")
                .append("You have tools but no built-in way to call them. To call one, write a line of its own:\n")
                .append(TOOL_CALL).append(" {\"name\": \"<tool>\", \"arguments\": {<arguments>}}\n")
                .append("Write each JSON object on one line. You may write several ").append(TOOL_CALL)
                .append(" lines in one answer; then stop and wait: the results come back in the next message as ")
                .append("TOOL_RESULT blocks.\n")
                .append("When you are done and call no more tools, write one line:\n")
                .append(FINAL).append(" {\"answer\": \"<your final answer>\"}\n\n")
                .append("Tools:\n");
        for (ToolSpec t : tools) {
            b.append("- ").append(t.name()).append(": ").append(t.description() == null ? "" : t.description().strip())
                    .append("\n  arguments (JSON schema): ")
                    .append(t.parameters() == null ? "{\"type\":\"object\"}" : t.parameters().toString())
                    .append('\n');
        }
        return b.toString();
    }

    /** An assistant turn as the model would have written it under the protocol. */
    static String render(ChatMessage.Assistant message) {
        StringBuilder b = new StringBuilder(message.text());
        for (ToolCall c : message.toolCalls()) {
            if (b.length() > 0) {
                b.append('\n');
            }
            ObjectNode call = JSON.createObjectNode();
            call.put("name", c.name());
            call.set("arguments", c.arguments() == null ? JSON.createObjectNode() : c.arguments());
            b.append(TOOL_CALL).append(' ').append(call);
        }
        return b.toString();
    }

    /** A tool's result as the model reads it. */
    static String render(ChatMessage.ToolResult result) {
        ObjectNode head = JSON.createObjectNode();
        head.put("id", result.toolCallId());
        head.put("name", result.toolName());
        if (result.error()) {
            head.put("error", true);
        }
        return "TOOL_RESULT " + head + "\n" + result.content();
    }

    /** What an answer said: tool calls, a final answer, or a problem to send back to the model. */
    record Parsed(String text, List<ToolCall> calls, String problem) {
        boolean ok() {
            return problem == null;
        }
    }

    /**
     * Reads an answer. {@code firstId} numbers the calls ("call_7", "call_8", ...) so that ids stay unique in
     * the conversation and the same answer always gets the same ids.
     */
    static Parsed parse(String answer, Set<String> toolNames, int firstId) {
        List<ToolCall> calls = new ArrayList<>();
        StringBuilder before = new StringBuilder();
        String finalAnswer = null;
        for (String raw : answer.split("\\R")) {
            String line = raw.strip();
            if (line.startsWith("`") && line.replace("`", "").isBlank()) {
                continue;
            }
            if (line.startsWith(TOOL_CALL)) {
                String rest = line.substring(TOOL_CALL.length()).strip();
                String problem = readCall(rest, toolNames, "call_" + (firstId + calls.size()), calls);
                if (problem != null) {
                    return new Parsed(answer, List.of(), problem);
                }
            } else if (line.startsWith(FINAL) && calls.isEmpty()) {
                finalAnswer = readFinal(line.substring(FINAL.length()).strip());
            } else if (calls.isEmpty() && finalAnswer == null) {
                before.append(raw).append('\n');
            }
        }
        if (!calls.isEmpty()) {
            return new Parsed(before.toString().strip(), calls, null);
        }
        if (finalAnswer != null) {
            return new Parsed(finalAnswer, List.of(), null);
        }
        return new Parsed(answer, List.of(), "the answer has neither a " + TOOL_CALL + " line nor a " + FINAL
                + " line");
    }

    private static String readCall(String json, Set<String> toolNames, String id, List<ToolCall> calls) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return "the " + TOOL_CALL + " line is not valid JSON (" + e.getOriginalMessage() + "): " + shorten(json);
        }
        if (node == null || !node.isObject()) {
            return "after " + TOOL_CALL + " must come a JSON object, got: " + shorten(json);
        }
        JsonNode name = node.get("name");
        if (name == null || !name.isTextual()) {
            return "the " + TOOL_CALL + " object has no \"name\": " + shorten(json);
        }
        if (!toolNames.contains(name.asText())) {
            return "there is no tool named \"" + name.asText() + "\"; the tools are: "
                    + toolNames.stream().sorted().collect(Collectors.joining(", "));
        }
        JsonNode args = node.get("arguments");
        if (args != null && args.isTextual()) {
            args = MessageMapping.arguments(args.asText());
        }
        if (args != null && !args.isNull() && !args.isObject()) {
            return "the \"arguments\" of " + name.asText() + " must be a JSON object, got: " + shorten(args.toString());
        }
        ObjectNode arguments = args == null || args.isNull() ? JSON.createObjectNode() : (ObjectNode) args;
        if (arguments.has(ToolCall.INVALID_ARGUMENTS)) {
            return "the \"arguments\" of " + name.asText() + " must be a JSON object, got a string that is not one";
        }
        calls.add(new ToolCall(id, name.asText(), arguments));
        return null;
    }

    private static String readFinal(String rest) {
        if (rest.isEmpty()) {
            return "";
        }
        try {
            JsonNode node = JSON.readTree(rest);
            if (node != null && node.isObject() && node.path("answer").isTextual()) {
                return node.get("answer").asText();
            }
        } catch (JsonProcessingException notJson) {
            // the text after FINAL is the answer as it stands
        }
        return rest;
    }

    /** The message that tells the model what was wrong and how to answer instead. */
    static String correction(String problem) {
        return "Your last answer could not be read: " + problem + ".\nAnswer again. To call tools write lines "
                + TOOL_CALL + " {\"name\": \"<tool>\", \"arguments\": {...}}, or when you are done write one line "
                + FINAL + " {\"answer\": \"...\"}. Keep each JSON object on a single line.";
    }

    private static String shorten(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
