package dev.longtask.store.file;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.EventData;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.Usage;
import dev.longtask.model.bench.StoreAppendFigures;
import dev.longtask.model.bench.StoreTaskFigures;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.Transcript;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One row of {@code longtask bench store}: a fresh run in a scratch directory, appended to by threads, measured
 * with what only the file store counts (its fsyncs, the projection files it writes). Every append is a whole
 * {@code llm.call} event: serialised, validated, written, made durable per the policy, and projected (task file,
 * run.json) before it returns.
 */
public final class StoreBench {
    private StoreBench() {
    }

    /** {@code total} {@code llm.call} appends spread over {@code taskCount} tasks of a new run under {@code scratch}. */
    public static StoreAppendFigures appends(Path scratch, FsyncPolicy policy, int threadCount, int total, int taskCount)
            throws Exception {
        Path workspace = Files.createTempDirectory(scratch, policy.wire() + "-");
        StoreOptions options = StoreOptions.defaults().withFsync(policy);
        try (FileRunStore store = FileRunStore.create(workspace, null, "store benchmark", "bench:none", null, options)) {
            for (int i = 0; i < taskCount; i++) {
                store.createTask(TaskDraft.of("task " + (i + 1)));
            }
            long syncsBefore = store.syncCount();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(threadCount);
            List<Future<long[]>> parts = new ArrayList<>();
            for (int t = 0; t < threadCount; t++) {
                int count = total / threadCount + (t < total % threadCount ? 1 : 0);
                int offset = t;
                parts.add(pool.submit(() -> {
                    long[] latencies = new long[count];
                    start.await();
                    for (int i = 0; i < count; i++) {
                        EventData.LlmCall data = new EventData.LlmCall("bench:none", "general", "step", 1, i,
                                new Usage(1000 + i, 200, 0, 0, new BigDecimal("0.0012"), 0));
                        long began = System.nanoTime();
                        store.append(1 + (offset + i) % taskCount, data);
                        latencies[i] = System.nanoTime() - began;
                    }
                    return latencies;
                }));
            }
            long began = System.nanoTime();
            start.countDown();
            long[] all = new long[0];
            for (Future<long[]> part : parts) {
                long[] latencies = part.get();
                long[] joined = Arrays.copyOf(all, all.length + latencies.length);
                System.arraycopy(latencies, 0, joined, all.length, latencies.length);
                all = joined;
            }
            double seconds = (System.nanoTime() - began) / 1e9;
            pool.shutdown();
            Arrays.sort(all);
            return new StoreAppendFigures(policy, threadCount, total, seconds, all[all.length / 2],
                    all[Math.max(0, (int) Math.ceil(all.length * 0.99) - 1)], store.syncCount() - syncsBefore);
        }
    }

    /**
     * {@code total} engine-like tasks of a new run under {@code scratch}: the calls a task's agent makes on the
     * store, in the engine's order and way, by worker threads taking the tasks one after another.
     */
    public static StoreTaskFigures tasks(Path scratch, FsyncPolicy policy, int threadCount, int total) throws Exception {
        Path workspace = Files.createTempDirectory(scratch, "tasks-" + policy.wire() + "-");
        ObjectMapper json = JsonMapping.newMapper();
        StoreOptions options = StoreOptions.defaults().withFsync(policy);
        try (FileRunStore store = FileRunStore.create(workspace, null, "store benchmark", "bench:none", null, options)) {
            for (int i = 0; i < total; i++) {
                store.createTask(TaskDraft.of("task " + (i + 1)));
            }
            long syncsBefore = store.syncCount();
            long filesBefore = store.projectionFilesWritten();
            AtomicInteger next = new AtomicInteger(1);
            AtomicInteger events = new AtomicInteger();
            long[] latencies = new long[total];
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(threadCount);
            List<Future<?>> parts = new ArrayList<>();
            for (int t = 0; t < threadCount; t++) {
                String owner = "worker-" + t;
                parts.add(pool.submit(() -> {
                    start.await();
                    for (int id = next.getAndIncrement(); id <= total; id = next.getAndIncrement()) {
                        long began = System.nanoTime();
                        events.addAndGet(runTask(store, json, id, owner));
                        latencies[id - 1] = System.nanoTime() - began;
                    }
                    return null;
                }));
            }
            long began = System.nanoTime();
            start.countDown();
            for (Future<?> part : parts) {
                part.get();
            }
            double seconds = (System.nanoTime() - began) / 1e9;
            pool.shutdown();
            Arrays.sort(latencies);
            return new StoreTaskFigures(policy, threadCount, total, events.get(), seconds, latencies[total / 2],
                    latencies[Math.max(0, (int) Math.ceil(total * 0.99) - 1)], store.syncCount() - syncsBefore,
                    store.projectionFilesWritten() - filesBefore);
        }
    }

    /** One engine-like task's calls on the store; returns how many events it appended. */
    private static int runTask(FileRunStore store, ObjectMapper json, int id, String owner) {
        if (store.claimBehind(id, owner).isEmpty()) {
            throw new IllegalStateException("task " + id + " was not ready");
        }
        Transcript transcript = store.transcript(id);
        transcript.append(json.createObjectNode().put("role", "system").put("content", "You are a bench agent."));
        transcript.append(json.createObjectNode().put("role", "user").put("content", "Do task " + id + "."));
        for (int call = 1; call <= 2; call++) {
            if (call == 1) {
                store.awaitWritten();
            }
            store.appendBehind(id, new EventData.LlmCall("bench:none", "general", "step", call, 40,
                    new Usage(1000 + id, 200, 0, 0, new BigDecimal("0.0012"), 0)));
            transcript.append(json.createObjectNode().put("role", "assistant").put("content", "step " + call));
            transcript.append(json.createObjectNode().put("role", "tool").put("content", "ok"));
        }
        ObjectNode result = json.createObjectNode().put("task", id).put("success", true).put("summary", "done " + id);
        result.putArray("findings").add("finding of task " + id);
        store.finish(id, true, "done " + id, List.of(
                new EventData.FindingAdded("finding of task " + id, "general", "submit_result"),
                new EventData.ProgressNote("task #" + id + " completed")), result);
        return 6;
    }
}
