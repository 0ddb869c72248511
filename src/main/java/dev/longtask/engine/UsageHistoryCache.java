package dev.longtask.engine;

import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The usage histories a runtime read lately, kept parsed for as long as their files stay as they were: a server's
 * runs each read a workspace's history and the user's when they plan and again when they end, and every one of them
 * parsed up to a hundred records where one parse of an unchanged file serves them all. A file is the same while its
 * identity (its inode: a history is replaced whole, by a rename, at every write), size and time of change are;
 * anything else is read again. The {@value #FILES} files used last are kept. Safe from many threads.
 */
public final class UsageHistoryCache {
    static final int FILES = 16;

    private final Map<Path, Kept> kept = new LinkedHashMap<>(FILES * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Kept> eldest) {
            return size() > FILES;
        }
    };

    /** The records of {@code file} when it is still as {@code now} says it was when they were kept; else null. */
    synchronized List<RunRecord> get(Path file, BasicFileAttributes now) {
        Kept k = kept.get(file);
        return k != null && k.matches(now) ? k.records() : null;
    }

    /** Keeps {@code records} as what {@code file} holds while it stays as {@code stamp} says. */
    synchronized void put(Path file, BasicFileAttributes stamp, List<RunRecord> records) {
        if (stamp.fileKey() == null) {
            return; // no identity to tell a replaced file by
        }
        kept.put(file, new Kept(stamp.fileKey(), stamp.size(), stamp.lastModifiedTime(), List.copyOf(records)));
    }

    private record Kept(Object key, long size, FileTime modified, List<RunRecord> records) {
        boolean matches(BasicFileAttributes now) {
            return now.fileKey() != null && Objects.equals(key, now.fileKey()) && size == now.size()
                    && modified.equals(now.lastModifiedTime());
        }
    }
}
