package dev.longtask.store;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one-writer rule: an exclusive OS lock on {@code writer.lock} in the run directory, held while a store is
 * open for writing. The OS drops it when the process dies, so a crashed writer never blocks the next one.
 * The file holds the writer's pid so the refusal can name it. Readers never take it.
 *
 * <p>The file is a RandomAccessFile; its channel is used only for {@code tryLock} and the lock's release, which
 * ignore interrupts. Any interruptible channel operation would let an interrupt of the calling thread close the
 * channel, and with it drop the lock while the store is still open.
 */
final class RunLock implements AutoCloseable {
    static final String FILE = "writer.lock";

    /**
     * Lock files this JVM holds. OS record locks belong to the process, and on Linux closing ANY descriptor of the
     * file drops them, so a second open in the same process must be refused before it opens the file at all;
     * this set is that check. It mirrors OS state, which is itself per process.
     */
    private static final Set<Path> HELD_BY_THIS_PROCESS = ConcurrentHashMap.newKeySet();

    private final Path key;
    private final RandomAccessFile file;
    private final FileLock lock;

    private RunLock(Path key, RandomAccessFile file, FileLock lock) {
        this.key = key;
        this.file = file;
        this.lock = lock;
    }

    static RunLock acquire(Path runDirectory, String runId) throws IOException {
        Path file = runDirectory.toRealPath().resolve(FILE);
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
            handle.setLength(0);
            handle.write((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII));
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

    @Override
    public void close() throws IOException {
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
