package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.TreeFormatter;

/**
 * The git trees of the workspace as checkpoints last saw it, kept in memory directory by directory, each with the id
 * it was last written under: after a change, writing the workspace's tree writes only the trees of the directories on
 * the changed files' paths (a task that changed one file writes two or three small trees, not ten thousand entries).
 * Not thread-safe: its owner serialises calls.
 */
final class ShadowTrees {
    /** git orders a tree's entries by their names' bytes, a directory's name compared as if it ended in '/'. */
    private static final Comparator<String> GIT_ORDER = (a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    private static final class Directory {
        /** A file's name, or a directory's name followed by '/', to its state or its directory. */
        final TreeMap<String, Object> entries = new TreeMap<>(GIT_ORDER);
        /** The id this directory was last written under; null when it changed since. */
        ObjectId written;
    }

    private final Directory root = new Directory();

    /** {@code path} (forward slashes) now holds {@code state}; null: it is gone. */
    void put(String path, FileState state) {
        String[] names = path.split("/");
        Directory[] chain = new Directory[names.length];
        Directory at = root;
        for (int i = 0; i < names.length - 1; i++) {
            chain[i] = at;
            at.written = null;
            Object child = at.entries.get(names[i] + "/");
            if (child == null) {
                if (state == null) {
                    return;
                }
                child = new Directory();
                at.entries.put(names[i] + "/", child);
            }
            at = (Directory) child;
        }
        at.written = null;
        if (state != null) {
            at.entries.put(names[names.length - 1], state);
            return;
        }
        at.entries.remove(names[names.length - 1]);
        for (int i = names.length - 2; i >= 0 && at.entries.isEmpty(); i--) { // git keeps no empty directories
            chain[i].entries.remove(names[i] + "/");
            at = chain[i];
        }
    }

    /** Writes the trees that changed since the last call (objects already stored are not written again). */
    ObjectId write(ObjectInserter inserter) throws IOException {
        return write(root, inserter);
    }

    private static ObjectId write(Directory directory, ObjectInserter inserter) throws IOException {
        if (directory.written != null) {
            return directory.written;
        }
        TreeFormatter tree = new TreeFormatter();
        for (Map.Entry<String, Object> entry : directory.entries.entrySet()) {
            if (entry.getValue() instanceof Directory child) {
                String name = entry.getKey();
                tree.append(name.substring(0, name.length() - 1), FileMode.TREE, write(child, inserter));
            } else {
                FileState file = (FileState) entry.getValue();
                tree.append(entry.getKey(), file.mode(), file.id());
            }
        }
        directory.written = inserter.insert(tree);
        return directory.written;
    }
}
