package dev.longtask.model.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Appends one JSON object a line to a task's transcript as it happens. */
public interface Transcript {
    void append(ObjectNode entry);

    /**
     * Appends {@code entries} in order, lines written at the same moment (a model's answer and the tool calls it
     * asked for), with nothing between them; each is as durable when this returns as after {@link #append}. A store
     * may write them in one go, all or none; this default appends them one by one.
     */
    default void appendAll(List<ObjectNode> entries) {
        entries.forEach(this::append);
    }
}
