package dev.longtask.tools.undo;

import dev.longtask.model.bench.CheckpointFigures;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.eclipse.jgit.internal.storage.file.FileRepository;
import org.eclipse.jgit.internal.storage.file.GC;

/**
 * Measures what checkpoints cost on a generated workspace: the first read, then per task (its start, one write, its
 * end; a shell command's time is counted apart) over many tasks, a later process's open of the same workspace (its
 * stat data read back from the index), and the shadow repository's size before and after {@code gc}. For {@code
 * longtask bench checkpoints}; a measurement, never a test.
 */
public final class CheckpointBench {
    private CheckpointBench() {
    }

    public static CheckpointFigures run(Path dir, int files, long bytes, int tasks, int shells) throws IOException {
        Path root = Files.createDirectories(dir).toRealPath();
        Random random = new Random(42);
        long size = Math.max(1, bytes / files);
        byte[] block = new byte[(int) size];
        for (int i = 0; i < files; i++) {
            Path file = root.resolve("src/d" + (i % 100) + "/f" + i + ".txt");
            Files.createDirectories(file.getParent());
            random.nextBytes(block);
            for (int b = 0; b < block.length; b++) {
                block[b] = (byte) ('a' + (block[b] & 15));
            }
            Files.write(file, block);
        }
        long started = System.nanoTime();
        Checkpoints checkpoints = Checkpoints.open(root, "bench");
        long firstRead = (System.nanoTime() - started) / 1_000_000;
        if (!checkpoints.on()) {
            throw new IOException(checkpoints.offReason());
        }
        List<Double> taskMs = new ArrayList<>();
        List<Double> startMs = new ArrayList<>();
        List<Double> endMs = new ArrayList<>();
        List<Double> shellMs = new ArrayList<>();
        try (checkpoints) {
            for (int t = 1; t <= tasks; t++) {
                Path file = root.resolve("src/d" + (t % 100) + "/f" + (t % files) + ".txt");
                long begin = System.nanoTime();
                checkpoints.startAttempt(t, 1);
                startMs.add((System.nanoTime() - begin) / 1e6);
                checkpoints.beforeChange(t, file, "write");
                Files.writeString(file, "task " + t + "\n");
                checkpoints.afterChange(t, file);
                if (t <= shells) {
                    long shell = System.nanoTime();
                    Path made = root.resolve("shell-" + t);
                    try {
                        checkpoints.aroundShell(t, () -> Files.writeString(made, "x"));
                    } catch (Exception e) {
                        throw new IOException(e);
                    }
                    shellMs.add((System.nanoTime() - shell) / 1e6);
                }
                long end = System.nanoTime();
                checkpoints.endAttempt(t);
                endMs.add((System.nanoTime() - end) / 1e6);
                taskMs.add((System.nanoTime() - begin) / 1e6 - (t <= shells ? shellMs.get(t - 1) : 0));
            }
        }
        started = System.nanoTime();
        try (Checkpoints again = Checkpoints.open(root, "bench-2")) {
            if (!again.on()) {
                throw new IOException(again.offReason());
            }
        }
        long secondOpen = (System.nanoTime() - started) / 1_000_000;
        Path shadow = root.resolve(Checkpoints.DIRECTORY);
        long before = du(shadow);
        try (FileRepository repository = new FileRepository(shadow.toFile())) {
            GC gc = new GC(repository);
            gc.setAuto(false);
            gc.setExpireAgeMillis(0); // what stays once git's grace periods have passed
            gc.setPackExpireAgeMillis(0);
            gc.gc().get();
        } catch (Exception e) {
            throw new IOException("gc failed: " + e.getMessage(), e);
        }
        return new CheckpointFigures(files, bytes, firstRead, secondOpen, tasks, percentile(taskMs, 50), percentile(taskMs, 90),
                percentile(startMs, 50), percentile(endMs, 50), shellMs.isEmpty() ? 0 : percentile(shellMs, 50), before,
                du(shadow));
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100));
    }

    private static long du(Path dir) throws IOException {
        long[] total = {0};
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                total[0] += attrs.size();
                return FileVisitResult.CONTINUE;
            }
        });
        return total[0];
    }
}
