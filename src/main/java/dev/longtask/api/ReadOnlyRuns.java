package dev.longtask.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.TaskResult;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunNote;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.TranscriptPage;
import dev.longtask.store.RunReader;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The runs of many workspaces (or of a whole shared database) for a process that reads them often and writes none: a
 * server, a dashboard, a report. Never takes a run's writer lock and never changes anything; an event still being
 * written is not read. It remembers where its last read of each log ended, so the next read after that seq starts
 * there: make one per reading process and keep it. With a shared store the log and the transcripts come from its
 * database; the report and the notes come from the run directory in the workspace either way, written by the process
 * that schedules the run.
 */
public final class ReadOnlyRuns {
    private final RunReader reader;

    private ReadOnlyRuns(RunReader reader) {
        this.reader = reader;
    }

    /** Reads the runs {@code stores} keeps ({@link Stores}). */
    public static ReadOnlyRuns of(RunStores stores) {
        return new ReadOnlyRuns(new RunReader(stores));
    }

    /** True when {@code workspace} (or, for a shared store, the database) has run {@code runId}. */
    public boolean exists(Path workspace, String runId) {
        return reader.exists(workspace, runId);
    }

    /**
     * Where run {@code runId} lives: the first of {@code candidates} that has it, or with a shared store the
     * workspace its creator recorded, whichever it is.
     */
    public Optional<Path> workspaceOf(String runId, Collection<Path> candidates) {
        return reader.workspaceOf(runId, candidates);
    }

    /**
     * The runs of {@code workspaces} with the workspace of each, newest first per workspace; with a shared store
     * every run of its database when {@code all}, else those that work in one of {@code workspaces}.
     */
    public Map<String, Path> runs(Collection<Path> workspaces, boolean all) {
        return reader.runs(workspaces, all);
    }

    /**
     * Up to {@code limit} runs whose ids sort before {@code before} (from the greatest when null), greatest (newest)
     * first, as {@link #runs} would list them: a run made while a client pages does not move the pages after the
     * first. The cost follows the page, not the number of runs.
     */
    public List<ListedRun> page(Collection<Path> workspaces, boolean all, String before, int limit) {
        return reader.page(workspaces, all, before, limit);
    }

    /**
     * A number that changes whenever the run's log grows, or -1 when it cannot be read: what a cache of a run's
     * figures is keyed on.
     */
    public long version(Path workspace, String runId) {
        return reader.version(workspace, runId);
    }

    /** The run's approval events ({@code approval.requested}, {@code approval.answered}), in order. */
    public List<Event> approvalEvents(Path workspace, String runId) {
        return reader.approvalEvents(workspace, runId);
    }

    /** Up to {@code limit} events with a sequence number above {@code after}, in order. */
    public List<Event> eventsAfter(Path workspace, String runId, long after, int limit) {
        return reader.eventsAfter(workspace, runId, after, limit);
    }

    /** The seq of the run's last complete event. */
    public long lastSeq(Path workspace, String runId) {
        return reader.lastSeq(workspace, runId);
    }

    /** Entries {@code offset} to {@code offset + limit} of task {@code taskId}'s transcript. */
    public TranscriptPage taskTranscript(Path workspace, String runId, int taskId, int offset, int limit) {
        return reader.taskTranscript(workspace, runId, taskId, offset, limit);
    }

    /** Entries {@code offset} to {@code offset + limit} of transcript {@code name} ({@code task_3}, ...). */
    public TranscriptPage transcript(Path workspace, String runId, String name, int offset, int limit) {
        return reader.transcript(workspace, runId, name, offset, limit);
    }

    /** Whether the run has written its report. */
    public boolean hasReport(Path workspace, String runId) {
        return reader.hasReport(workspace, runId);
    }

    /** The run's report (Markdown), once the run has written it. */
    public Optional<String> report(Path workspace, String runId) {
        return reader.report(workspace, runId);
    }

    /** The text of one of the run's documents (its report, a review's checked report), once the run has written it. */
    public Optional<String> file(Path workspace, String runId, RunFile file) {
        return reader.file(workspace, runId, file);
    }

    /** The text of the run's final result (JSON), once the run has written it. */
    public Optional<String> finalResultText(Path workspace, String runId) {
        return reader.finalResultText(workspace, runId);
    }

    /** The run's final result, once the run has written it. */
    public Optional<JsonNode> finalResult(Path workspace, String runId) {
        return reader.finalResult(workspace, runId);
    }

    /** One of the run's notes, once the run has written it. */
    public Optional<String> note(Path workspace, String runId, RunNote note) {
        return reader.note(workspace, runId, note);
    }

    /** Task {@code taskId}'s result, once the task has ended. */
    public Optional<TaskResult> result(Path workspace, String runId, int taskId) {
        return reader.result(workspace, runId, taskId);
    }
}
