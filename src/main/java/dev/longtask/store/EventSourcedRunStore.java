package dev.longtask.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.Run;
import dev.longtask.model.Secrets;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What every backend of the store does the same way, written once: a run is the fold ({@link RunState}) of its log,
 * each change is a decision of {@link Changes} on the newest state, committed by the backend, and the reads answer
 * from the state the backend last made durable. A backend supplies how a decision becomes durable ({@link #commit}),
 * the state it knows ({@link #state}) and who hears of its events ({@link #subscribers}); it writes the rest itself
 * only where it differs (claims and their fencing, results, transcripts, durability).
 */
public abstract class EventSourcedRunStore implements RunStore {
    protected final Path directory;
    protected final String runId;
    protected final ObjectMapper json;
    protected final Changes changes;
    /** Takes the run's secrets out of everything it writes. */
    protected final Secrets redactor;

    /** The events one commit appended and the state after the last of them. */
    public record Committed(List<Event> events, RunState state) {
        public Committed {
            events = List.copyOf(events);
        }

        /** The first (for most changes, the only) event of the commit. */
        public Event event() {
            return events.get(0);
        }
    }

    protected EventSourcedRunStore(Path directory, String runId, ObjectMapper json, Secrets redactor) {
        this.directory = directory;
        this.runId = runId;
        this.json = json;
        this.changes = new Changes(json);
        this.redactor = redactor;
    }

    /** The newest state this store has made durable or seen committed. */
    protected abstract RunState state();

    /**
     * Makes the event {@code decide} chooses on the newest state durable and returns it with the state after it; null
     * when the decision had nothing to do.
     */
    protected abstract Committed commit(Function<RunState, Draft> decide);

    /** Who hears of the run's events, in the order of the log. */
    protected abstract Subscribers subscribers();

    /** @throws IllegalStateException when the store is closed or can no longer write */
    protected abstract void ensureUsable();

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public Path directory() {
        return directory;
    }

    /** The workspace is where the run directory's layout puts it: {@code <workspace>/.longtask/runs/<run-id>}. */
    @Override
    public Path workspace() {
        return RunLayout.of(directory).workspace();
    }

    /** A run's documents are files of its run directory in either store (a shared one keeps the report also in its database). */
    @Override
    public Optional<String> read(RunFile file) {
        return RunReader.text(RunLayout.of(directory).file(file));
    }

    @Override
    public Path where(RunFile file) {
        return RunLayout.of(directory).file(file);
    }

    @Override
    public Optional<Path> written(RunFile file) {
        Path path = where(file);
        return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
    }

    @Override
    public Path write(RunFile file, String text) {
        if (!file.writable()) {
            throw new IllegalArgumentException(file + " is written with the report (writeReport), not on its own");
        }
        ensureUsable();
        Path path = RunLayout.of(directory).file(file);
        try {
            Files.createDirectories(path.getParent());
            AtomicFiles.write(path, text.getBytes(StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new StoreException("cannot write " + path + ": " + e.getMessage(), e);
        }
        return path;
    }

    @Override
    public Run run() {
        return state().run();
    }

    @Override
    public List<Task> tasks() {
        return state().tasks();
    }

    @Override
    public Task task(int id) {
        return state().task(id);
    }

    @Override
    public List<Approval> approvals() {
        return state().approvals();
    }

    @Override
    public Approval requestApproval(ApprovalQuestion question) {
        Committed done = commit(changes.requestApproval(question));
        return done.state().approvals().get(done.state().approvals().size() - 1);
    }

    @Override
    public Approval answerApproval(ApprovalAnswer answer) {
        return commit(changes.answerApproval(answer)).state().approvals().get(answer.id() - 1);
    }

    @Override
    public Task createTask(TaskDraft draft) {
        Committed done = commit(changes.createTask(draft));
        return done.state().task(done.event().task());
    }

    @Override
    public Task updateTask(int id, ObjectNode fields) {
        if (fields == null || fields.isEmpty()) {
            return task(id);
        }
        return commit(changes.updateTask(id, fields)).state().task(id);
    }

    @Override
    public void addDependency(int taskId, int blockedById) {
        commit(changes.addDependency(taskId, blockedById));
    }

    @Override
    public Task cancel(int id, String reason) {
        return commit(changes.cancel(id, reason)).state().task(id);
    }

    @Override
    public Task cancelAsBlocked(int id, String reason) {
        return commit(changes.cancelAsBlocked(id, reason)).state().task(id);
    }

    /** Same status: nothing happens. In progress: a claim by "by hand", refused with the reason if not ready. */
    @Override
    public Task setStatus(int id, TaskStatus status, String reason) {
        Committed done = commit(changes.setStatus(id, status, reason));
        return done == null ? task(id) : done.state().task(id);
    }

    @Override
    public Event append(Integer task, EventData data) {
        return append(data.type(), task, json.valueToTree(data));
    }

    @Override
    public Path resultDirectory(int id) {
        task(id);
        Path dir = RunLayout.of(directory).resultDirectory(id);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StoreException("cannot create " + dir + ": " + e, e);
        }
        return dir;
    }

    /** {@code name} when it can name a transcript of the run ({@link #roleTranscript}). */
    protected final String transcriptName(String name) {
        ensureUsable();
        if (name == null || !name.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("a transcript name is [a-z0-9_-]+, not '" + name + "'");
        }
        return name;
    }

    @Override
    public void subscribe(Consumer<Event> listener) {
        subscribers().add(listener);
    }

    @Override
    public void unsubscribe(Consumer<Event> listener) {
        subscribers().remove(listener);
    }
}
