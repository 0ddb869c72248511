package dev.longtask.engine;

import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.IdentityHashMap;
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
 *
 * <p>With the records it keeps each one's JSON as the history's writer rendered it, so that a run's end, which writes
 * the file whole again, renders only its own record and not the hundred before it.
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
        put(file, stamp, records, Map.of());
    }

    /**
     * Keeps {@code records} as what {@code file} holds while it stays as {@code stamp} says, with the JSON of those
     * {@code rendered} holds (by identity).
     */
    synchronized void put(Path file, BasicFileAttributes stamp, List<RunRecord> records,
                          Map<RunRecord, byte[]> rendered) {
        if (stamp.fileKey() == null) {
            return; // no identity to tell a replaced file by
        }
        Map<RunRecord, byte[]> bytes = new IdentityHashMap<>();
        for (RunRecord r : records) {
            byte[] b = rendered.get(r);
            if (b != null) {
                bytes.put(r, b);
            }
        }
        kept.put(file, new Kept(stamp.fileKey(), stamp.size(), stamp.lastModifiedTime(), List.copyOf(records), bytes));
    }

    /**
     * The JSON kept for the records {@code file} holds, by identity: those of the list {@link #get} returned for it;
     * empty when none is kept.
     */
    synchronized Map<RunRecord, byte[]> rendered(Path file) {
        Kept k = kept.get(file);
        return k == null ? Map.of() : k.rendered();
    }

    private record Kept(Object key, long size, FileTime modified, List<RunRecord> records,
                        Map<RunRecord, byte[]> rendered) {
        boolean matches(BasicFileAttributes now) {
            return now.fileKey() != null && Objects.equals(key, now.fileKey()) && size == now.size()
                    && modified.equals(now.lastModifiedTime());
        }
    }
}
