package dev.longtask.store;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 of the first {@link #bytes()} bytes of {@code events.jsonl}, extended as the log grows. A checkpoint
 * records it, so an open that finds the log's first bytes unchanged knows they are the events the checkpoint was
 * made from (already checked when they were written or last opened) and parses only the events after them.
 */
final class LogDigest {
    private final MessageDigest digest;
    private long bytes;

    private LogDigest(MessageDigest digest, long bytes) {
        this.digest = digest;
        this.bytes = bytes;
    }

    static LogDigest empty() {
        return new LogDigest(newSha256(), 0);
    }

    static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java 17 runtime has SHA-256", e);
        }
    }

    /** Takes over {@code digest}, which has seen the first {@code bytes} bytes. */
    static LogDigest of(MessageDigest digest, long bytes) {
        return new LogDigest(digest, bytes);
    }

    long bytes() {
        return bytes;
    }

    /** Hex SHA-256 of the first {@code end} bytes of {@code log}, reading only what this digest has not seen yet. */
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
                    digest.update(buffer, 0, n);
                    left -= n;
                }
            }
            bytes = end;
        }
        return hex(digest);
    }

    /** The hex digest so far, leaving {@code digest} able to go on. */
    static String hex(MessageDigest digest) {
        try {
            return HexFormat.of().formatHex(((MessageDigest) digest.clone()).digest());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digests of the JDK can be cloned", e);
        }
    }
}
