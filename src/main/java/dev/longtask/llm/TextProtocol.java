package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonParser;
import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The text tool-call protocol for models without native tool calling: the tools are described in the system
 * prompt, and the model answers with lines {@code TOOL_CALL {"name":..,"arguments":{..}}}. When the request names
 * a finishing tool, {@code FINAL {..}} is a call of it with those arguments; without one, {@code FINAL
 * {"answer":..}} is a plain final answer. A JSON object may run over several lines. This class writes the prompt
 * and reads answers; it keeps no state.
 */
final class TextProtocol {
    static final String TOOL_CALL = "TOOL_CALL";
    static final String FINAL = "FINAL";
    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    private static final Pattern MARKER = Pattern.compile("(?m)^[ \\t>*`]*(" + TOOL_CALL + "|" + FINAL + ")\\b[ \\t:*`]*");

    private TextProtocol() {
    }

    /** The system-prompt section that teaches the protocol and lists the tools with their JSON schemas. */
    static String instructions(List<ToolSpec> tools, String finishingTool) {
        StringBuilder b = new StringBuilder();
        b.append("## Calling tools\n")
                .append("You have tools but no built-in way to call them. To call one, write a line of its own:\n")
                .append(TOOL_CALL).append(" {\"name\": \"<tool>\", \"arguments\": {<arguments>}}\n")
                .append("for example:\n").append(example(tools.get(0))).append('\n')
                .append("Write each JSON object on one line. You may write several ").append(TOOL_CALL)
                .append(" lines in one answer; then stop and wait: the results come back in the next message as ")
                .append("TOOL_RESULT blocks. Text without a ").append(TOOL_CALL).append(" line reaches nobody.\n");
        ToolSpec finishing = find(tools, finishingTool);
        if (finishing != null) {
            b.append("To finish, call ").append(finishing.name()).append(". A line ").append(FINAL)
                    .append(" {<its arguments>} does the same, for example:\n").append(finalExample(finishing))
                    .append("\n\n");
        } else {
            b.append("When you are done and call no more tools, write one line:\n")
                    .append(FINAL).append(" {\"answer\": \"<your final answer>\"}\n\n");
        }
        b.append("Tools:\n");
        for (ToolSpec t : tools) {
            b.append("- ").append(t.name()).append(": ").append(t.description() == null ? "" : t.description().strip())
                    .append("\n  arguments (JSON schema): ")
                    .append(t.parameters() == null ? "{\"type\":\"object\"}" : t.parameters().toString())
                    .append('\n');
        }
        return b.toString();
    }

    /** What the model is told on the step where it must finish. */
    static String finishNow(ToolSpec finishing) {
        return "This is your last step: answer only with one " + FINAL + " line carrying the arguments of "
                + finishing.name() + ", for example:\n" + finalExample(finishing);
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
     * the conversation and the same answer always gets the same ids. With a {@code finishingTool} (one of
     * {@code toolNames}), a FINAL line is a call of it, in its place among the other calls.
     */
    static Parsed parse(String answer, Set<String> toolNames, String finishingTool, int firstId) {
        List<ToolCall> calls = new ArrayList<>();
        Matcher m = MARKER.matcher(answer);
        int from = 0;
        String before = null;
        String finalAnswer = null;
        while (m.find(from)) {
            if (before == null) {
                before = answer.substring(0, m.start());
            }
            boolean isFinal = m.group(1).equals(FINAL);
            Read read = readJson(answer, m.end());
            from = read.end();
            String id = "call_" + (firstId + calls.size());
            String problem;
            if (isFinal && finishingTool == null) {
                if (!calls.isEmpty()) {
                    continue;
                }
                finalAnswer = plainFinal(read, answer, m.end());
                break;
            } else if (isFinal) {
                problem = readFinalCall(read, finishingTool, id, calls);
            } else {
                problem = readCall(read, toolNames, id, calls);
            }
            if (problem != null) {
                return new Parsed(answer, List.of(), problem);
            }
        }
        if (!calls.isEmpty()) {
            return new Parsed(unfenced(before), calls, null);
        }
        if (finalAnswer != null) {
            return new Parsed(finalAnswer, List.of(), null);
        }
        return new Parsed(answer, List.of(), "the answer has neither a " + TOOL_CALL + " line nor a " + FINAL
                + " line, and plain text reaches nobody");
    }

    /** A JSON value read from {@code text} at {@code start}, or why there is none, and where reading stopped. */
    private record Read(JsonNode node, String error, String source, int end) {
    }

    private static Read readJson(String text, int start) {
        int lineEnd = text.indexOf('\n', start);
        String line = text.substring(start, lineEnd < 0 ? text.length() : lineEnd).strip();
        try (JsonParser parser = JSON.getFactory().createParser(text.substring(start))) {
            JsonNode node = JSON.readTree(parser);
            if (node == null) {
                return new Read(null, "nothing follows it", line, lineEnd < 0 ? text.length() : lineEnd + 1);
            }
            int consumed = (int) parser.currentLocation().getCharOffset();
            return new Read(node, null, line, start + Math.max(consumed, 1));
        } catch (IOException e) {
            String message = e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                    ? j.getOriginalMessage() : e.getMessage();
            return new Read(null, message, line, lineEnd < 0 ? text.length() : lineEnd + 1);
        }
    }

    private static String readCall(Read read, Set<String> toolNames, String id, List<ToolCall> calls) {
        if (read.node() == null) {
            return "the " + TOOL_CALL + " line is not valid JSON (" + read.error() + "): " + shorten(read.source());
        }
        JsonNode node = read.node();
        if (!node.isObject()) {
            return "after " + TOOL_CALL + " must come a JSON object, got: " + shorten(read.source());
        }
        JsonNode name = node.get("name");
        if (name == null || !name.isTextual()) {
            return "the " + TOOL_CALL + " object has no \"name\": " + shorten(read.source());
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

    /** FINAL as the finishing call: its object is the arguments (also when wrapped as a TOOL_CALL would be). */
    private static String readFinalCall(Read read, String finishingTool, String id, List<ToolCall> calls) {
        if (read.node() == null || !read.node().isObject()) {
            return "after " + FINAL + " must come the JSON object of " + finishingTool + "'s arguments"
                    + (read.error() == null ? "" : " (" + read.error() + ")") + ", got: " + shorten(read.source());
        }
        ObjectNode args = (ObjectNode) read.node();
        if (args.size() == 2 && finishingTool.equals(args.path("name").asText()) && args.path("arguments").isObject()) {
            args = (ObjectNode) args.get("arguments");
        }
        calls.add(new ToolCall(id, finishingTool, args));
        return null;
    }

    private static String plainFinal(Read read, String answer, int start) {
        if (read.node() != null && read.node().isObject() && read.node().path("answer").isTextual()) {
            return read.node().get("answer").asText();
        }
        int lineEnd = answer.indexOf('\n', start);
        return answer.substring(start, lineEnd < 0 ? answer.length() : lineEnd).strip();
    }

    /** The message that tells the model what was wrong and how to answer instead, in the exact syntax. */
    static String correction(String problem, List<ToolSpec> tools, String finishingTool) {
        StringBuilder b = new StringBuilder("Your last answer could not be read: ").append(problem).append(".\n")
                .append("Answer again. To call a tool write a line exactly like this one (one JSON object on one ")
                .append("line):\n").append(example(tools.get(0))).append('\n');
        ToolSpec finishing = find(tools, finishingTool);
        if (finishing != null) {
            b.append("To finish, write:\n").append(finalExample(finishing));
        } else {
            b.append("When you are done, write one line:\n").append(FINAL).append(" {\"answer\": \"...\"}");
        }
        return b.toString();
    }

    /** A TOOL_CALL line calling {@code tool} with placeholders for its required arguments. */
    static String example(ToolSpec tool) {
        ObjectNode call = JSON.createObjectNode().put("name", tool.name());
        call.set("arguments", placeholders(tool.parameters()));
        return TOOL_CALL + " " + call;
    }

    private static String finalExample(ToolSpec finishing) {
        return FINAL + " " + placeholders(finishing.parameters());
    }

    /** An object with a placeholder of the right type for every required property of {@code schema}. */
    private static ObjectNode placeholders(JsonNode schema) {
        ObjectNode out = JSON.createObjectNode();
        if (schema == null) {
            return out;
        }
        for (JsonNode required : schema.path("required")) {
            String name = required.asText();
            JsonNode property = schema.path("properties").path(name);
            JsonNode values = property.path("enum");
            switch (values.isArray() && !values.isEmpty() ? "enum" : property.path("type").asText("string")) {
                case "enum" -> out.set(name, values.get(0));
                case "boolean" -> out.put(name, true);
                case "integer", "number" -> out.put(name, 1);
                case "array" -> out.putArray(name);
                case "object" -> out.set(name, placeholders(property));
                default -> out.put(name, "<" + name + ">");
            }
        }
        return out;
    }

    private static ToolSpec find(List<ToolSpec> tools, String name) {
        for (Iterator<ToolSpec> it = tools.iterator(); name != null && it.hasNext(); ) {
            ToolSpec t = it.next();
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The text before the first protocol line, without a code fence left open around the calls. */
    private static String unfenced(String before) {
        String text = before == null ? "" : before.strip();
        int lastLine = text.lastIndexOf('\n') + 1;
        return text.startsWith("```", lastLine) ? text.substring(0, lastLine).strip() : text;
    }

    private static String shorten(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
