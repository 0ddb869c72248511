package dev.longtask.cli;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.testing.ChaosLog;
import dev.longtask.testing.ScriptedProvider;
import java.net.http.HttpClient;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * The soak's checks of its runs, as each ends and at the end: the run completed with each of its tasks completed
 * exactly once and its log whole ({@link ChaosLog}), each completion written by the attempt that held the task (the
 * fencing token), every claim by a worker's slot, and its report stored; no task agent started at the model after its task completed;
 * its event stream, followed across every restart, gave every event once and in order up to its end; its webhooks
 * came for every routed event. Violations go to the soak's queue; the soak stops at the first.
 */
final class SoakChecks {
    /** The event types the soak's webhook route delivers. */
    static final List<String> ROUTED = List.of(EventType.RUN_STATUS, EventType.TASK_COMPLETED);
    /** How long a run's event stream may take to give its end after the run ended (the server may be restarting). */
    private static final Duration STREAM_GRACE = Duration.ofMinutes(5);

    /** A run the soak submitted. */
    private static final class Tracked {
        final String id;
        final int tasks;
        final SoakStream stream;
        long endedAt;
        boolean streamChecked;

        Tracked(String id, int tasks, SoakStream stream) {
            this.id = id;
            this.tasks = tasks;
            this.stream = stream;
        }

        boolean ended() {
            return endedAt != 0;
        }
    }

    private final SoakDatabase db;
    private final SoakWebhooks webhooks;
    private final HttpClient http;
    private final String serverUrl;
    private final Queue<String> violations;
    private final Consumer<String> say;
    private final Map<String, Tracked> runs = new LinkedHashMap<>();
    /** Per task subject, when each conversation of a task agent began at the model (its first request answered). */
    private final Map<String, List<Long>> starts = new ConcurrentHashMap<>();
    private final AtomicLong faults = new AtomicLong();
    private volatile int finished;
    /** Whether a moment (epoch millis) is just after a frozen worker woke. */
    private final LongPredicate justThawed;
    private int staleStarts;

    SoakChecks(SoakDatabase db, SoakWebhooks webhooks, HttpClient http, String serverUrl, Queue<String> violations,
               Consumer<String> say, LongPredicate justThawed) {
        this.justThawed = justThawed;
        this.db = db;
        this.webhooks = webhooks;
        this.http = http;
        this.serverUrl = serverUrl;
        this.violations = violations;
        this.say = say;
    }

    /** What the scripted model tells the checks of every request it answers. */
    ScriptedProvider.Observer model() {
        return (request, status, arrived) -> {
            if (status != 200) {
                faults.incrementAndGet();
            } else if ("task".equals(request.role()) && request.step() == 1) {
                starts.computeIfAbsent(request.subject(), s -> Collections.synchronizedList(new ArrayList<>()))
                        .add(arrived);
            }
        };
    }

    void track(String run, int tasks) {
        runs.put(run, new Tracked(run, tasks, SoakStream.follow(http, serverUrl, run, violations)));
    }

    int unfinished() {
        return (int) runs.values().stream().filter(t -> !t.ended()).count();
    }

    int finished() {
        return finished;
    }

    int staleStarts() {
        return staleStarts;
    }

    long modelFaults() {
        return faults.get();
    }

    SoakWebhooks webhooks() {
        return webhooks;
    }

    List<String> unfinishedIds() {
        return runs.values().stream().filter(t -> !t.ended() || !t.streamChecked).map(t -> t.id).toList();
    }

    /** Looks at every run not yet ended, and checks those that have; {@code poolState} asks the server. */
    void look(Function<String, String> poolState) {
        Map<String, String> statuses;
        try {
            statuses = db.runStatuses();
        } catch (SQLException e) {
            return; // the database is restarting: look again next time
        }
        for (Tracked run : runs.values()) {
            if (!run.ended()) {
                String status = statuses.getOrDefault(run.id, "");
                if (status.equals("completed")) {
                    ended(run);
                } else if (status.equals("cancelled") || status.equals("failed")) {
                    String pool = poolState.apply(run.id);
                    if (pool != null && pool.startsWith("done")) {
                        violations.add("run " + run.id + " ended " + status + ": " + pool);
                        run.endedAt = System.nanoTime();
                    }
                }
            } else if (!run.streamChecked) {
                checkStream(run);
            }
        }
    }

    /** Whether every run of the database ended completed and every tracked run's stream was checked. */
    boolean allEnded(Function<String, String> poolState) {
        look(poolState);
        if (runs.values().stream().anyMatch(t -> !t.ended() || !t.streamChecked)) {
            return false;
        }
        try {
            Map<String, String> statuses = db.runStatuses();
            for (Map.Entry<String, String> run : statuses.entrySet()) {
                if (!runs.containsKey(run.getKey()) && !run.getValue().equals("completed")) {
                    return false; // a run whose submission's answer was lost in a crash: it must end too
                }
            }
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private void ended(Tracked run) {
        String context = "run " + run.id;
        try {
            List<Event> events = db.events(run.id);
            Map<Integer, String[]> tasks = db.tasks(run.id);
            ChaosLog.assertEveryTaskCompletedOnce(events, run.tasks, context);
            Map<Integer, Integer> completedUnder = db.completionAttempts(run.id);
            for (Map.Entry<Integer, String[]> task : tasks.entrySet()) {
                if (!task.getValue()[0].equals("completed")) {
                    violations.add(context + ": task " + task.getKey() + " is " + task.getValue()[0]);
                } else if (!task.getValue()[2].equals(String.valueOf(completedUnder.get(task.getKey())))) {
                    violations.add(context + ": task " + task.getKey() + " was completed under attempt "
                            + completedUnder.get(task.getKey()) + ", not by the attempt that held it ("
                            + task.getValue()[2] + "); its log: " + history(run.id, task.getKey()));
                }
            }
            // The server runs with no slots: whoever claimed a task was a worker's slot, across the server's restarts.
            db.claimOwners(run.id).stream().filter(owner -> !owner.contains(" slot ")).findFirst().ifPresent(
                    owner -> violations.add(context + ": a task was claimed by " + owner + ", not a worker's slot"));
            String report = db.file(run.id, "report.md");
            if (report == null || !report.contains("Scripted report")) {
                violations.add(context + ": completed without its report: " + report);
            }
            for (Event event : events) {
                if (!EventType.TASK_COMPLETED.equals(event.type())) {
                    continue;
                }
                String[] task = tasks.get(event.task());
                if (task == null) {
                    violations.add(context + ": task " + event.task() + " completed in the log is not in the run");
                    continue;
                }
                String subject = task[1];
                List<Long> began = starts.getOrDefault(subject, List.of());
                synchronized (began) {
                    for (long at : began) {
                        if (at > event.time().toEpochMilli() && justThawed.test(at)) {
                            // A worker frozen past its lease (or waiting for the database) went on with the task it
                            // lost, before its heartbeat found the lease gone: fenced (nothing it writes counts), but
                            // the model was asked. Counted, not a violation: no claim followed the completion
                            // (checked above), so this is not a completed task run again.
                            staleStarts++;
                        } else if (at > event.time().toEpochMilli()) {
                            violations.add(context + ": task " + event.task() + " (" + subject + ") was started "
                                    + "again at the model " + (at - event.time().toEpochMilli()) + " ms after it "
                                    + "completed at " + event.time() + "; its log: " + history(run.id, event.task()));
                        }
                    }
                }
            }
            tasks.values().forEach(t -> starts.remove(t[1]));
        } catch (SQLException e) {
            return; // the database is restarting: check it next time
        } catch (AssertionError e) {
            violations.add(e.getMessage());
        }
        run.endedAt = System.nanoTime();
        finished++;
        say.accept("run " + run.id + " completed (" + run.tasks + " tasks); " + finished + " done");
        checkStream(run);
    }

    /** The claims, requeues and ends of a task, for a violation's message. */
    private String history(String run, int task) {
        try {
            return db.taskHistory(run, task);
        } catch (SQLException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private void checkStream(Tracked run) {
        long end = run.stream.endSeq();
        if (end < 0) {
            if (System.nanoTime() - run.endedAt > STREAM_GRACE.toNanos()) {
                violations.add("the event stream of run " + run.id + " gave no end " + STREAM_GRACE + " after the "
                        + "run ended (last event " + run.stream.last() + ")");
                run.streamChecked = true;
            }
            return;
        }
        try {
            List<Event> events = db.events(run.id);
            long last = events.isEmpty() ? 0 : events.get(events.size() - 1).seq();
            if (end != last || run.stream.last() != last) {
                violations.add("the event stream of run " + run.id + " ended at " + end + " having shown up to "
                        + run.stream.last() + "; the log has " + last);
            }
            run.streamChecked = true;
            run.stream.stop();
        } catch (SQLException e) {
            // the database is restarting: check it next time
        }
    }

    /** Waits until every routed event of every tracked run was delivered; a violation after {@code limit}. */
    void awaitWebhooks(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        Map<String, Set<Long>> missing = new LinkedHashMap<>();
        do {
            missing.clear();
            try {
                for (Tracked run : runs.values()) {
                    Set<Long> expected = new TreeSet<>();
                    for (Event event : db.events(run.id)) {
                        if (ROUTED.contains(event.type())) {
                            expected.add(event.seq());
                        }
                    }
                    Set<Long> delivered = webhooks.delivered(run.id);
                    Set<Long> extra = new HashSet<>(delivered);
                    extra.removeAll(expected);
                    if (!extra.isEmpty()) {
                        violations.add("webhooks of run " + run.id + " for events not routed: " + extra);
                        return;
                    }
                    expected.removeAll(delivered);
                    if (!expected.isEmpty()) {
                        missing.put(run.id, expected);
                    }
                }
            } catch (SQLException e) {
                missing.put("(the database)", Set.of());
            }
            if (missing.isEmpty()) {
                say.accept("every routed event was delivered: " + webhooks.deliveries() + " deliveries, "
                        + webhooks.redelivered() + " again after a crash of the server");
                return;
            }
            Thread.sleep(1000); // polling the receiver for the deliveries still due, with the deadline above
        } while (System.nanoTime() < deadline);
        violations.add("webhooks never delivered within " + limit + " of the end: " + missing);
    }

    void stop() {
        runs.values().forEach(t -> t.stream.stop());
    }
}
