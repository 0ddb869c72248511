package dev.longtask.tools.undo;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A file a task changed: its content (blob id) and mode before and after; an id is null where the file was absent. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Change(String path, String before, String after, String beforeMode, String afterMode) {
    /** added, modified or deleted. */
    public String kind() {
        return before == null ? "added" : after == null ? "deleted" : "modified";
    }
}
