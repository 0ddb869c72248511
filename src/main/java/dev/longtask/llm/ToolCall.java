package dev.longtask.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A call the model asked for: its id (to answer it), the tool's name and its arguments as a JSON object. */
public record ToolCall(String id, String name, ObjectNode arguments) {
}
