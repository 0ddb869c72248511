package dev.longtask.store;

import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import dev.longtask.model.run.DependencyCycleException;
import dev.longtask.model.run.NoSuchTaskException;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.TaskStateException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The whole state of a run as a pure function of its events. {@link #apply} returns the next state and touches
 * no file, so live appends and replay on open share this one code path, and it is also the validator: an event
 * it refuses (unknown id, cycle, illegal status change) is never written. Immutable; a task that an event does
 * not change is the same object in the next state, so "did task i change" is a reference comparison.
 *
 * <p>Graph semantics (docs/store.md): {@code blocks} keeps every task that ever waited for this one;
 * {@code blockedBy} keeps the blockers that have not completed. A blocker that completes leaves the
 * {@code blockedBy} of all its dependents; failed or cancelled blockers keep blocking.
 *
 * <p>Each event's payload is read through {@link EventFields}, which refuses a field of the wrong JSON type; the
 * rules of the fold (ids, the graph, status changes) are here.
 */
public record RunState(long lastSeq, Run run, List<Task> tasks, List<ProgressEntry> progress, List<Note> findings,
                List<Note> decisions, List<Note> errors, List<Approval> approvals, PermissionSettings permissions,
                RunHistory history) {

    public static final RunState EMPTY = new RunState(0, null, List.of(), List.of(), List.of(), List.of(), List.of(),
            List.of(), null, RunHistory.NONE);

    public RunState {
        // A checkpoint written before approvals existed has none.
        approvals = approvals == null ? List.of() : approvals;
    }

    static final List<String> EDITABLE_FIELDS =
            List.of("subject", "instruction", "agent", "inputs", "outputs", "success_criteria", "owner");

    /** @throws NoSuchTaskException naming the id */
    public Task task(int id) {
        if (id < 1 || id > tasks.size()) {
            throw new NoSuchTaskException(id, tasks.size());
        }
        return tasks.get(id - 1);
    }

    int nextTaskId() {
        return tasks.size() + 1;
    }

    /**
     * The state after {@code event}.
     *
     * @throws StoreException (NoSuchTaskException, DependencyCycleException, TaskStateException) or
     *                        IllegalArgumentException naming the field, when the event does not fit this state
     */
    public RunState apply(Event event) {
        if (event.seq() != lastSeq + 1) {
            throw new IllegalArgumentException("event seq " + event.seq() + " does not follow seq " + lastSeq);
        }
        if (run == null && !EventType.RUN_CREATED.equals(event.type())) {
            throw new IllegalArgumentException("the first event must be run.created, not " + event.type());
        }
        Next next = new Next(this, event);
        next.apply();
        return next.build();
    }

    /** A working copy: lists are copied only when the event changes them. */
    private static final class Next {
        private final Event event;
        private final EventFields data;
        private final RunState before;
        private Run run;
        private RunStatus status;
        private String statusReason;
        private Budget budget;
        private Usage usage;
        private int session;
        private int round;
        private List<Task> tasks;
        private boolean tasksCopied;
        private List<ProgressEntry> progress;
        private List<Note> findings;
        private List<Note> decisions;
        private List<Note> errors;
        private List<Approval> approvals;
        private PermissionSettings permissions;
        private String model;
        private RunSettings settings;

        Next(RunState before, Event event) {
            this.before = before;
            this.event = event;
            this.data = new EventFields(event);
            this.run = before.run;
            if (run != null) {
                status = run.status();
                statusReason = run.statusReason();
                budget = run.budget();
                usage = run.usage();
                session = run.session();
                round = run.round();
                model = run.model();
                settings = run.settings();
            }
            tasks = before.tasks;
            progress = before.progress;
            findings = before.findings;
            decisions = before.decisions;
            errors = before.errors;
            approvals = before.approvals;
            permissions = before.permissions;
        }

        void apply() {
            switch (event.type()) {
                case EventType.RUN_CREATED -> runCreated();
                case EventType.RUN_STATUS -> {
                    status = RunStatus.fromWire(data.text("status"));
                    statusReason = data.optionalText("reason", "");
                }
                case EventType.RUN_BUDGET -> budget = budget.overriddenBy(data.budget(data.field("budget")));
                case EventType.RUN_SETTINGS -> {
                    model = data.optionalText("model", model);
                    if (data.has("settings")) {
                        settings = (settings == null ? RunSettings.NONE : settings)
                                .overriddenBy(data.settings(data.get("settings")));
                    }
                }
                case EventType.SESSION_STARTED -> {
                    session = data.optionalInt("session", session + 1);
                    // A run started without a model (a graph built by hand) takes the model of the session that runs it.
                    if (model == null || model.isBlank()) {
                        model = data.optionalText("model", model);
                    }
                    progress = appended(progress, new ProgressEntry(ProgressEntry.SESSION, event.time(), session, ""));
                }
                case EventType.ROUND_STARTED -> {
                    round = data.optionalInt("round", round + 1);
                    progress = appended(progress, new ProgressEntry(ProgressEntry.ROUND, event.time(), round,
                            data.optionalText("objective", "")));
                }
                case EventType.PROGRESS_NOTE -> progress = appended(progress,
                        new ProgressEntry(ProgressEntry.NOTE, event.time(), null, data.text("text")));
                case EventType.FINDING_ADDED -> findings = appended(findings, note());
                case EventType.DECISION_RECORDED -> decisions = appended(decisions, note());
                case EventType.ERROR_RECORDED -> errors = appended(errors, note());
                case EventType.TASK_CREATED -> taskCreated();
                case EventType.TASK_UPDATED -> taskUpdated();
                case EventType.TASK_DEPENDENCY_ADDED -> dependencyAdded();
                case EventType.TASK_CLAIMED -> claimed();
                case EventType.TASK_COMPLETED -> completed();
                case EventType.TASK_FAILED -> {
                    TaskBuilder t = transition();
                    t.error = data.optionalText("error", "");
                    t.finished = event.time();
                    put(t.build());
                }
                case EventType.TASK_CANCELLED -> {
                    TaskBuilder t = transition();
                    t.finished = event.time();
                    put(t.build());
                }
                case EventType.TASK_REQUEUED -> {
                    TaskBuilder t = transition();
                    t.owner = "";
                    t.started = null;
                    t.finished = null;
                    put(t.build());
                }
                case EventType.LLM_CALL -> llmCall();
                case EventType.APPROVAL_REQUESTED -> approvalRequested();
                case EventType.APPROVAL_ANSWERED -> approvalAnswered();
                case EventType.PERMISSIONS_SET -> permissions = data.payload(PermissionSettings.class);
                default -> {
                    // llm.retry and kinds this version does not know are a record only.
                }
            }
        }

        RunState build() {
            Run r = new Run(run.formatVersion(), run.id(), run.goal(), run.workspace(), model, status,
                    statusReason, budget, settings, run.created(), event.time(), usage, session, round, event.seq());
            return new RunState(event.seq(), r, tasksCopied ? Collections.unmodifiableList(tasks) : tasks,
                    progress, findings, decisions, errors, approvals, permissions,
                    before.history.after(event));
        }

        private void approvalRequested() {
            ApprovalQuestion question = data.payload(ApprovalQuestion.class);
            if (question.id() != approvals.size() + 1) {
                throw new IllegalArgumentException("approval.requested: id " + question.id()
                        + ", expected the next id " + (approvals.size() + 1));
            }
            approvals = appended(approvals, new Approval(question, null));
        }

        private void approvalAnswered() {
            ApprovalAnswer answer = data.payload(ApprovalAnswer.class);
            if (answer.id() < 1 || answer.id() > approvals.size()) {
                throw new IllegalArgumentException("approval.answered: no question #" + answer.id() + " (the run has "
                        + approvals.size() + ")");
            }
            Approval asked = approvals.get(answer.id() - 1);
            if (!asked.open()) {
                throw new IllegalArgumentException("approval.answered: question #" + answer.id()
                        + " was answered already (" + asked.answer().decision().wire() + ")");
            }
            List<Approval> next = new ArrayList<>(approvals);
            next.set(answer.id() - 1, new Approval(asked.question(), answer));
            approvals = Collections.unmodifiableList(next);
        }

        private void runCreated() {
            if (run != null) {
                throw new IllegalArgumentException("run.created may only be the first event");
            }
            status = RunStatus.CREATED;
            statusReason = "";
            budget = data.has("budget") ? data.budget(data.get("budget")) : Budget.UNLIMITED;
            usage = Usage.ZERO;
            model = data.optionalText("model", null);
            settings = data.has("settings") ? data.settings(data.get("settings")) : null;
            run = new Run(Run.FORMAT_VERSION, data.text("run_id"), data.text("goal"),
                    data.optionalText("workspace", null), model, status, statusReason, budget, settings, event.time(),
                    event.time(), usage, 0, 0, event.seq());
        }

        private void taskCreated() {
            int id = data.optionalInt("id", event.task() == null ? -1 : event.task());
            if (id != before.nextTaskId()) {
                throw new IllegalArgumentException("task.created: id " + id + ", expected the next id "
                        + before.nextTaskId() + " (ids count up and are never reused)");
            }
            String subject = data.text("subject");
            if (subject.isBlank()) {
                throw new IllegalArgumentException("task.created: a task needs a subject");
            }
            Set<Integer> blockers = new LinkedHashSet<>(data.intList("blockedBy"));
            List<Integer> stillBlocking = new ArrayList<>();
            for (int b : blockers) {
                Task blocker = task(b);
                TaskBuilder changed = TaskBuilder.from(blocker);
                changed.blocks = plus(blocker.blocks(), id);
                put(changed.build());
                if (blocker.status() != TaskStatus.COMPLETED) {
                    stillBlocking.add(b);
                }
            }
            put(new Task(id, subject, data.optionalText("instruction", ""), data.optionalText("agent", "general"),
                    TaskStatus.PENDING, stillBlocking, List.of(), data.stringMap("inputs"), data.stringMap("outputs"),
                    data.stringList("success_criteria"), data.optionalText("owner", ""), 0, event.time(), null, null,
                    Usage.ZERO, null));
        }

        private void taskUpdated() {
            TaskBuilder t = TaskBuilder.from(task(eventTask()));
            var names = data.names();
            while (names.hasNext()) {
                String name = names.next();
                switch (name) {
                    case "subject" -> {
                        t.subject = data.text(name);
                        if (t.subject.isBlank()) {
                            throw new IllegalArgumentException("task.updated: subject must not be blank");
                        }
                    }
                    case "instruction" -> t.instruction = data.text(name);
                    case "agent" -> t.agent = data.text(name);
                    case "owner" -> t.owner = data.text(name);
                    case "inputs" -> t.inputs = data.stringMap(name);
                    case "outputs" -> t.outputs = data.stringMap(name);
                    case "success_criteria" -> t.successCriteria = data.stringList(name);
                    default -> throw new IllegalArgumentException("task.updated: field '" + name
                            + "' cannot be edited (editable: " + String.join(", ", EDITABLE_FIELDS) + ")");
                }
            }
            put(t.build());
        }

        private void dependencyAdded() {
            int id = eventTask();
            int blockerId = data.requiredInt("blocked_by");
            if (id == blockerId) {
                throw new DependencyCycleException(id, id, List.of(id, id));
            }
            Task dependent = task(id);
            Task blocker = task(blockerId);
            if (blocker.blocks().contains(id)) {
                return;
            }
            if (!TaskTransitions.MAY_GET_BLOCKER.contains(dependent.status())) {
                throw new TaskStateException(id, dependent.status(), dependent.status() == TaskStatus.IN_PROGRESS
                        ? "requeue it before it can wait for task " + blockerId
                        : "a completed task cannot wait for another task");
            }
            List<Integer> path = pathAlongBlocks(id, blockerId);
            if (path != null) {
                List<Integer> cycle = new ArrayList<>();
                cycle.add(id);
                for (int i = path.size() - 1; i >= 0; i--) {
                    cycle.add(path.get(i));
                }
                throw new DependencyCycleException(id, blockerId, cycle);
            }
            TaskBuilder b = TaskBuilder.from(blocker);
            b.blocks = plus(blocker.blocks(), id);
            put(b.build());
            if (blocker.status() != TaskStatus.COMPLETED) {
                TaskBuilder d = TaskBuilder.from(dependent);
                d.blockedBy = plus(dependent.blockedBy(), blockerId);
                put(d.build());
            }
        }

        /** Tasks from {@code from} to {@code to} following blocks edges (each waits for the one before), or null. */
        private List<Integer> pathAlongBlocks(int from, int to) {
            Map<Integer, Integer> parent = new HashMap<>();
            Deque<Integer> queue = new ArrayDeque<>();
            queue.add(from);
            parent.put(from, from);
            while (!queue.isEmpty()) {
                int current = queue.poll();
                if (current == to) {
                    List<Integer> path = new ArrayList<>();
                    for (int at = to; at != from; at = parent.get(at)) {
                        path.add(0, at);
                    }
                    path.add(0, from);
                    return path;
                }
                for (int next : task(current).blocks()) {
                    if (parent.putIfAbsent(next, current) == null) {
                        queue.add(next);
                    }
                }
            }
            return null;
        }

        private void claimed() {
            int id = eventTask();
            Task task = task(id);
            TaskTransitions.Transition claim = TaskTransitions.of(EventType.TASK_CLAIMED).orElseThrow();
            if (!claim.from().contains(task.status())) {
                throw new TaskStateException(id, task.status(), claim.refusal());
            }
            if (!task.blockedBy().isEmpty()) {
                throw new TaskStateException(id, task.status(), "it is still blocked by "
                        + String.join(", ", task.blockedBy().stream().map(String::valueOf).toList()));
            }
            TaskBuilder t = TaskBuilder.from(task);
            t.status = claim.to();
            t.owner = data.optionalText("owner", "");
            t.attempts = task.attempts() + 1;
            t.started = event.time();
            t.finished = null;
            put(t.build());
        }

        private void completed() {
            TaskBuilder t = transition();
            t.finished = event.time();
            t.error = null;
            put(t.build());
            for (int dependentId : t.blocks) {
                Task dependent = task(dependentId);
                if (dependent.blockedBy().contains(t.id)) {
                    TaskBuilder d = TaskBuilder.from(dependent);
                    d.blockedBy = dependent.blockedBy().stream().filter(b -> b != t.id).toList();
                    put(d.build());
                }
            }
        }

        private void llmCall() {
            Usage call = data.usage(data.field("usage"));
            usage = usage.plus(call);
            if (event.task() != null) {
                Task task = task(event.task());
                put(task.withUsage(task.usage().plus(call)));
            }
        }

        /** The event's task moved as {@link TaskTransitions} says its type moves a task, or refused. */
        private TaskBuilder transition() {
            TaskTransitions.Transition row = TaskTransitions.of(event.type()).orElseThrow();
            int id = eventTask();
            Task task = task(id);
            if (!row.from().contains(task.status())) {
                throw new TaskStateException(id, task.status(), row.refusal());
            }
            TaskBuilder t = TaskBuilder.from(task);
            t.status = row.to();
            return t;
        }

        private Note note() {
            if (event.task() != null) {
              task(event.task());
            }
            return new Note(event.time(), event.task(), data.text("text"));
        }

        private Task task(int id) {
            if (id < 1 || id > tasks.size()) {
                throw new NoSuchTaskException(id, tasks.size());
            }
            return tasks.get(id - 1);
        }

        private void put(Task task) {
            if (!tasksCopied) {
                tasks = new ArrayList<>(tasks);
                tasksCopied = true;
            }
            if (task.id() == tasks.size() + 1) {
                tasks.add(task);
            } else {
                tasks.set(task.id() - 1, task);
            }
        }

        private int eventTask() {
            if (event.task() == null) {
                throw new IllegalArgumentException(event.type() + ": the event names no task");
            }
            return event.task();
        }

        private static <T> List<T> appended(List<T> list, T item) {
            List<T> copy = new ArrayList<>(list.size() + 1);
            copy.addAll(list);
            copy.add(item);
            return Collections.unmodifiableList(copy);
        }

        private static List<Integer> plus(List<Integer> ids, int id) {
            List<Integer> copy = new ArrayList<>(ids);
            copy.add(id);
            return copy;
        }
    }
}
