package dev.longtask.model.run;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Appends one JSON object a line to a task's transcript as it happens. */
public interface Transcript {
    void append(ObjectNode entry);
}
