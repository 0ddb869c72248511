package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The trees of a run's tasks under {@code --isolation worktree} (docs/engine.md, "Undo"): each attempt of a task
 * works in a checkout of its own, {@code .longtask/shadow/worktrees/<run>/task-<n>}, of the files checkpoints keep
 * as the workspace held them when it started. When it completes, what it changed there is merged into the workspace,
 * three-way against the tree it started from: a file only the task changed is taken, a file changed on both sides is
 * merged by lines (git's algorithm, JGit's implementation), and where both changed the same lines, or a binary file,
 * or one deleted what the other changed, nothing of the task is merged and the files are named. Whatever came of it,
 * the tree is then removed; a refused one is kept in the shadow repository first. Each write of a merge is recorded
 * as the task's, as a {@code write} would be, so that undo, {@code diff} and {@code rollback} work as they do
 * without isolation.
 */
public final class TaskTrees {
    /** Where the trees are, under the workspace (longtask's own directory, which checkpoints never record). */
    static final String DIRECTORY = ".longtask/shadow/worktrees";
    /**
     * Dependency folders at the workspace's top that checkpoints leave out: a tree links to the workspace's own
     * (installing them again in every tree would cost minutes and a network), and never merges them.
     */
    static final List<String> LINKED = List.of("node_modules", ".venv", "venv");

    /**
     * What merging a task's tree did: the files it changed in the workspace; or, when it was refused, each file both
     * sides changed in ways that do not merge (with who changed it, when known) and the commit that keeps the tree.
     */
    public record Merge(List<String> merged, List<String> conflicts, String keptAs) {
        static final Merge NOTHING = new Merge(List.of(), List.of(), null);

        public boolean refused() {
            return !conflicts.isEmpty();
        }
    }

    /** A task's tree: where, the workspace tree it started from, and the top-level links it has to the workspace. */
    private record Tree(Path root, ObjectId base, List<String> links) {
    }

    /** A file the merge writes: the task's content, or (merged) a content made of both sides. */
    private record Put(FileState state, byte[] merged) {
    }

    private final Checkpoints checkpoints;
    private final ShadowRepository repository;
    private final Path directory;
    private final Map<Integer, Tree> trees = new ConcurrentHashMap<>();
    /** Taking a task's base and merging a task's result exclude each other: a base is never half a merge. */
    private final Object merging = new Object();
    /** Making a tree's folder and removing the run's emptied one exclude each other. */
    private final Object folders = new Object();

    TaskTrees(Checkpoints checkpoints, Path directory) {
        this.checkpoints = checkpoints;
        this.repository = checkpoints.repository();
        this.directory = directory;
    }

    /**
     * Removes every tree of the run: those a process that was killed left behind. A session calls it before its
     * first task, so a task whose process died starts again from a fresh tree.
     */
    public void discardAll() throws IOException {
        trees.clear();
        delete(directory);
    }

    /**
     * A fresh tree for task {@code taskId} (its earlier one, if any, removed): the files checkpoints keep, as the
     * workspace holds them now. Other excluded files (build outputs) are not in it: a task builds its own, discarded
     * with the tree; the dependency folders of {@link #LINKED} are links to the workspace's. When
     * {@code results} is given, {@code resultsLink} (relative to the tree) is a link to it, the run's results, which
     * the task's tools reach as they would in the workspace. Answers the tree's root.
     */
    public Path open(int taskId, String resultsLink, Path results) throws IOException {
        discard(taskId);
        ObjectId base;
        synchronized (merging) {
            WorkspaceScan scan = checkpoints.scan();
            scan.scan(); // the workspace as it is now, changes made outside longtask since the last read included
            base = scan.tree();
        }
        Path root = directory.resolve("task-" + taskId);
        synchronized (folders) {
            Files.createDirectories(root);
        }
        WorkspaceFiles tree = new WorkspaceFiles(root, repository);
        for (Map.Entry<String, FileState> file : repository.readTree(base).entrySet()) {
            tree.put(file.getKey(), file.getValue());
        }
        List<String> links = new ArrayList<>();
        for (String name : LINKED) {
            Path folder = checkpoints.root().resolve(name);
            if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS) && !Files.exists(root.resolve(name),
                    LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(root.resolve(name), folder);
                links.add(name);
            }
        }
        if (results != null) {
            Path link = root.resolve(resultsLink);
            Files.createDirectories(link.getParent());
            Files.createDirectories(results);
            Files.createSymbolicLink(link, results);
        }
        trees.put(taskId, new Tree(root, base, List.copyOf(links)));
        return root;
    }

    /**
     * Merges what task {@code taskId} changed in its tree into the workspace, or refuses, changing nothing, when a
     * change does not merge ({@link Merge#refused()}; its tree is kept at {@code refs/longtask/runs/<run>/task-<n>-
     * unmerged}). The tree stays until {@link #discard}.
     */
    public Merge merge(int taskId) throws IOException {
        Tree tree = trees.get(taskId);
        if (tree == null) {
            return Merge.NOTHING;
        }
        WorkspaceScan scan = checkpoints.scan();
        WorkspaceScan inTree = new WorkspaceScan(repository, scan.excludes().at(tree.root()), scan.limits(), null);
        Map<String, FileState> theirs = inTree.scan();
        Map<String, FileState> base = repository.readTree(tree.base());
        synchronized (merging) {
            Map<String, Put> plan = new LinkedHashMap<>();
            List<String> conflicts = new ArrayList<>();
            for (String path : Checkpoints.changedPaths(base, theirs)) {
                // left out of the workspace's record (a .gitignore the task added says so), or the tree's own link to
                // a dependency folder: not merged
                if (scan.excluded(path) || tree.links().contains(path)) {
                    continue;
                }
                FileState before = base.get(path);
                FileState task = theirs.get(path);
                FileState now = scan.refresh(path);
                if (Objects.equals(now, task)) {
                    continue;
                }
                if (Objects.equals(now, before)) {
                    plan.put(path, new Put(task, null));
                    continue;
                }
                byte[] merged = mergedText(before, now, task);
                if (merged == null) {
                    int by = checkpoints.lastChangedBy(path);
                    conflicts.add(path + (by > 0 && by != taskId ? " (changed by task #" + by + " since)"
                            : " (changed since)"));
                } else {
                    plan.put(path, new Put(task, merged));
                }
            }
            if (!conflicts.isEmpty()) {
                String run = checkpoints.runId();
                ObjectId found = repository.commit(null, tree.base(), null,
                        "run " + run + ": the workspace as task #" + taskId + " found it");
                ObjectId kept = repository.commit(checkpoints.ref(taskId) + "-unmerged", inTree.tree(), found,
                        "run " + run + ": task #" + taskId + "'s tree, not merged: " + String.join(", ", conflicts));
                return new Merge(List.of(), List.copyOf(conflicts), kept.name());
            }
            WorkspaceFiles files = checkpoints.files();
            for (Map.Entry<String, Put> change : plan.entrySet()) {
                String path = change.getKey();
                Put put = change.getValue();
                checkpoints.beforeMerge(taskId, path);
                if (put.merged() != null) {
                    files.write(path, put.merged(), put.state().mode());
                } else {
                    files.put(path, put.state());
                }
                checkpoints.afterChange(taskId, checkpoints.root().resolve(path));
            }
            return new Merge(List.copyOf(plan.keySet()), List.of(), null);
        }
    }

    /** Removes task {@code taskId}'s tree (after its merge, a failure or a stop), never what its links lead to. */
    public void discard(int taskId) throws IOException {
        trees.remove(taskId);
        delete(directory.resolve("task-" + taskId));
        synchronized (folders) {
            try {
                Files.deleteIfExists(directory); // the run's folder goes with its last tree
            } catch (DirectoryNotEmptyException stillInUse) {
                // another task's tree is there
            }
        }
    }

    /**
     * {@code task}'s and the workspace's changes of one file made into one, by lines; null when they do not merge:
     * the same lines changed, a side deleted it, a link, or binary content.
     */
    private byte[] mergedText(FileState before, FileState now, FileState task) throws IOException {
        if (before == null || now == null || task == null || FileMode.SYMLINK.equals(now.mode())
                || FileMode.SYMLINK.equals(task.mode())) {
            return null;
        }
        return LineMerge.merged(repository.blob(before.id()), repository.blob(now.id()), repository.blob(task.id()));
    }

    /** Deletes {@code dir} and what is in it; links are removed, never followed. */
    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
