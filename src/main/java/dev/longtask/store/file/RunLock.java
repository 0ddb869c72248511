package dev.longtask.store.file;

import dev.longtask.store.AtomicFiles;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunLockedException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one-writer rule: an exclusive OS lock on {@code writer.lock} in the run directory, held while a store is
 * open for writing. The OS drops it when the process dies, so a crashed writer never blocks the next one.
 * The file holds the writer's pid while it writes (emptied on a clean close), so the refusal can name it and a
 * reader can tell a live writer from one that died ({@link #liveWriter}). Readers never take the lock.
 *
 * <p>The file is a RandomAccessFile; its channel is used only for {@code tryLock} and the lock's release, which
 * ignore interrupts. Any interruptible channel operation would let an interrupt of the calling thread close the
 * channel, and with it drop the lock while the store is still open.
 */
final class RunLock implements AutoCloseable {

    /**
     * Lock files this JVM holds. OS record locks belong to the process, and on Linux closing ANY descriptor of the
     * file drops them, so a second open in the same process must be refused before it opens the file at all;
     * this set is that check. It mirrors OS state, which is itself per process.
     */
    private static final Set<Path> HELD_BY_THIS_PROCESS = ConcurrentHashMap.newKeySet();
    /** How a note of why the writer stopped starts, in place of a pid. */
    private static final String STOPPED = "stopped: ";

    private final Path key;
    private final RandomAccessFile file;
    private final FileLock lock;

    private RunLock(Path key, RandomAccessFile file, FileLock lock) {
        this.key = key;
        this.file = file;
        this.lock = lock;
    }

    static RunLock acquire(Path runDirectory, String runId) throws IOException {
        Path file = runDirectory.toRealPath().resolve(RunLayout.WRITER_LOCK);
        if (!HELD_BY_THIS_PROCESS.add(file)) {
            throw new RunLockedException(runId, ProcessHandle.current().pid(), true);
        }
        try {
            return lock(file, runId);
        } catch (IOException | RuntimeException e) {
            HELD_BY_THIS_PROCESS.remove(file);
            throw e;
        }
    }

    private static RunLock lock(Path file, String runId) throws IOException {
        RandomAccessFile handle = new RandomAccessFile(file.toFile(), "rw");
        FileLock lock;
        try {
            lock = handle.getChannel().tryLock();
            if (lock == null) {
                handle.close();
                throw new RunLockedException(runId, recordedPid(file), false);
            }
            // over what was there, not after emptying it: the file keeps its block, so a note on a full disk fits
            byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
            handle.seek(0);
            handle.write(pid);
            handle.setLength(pid.length);
        } catch (IOException | RuntimeException e) {
            handle.close();
            throw e;
        }
        return new RunLock(file, handle, lock);
    }

    private static Long recordedPid(Path file) {
        try {
            String text = new String(AtomicFiles.readAll(file), StandardCharsets.US_ASCII).trim();
            return text.isEmpty() ? null : Long.valueOf(text);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    /**
     * The pid of the process writing the run now, read without touching the lock: the pid the lock file holds,
     * if that process is alive and started before the file was last written (so a pid the OS reused for a later
     * process does not count). Empty when no one writes, or the writer died.
     */
    static Optional<Long> liveWriter(Path runDirectory) {
        Path file = runDirectory.resolve(RunLayout.WRITER_LOCK);
        Long pid = recordedPid(file);
        if (pid == null) {
            return Optional.empty();
        }
        if (pid == ProcessHandle.current().pid()) {
            return HELD_BY_THIS_PROCESS.contains(realPath(file)) ? Optional.of(pid) : Optional.empty();
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return Optional.empty();
        }
        Optional<Instant> started = process.get().info().startInstant();
        try {
            Instant written = Files.getLastModifiedTime(file).toInstant();
            // Start times are rounded to a clock tick; a second of slack keeps a real writer counted.
            return started.isEmpty() || !started.get().isAfter(written.plusSeconds(1)) ? Optional.of(pid)
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.of(pid);
        }
    }

    private static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return file;
        }
    }

    /**
     * Why the writer stopped, when it left a note in the lock file ({@link #closeStopped}) and no process writes the
     * run since; empty otherwise.
     */
    static Optional<String> stopNote(Path runDirectory) {
        try {
            String text = new String(AtomicFiles.readAll(runDirectory.resolve(RunLayout.WRITER_LOCK)),
                    StandardCharsets.UTF_8).strip();
            return text.startsWith(STOPPED) ? Optional.of(text.substring(STOPPED.length())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() throws IOException {
        closeStopped(null);
    }

    /**
     * Lets go of the run, leaving {@code note} (why it stopped without recording so, e.g. a full disk) in the lock
     * file for readers; written over the pid, in the block the file already has, so it needs no free space on the
     * usual file systems. Null leaves the file empty, as a clean close does.
     */
    void closeStopped(String note) throws IOException {
        try {
            if (note != null) {
                byte[] text = (STOPPED + note.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8);
                file.seek(0);
                file.write(text);
                file.setLength(text.length);
            } else {
                // No pid in the file: a reader sees at once that no one writes, even while this process lives on.
                file.setLength(0);
            }
        } catch (IOException e) {
            try {
                file.setLength(0);
            } catch (IOException alsoNot) {
                // The lock is released below all the same; a reader then checks whether the recorded pid lives.
            }
        }
        try {
            lock.release();
        } finally {
            try {
                file.close();
            } finally {
                HELD_BY_THIS_PROCESS.remove(key);
            }
        }
    }
}
