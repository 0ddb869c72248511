package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Something an agent may call. A tool never throws for a mistake the model made (bad arguments, a path
 * outside the workspace, a missing file): it returns {@link ToolResult#error}, and the loop goes on.
 */
public interface Tool {

    String name();

    String description();

    /** JSON schema of the arguments, {@code {"type":"object", "properties": ...}}. */
    ObjectNode parameters();

    ToolResult execute(ObjectNode arguments, ToolContext context);
}
