package dev.longtask.review.map;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A file's size, modification time and identity (its inode, where the file system has one) as the map last saw
 * them: while all three stay the same, the file is taken to hold what it held then, without reading it, as git's
 * index takes a file whose stat data it knows. A stamp is trusted only once its time is well in the past when it was
 * taken ({@link #settled}): a file written in the same tick of the clock as it was read could change again without
 * its time moving.
 */
record FileStamp(long size, long modifiedNanos, long identity) {
    /** How far before the moment of stamping a file's time must lie for its stamp to be trusted. */
    static final long UNSETTLED_NANOS = TimeUnit.SECONDS.toNanos(3);

    /** The stamp of a file as it is now, or null when it cannot be read (absent, or not a regular file). */
    static FileStamp of(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                return null;
            }
            return new FileStamp(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), Objects.hashCode(a.fileKey()));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Now, on the clock file times are written with, in nanoseconds since the epoch. */
    static long now() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Whether this stamp, taken at {@code stampedAtNanos}, may stand for the file's content later on. */
    boolean settled(long stampedAtNanos) {
        return modifiedNanos < stampedAtNanos - UNSETTLED_NANOS;
    }
}
