package dev.longtask.model.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A tool offered to the model: name, description and a JSON schema of its arguments (type: object). */
public record ToolSpec(String name, String description, ObjectNode parameters) {
    /** This tool with a copy of its schema: a cache's key that no later change to the caller's node can alter. */
    public ToolSpec detached() {
        return new ToolSpec(name, description, parameters == null ? null : parameters.deepCopy());
    }
}
