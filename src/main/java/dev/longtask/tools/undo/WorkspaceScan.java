package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * Reads the workspace into the shadow repository: every file checkpoints keep, by path, with its content stored as a
 * blob. A file whose size, modification time and inode are those of the last scan is not read again (git's stat
 * cache); one modified so recently that a change within the clock's granularity could hide is read every time (git's
 * "racily clean" rule). One scan at a time; a workspace larger than the limits is refused with what it holds.
 */
final class WorkspaceScan {
    /** A workspace checkpoints cannot keep: more files or bytes than allowed. */
    static final class TooLarge extends IOException {
        TooLarge(String message) {
            super(message);
        }
    }

    record Limits(long maxFiles, long maxBytes) {
        static final Limits DEFAULT = new Limits(200_000, 2L << 30);
    }

    private record Seen(long size, long mtimeNanos, Object fileKey, FileState state) {
    }

    private final ShadowRepository repository;
    private final Excludes excludes;
    private final Limits limits;
    private final Map<String, Seen> cache = new HashMap<>();

    WorkspaceScan(ShadowRepository repository, Excludes excludes, Limits limits) {
        this.repository = repository;
        this.excludes = excludes;
        this.limits = limits;
    }

    /** The workspace's files now, each stored. */
    synchronized SortedMap<String, FileState> scan() throws IOException {
        long started = System.currentTimeMillis();
        SortedMap<String, FileState> files = new TreeMap<>();
        Map<String, Seen> seen = new HashMap<>();
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
                if (files.size() >= limits.maxFiles()) {
                    throw new TooLarge("the workspace has more than " + limits.maxFiles() + " files to keep");
                }
                bytes[0] += attrs.size();
                if (bytes[0] > limits.maxBytes()) {
                    throw new TooLarge("the workspace has more than " + (limits.maxBytes() >> 20) + " MB to keep");
                }
                Seen entry = read(path, file, attrs, started);
                files.put(path, entry.state());
                seen.put(path, entry);
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
        cache.clear();
        cache.putAll(seen);
        return files;
    }

    /** Stores one file as it is now (a write or an edit about to change it); null when it does not exist. */
    FileState store(Path file) throws IOException {
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        BasicFileAttributes attrs = Files.readAttributes(file, PosixFileAttributes.class,
                java.nio.file.LinkOption.NOFOLLOW_LINKS);
        return read(relative(excludes.root(), file), file, attrs, Long.MAX_VALUE).state();
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

    private Seen read(String path, Path file, BasicFileAttributes attrs, long scanStarted) throws IOException {
        long mtime = attrs.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
        Seen before = cache.get(path);
        if (before != null && before.size() == attrs.size() && before.mtimeNanos() == mtime
                && java.util.Objects.equals(before.fileKey(), attrs.fileKey())
                && mtime / 1_000_000 < scanStarted - 2) {
            return before;
        }
        FileMode mode;
        ObjectId id;
        if (attrs.isSymbolicLink()) {
            mode = FileMode.SYMLINK;
            id = repository.insertBlob(Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8));
        } else {
            mode = attrs instanceof PosixFileAttributes posix
                    && posix.permissions().contains(PosixFilePermission.OWNER_EXECUTE)
                    ? FileMode.EXECUTABLE_FILE : FileMode.REGULAR_FILE;
            id = repository.insertBlob(file, attrs.size());
        }
        return new Seen(attrs.size(), mtime, attrs.fileKey(), new FileState(id, mode));
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
