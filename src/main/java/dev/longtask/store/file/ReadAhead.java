package dev.longtask.store.file;

import dev.longtask.model.JsonMapping;
import dev.longtask.store.RunLayout;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A run's state loaded ahead of its open, on a thread of its own, without the writer lock and without changing any
 * file: the log's scan, the newest good checkpoint's binding and the replay of the events after it, which are most of
 * what an open of a long run does. A resume starts it as soon as it knows the run, and the open (under the lock)
 * takes what it read only when the files it read are still as they were: the log and every file of the checkpoints'
 * directory the same size, time and file as before and after the read. Anything else (the run changed meanwhile, a
 * file that did not read, another directory) leaves the open to read the run itself, as it always did, and to report
 * what is wrong. Taken at most once: the open appends to what it takes.
 */
final class ReadAhead {
    private final Path directory;
    private final CompletableFuture<Read> read = new CompletableFuture<>();
    private final AtomicBoolean taken = new AtomicBoolean();

    /** What was read, and the files' stamp it was read from. */
    private record Read(List<Object> stamp, RunDirectory.Loaded loaded) {
    }

    private ReadAhead(Path directory) {
        this.directory = directory;
    }

    /** Starts reading run {@code runId} of {@code workspace}; one that cannot be read is left to the open. */
    static ReadAhead start(Path workspace, String runId) {
        Path dir;
        try {
            dir = RunDirectory.existing(workspace, runId);
        } catch (RuntimeException leftToTheOpen) {
            ReadAhead none = new ReadAhead(null);
            none.read.complete(null);
            return none;
        }
        ReadAhead ahead = new ReadAhead(normal(dir));
        Thread thread = new Thread(() -> ahead.read.complete(ahead.load(runId)), "longtask-read-ahead-" + runId);
        thread.setDaemon(true);
        thread.start();
        return ahead;
    }

    /** Reads now, on this thread (for tests); {@link #start} does it on a thread of its own. */
    static ReadAhead now(Path workspace, String runId) {
        ReadAhead ahead = new ReadAhead(normal(RunDirectory.existing(workspace, runId)));
        ahead.read.complete(ahead.load(runId));
        return ahead;
    }

    private Read load(String runId) {
        try {
            List<Object> before = stamp(directory);
            RunDirectory.Loaded loaded = RunDirectory.load(directory, runId, JsonMapping.MAPPER);
            return before.equals(stamp(directory)) ? new Read(before, loaded) : null;
        } catch (IOException | RuntimeException | Error leftToTheOpen) {
            // the open reads the run again and says what is wrong
            return null;
        }
    }

    /**
     * The run as read ahead, if it was read from {@code dir} and its files are still as they were then; else null
     * (read it). Waits for a read under way. The caller holds the run's writer lock, so nothing changes them after.
     */
    RunDirectory.Loaded take(Path dir) throws IOException {
        if (directory == null || !directory.equals(normal(dir)) || !taken.compareAndSet(false, true)) {
            return null;
        }
        Read done = read.join();
        return done != null && done.stamp().equals(stamp(directory)) ? done.loaded() : null;
    }

    /** Whether this reads run {@code runId} of {@code workspace} (a link to it too). */
    boolean reads(Path workspace, String runId) {
        try {
            return directory != null && directory.equals(normal(RunDirectory.existing(workspace, runId)));
        } catch (RuntimeException noSuchRun) {
            return false;
        }
    }

    private static Path normal(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException | RuntimeException gone) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /**
     * The size, time and file (inode) of the log and of every file of the checkpoints' directory: what a load reads.
     * The log only grows under the lock, and checkpoints are written by a rename, so any change shows here.
     */
    static List<Object> stamp(Path dir) throws IOException {
        List<Object> stamp = new ArrayList<>();
        stamp.add(stampOf(dir.resolve(RunLayout.EVENTS)));
        Path checkpoints = dir.resolve(RunLayout.CHECKPOINTS);
        if (Files.isDirectory(checkpoints)) {
            List<Path> files = new ArrayList<>();
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(checkpoints)) {
                stream.forEach(files::add);
            }
            files.sort(null);
            for (Path file : files) {
                stamp.add(stampOf(file));
            }
        }
        return stamp;
    }

    private static List<Object> stampOf(Path file) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return List.of(file.getFileName().toString(), attributes.size(), attributes.lastModifiedTime(),
                    Objects.toString(attributes.fileKey()));
        } catch (NoSuchFileException gone) {
            return List.of(file.getFileName().toString(), "gone");
        }
    }
}
