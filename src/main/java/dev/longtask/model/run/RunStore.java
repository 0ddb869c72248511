package dev.longtask.model.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskResult;
import dev.longtask.model.TaskStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The state manager of one run. Every change is an event appended (and flushed per the fsync policy) to
 * {@code events.jsonl} before any projection shows it; methods return only once the event is durable.
 * Implementations are safe for concurrent use by the threads of one process; one process at a time
 * opens a run for writing.
 */
public interface RunStore extends AutoCloseable {

    String runId();

    /** {@code <workspace>/.longtask/runs/<run-id>}. */
    Path directory();

    /** The workspace the run works on: the directory whose {@code .longtask/runs} holds {@link #directory()}. */
    Path workspace();

    Run run();

    /** All tasks, by id. */
    List<Task> tasks();

    /** @throws NoSuchTaskException naming the id */
    Task task(int id);

    /** Events with a sequence number greater than {@code seq}, in order. */
    List<Event> eventsAfter(long seq);

    /**
     * Events with a sequence number greater than {@code seq}, in order; those whose type {@code withData} refuses
     * come with an empty {@code data} (seq, time, type and task are always there), which a store may read faster.
     */
    default List<Event> eventsAfter(long seq, Predicate<String> withData) {
        return eventsAfter(seq);
    }

    /**
     * The run's history ({@link RunHistory}) up to its last durable event, given {@code known}, the history up to
     * {@code known.seq()} ({@link RunHistory#NONE} for none). By default it folds in the events after {@code known};
     * a store that keeps the history with its state returns that and reads nothing.
     */
    default RunHistory history(RunHistory known) {
        return known.after(eventsAfter(known.seq(), RunHistory::needsData));
    }

    /** Creates a task; ids count up from 1. Unknown ids in blockedBy are refused. */
    Task createTask(TaskDraft draft);

    /** Changes the descriptive fields of a task (subject, instruction, agent, inputs, outputs, criteria, owner). */
    Task updateTask(int id, ObjectNode fields);

    /** {@code taskId} waits for {@code blockedById}; both sides change. Cycles, self edges, unknown ids are refused. */
    void addDependency(int taskId, int blockedById);

    /**
     * Compare-and-set pending (and unblocked) to in_progress; false if someone else has it or it is not ready, and in
     * a store several processes share, when the run's concurrency is taken up by its tasks in progress.
     */
    boolean claim(int id, String owner);

    /**
     * Claims like {@link #claim} and returns the task as the claim left it, possibly before the claim is durable:
     * the store makes it durable a moment later, before any later event of the run. A claim lost in a machine crash
     * leaves the task pending, which is what a resume makes of a task in progress anyway. Until it is durable,
     * {@link #tasks} may still show the task pending; {@link #claim} refuses it a second time all the same. The
     * thread that carries the task out calls {@link #awaitWritten} before the task changes anything: before it acts on
     * its first model call's answer (the call itself, prepared meanwhile, may start before the claim is durable).
     */
    default Optional<Task> claimBehind(int id, String owner) {
        return claim(id, owner) ? Optional.of(task(id)) : Optional.empty();
    }

    /** Returns once every event written so far, behind the caller's back or not, is durable and readers see it. */
    default void awaitWritten() {
    }

    /** -> completed; the id leaves the blockedBy of every dependent. */
    Task complete(int id, String summary);

    Task fail(int id, String error);

    /**
     * Appends {@code records} about task {@code id} (its findings, a progress note), then completes it
     * ({@code success}, with {@code text} as its summary) or fails it (with {@code text} as the error), as one step:
     * no other event comes between them, and the call returns once all of them are durable. A store may make them
     * durable together; this default appends them one by one.
     */
    default Task finish(int id, boolean success, String text, List<EventData> records) {
        for (EventData record : records) {
            append(id, record);
        }
        return success ? complete(id, text) : fail(id, text);
    }

    Task cancel(int id, String reason);

    /**
     * Cancels every pending and in-progress task, as a run given up for good must leave them (no session may hold
     * the run's tasks meanwhile); finished tasks stay as they are. Returns how many were cancelled.
     */
    default int cancelUnfinished(String reason) {
        int cancelled = 0;
        for (Task task : tasks()) {
            if (task.status() == TaskStatus.PENDING || task.status() == TaskStatus.IN_PROGRESS) {
                cancel(task.id(), reason);
                cancelled++;
            }
        }
        return cancelled;
    }

    /**
     * Cancels a pending task that cannot run because a task it waits for failed or was cancelled. Unlike a
     * deliberate {@link #cancel}, the cancel records the cause {@code blocked}, so a resume that retries the
     * blocker makes the task pending again.
     */
    Task cancelAsBlocked(int id, String reason);

    /** in_progress or failed -> pending, keeping attempts and transcript. */
    Task requeue(int id, String reason);

    /** The by-hand status change of {@code longtask task update --status}: dispatches to the methods above. */
    Task setStatus(int id, TaskStatus status, String reason);

    void setRunStatus(RunStatus status, String reason);

    /** Appends any other event of {@link dev.longtask.model.EventType} (llm.call, finding.added, round.started...). */
    Event append(String type, Integer task, ObjectNode data);

    /** Appends the event a typed payload describes; {@code task} is the task it is about, or null. */
    Event append(Integer task, EventData data);

    /**
     * Appends like {@link #append(Integer, EventData)}, possibly returning before the event is durable; it becomes
     * durable a moment later, before any later event of the run, and readers see it only then. For a record whose
     * loss in a machine crash costs the run nothing it relies on, such as {@code llm.call}: the call it records was
     * as much at risk while it ran. Returns the run as the event left it (its usage counted), for the caller to act
     * on at once; readers and subscribers see it once it is durable.
     */
    default Run appendBehind(Integer task, EventData data) {
        append(task, data);
        return run();
    }

    /** Every approval question of the run, answered or not, by id. */
    List<Approval> approvals();

    /**
     * Records that a tool call waits for a person ({@code approval.requested}), under the next id of the run,
     * whatever id {@code question} carries; returns it as recorded.
     */
    Approval requestApproval(ApprovalQuestion question);

    /**
     * Records the answer to an open question ({@code approval.answered}).
     *
     * @throws IllegalArgumentException when there is no such question or it was answered already
     */
    Approval answerApproval(ApprovalAnswer answer);

    /**
     * Task {@code id}'s result ({@code results/task_<id>/result.json}) as the store keeps it; empty when the task has
     * none yet.
     */
    Optional<TaskResult> result(int id);

    /** Writes {@code results/task_<id>/result.json} atomically; returns its path. */
    Path writeResult(int id, JsonNode result);

    /**
     * Writes task {@code id}'s {@code result.json} and ends the task as {@link #finish(int, boolean, String, List)}
     * does; the result is in place when this returns and never lost once the task's end is durable. This default
     * writes the file durably first; the file store lets the ending event carry it instead.
     */
    default Task finish(int id, boolean success, String text, List<EventData> records, JsonNode result) {
        writeResult(id, result);
        return finish(id, success, text, records);
    }

    /**
     * Writes {@code report.md} and {@code final_result.json} atomically, then records {@code report.written};
     * returns the path of report.md.
     */
    Path writeReport(String markdown, JsonNode finalResult);

    /** The text of {@code file} as the run last wrote it; empty when it has not written it. */
    Optional<String> read(RunFile file);

    /**
     * Where the run keeps {@code file}, written or not: to show a person (or hand to a tool) where to find it, never
     * to read it; read it with {@link #read}.
     */
    Path where(RunFile file);

    /** {@link #where} {@code file} is, once the run has written it. */
    Optional<Path> written(RunFile file);

    /**
     * Replaces {@code file} with {@code text} atomically and durably (a reader or a crash sees the old text or the
     * new, never half); returns where it is, to show a person.
     *
     * @throws IllegalArgumentException for a file that is not {@link RunFile#writable()} (the report is written with
     *                                  {@link #writeReport})
     */
    Path write(RunFile file, String text);

    /** {@code results/task_<id>/}, created if missing: where the task's artifacts go. */
    Path resultDirectory(int id);

    /** The appender of {@code transcripts/task_<id>.jsonl}. */
    Transcript transcript(int id);

    /**
     * The appender of {@code transcripts/<name>.jsonl} for a conversation that is not a task's: the planner,
     * the director and the synthesizer ("planner_1", "director_round_3", ...). Names are [a-z0-9_-]+.
     */
    Transcript roleTranscript(String name);

    /**
     * Returns once the run directory's projection files (task files, run.json, task_plan.md, progress.md,
     * findings.md) show every event that was durable when it was called. A store may write them on a thread of its
     * own, a little after the events; call this before reading them as the state of the run.
     */
    default void flushProjections() {
    }

    /**
     * The texts of {@code task_plan.md}, {@code findings.md} and {@code progress.md} as they stand after every
     * event that was durable when it was called, and in a store that writes behind ({@link #claimBehind},
     * {@link #appendBehind}), after those written behind too, which its caller awaits ({@link #awaitWritten}) before
     * it acts on what they show: what an agent of the run starts from. A store may bring the files up to date and
     * read them, or, when it holds the state, render the same texts from it, so that a task about to start does not
     * wait for the files to be written.
     */
    MemoryFiles memoryFiles();

    /**
     * True when other processes may change this run at the same time (a database that workers share: their claims
     * are held by leases); false when this process is its only writer, as with the file store.
     */
    default boolean shared() {
        return false;
    }

    /**
     * Reads the events other processes committed since this store last looked (a shared store) and hands them to the
     * subscribers; returns how many there were. A store with one writer has nothing to read.
     */
    default int refresh() {
        return 0;
    }

    /**
     * Puts back to pending the running tasks whose holder's lease lapsed (a shared store: the worker died or
     * stalled); returns their ids. A store with one writer has no leases.
     */
    default List<Integer> requeueLapsed() {
        return List.of();
    }

    /** Writes a checkpoint now (the store also writes one every N events and on pause). */
    void checkpoint();

    /** Called after each event is durable, on an appending thread, one event at a time in the order of the log. */
    void subscribe(Consumer<Event> listener);

    /** Stops calling {@code listener}; an event being delivered to it may still arrive. */
    void unsubscribe(Consumer<Event> listener);

    @Override
    void close();
}
