package dev.longtask.tools.undo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What a runtime's checkpoints last wrote of each workspace's stat data ({@code .longtask/shadow/index}), kept in
 * memory with the trees as written: the next session of a run in that workspace starts from it instead of parsing the
 * index again and writing every tree of the workspace again, as long as the index is still the file this runtime
 * wrote (the same inode, size and time). An index another process (or a checkpoints without this memory) wrote since
 * is read from disk, as before. Owned by the runtime and passed down; thread-safe.
 */
public final class ScanMemory {
    /** Workspaces kept at most; past it the memory starts over rather than grow. */
    private static final int KEPT = 64;

    /** The index as written ({@code fileKey}, size, time) and what it said, with the trees of its files. */
    private record Kept(Object fileKey, long size, long mtimeNanos, Map<String, WorkspaceScan.Seen> known,
                        ShadowTrees trees) {
    }

    private final Map<Path, Kept> kept = new ConcurrentHashMap<>();

    /** {@code indexFile} was just written from {@code known} and {@code trees} (each copied here). */
    void wrote(Path indexFile, Map<String, WorkspaceScan.Seen> known, ShadowTrees trees) {
        BasicFileAttributes attrs = stat(indexFile);
        if (attrs == null) {
            kept.remove(indexFile);
            return;
        }
        if (kept.size() >= KEPT) {
            kept.clear();
        }
        kept.put(indexFile, new Kept(attrs.fileKey(), attrs.size(), attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS),
                new HashMap<>(known), trees.copy()));
    }

    /**
     * Fills {@code known} and answers the trees of what {@code indexFile} says, when it is still the file this
     * memory wrote; null (and {@code known} untouched) when it is not.
     */
    ShadowTrees recall(Path indexFile, Map<String, WorkspaceScan.Seen> known) {
        Kept last = kept.get(indexFile);
        if (last == null || last.fileKey() == null) {
            return null;
        }
        BasicFileAttributes attrs = stat(indexFile);
        if (attrs == null || !Objects.equals(attrs.fileKey(), last.fileKey()) || attrs.size() != last.size()
                || attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS) != last.mtimeNanos()) {
            return null;
        }
        known.putAll(last.known());
        return last.trees().copy();
    }

    private static BasicFileAttributes stat(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
    }
}
