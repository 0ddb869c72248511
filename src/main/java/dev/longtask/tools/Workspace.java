package dev.longtask.tools;

import dev.longtask.store.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The directory a run works on. Every path a tool touches is resolved inside it, symlinks included.
 * Instances are immutable and safe to share between threads.
 */
public final class Workspace {
    /** The kernel gives up after 40 links on one lookup (ELOOP); so do we. */
    private static final int MAX_LINK_HOPS = 40;

    private final Path root;
    /** Where a server whose root is this workspace keeps its token and pool: out of every agent's reach. */
    private final Path serverState;
    /** A link in a task's tree to the run's results, and where it leads (both real); null in a workspace. */
    private final Path resultsLink;
    private final Path results;
    /** In a task's tree: where its top-level links to the workspace's dependency folders lead (real paths). */
    private final List<Path> linkedFolders;

    public Workspace(Path root) throws IOException {
        this(root, null);
    }

    private Workspace(Path root, Path resultsLink) throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("workspace " + root + " is not a directory");
        }
        this.root = root.toRealPath();
        Path state = this.root.resolve(".longtask").resolve("server");
        this.serverState = Files.exists(state) ? state.toRealPath() : state;
        this.resultsLink = resultsLink == null ? null
                : resultsLink.getParent().toRealPath().resolve(resultsLink.getFileName());
        this.results = resultsLink == null ? null : resultsLink.toRealPath();
        this.linkedFolders = resultsLink == null ? List.of() : foldersLinkedFrom(this.root);
    }

    /** The directories outside {@code tree} that its top-level links lead to. */
    private static List<Path> foldersLinkedFrom(Path tree) throws IOException {
        List<Path> folders = new ArrayList<>();
        try (var entries = Files.list(tree)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                if (Files.isSymbolicLink(entry) && Files.isDirectory(entry)) {
                    Path target = entry.toRealPath();
                    if (!target.startsWith(tree)) {
                        folders.add(target);
                    }
                }
            }
        }
        return List.copyOf(folders);
    }

    /**
     * In a task's tree, the workspace's dependency folders its links lead to: {@code bash} sees them read-only (the
     * tree holds no copy of them, and the workspace's are shared by every task).
     */
    List<Path> linkedFolders() {
        return linkedFolders;
    }

    /**
     * A task's tree ({@code --isolation worktree}) as the task's tools see it: its root is the tree's, and the link
     * {@code resultsLink} in it leads to the run's results (outside the tree), which are inside all the same.
     */
    public static Workspace taskTree(Path tree, Path resultsLink) throws IOException {
        return new Workspace(tree, resultsLink);
    }

    public Path root() {
        return root;
    }

    /**
     * Resolves {@code path} (relative to the root, or absolute) the way the kernel would, one name at a time,
     * following every symlink on the way, including a dangling one at the end, and answers the real location
     * it names. The answer contains no link and no {@code ..}, so opening it cannot lead anywhere else; a path
     * through a symlinked directory that stays inside the workspace is fine.
     *
     * @throws OutsideWorkspaceException when the path, or a link on it, leads out of the workspace, or the path is
     *         not a usable path at all (empty name with NUL, {@code ~}, a link loop)
     */
    public Path resolveInside(String path) {
        if (path == null) {
            throw new OutsideWorkspaceException("null", "no path given");
        }
        if (path.equals("~") || path.startsWith("~/")) {
            throw new OutsideWorkspaceException(path,
                    "'~' is not expanded here; give a path relative to the workspace root");
        }
        if (path.indexOf('\0') >= 0) {
            throw new OutsideWorkspaceException(path.replace('\0', '?'), "a path cannot contain a NUL character");
        }
        Path real = follow(path);
        if (!real.startsWith(root) && (results == null || !real.startsWith(results))) {
            throw new OutsideWorkspaceException(path, "it leads outside the workspace " + root
                    + (real.equals(root.resolve(path).normalize()) ? "" : " (to " + real + ")")
                    + "; use a path relative to the workspace root");
        }
        if (real.startsWith(serverState)) {
            throw new OutsideWorkspaceException(path, "it holds the state of a longtask server (its token), which no "
                    + "agent may see");
        }
        return real;
    }

    /** Walks the names of {@code path} from the root (or "/"), expanding links as the kernel does. */
    private Path follow(String path) {
        Deque<String> names = new ArrayDeque<>();
        pushFront(names, path);
        Path current = path.startsWith("/") ? root.getRoot() : root;
        int hops = 0;
        while (!names.isEmpty()) {
            String name = names.pop();
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                current = current.getParent() == null ? current : current.getParent();
                continue;
            }
            Path next;
            try {
                next = current.resolve(name);
            } catch (InvalidPathException e) {
                throw new OutsideWorkspaceException(path, "it is not a valid path: " + e.getReason());
            }
            if (!Files.isSymbolicLink(next)) {
                current = next;
                continue;
            }
            if (++hops > MAX_LINK_HOPS) {
                throw new OutsideWorkspaceException(path, "too many levels of symbolic links");
            }
            String target;
            try {
                target = Files.readSymbolicLink(next).toString();
            } catch (IOException e) {
                throw new OutsideWorkspaceException(path, "cannot read the link " + next + ": " + e.getMessage());
            }
            pushFront(names, target);
            if (target.startsWith("/")) {
                current = root.getRoot();
            }
        }
        return current;
    }

    private static void pushFront(Deque<String> names, String path) {
        List<String> parts = List.of(path.split("/"));
        for (int i = parts.size() - 1; i >= 0; i--) {
            names.push(parts.get(i));
        }
    }

    /**
     * Whether {@code real} (a path from {@link #resolveInside}) is one of the run store's own files, which only the
     * store writes: everything under {@code .longtask/runs/} except each run's {@code results/}, where agents put
     * their artifacts.
     */
    boolean isStoreOwned(Path real) {
        Path runs = runsInside();
        if (runs == null) {
            return false;
        }
        if (!real.startsWith(runs)) {
            return false;
        }
        Path below = runs.relativize(real);
        return below.getNameCount() < 2 || !below.getName(1).toString().equals(RunLayout.RESULTS);
    }

    /** Whether this is a task's tree, whose link to the run's results leads out of it. */
    boolean isTaskTree() {
        return results != null;
    }

    /** Where a server's state would be in this workspace: walks of the workspace pass it over. */
    Path serverState() {
        return serverState;
    }

    /** Where {@code .longtask/runs} really is, or null when a link takes it out of the workspace (then nothing is). */
    Path runsInside() {
        try {
            return resolveInside(RunLayout.RUNS);
        } catch (OutsideWorkspaceException e) {
            return null;
        }
    }

    /** The path as the model should see it: relative to the root, with forward slashes. */
    public String relative(Path inside) {
        Path shown = results != null && inside.startsWith(results) ? resultsLink.resolve(results.relativize(inside))
                : inside;
        String rel = root.relativize(shown).toString().replace('\\', '/');
        return rel.isEmpty() ? "." : rel;
    }
}
