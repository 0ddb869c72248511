package dev.longtask.model.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Stores that many processes share (a database), where a run is found by its id alone, whatever its workspace: what
 * the store's reader reads such runs with instead of a workspace's files. The port is here, with {@link RunStores},
 * so that the reader, like the rest of the store's core, depends on no backend.
 */
public interface SharedRunStores extends RunStores {

    /** Every run with the workspace it works on, newest first. */
    Map<String, Path> workspaces();

    /**
     * Up to {@code limit} runs whose ids sort before {@code before} (from the greatest when null), greatest first by
     * the ids' binary order, each with its last seq as its version; only those working in one of {@code workspaces}
     * unless it is null. One indexed query: the cost follows the page, not the number of runs.
     */
    List<ListedRun> page(String before, int limit, Collection<Path> workspaces);

    /** The workspace run {@code runId} works on, as its creator saw it. */
    Path workspaceOf(String runId);

    /** The seq of the run's last committed event. */
    long lastSeq(String runId);

    /** Up to {@code limit} lines of the run's transcript {@code name} ("task_3") from line {@code offset}. */
    List<JsonNode> transcript(String runId, String name, int offset, int limit);

    /** The run's events after {@code afterSeq} whose type {@code withData} accepts, the others without their data. */
    List<Event> events(String runId, long afterSeq, Predicate<String> withData);

    @Override
    default boolean shared() {
        return true;
    }
}
