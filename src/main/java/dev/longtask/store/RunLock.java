package dev.longtask.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one-writer rule: an exclusive OS lock on {@code writer.lock} in the run directory, held while a store is
 * open for writing. The OS drops it when the process dies, so a crashed writer never blocks the next one.
 * The file holds the writer's pid so the refusal can name it. Readers never take it.
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
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(Path key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.channel = channel;
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
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new RunLockedException(runId, recordedPid(file), false);
        }
        channel.truncate(0);
        AtomicFiles.writeFully(channel.position(0), ByteBuffer.wrap(
                (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)));
        return new RunLock(file, channel, lock);
    }

    private static Long recordedPid(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
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
                channel.close();
            } finally {
                HELD_BY_THIS_PROCESS.remove(key);
            }
        }
    }
}
