package dev.longtask.model.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * A call the model asked for: its id (to answer it), the tool's name and its arguments as a JSON object.
 * When the model's arguments were not a JSON object, {@code arguments} holds only the key
 * {@link #INVALID_ARGUMENTS} with the text it sent, so the caller can answer with a tool error instead of
 * failing the run.
 */
public record ToolCall(String id, String name, ObjectNode arguments) {

    public static final String INVALID_ARGUMENTS = "__invalid_arguments__";

    /** The model's argument text when it was not a JSON object. */
    public Optional<String> invalidArguments() {
        return arguments != null && arguments.size() == 1 && arguments.has(INVALID_ARGUMENTS)
                ? Optional.of(arguments.get(INVALID_ARGUMENTS).asText())
                : Optional.empty();
    }
}
