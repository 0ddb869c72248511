package dev.longtask.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The append side of {@code events.jsonl}. Lines are written by one thread at a time (the store's append lock
 * orders them); durability is then awaited per the {@link FsyncPolicy}. With GROUPED, the first waiter becomes
 * the leader and fsyncs everything written so far; waiters that arrive meanwhile wait for the next fsync, which
 * covers them all. An fsync failure poisons the log: nobody is told an event is durable after that.
 */
final class EventLog implements AutoCloseable {

    /** The fsync itself; a seam so tests can hold one and see that nobody returns before it ends. */
    interface Syncer {
        void sync(FileChannel channel) throws IOException;
    }

    static final Syncer FDATASYNC = channel -> channel.force(false);

    private final Path file;
    private final FileChannel channel;
    private final FsyncPolicy policy;
    private final Syncer syncer;
    private final LongList lineEnds;
    private long position;
    private volatile long writtenSeq;

    private final ReentrantLock syncLock = new ReentrantLock();
    private final Condition syncEnded = syncLock.newCondition();
    private long durableSeq;
    private boolean syncing;
    private IOException failure;
    private long syncCount;

    private EventLog(Path file, FileChannel channel, FsyncPolicy policy, Syncer syncer, LogScan.Shape shape) {
        this.file = file;
        this.channel = channel;
        this.policy = policy;
        this.syncer = syncer;
        this.lineEnds = shape.lineEnds();
        this.position = shape.validLength();
        this.writtenSeq = shape.lastSeq();
        this.durableSeq = shape.lastSeq();
    }

    /** Opens the log for appending after {@code shape}, cutting off a torn tail first. */
    static EventLog open(Path file, FsyncPolicy policy, Syncer syncer, LogScan.Shape shape) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            if (channel.size() != shape.validLength()) {
                channel.truncate(shape.validLength());
                channel.force(false);
            }
            return new EventLog(file, channel, policy, syncer, shape);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    Path file() {
        return file;
    }

    /** Writes the line of {@code seq}. Callers hold the store's append lock, so lines land in seq order. */
    void write(long seq, byte[] line) throws IOException {
        if (seq != writtenSeq + 1) {
            throw new IllegalStateException("seq " + seq + " written after " + writtenSeq);
        }
        ByteBuffer buffer = ByteBuffer.wrap(line);
        long at = position;
        while (buffer.hasRemaining()) {
            at += channel.write(buffer, at);
        }
        position = at;
        lineEnds.add(at);
        writtenSeq = seq;
    }

    /**
     * With ALWAYS, fsyncs the line just written; callers still hold the append lock, so every event gets its own
     * fsync before the next is written. Other policies do nothing here.
     */
    void syncIfAlways() throws IOException {
        if (policy == FsyncPolicy.ALWAYS) {
            syncNow(writtenSeq);
        }
    }

    /** Returns once the event {@code seq} is durable per the policy; with GROUPED, shares the fsync with others. */
    void awaitDurable(long seq) throws IOException {
        if (policy == FsyncPolicy.NONE) {
            return;
        }
        syncLock.lock();
        try {
            while (durableSeq < seq) {
                if (failure != null) {
                    throw new IOException("an earlier fsync of " + file + " failed", failure);
                }
                if (syncing) {
                    syncEnded.awaitUninterruptibly();
                    continue;
                }
                syncing = true;
                long target = writtenSeq;
                IOException error = null;
                syncLock.unlock();
                try {
                    syncer.sync(channel);
                } catch (IOException e) {
                    error = e;
                } finally {
                    syncLock.lock();
                }
                syncing = false;
                syncCount++;
                if (error != null) {
                    failure = error;
                } else if (target > durableSeq) {
                    durableSeq = target;
                }
                syncEnded.signalAll();
            }
        } finally {
            syncLock.unlock();
        }
    }

    /** fsyncs now, whatever the policy: before a checkpoint, on close. */
    void forceNow() throws IOException {
        syncNow(writtenSeq);
    }

    private void syncNow(long upTo) throws IOException {
        syncLock.lock();
        try {
            if (failure != null) {
                throw new IOException("an earlier fsync of " + file + " failed", failure);
            }
            try {
                syncer.sync(channel);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
            syncCount++;
            if (upTo > durableSeq) {
                durableSeq = upTo;
            }
        } finally {
            syncLock.unlock();
        }
    }

    /** The highest seq a reader may be shown: durable, or with NONE, written. */
    long visibleSeq() {
        if (policy == FsyncPolicy.NONE) {
            return writtenSeq;
        }
        syncLock.lock();
        try {
            return durableSeq;
        } finally {
            syncLock.unlock();
        }
    }

    long writtenSeq() {
        return writtenSeq;
    }

    long syncCount() {
        syncLock.lock();
        try {
            return syncCount;
        } finally {
            syncLock.unlock();
        }
    }

    long endOf(long seq) {
        return seq == 0 ? 0 : lineEnds.get((int) (seq - 1));
    }

    /** The lines of the events after {@code seq} up to {@code lastSeq}, without their newlines. */
    List<byte[]> linesAfter(long seq, long lastSeq) throws IOException {
        List<byte[]> lines = new ArrayList<>();
        if (lastSeq <= seq) {
            return lines;
        }
        long start = endOf(seq);
        long end = endOf(lastSeq);
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(end - start));
        long at = start;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at);
            if (n < 0) {
                throw new IOException(file + " ended at byte " + at + " before byte " + end);
            }
            at += n;
        }
        byte[] bytes = buffer.array();
        int lineStart = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                byte[] line = new byte[i - lineStart];
                System.arraycopy(bytes, lineStart, line, 0, line.length);
                lines.add(line);
                lineStart = i + 1;
            }
        }
        return lines;
    }

    @Override
    public void close() throws IOException {
        try {
            if (failure == null) {
                forceNow();
            }
        } finally {
            channel.close();
        }
    }
}
