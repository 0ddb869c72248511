package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.util.FS;

/**
 * The workspace as checkpoints last saw it, like git's index: for every file kept, its content (stored as a blob in
 * the shadow repository) with the size, modification time and inode it had when it was read. A file whose stat data
 * did not change is not read again; one modified within the file system's clock granularity of its reading is read
 * every time (git's "racily clean" rule). The stat data is kept across processes in {@code .longtask/shadow/index}
 * (a git index written with JGit's DirCache), so a run's first read of a workspace it saw before hashes only what
 * changed; the first read ever writes every blob into one pack with one fsync.
 *
 * <p>A full {@link #scan} walks the workspace (a run's start, around each shell command); {@link #refresh} looks at
 * one file (what a {@code write} or {@code edit} touches). The trees of the workspace are kept per directory
 * ({@link ShadowTrees}), so {@link #tree} writes only what changed. Every method is serialised.
 */
final class WorkspaceScan {
    /** A workspace checkpoints cannot keep: more files or bytes than allowed. */
    static final class TooLarge extends IOException {
        TooLarge(String message) {
            super(message);
        }
    }

    /** How long after a file's modification its stat data alone cannot be trusted: the clock's granularity. */
    private static final long RACY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** More files to store than this in one scan go into one pack, fsynced once, instead of one file each. */
    private static final int PACK_THRESHOLD = 64;
    private static final String WORKSPACE_REF = "refs/longtask/workspace";

    /** A file as last read: its stat data, when it was read (wall clock, ns), and its stored content. */
    private record Seen(long size, long mtimeNanos, Object fileKey, long readAtNanos, FileState state) {
        boolean matches(BasicFileAttributes attrs, FileMode mode) {
            long mtime = attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS);
            long granularity = mtime % 1_000_000_000L == 0 ? TimeUnit.SECONDS.toNanos(2) : RACY_NANOS;
            return size == attrs.size() && mtimeNanos == mtime && mode.equals(state.mode())
                    && (fileKey == null || Objects.equals(fileKey, attrs.fileKey()))
                    && mtime + granularity < readAtNanos;
        }
    }

    private final ShadowRepository repository;
    private final Excludes excludes;
    private final CheckpointLimits limits;
    private final Path indexFile;
    private final Map<String, Seen> known = new HashMap<>();
    private final ShadowTrees trees = new ShadowTrees();
    /** Full reads of the workspace so far: what a shell command costs is counted in them. */
    private long walks;

    WorkspaceScan(ShadowRepository repository, Excludes excludes, CheckpointLimits limits) {
        this(repository, excludes, limits, repository.gitDir().resolve("index"));
    }

    /** {@code indexFile}: where the stat data is kept across processes; null for none (a task's tree). */
    WorkspaceScan(ShadowRepository repository, Excludes excludes, CheckpointLimits limits, Path indexFile) {
        this.repository = repository;
        this.excludes = excludes;
        this.limits = limits;
        this.indexFile = indexFile;
        if (indexFile != null) {
            load();
        }
    }

    Excludes excludes() {
        return excludes;
    }

    CheckpointLimits limits() {
        return limits;
    }

    /** Reads the whole workspace, storing what changed; answers every file kept, by path. */
    synchronized Map<String, FileState> scan() throws IOException {
        Map<String, BasicFileAttributes> found = walk();
        List<Map.Entry<String, BasicFileAttributes>> toRead = new ArrayList<>();
        for (Map.Entry<String, BasicFileAttributes> file : found.entrySet()) {
            Seen seen = known.get(file.getKey());
            if (seen == null || !seen.matches(file.getValue(), mode(file.getValue()))) {
                toRead.add(file);
            }
        }
        Set<String> gone = new HashSet<>(known.keySet());
        gone.removeAll(found.keySet());
        gone.forEach(this::forget);
        if (toRead.size() > PACK_THRESHOLD) {
            try (ObjectInserter pack = repository.newPackInserter()) {
                for (Map.Entry<String, BasicFileAttributes> file : toRead) {
                    read(file.getKey(), file.getValue(), pack);
                }
                repository.flushPack(pack);
            }
        } else {
            for (Map.Entry<String, BasicFileAttributes> file : toRead) {
                read(file.getKey(), file.getValue(), null);
            }
        }
        return files();
    }

    synchronized long walks() {
        return walks;
    }

    /** Every file kept as last seen, by path (no reading). */
    synchronized Map<String, FileState> files() {
        Map<String, FileState> files = new HashMap<>(known.size() * 2);
        known.forEach((path, seen) -> files.put(path, seen.state()));
        return files;
    }

    /**
     * Looks at one file (relative path) now: stores its content when it changed since last seen (durable when this
     * returns) and answers it; null when it does not exist (or is not a file).
     */
    synchronized FileState refresh(String path) throws IOException {
        Path file = excludes.root().resolve(path);
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            attrs = null;
        }
        if (attrs == null || !(attrs.isRegularFile() || attrs.isSymbolicLink())) {
            forget(path);
            return null;
        }
        Seen seen = known.get(path);
        if (seen != null && seen.matches(attrs, mode(attrs))) {
            return seen.state();
        }
        Seen read = read(path, attrs, null);
        return read == null ? null : read.state();
    }

    /** The tree of the workspace as last seen, written where it changed. */
    synchronized ObjectId tree() throws IOException {
        return trees.write(repository.looseObjects());
    }

    /**
     * Keeps the stat data for the next process (a cache: losing it costs a re-read, nothing else), and the workspace as
     * last seen under {@code refs/longtask/workspace}, so that packing the repository keeps every blob it names.
     */
    synchronized void save() {
        if (indexFile == null) {
            return;
        }
        try {
            repository.commit(WORKSPACE_REF, tree(), null, "the workspace as checkpoints last read it");
            DirCache index = DirCache.lock(indexFile.toFile(), FS.DETECTED);
            try {
                DirCacheBuilder builder = index.builder();
                known.forEach((path, seen) -> {
                    if (seen.size() > Integer.MAX_VALUE) {
                        return;
                    }
                    DirCacheEntry entry = new DirCacheEntry(path);
                    entry.setFileMode(seen.state().mode());
                    entry.setObjectId(seen.state().id());
                    entry.setLength(seen.size());
                    entry.setLastModified(Instant.EPOCH.plusNanos(seen.mtimeNanos()));
                    builder.add(entry);
                });
                builder.finish();
                index.write();
                index.commit();
            } finally {
                index.unlock();
            }
        } catch (IOException | RuntimeException e) {
            // only a cache: the next process reads the workspace again
        }
    }

    /** Whether checkpoints leave {@code path} (relative, forward slashes) out. */
    boolean excluded(String path) {
        Deque<IgnoreScope> scopes = new ArrayDeque<>();
        Path root = excludes.root();
        String[] names = path.split("/");
        StringBuilder prefix = new StringBuilder();
        scopes.push(new IgnoreScope("", excludes.gitignore(root)));
        for (int i = 0; i < names.length; i++) {
            boolean last = i == names.length - 1;
            String at = prefix + names[i];
            if (excluded(at, !last, scopes)) {
                return true;
            }
            if (!last) {
                scopes.push(new IgnoreScope(at + "/", excludes.gitignore(root.resolve(at))));
                prefix.append(names[i]).append('/');
            }
        }
        return false;
    }

    private void load() {
        if (!Files.isRegularFile(indexFile)) {
            return;
        }
        try {
            long writtenAt = Files.getLastModifiedTime(indexFile).to(TimeUnit.NANOSECONDS);
            DirCache index = DirCache.read(indexFile.toFile(), FS.DETECTED);
            for (int i = 0; i < index.getEntryCount(); i++) {
                DirCacheEntry entry = index.getEntry(i);
                if (entry.isSmudged() || entry.getStage() != 0) {
                    continue; // racily clean when it was written: read again
                }
                Instant mtime = entry.getLastModifiedInstant();
                long mtimeNanos = TimeUnit.SECONDS.toNanos(mtime.getEpochSecond()) + mtime.getNano();
                remember(entry.getPathString(), new Seen(entry.getLength(), mtimeNanos, null, writtenAt,
                        new FileState(entry.getObjectId(), entry.getFileMode())));
            }
        } catch (IOException | RuntimeException e) {
            known.clear(); // a damaged cache: start over
        }
    }

    private Map<String, BasicFileAttributes> walk() throws IOException {
        walks++;
        Map<String, BasicFileAttributes> found = new HashMap<>(Math.max(16, known.size() * 2));
        long[] bytes = {0};
        Path root = excludes.root();
        Deque<IgnoreScope> scopes = new ArrayDeque<>();
        Files.walkFileTree(root, new FileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (!dir.equals(root) && excluded(relative(root, dir), true, scopes)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                IgnoreNode node = excludes.gitignore(dir);
                scopes.push(new IgnoreScope(dir.equals(root) ? "" : relative(root, dir) + "/", node));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String path = relative(root, file);
                if (!(attrs.isRegularFile() || attrs.isSymbolicLink()) || excluded(path, false, scopes)) {
                    return FileVisitResult.CONTINUE;
                }
                if (found.size() >= limits.maxFiles()) {
                    throw new TooLarge("the workspace has more than " + limits.maxFiles() + " files to keep");
                }
                bytes[0] += attrs.size();
                if (bytes[0] > limits.maxBytes()) {
                    throw new TooLarge("the workspace has more than " + megabytes(limits.maxBytes()) + " to keep");
                }
                found.put(path, attrs);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // gone meanwhile, or unreadable: not kept, like git
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                scopes.pop();
                return FileVisitResult.CONTINUE;
            }
        });
        return found;
    }

    /** Reads and stores one file ({@code pack}: into that batch; null: durably, on its own). */
    private Seen read(String path, BasicFileAttributes attrs, ObjectInserter pack) throws IOException {
        long readAt = System.currentTimeMillis() * 1_000_000L;
        Path file = excludes.root().resolve(path);
        FileMode mode = mode(attrs);
        ObjectId id;
        try {
            id = mode == FileMode.SYMLINK
                    ? repository.insertBlob(Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8),
                            pack)
                    : repository.insertBlob(file, attrs.size(), pack);
        } catch (NoSuchFileException gone) {
            forget(path);
            return null;
        }
        Seen seen = new Seen(attrs.size(), attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS), attrs.fileKey(),
                readAt, new FileState(id, mode));
        remember(path, seen);
        return seen;
    }

    private void remember(String path, Seen seen) {
        Seen before = known.put(path, seen);
        if (before == null || !before.state().equals(seen.state())) {
            trees.put(path, seen.state());
        }
    }

    private void forget(String path) {
        Seen before = known.remove(path);
        if (before != null) {
            trees.put(path, null);
        }
    }

    private static String megabytes(long bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MB" : bytes + " bytes";
    }

    private static FileMode mode(BasicFileAttributes attrs) {
        if (attrs.isSymbolicLink()) {
            return FileMode.SYMLINK;
        }
        return attrs instanceof PosixFileAttributes posix
                && posix.permissions().contains(PosixFilePermission.OWNER_EXECUTE)
                ? FileMode.EXECUTABLE_FILE : FileMode.REGULAR_FILE;
    }

    private boolean excluded(String path, boolean directory, Deque<IgnoreScope> scopes) {
        if (excludes.excludedAtRoot(path, directory)) {
            return true;
        }
        for (IgnoreScope scope : scopes) { // innermost first: a deeper .gitignore wins, as in git
            if (scope.node() == null || !path.startsWith(scope.prefix())) {
                continue;
            }
            IgnoreNode.MatchResult result = scope.node().isIgnored(path.substring(scope.prefix().length()), directory);
            if (result == IgnoreNode.MatchResult.IGNORED) {
                return true;
            }
            if (result == IgnoreNode.MatchResult.NOT_IGNORED) {
                return false;
            }
        }
        return false;
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private record IgnoreScope(String prefix, IgnoreNode node) {
    }
}
