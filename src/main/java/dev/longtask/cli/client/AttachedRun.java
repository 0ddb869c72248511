package dev.longtask.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Outcome;
import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.view.ProgressView;
import dev.longtask.cli.view.RunEnding;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import dev.longtask.server.LongtaskServer;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code longtask run --server URL}: the run goes to the server as its foreground run (it takes no pool slot and
 * waits for none) and this terminal follows it as a local run is followed: the same progress view (the live block
 * on a terminal, fed with the figures the server's API gives), its approval questions asked here, and the same
 * closing lines. Ctrl-C pauses it on the server. The exit code is the run's, as for a local run: 0 completed, 1
 * failed or cancelled, 3 paused, 130 interrupted.
 */
public final class AttachedRun {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss")
            .withZone(ZoneId.systemDefault());
    private static final ObjectMapper EVENTS = JsonMapping.newMapper();
    /** The events after which the figures are read again at once; others take the last ones (a second old at most). */
    private static final Set<String> COUNTED = Set.of(EventType.RUN_STATUS, EventType.PLAN_ACCEPTED,
            EventType.TASK_CREATED, EventType.TASK_CLAIMED, EventType.TASK_COMPLETED, EventType.TASK_FAILED,
            EventType.TASK_CANCELLED, EventType.TASK_REQUEUED, EventType.REPORT_WRITTEN);

    private final PrintWriter out;
    private final ServerClient client;
    private final InputStream terminal;
    private final ProgressView view;
    private final Path workdir;
    private final Duration reconnectFor;
    private final Path tokenFile;
    private volatile ProgressSnapshot figures;

    /**
     * @param terminal where the person's answers to approval questions are read, or null without a terminal
     * @param view     the progress view a local run would show here
     * @param workdir  the {@code --workdir} as the user gave it, for the commands shown at the end
     * @param reconnectFor how long to wait for a server that went away before exiting 3
     * @param tokenFile the {@code --token-file} given, or null, for the command that re-attaches
     */
    public AttachedRun(PrintWriter out, ServerClient client, InputStream terminal, ProgressView view, Path workdir,
                Duration reconnectFor, Path tokenFile) {
        this.out = out;
        this.client = client;
        this.terminal = terminal;
        this.view = view;
        this.workdir = workdir;
        this.reconnectFor = reconnectFor;
        this.tokenFile = tokenFile;
    }

    /** Submits the run as the server's foreground run and follows it. */
    public ExitCode run(ObjectNode submission) {
        submission.put("foreground", true);
        JsonNode answer = client.post("/api/runs", submission, 201, "the run");
        String runId = answer.path("run_id").asText();
        return follow(runId, answer, "run " + runId + " is the foreground run of " + client.base()
                + "; Ctrl-C pauses it there");
    }

    /** Follows a run the server has already, from its first event (what {@code longtask attach} does). */
    public ExitCode attach(String runId) {
        JsonNode run = client.get("/api/runs/" + runId, "the run");
        return follow(runId, run, "following run " + runId + " on " + client.base() + "; Ctrl-C pauses it there");
    }

    private ExitCode follow(String runId, JsonNode answer, String opening) {
        java.time.Instant started = java.time.Instant.now();
        (view.columns() > 0 ? TextWidth.wrap(opening, view.columns() - 1, "    ") : List.of(opening))
                .forEach(out::println);
        out.flush();
        figures = snapshot(answer);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            try {
                client.post("/api/runs/" + runId + "/pause", null, 202, "the pause");
                stopped.await(30, TimeUnit.SECONDS);
            } catch (RuntimeException e) {
                // the server is gone or the run ended meanwhile: nothing left to pause
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "longtask-attached-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "longtask-attached-clock");
            t.setDaemon(true);
            return t;
        });
        clock.scheduleAtFixedRate(() -> view.tick(refresh(runId)), 1, 1, TimeUnit.SECONDS);
        ExitCode[] exit = {ExitCode.FAILED};
        try (AttachedQuestions questions = new AttachedQuestions(runId, client, out, terminal, view)) {
            client.follow(runId, node -> {
                Event event = event(node);
                if (EventType.APPROVAL_ANSWERED.equals(event.type())) {
                    view.hold();
                    out.println(TIME.format(event.time()) + " " + answered(event));
                    view.release();
                } else {
                    view.onEvent(event, COUNTED.contains(event.type()) ? refresh(runId) : figures);
                }
                if (EventType.APPROVAL_REQUESTED.equals(event.type())) {
                    questions.requested(payload(event, ApprovalQuestion.class));
                } else if (EventType.APPROVAL_ANSWERED.equals(event.type())) {
                    questions.answered(event.data().path("id").asInt());
                }
                if (!EventType.RUN_STATUS.equals(event.type())) {
                    return false;
                }
                switch (event.data().path("status").asText()) {
                    case "completed" -> exit[0] = ExitCode.OK;
                    case "failed", "cancelled" -> exit[0] = ExitCode.FAILED;
                    case "paused" -> {
                        exit[0] = ExitCode.PAUSED;
                        return true;
                    }
                    case "interrupted" -> {
                        if (LongtaskServer.STOPPING.equals(event.data().path("reason").asText())) {
                            return false; // the server is stopping and resumes the run when it starts again
                        }
                        exit[0] = ExitCode.INTERRUPTED;
                        return true;
                    }
                    default -> {
                    }
                }
                return false;
            }, new Away(runId), reconnectFor);
            clock.shutdownNow();
            view.close();
            // before the Ctrl-C hook is let go: once it returns the JVM exits
            ending(runId, Duration.between(started, java.time.Instant.now()));
        } catch (ServerClient.StayedAway e) {
            clock.shutdownNow();
            view.close();
            throw new CliFailure(ExitCode.PAUSED, e.getMessage() + "; run " + runId + " goes on there when it is"
                    + " back. Follow it again with: " + reattach(runId));
        } finally {
            clock.shutdownNow();
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C is being handled
            }
        }
        out.flush();
        return exit[0];
    }

    /** The command that follows the run again, with what this one was given to find the server. */
    private String reattach(String runId) {
        return "longtask attach " + runId + " --server " + client.base()
                + (tokenFile == null ? "" : " --token-file " + tokenFile);
    }

    /** Says on the terminal, once each, that the server went away and that it is back. */
    private final class Away implements ServerClient.Away {
        private final String runId;

        Away(String runId) {
            this.runId = runId;
        }

        @Override
        public void away() {
            say("server away: " + client.base() + " does not answer; run " + runId + " goes on there when it is"
                    + " back; reconnecting for up to " + dev.longtask.model.Durations.text(reconnectFor));
        }

        @Override
        public void back() {
            say("server back: following run " + runId + " from where it was left");
        }

        private void say(String line) {
            view.hold();
            String stamped = TIME.format(java.time.Instant.now()) + " " + line;
            (view.columns() > 0 ? TextWidth.wrap(stamped, view.columns() - 1, "    ") : List.of(stamped))
                    .forEach(out::println);
            out.flush();
            view.release();
        }
    }

    /** The closing lines of a local run, from the server's view of the run and, where the server shares this machine, its files. */
    private void ending(String runId, Duration session) {
        JsonNode run = client.get("/api/runs/" + runId, "the run");
        Path workspace = Path.of(run.path("workspace").asText());
        Runs runs = Runs.of(Stores.files(), workspace);
        Path directory = runs.directory(runId);
        Outcome outcome = new Outcome(runId, directory, RunStatus.fromWire(run.path("status").asText()),
                run.path("status_reason").asText(""), null,
                run.path("has_report").asBoolean() ? runs.reportFile(runId) : null, null, false);
        Run onDisk;
        try {
            onDisk = Stores.files().read(workspace, runId).run();
        } catch (RuntimeException elsewhere) {
            onDisk = null; // a server on another machine: its files are not here
        }
        String resume = "curl -X POST -H \"Authorization: Bearer $TOKEN\" " + client.base() + "/api/runs/" + runId
                + "/resume";
        new RunEnding(out, workdir, view.columns(), view.palette(), resume).print(outcome, onDisk, session, 0, false,
                workspace);
    }

    /** The figures the server gives now; the last ones when it cannot be asked. */
    private ProgressSnapshot refresh(String runId) {
        try {
            figures = snapshot(client.get("/api/runs/" + runId, "the run"));
        } catch (RuntimeException unreachable) {
            // the stream reports a lost server; the view keeps the last figures meanwhile
        }
        return figures;
    }

    /** The API's view of a run as the progress views take it. */
    static ProgressSnapshot snapshot(JsonNode run) {
        JsonNode tasks = run.path("tasks");
        JsonNode progress = run.path("progress");
        Usage usage;
        try {
            usage = run.path("usage").isObject() ? EVENTS.treeToValue(run.path("usage"), Usage.class) : Usage.ZERO;
        } catch (JsonProcessingException e) {
            usage = Usage.ZERO;
        }
        List<ProgressSnapshot.RunningTask> running = new java.util.ArrayList<>();
        progress.path("running").forEach(t -> running.add(new ProgressSnapshot.RunningTask(t.path("id").asInt(),
                t.path("subject").asText(), t.path("agent").asText(), t.path("elapsed_s").asLong(),
                t.path("attempts").asInt())));
        int total = tasks.path("total").asInt();
        int wanted = total - tasks.path("cancelled").asInt();
        return new ProgressSnapshot(run.path("run_id").asText(), RunStatus.fromWire(run.path("status").asText("queued")),
                run.path("status_reason").asText(""), total, tasks.path("completed").asInt(),
                tasks.path("failed").asInt(), tasks.path("cancelled").asInt(), tasks.path("running").asInt(),
                tasks.path("pending").asInt(), progress.has("percent") ? progress.path("percent").asDouble()
                : wanted <= 0 ? 0 : 100.0 * tasks.path("completed").asInt() / wanted, progress.path("elapsed_s").asLong(),
                progress.path("eta_s").isNumber() ? progress.path("eta_s").asLong() : null,
                progress.path("work_s").isNumber() ? progress.path("work_s").asLong() : null, usage, running);
    }

    /** The line of an answer to a question: who gave it, and what. */
    private static String answered(Event event) {
        ApprovalAnswer answer = payload(event, ApprovalAnswer.class);
        return "question #" + answer.id() + " answered by " + answer.by() + ": " + switch (answer.decision()) {
            case ALLOW_ONCE -> "allowed once";
            case ALLOW_ALWAYS -> "allowed for the rest of the run";
            case DENY -> "denied" + (answer.reason().isEmpty() ? "" : " (" + answer.reason() + ")");
        };
    }

    private static Event event(JsonNode node) {
        try {
            return EVENTS.treeToValue(node, Event.class);
        } catch (JsonProcessingException e) {
            throw new CliFailure(ExitCode.FAILED, "the server sent an event that is not one: " + e.getOriginalMessage());
        }
    }

    private static <T> T payload(Event event, Class<T> type) {
        try {
            return EVENTS.treeToValue(event.data(), type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new CliFailure(ExitCode.FAILED, "the server sent a " + event.type() + " event that is not one: "
                    + e.getMessage());
        }
    }
}
