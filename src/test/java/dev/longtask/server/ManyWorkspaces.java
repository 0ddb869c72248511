package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.api.Longtask;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One long-lived in-process server whose runtime builds its model clients from settings (as {@code serve} does),
 * against the scripted model over real HTTP, carrying run after run, each in a workspace of its own; and what the
 * process holds after a full GC: threads, open file descriptors, heap.
 */
final class ManyWorkspaces implements AutoCloseable {
    /** What the process held after {@code runs} runs, measured after a full GC. */
    record Sample(int runs, int threads, long fds, long heapBytes) {
    }

    private final ScriptedProvider model;
    private final ServerFixture server;
    private int runs;

    private ManyWorkspaces(ScriptedProvider model, ServerFixture server) {
        this.model = model;
        this.server = server;
    }

    /** A server over {@code dir} with {@code maxRuns} pool slots and a scripted model of one task a run. */
    static ManyWorkspaces start(Path dir, int maxRuns) throws IOException {
        ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 1, Duration.ZERO, null, 0, 0,
                null));
        Approvals approvals = new Approvals();
        Longtask runtime = Longtask.builder().environment(Map.of("OPENAI_API_KEY", "sk-scripted")).home(null)
                .model("openai:scripted").baseUrl(model.baseUrl()).fsync(FsyncPolicy.NONE).approver(approvals)
                .build();
        RunBackend backend = new ApiBackend(runtime, StoreOptions.defaults().withSecrets(List.of())
                .withFsync(FsyncPolicy.NONE));
        return new ManyWorkspaces(model, ServerFixture.start(dir, o -> o.withMaxRuns(maxRuns), backend, approvals));
    }

    /** Submits {@code count} runs, each in a new workspace, and waits for every one of them to complete. */
    void run(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path ws;
            try {
                ws = EngineFixture.workspace(Files.createDirectories(server.root.resolve("ws-" + (runs + i))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ids.add(submit(ws, "Summarise the notes of workspace " + (runs + i)));
        }
        for (String id : ids) {
            ServerFixture.await("run " + id + " to complete", Duration.ofMinutes(3),
                    () -> "done".equals(server.run(id).path("pool").path("state").asText()));
            assertThat(server.run(id).path("status").asText()).as("run %s", id).isEqualTo("completed");
        }
        runs += count;
        // The scripted model keeps every request it saw, for tests that read them: not the server's memory.
        model.seen.clear();
    }

    private String submit(Path ws, String goal) {
        try {
            var r = server.post("/api/runs", ServerFixture.JSON.writeValueAsString(Map.of("goal", goal, "workdir",
                    ws.toRealPath().toString())));
            assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
            return ServerFixture.JSON.readTree(r.body()).path("run_id").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the process holds now, after a full GC. */
    Sample sample() {
        System.gc();
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return new Sample(runs, ManagementFactory.getThreadMXBean().getThreadCount(), openFiles(),
                rt.totalMemory() - rt.freeMemory());
    }

    /**
     * The first sample at which threads and descriptors are within {@code bound}: a java.net.http client's selector
     * thread ends a few seconds after the client became garbage, so what is let go shows only after a while.
     */
    Sample settled(Sample bound, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        Sample now = sample();
        while ((now.threads() > bound.threads() || now.fds() > bound.fds()) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            now = sample();
        }
        return now;
    }

    /**
     * The heap in use after a full GC, the least of a few tries: what a reference keeps, without the garbage a
     * thread of the server made meanwhile.
     */
    long leastHeap() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return least;
    }

    static long openFiles() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        model.close();
    }
}
