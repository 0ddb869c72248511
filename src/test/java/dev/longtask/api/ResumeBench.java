package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.EventType;
import dev.longtask.model.RunSettings;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.Usage;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.ScriptedModel;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How long a large run takes to resume, and what it holds in memory; one measurement per process, so each is a cold
 * JVM as a real resume is. Not a test: the paired driver ({@code PairedBench}) runs it against two builds.
 *
 * <pre>
 * ResumeBench prepare DIR TASKS   a paused run "bench" of TASKS tasks, all but the last completed (7 events each)
 * ResumeBench resume DIR          resumes it; prints resume_ms (resume() to the first task.claimed event),
 *                                 process_ms (JVM start to that claim) and heap_mb (heap in use after a GC, run open)
 * ResumeBench read DIR            reads it as `status` does; prints read_ms and heap_mb
 * ResumeBench runs DIR N          N small closed runs (10 tasks, 5 completed) beside it, for `runs`
 * </pre>
 */
public final class ResumeBench {
    static final String RUN = "bench";

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "prepare" -> prepare(dir, Integer.parseInt(args[2]));
            case "resume" -> resume(dir);
            case "read" -> read(dir);
            case "runs" -> runs(dir, Integer.parseInt(args[2]));
            default -> throw new IllegalArgumentException("prepare, resume or read, not " + args[0]);
        }
    }

    static void prepare(Path workspace, int tasks) throws Exception {
        Files.createDirectories(workspace);
        StoreOptions options = StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE);
        RunSettings settings = new RunSettings(null, 4, ApprovalMode.AUTO, SandboxMode.AUTO);
        try (FileRunStore store = FileRunStore.create(workspace, RUN, "Summarise the notes", "openai:scripted",
                null, settings, options)) {
            for (int i = 1; i <= tasks; i++) {
                store.createTask(new TaskDraft("Task " + i, "Do task " + i + " of the bench run", "general",
                        List.of(), Map.of(), Map.of("out", "out/task_" + i + ".md"), List.of("the output exists")));
            }
            ObjectNode call = ScriptedModel.JSON.createObjectNode().put("model", "openai:scripted")
                    .put("agent", "general").put("purpose", "task");
            call.set("usage", ScriptedModel.JSON.valueToTree(
                    new Usage(1200, 150, 0, 0, new BigDecimal("0.0060"), 900)));
            for (int i = 1; i < tasks; i++) {
                store.claim(i, "agent:general");
                store.append(EventType.LLM_CALL, i, call.deepCopy());
                store.append(EventType.LLM_CALL, i, call.deepCopy());
                store.append(EventType.FINDING_ADDED, i, ScriptedModel.JSON.createObjectNode()
                        .put("text", "finding of task " + i).put("agent", "general"));
                store.append(EventType.PROGRESS_NOTE, i, ScriptedModel.JSON.createObjectNode()
                        .put("text", "task #" + i + " completed (general, 2 steps, 1s): done"));
                store.complete(i, "task " + i + " is done");
            }
            store.setRunStatus(RunStatus.PAUSED, "bench: paused with one task to go");
        }
        System.out.println("events=" + FileRunStore.read(workspace, RUN).run().lastSeq());
    }

    static void runs(Path workspace, int runs) {
        StoreOptions options = StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE);
        RunSettings settings = new RunSettings(null, 4, ApprovalMode.AUTO, SandboxMode.AUTO);
        for (int r = 1; r <= runs; r++) {
            try (FileRunStore store = FileRunStore.create(workspace, String.format("small-%03d", r), "Goal " + r,
                    "openai:scripted", null, settings, options)) {
                for (int i = 1; i <= 10; i++) {
                    store.createTask(new TaskDraft("Task " + i, "Do task " + i, "general", List.of(), Map.of(),
                            Map.of(), List.of()));
                }
                for (int i = 1; i <= 5; i++) {
                    store.claim(i, "agent:general");
                    store.complete(i, "done");
                }
                store.setRunStatus(RunStatus.PAUSED, "bench");
            }
        }
    }

    static void resume(Path workspace) throws Exception {
        CountDownLatch claimed = new CountDownLatch(1);
        long[] claimedAt = new long[1];
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("bench", "# bench");
            default -> submitResult(true, "ok");
        });
        long start = System.nanoTime();
        try (Longtask longtask = Longtask.builder().workspace(workspace).home(workspace.resolve(".home"))
                .environment(Map.of()).llm(model, (in, out) -> Optional.of(BigDecimal.ZERO)).build()) {
            RunHandle handle = longtask.resume(RUN);
            try (Subscription events = handle.events(handle.sessionStart(), event -> {
                if (EventType.TASK_CLAIMED.equals(event.type()) && claimedAt[0] == 0) {
                    claimedAt[0] = System.nanoTime();
                    claimed.countDown();
                }
            })) {
                if (!claimed.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("no task was claimed within 60 s");
                }
                double resumeMs = (claimedAt[0] - start) / 1e6;
                long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
                double processMs = System.currentTimeMillis() - jvmStart - (System.nanoTime() - claimedAt[0]) / 1e6;
                double heap = heapMb();
                handle.interrupt("bench done");
                handle.await();
                System.out.printf(java.util.Locale.ROOT, "resume_ms=%.1f%nprocess_ms=%.1f%nheap_mb=%.1f%n",
                        resumeMs, processMs, heap);
            }
        }
    }

    static void read(Path workspace) {
        long start = System.nanoTime();
        RunSnapshot snapshot = FileRunStore.read(workspace, RUN);
        double readMs = (System.nanoTime() - start) / 1e6;
        double heap = heapMb();
        System.out.printf(java.util.Locale.ROOT, "read_ms=%.1f%nheap_mb=%.1f%ntasks=%d%n", readMs, heap,
                snapshot.tasks().size());
    }

    /** Heap in use after a full collection, in MB. */
    static double heapMb() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        return (runtime.totalMemory() - runtime.freeMemory()) / 1048576.0;
    }
}
