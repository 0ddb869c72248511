package dev.longtask.model.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A tool offered to the model: name, description and a JSON schema of its arguments (type: object). */
public record ToolSpec(String name, String description, ObjectNode parameters) {
}
