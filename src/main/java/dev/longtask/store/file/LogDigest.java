package dev.longtask.store.file;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * CRC-32C of the first {@link #bytes()} bytes of {@code events.jsonl}, extended as the log grows. A checkpoint
 * records it, so an open that finds the log's first bytes unchanged knows they are the events the checkpoint was
 * made from (already checked when they were written or last opened) and parses only the events after them.
 *
 * <p>A checksum against accidents (a disk, an editor, another run's log), not against someone forging a log: it is
 * computed by the processor's own instruction, even before the JIT has compiled anything, where SHA-256 of a 10,000
 * task log took a cold JVM the better part of a second.
 */
final class LogDigest {
    private final CRC32C crc;
    private long bytes;

    private LogDigest(CRC32C crc, long bytes) {
        this.crc = crc;
        this.bytes = bytes;
    }

    static LogDigest empty() {
        return new LogDigest(new CRC32C(), 0);
    }

    /** Takes over {@code crc}, which has seen the first {@code bytes} bytes. */
    static LogDigest of(CRC32C crc, long bytes) {
        return new LogDigest(crc, bytes);
    }

    long bytes() {
        return bytes;
    }

    /** Hex CRC-32C of the first {@code end} bytes of {@code log}, reading only what this digest has not seen yet. */
    String upTo(Path log, long end) throws IOException {
        if (end < bytes) {
            LogDigest fresh = empty();
            return fresh.upTo(log, end);
        }
        if (end > bytes) {
            byte[] buffer = new byte[1 << 16];
            try (RandomAccessFile in = new RandomAccessFile(log.toFile(), "r")) {
                in.seek(bytes);
                long left = end - bytes;
                while (left > 0) {
                    int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                    if (n < 0) {
                        throw new IOException(log + " ended before byte " + end);
                    }
                    crc.update(buffer, 0, n);
                    left -= n;
                }
            }
            bytes = end;
        }
        return hex(crc);
    }

    /** The checksum so far in hex; {@code crc} can go on. */
    static String hex(CRC32C crc) {
        return String.format("%08x", crc.getValue());
    }

    /** The hex CRC-32C of {@code bytes}. */
    static String of(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return hex(crc);
    }
}
