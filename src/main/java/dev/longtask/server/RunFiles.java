package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.api.Runs;
import dev.longtask.api.ReadOnlyRuns;
import dev.longtask.api.Stores;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.RunFigures;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunNote;
import dev.longtask.model.run.TranscriptPage;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's reads of runs, through the API's {@link ReadOnlyRuns} (never the files themselves): the state, the log
 * from a sequence number, a transcript page, the report, the notes, and the approval questions. The figures and the
 * questions are kept until the run's log changes, so a dashboard that polls many runs reads each one only when it
 * moved.
 */
final class RunFiles {
    private final RunStores stores;
    private final ReadOnlyRuns reader;
    private final Map<String, Cached<RunFigures>> figures = new ConcurrentHashMap<>();
    private final Map<String, Cached<List<Asked>>> questions = new ConcurrentHashMap<>();

    private record Cached<T>(Path workspace, long version, T value) {
    }

    /**
     * A question of a run as its log has it: the payloads of {@code approval.requested} and
     * {@code approval.answered} as written (the answer null while it waits), and when it was asked.
     */
    record Asked(int number, Instant askedAt, JsonNode question, JsonNode answer) {
        boolean waiting() {
            return answer == null;
        }
    }

    /** The notes a run keeps beside its log, by the name the API gives them. */
    static final Map<String, RunNote> NOTES = Map.of("findings", RunNote.FINDINGS, "progress",
            RunNote.PROGRESS, "plan", RunNote.PLAN);

    RunFiles(ObjectMapper json) {
        this(json, Stores.files());
    }

    RunFiles(ObjectMapper json, RunStores stores) {
        this.stores = stores;
        this.reader = ReadOnlyRuns.of(stores);
    }

    /** Where the run's files are: its projections, report and notes (the same path with a shared store). */
    static Path directory(Path workspace, String runId) {
        return Runs.of(Stores.files(), workspace).directory(runId);
    }

    boolean exists(Path workspace, String runId) {
        return reader.exists(workspace, runId);
    }

    /**
     * Where run {@code runId} lives: the first of {@code candidates} that has it, or with a shared store the
     * workspace its creator recorded, whichever it is.
     */
    Optional<Path> workspaceOf(String runId, Collection<Path> candidates) {
        return reader.workspaceOf(runId, candidates);
    }

    /**
     * The runs of {@code workspaces} with the workspace of each, newest first per workspace; with a shared store
     * every run of its database when {@code all}, else those that work in one of {@code workspaces}.
     */
    Map<String, Path> runs(Collection<Path> workspaces, boolean all) {
        return reader.runs(workspaces, all);
    }

    /** A page of the runs {@link #runs} would give, greatest (newest) id first: see {@link ReadOnlyRuns#page}. */
    List<ListedRun> page(Collection<Path> workspaces, boolean all, String before, int limit) {
        return reader.page(workspaces, all, before, limit);
    }

    /** Where the runs are kept, as messages name it. */
    String where(Path workspace) {
        return stores.where(workspace);
    }

    /** Opens the run for writing (refused with RunLockedException while a process runs it). */
    RunStore openForWriting(Path workspace, String runId) {
        return stores.open(workspace, runId, StoreOptions.defaults()).store();
    }

    RunSnapshot snapshot(Path workspace, String runId) {
        return stores.read(workspace, runId);
    }

    /** The run's figures, read again only when its log has changed. */
    RunFigures figures(Path workspace, String runId) {
        return figures(workspace, runId, reader.version(workspace, runId));
    }

    /** The figures of a run a page listed, at the version the listing found (one question fewer for each). */
    RunFigures figures(ListedRun run) {
        return figures(run.workspace(), run.runId(), run.version());
    }

    private RunFigures figures(Path workspace, String runId, long version) {
        Cached<RunFigures> cached = figures.get(runId);
        if (version >= 0 && cached != null && cached.version() == version && cached.workspace().equals(workspace)) {
            return cached.value();
        }
        // the store's figures: a file store's from run.json alone when it is current with the log, not a replay
        RunFigures fresh = stores.figures(workspace, runId);
        if (version >= 0) {
            figures.put(runId, new Cached<>(workspace, version, fresh));
        }
        return fresh;
    }

    /** The run's approval questions in order (number 1 first), read again only when its log has changed. */
    List<Asked> questions(Path workspace, String runId) {
        long version = reader.version(workspace, runId);
        Cached<List<Asked>> cached = questions.get(runId);
        if (version >= 0 && cached != null && cached.version() == version && cached.workspace().equals(workspace)) {
            return cached.value();
        }
        Asking asking = new Asking();
        reader.approvalEvents(workspace, runId).forEach(asking::add);
        questions.put(runId, new Cached<>(workspace, version, asking.found()));
        return asking.found();
    }

    /** The questions of a log, from its approval events in order. */
    private static final class Asking {
        private final List<Asked> found = new ArrayList<>();

        void add(Event event) {
            int number = event.data().path("id").asInt();
            if (EventType.APPROVAL_REQUESTED.equals(event.type()) && number == found.size() + 1) {
                found.add(new Asked(number, event.time(), event.data(), null));
            } else if (EventType.APPROVAL_ANSWERED.equals(event.type()) && number >= 1 && number <= found.size()
                    && found.get(number - 1).waiting()) {
                Asked asked = found.get(number - 1);
                found.set(number - 1, new Asked(number, asked.askedAt(), asked.question(), event.data()));
            }
        }

        List<Asked> found() {
            return List.copyOf(found);
        }
    }

    /** Up to {@code limit} events with a sequence number above {@code after}, in order. */
    List<Event> eventsAfter(Path workspace, String runId, long after, int limit) {
        return reader.eventsAfter(workspace, runId, after, limit);
    }

    /** A number that changes when the log grows, or -1 when it cannot be read: a cheap way to tell whether it has. */
    long logSize(Path workspace, String runId) {
        return reader.version(workspace, runId);
    }

    /** The seq of the last complete event in the log. */
    long lastSeq(Path workspace, String runId) {
        return reader.lastSeq(workspace, runId);
    }

    /** Entries {@code offset} to {@code offset + limit} of task {@code taskId}'s transcript. */
    TranscriptPage transcript(Path workspace, String runId, int taskId, int offset, int limit) {
        return reader.taskTranscript(workspace, runId, taskId, offset, limit);
    }

    boolean hasReport(Path workspace, String runId) {
        return reader.hasReport(workspace, runId);
    }

    /** {@code report.md} and {@code final_result.json}, once the run has written them. */
    Optional<Report> report(Path workspace, String runId) {
        return reader.report(workspace, runId)
                .map(markdown -> new Report(markdown, reader.finalResult(workspace, runId).orElse(null)));
    }

    /** A code review's checked report ({@code results/review/review.md}), once the run has written it. */
    Optional<String> review(Path workspace, String runId) {
        return reader.file(workspace, runId, RunFile.REVIEW_REPORT);
    }

    record Report(String markdown, JsonNode finalResult) {
    }

    /** One of {@link #NOTES}, once the run has written it. */
    Optional<String> note(Path workspace, String runId, RunNote note) {
        return reader.note(workspace, runId, note);
    }
}
