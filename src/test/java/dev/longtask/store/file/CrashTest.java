package dev.longtask.store.file;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.longtask.model.Event;
import dev.longtask.model.Task;
import dev.longtask.store.AtomicFiles;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.RunState;
import dev.longtask.store.StoreFixtures;
import dev.longtask.model.run.StoreOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Durability under kill -9: a writer in a child JVM works a run from several threads and prints each event it
 * was told is durable; the test kills it at random moments (SIGKILL: Process.destroyForcibly on Linux), and
 * after each kill checks that every acknowledged event is in the log, a reader sees nothing half-written, and
 * after a write open the projections are exactly what the log implies. The same run goes through every
 * iteration, so each child also starts by recovering from the previous kill.
 */
class CrashTest {
    private static final String RUN = "20261125-213000-dead";
    /**
     * Kills per policy. Each child JVM costs seconds of CPU on a loaded machine; six kills at random points (five of
     * them after recovering from the previous kill) per policy, twelve in all, keep the sampling without doubling it.
     */
    private static final int ITERATIONS = 6;
    private static final String EOF = "\u0000EOF";

    @TempDir
    Path workspace;

    static StoreOptions options(FsyncPolicy policy) {
        return StoreOptions.defaults().withSecrets(List.of()).withFsync(policy).withCheckpointEvery(9);
    }

    @ParameterizedTest
    @EnumSource(value = FsyncPolicy.class, names = {"ALWAYS", "GROUPED"})
    void killedWriterLosesNoAcknowledgedEventAndLeavesNothingHalfWritten(FsyncPolicy policy) throws Exception {
        FileRunStore.create(workspace, RUN, "survive kill -9", null, null, options(policy)).close();
        Path dir = workspace.resolve(".longtask/runs/" + RUN);
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        Map<Long, String> acknowledged = new TreeMap<>();
        for (int i = 0; i < ITERATIONS; i++) {
            String context = "policy " + policy + ", seed " + seed + ", iteration " + i;
            int threads = policy == FsyncPolicy.GROUPED ? 4 : 1 + random.nextInt(2);
            Path stderr = Files.createTempFile(workspace, "child", ".err");
            Process child = new ProcessBuilder(ChildJvm.testMain(CrashWriter.class, List.of("-Xmx256m"),
                    workspace.toString(), RUN, policy.wire(), String.valueOf(threads), String.valueOf(random.nextLong())))
                    .redirectError(stderr.toFile())
                    .start();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Thread reader = readLines(child, lines);
            try {
                String ready = next(lines, "READY", context, stderr);
                if (i == 0) {
                    long pid = Long.parseLong(ready.substring("READY ".length()));
                    assertThatThrownBy(() -> FileRunStore.open(workspace, RUN, options(policy)))
                            .isInstanceOfSatisfying(RunLockedException.class, e -> {
                                assertThat(e.pid()).isEqualTo(pid);
                                assertThat(e).hasMessageContaining(RUN).hasMessageContaining("process " + pid);
                            });
                }
                int killAfter = 1 + random.nextInt(60);
                for (int seen = 0; seen < killAfter; seen++) {
                    record(next(lines, "ACK", context, stderr), acknowledged);
                }
            } finally {
                child.destroyForcibly();
            }
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).as(context).isTrue();
            reader.join(20_000);
            for (String line = lines.poll(); line != null; line = lines.poll()) {
                if (line.startsWith("ERROR")) {
                    fail(context + ": the writer failed: " + line + "\n" + Files.readString(stderr));
                }
                if (line.startsWith("ACK ")) {
                    record(line, acknowledged);
                }
            }
            verifyAfterKill(dir, policy, acknowledged, context);
        }
        assertThat(acknowledged.size()).as("events acknowledged over all kills").isGreaterThan(ITERATIONS);
    }

    private void verifyAfterKill(Path dir, FsyncPolicy policy, Map<Long, String> acknowledged, String context)
            throws IOException {
        long lastAcknowledged = acknowledged.isEmpty() ? 0 : ((TreeMap<Long, String>) acknowledged).lastKey();

        // A reader, before any repair: every task file parses (read() checks them) and the log holds every ack.
        RunSnapshot before = FileRunStore.read(workspace, RUN);
        assertThat(before.run().lastSeq()).as(context).isGreaterThanOrEqualTo(lastAcknowledged);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve("tasks"), "task_*.json")) {
            for (Path file : files) {
                Task task = StoreFixtures.JSON.readValue(file.toFile(), Task.class);
                assertThat(task.id()).as(context + ": a projection is never ahead of the log").isLessThanOrEqualTo(before.tasks().size());
            }
        }

        try (FileRunStore store = FileRunStore.open(workspace, RUN, options(policy))) {
            List<Event> events = store.eventsAfter(0);
            acknowledged.forEach((seq, what) -> {
                Event event = events.get((int) (seq - 1));
                assertThat(event.seq()).isEqualTo(seq);
                assertThat(event.type() + " " + event.task()).as(context + ": acknowledged event " + seq).isEqualTo(what);
            });
            RunState replayed = StoreFixtures.fullReplay(dir);
            assertThat(store.run()).as(context + ": checkpoint + replay equals a full replay").isEqualTo(replayed.run());
            assertThat(store.tasks()).as(context).isEqualTo(replayed.tasks());
            StoreFixtures.assertProjectionsMatch(dir, replayed);
            try (Stream<Path> all = Files.walk(dir)) {
                assertThat(all.filter(p -> AtomicFiles.isTemp(p.getFileName().toString())).toList())
                        .as(context + ": temp files are removed on a write open").isEmpty();
            }
            try (DirectoryStream<Path> transcripts = Files.newDirectoryStream(dir.resolve("transcripts"))) {
                for (Path transcript : transcripts) {
                    try (FileTranscript reopened = new FileTranscript(transcript, StoreFixtures.JSON, dev.longtask.model.Secrets.NONE)) {
                        for (String line : Files.readAllLines(transcript)) {
                            StoreFixtures.JSON.readTree(line);
                        }
                    }
                }
            }
        }
    }

    private static void record(String ack, Map<Long, String> acknowledged) {
        String[] parts = ack.split(" ", 3);
        String previous = acknowledged.put(Long.parseLong(parts[1]), parts[2]);
        if (previous != null && !previous.equals(parts[2])) {
            fail("seq " + parts[1] + " acknowledged twice, as '" + previous + "' and as '" + parts[2] + "'");
        }
    }

    /** The next line of the protocol starting with {@code prefix}, skipping log output; fails on ERROR or silence. */
    private static String next(BlockingQueue<String> lines, String prefix, String context, Path stderr) throws Exception {
        while (true) {
            String line = lines.poll(60, TimeUnit.SECONDS);
            if (line == null || line.equals(EOF) || line.startsWith("ERROR")) {
                fail(context + ": the writer stopped before '" + prefix + "': " + line + "\n" + Files.readString(stderr));
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    private static Thread readLines(Process child, BlockingQueue<String> lines) {
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the child died mid-line: what was read is all it said
            }
            lines.add(EOF);
        }, "crash-test-reader");
        reader.setDaemon(true);
        reader.start();
        return reader;
    }
}
