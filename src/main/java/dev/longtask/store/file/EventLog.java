package dev.longtask.store.file;

import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.store.RunLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The append side of {@code events.jsonl}. Lines are written by one thread at a time (the store's append lock
 * orders them); durability is then awaited per the {@link FsyncPolicy}. With GROUPED, the first waiter becomes
 * the leader and fsyncs everything written so far; waiters that arrive meanwhile wait for the next fsync, which
 * covers them all. An fsync failure poisons the log: nobody is told an event is durable after that.
 *
 * <p>The file is a {@link RandomAccessFile}, not a FileChannel: the engine stops a run by interrupting the
 * threads that append, and an interrupt closes a FileChannel for every thread of the process. RandomAccessFile's
 * write, read and {@code getFD().sync()} ignore interrupts, and the waits here are uninterruptible, so an append
 * by an interrupted thread completes and leaves the thread's interrupt status as it was.
 */
final class EventLog implements AutoCloseable {

    /** The fsync itself; a seam so tests can hold one and see that nobody returns before it ends. */
    interface Syncer {
        void sync(RandomAccessFile file) throws IOException;
    }

    /** fsync(2) of the log; for an append, which changes the size, it costs what fdatasync(2) would. */
    static final Syncer FSYNC = file -> file.getFD().sync();

    private final Path file;
    /** The append handle. Only {@link #write} moves its file pointer (callers hold the append lock); reads open their own. */
    private final RandomAccessFile out;
    private final FsyncPolicy policy;
    private final Syncer syncer;
    /** The store's own record of what it wrote here (see {@link LogSeal}); each line is sealed before it is written. */
    private final LogSeal seal;
    private final LongList lineEnds;
    private long position;
    private volatile long writtenSeq;

    private final ReentrantLock syncLock = new ReentrantLock();
    private final Condition syncEnded = syncLock.newCondition();
    private long durableSeq;
    private boolean syncing;
    private IOException failure;
    private long syncCount;
    /** Events up to this one are wanted durable soon: nobody lingers for them ({@link #hurry}). */
    private long hurried;

    private EventLog(Path file, RandomAccessFile out, LogSeal seal, FsyncPolicy policy, Syncer syncer,
                     LogScan.Shape shape) {
        this.file = file;
        this.out = out;
        this.seal = seal;
        this.policy = policy;
        this.syncer = syncer;
        this.lineEnds = shape.lineEnds();
        this.position = shape.validLength();
        this.writtenSeq = shape.lastSeq();
        this.durableSeq = shape.lastSeq();
    }

    /** Opens the log for appending after {@code shape}, cutting off a torn tail first, and its seal. */
    static EventLog open(Path file, FsyncPolicy policy, Syncer syncer, LogScan.Shape shape) throws IOException {
        RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw");
        LogSeal seal = null;
        try {
            if (out.length() != shape.validLength()) {
                out.setLength(shape.validLength());
                out.getFD().sync();
            }
            out.seek(shape.validLength());
            seal = LogSeal.open(file.resolveSibling(RunLayout.SEAL), shape.lastSeq(),
                    (after, last) -> lines(file, shape.lineEnds(), after, last));
            return new EventLog(file, out, seal, policy, syncer, shape);
        } catch (IOException | RuntimeException e) {
            out.close();
            if (seal != null) {
                seal.close();
            }
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
        seal.add(line);
        out.write(line);
        position += line.length;
        lineEnds.add(position);
        writtenSeq = seq;
    }

    /** Notes in the seal the run's settings as the line just written left them (a line that changed them). */
    void sealSettings(String json) throws IOException {
        seal.settings(json);
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
        awaitDurable(seq, 0);
    }

    /**
     * As {@link #awaitDurable(long)}, but first lets up to {@code lingerNanos} pass for an fsync another caller takes
     * (one that must not wait) to cover the event too; only then fsyncs itself. For the store's settler, whose events
     * nobody waits for: a task's next commit usually follows its call record within that time, and the two then share
     * one fsync instead of the second waiting for the first's to end and then taking its own.
     */
    void awaitDurable(long seq, long lingerNanos) throws IOException {
        if (policy == FsyncPolicy.NONE) {
            return;
        }
        long lingerUntil = System.nanoTime() + lingerNanos;
        boolean interrupted = false;
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
                long left = lingerUntil - System.nanoTime();
                if (left > 0 && !interrupted && hurried < seq) {
                    try {
                        syncEnded.awaitNanos(left); // ends early when another caller's fsync ends
                    } catch (InterruptedException e) {
                        interrupted = true; // lingers no longer: fsyncs now, and keeps the status for its caller
                    }
                    continue;
                }
                syncing = true;
                long target = writtenSeq;
                IOException error = null;
                syncLock.unlock();
                try {
                    seal.sync();
                    syncer.sync(out);
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
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Ends the lingering of whoever awaits an event written so far ({@link #awaitDurable(long, long)}): something
     * written behind it is wanted durable soon (a claim, which its task awaits before it acts).
     */
    void hurry() {
        syncLock.lock();
        try {
            hurried = writtenSeq;
            syncEnded.signalAll();
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
                seal.sync();
                syncer.sync(out);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
            syncCount++;
            if (upTo > durableSeq) {
                durableSeq = upTo;
            }
            syncEnded.signalAll(); // a settler lingering for an fsync has had one
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
        return lines(file, lineEnds, seq, lastSeq);
    }

    private static List<byte[]> lines(Path file, LongList lineEnds, long seq, long lastSeq) throws IOException {
        List<byte[]> lines = new ArrayList<>();
        if (lastSeq <= seq) {
            return lines;
        }
        long start = seq == 0 ? 0 : lineEnds.get((int) (seq - 1));
        long end = lineEnds.get((int) (lastSeq - 1));
        byte[] bytes = new byte[Math.toIntExact(end - start)];
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(start);
            in.readFully(bytes);
        } catch (java.io.EOFException e) {
            throw new IOException(file + " ended before byte " + end, e);
        }
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
            try {
                out.close();
            } finally {
                seal.close();
            }
        }
    }
}
