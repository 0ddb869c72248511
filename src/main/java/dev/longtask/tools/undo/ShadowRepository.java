package dev.longtask.tools.undo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * longtask's own bare git repository, {@code .longtask/shadow}, written with JGit's object layer only: blobs, trees,
 * commits and refs, never an index, a work tree, hooks or the user's {@code .git} (its location is given, never
 * discovered, and the environment's {@code GIT_*} variables are not read). Objects are fsynced as they are written,
 * so a content recorded before a file changes survives a kill -9 of the process.
 */
final class ShadowRepository implements AutoCloseable {
    static final PersonIdent LONGTASK = new PersonIdent("longtask", "longtask@localhost");

    private final Repository repository;

    private ShadowRepository(Repository repository) {
        this.repository = repository;
    }

    /** Opens the repository at {@code gitDir}, creating it (bare) when it is not there yet. */
    public static ShadowRepository open(Path gitDir) throws IOException {
        Repository repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setBare().setMustExist(false)
                .build();
        if (!Files.exists(gitDir.resolve("HEAD"))) {
            repository.create(true);
            StoredConfig config = repository.getConfig();
            config.setBoolean(ConfigConstants.CONFIG_CORE_SECTION, null, "fsyncObjectFiles", true);
            config.setBoolean(ConfigConstants.CONFIG_CORE_SECTION, null, "fsyncRefFiles", true);
            config.setBoolean("gc", null, "auto", false);
            config.save();
        }
        return new ShadowRepository(repository);
    }

    Repository jgit() {
        return repository;
    }

    /** Stores {@code bytes} as a blob (durable when this returns) and answers its id. */
    ObjectId insertBlob(byte[] bytes) throws IOException {
        try (ObjectInserter inserter = repository.newObjectInserter()) {
            ObjectId id = inserter.insert(Constants.OBJ_BLOB, bytes);
            inserter.flush();
            return id;
        }
    }

    /** Stores a file's content as a blob, streamed. */
    ObjectId insertBlob(Path file, long size) throws IOException {
        try (ObjectInserter inserter = repository.newObjectInserter(); InputStream in = Files.newInputStream(file)) {
            ObjectId id = inserter.insert(Constants.OBJ_BLOB, size, in);
            inserter.flush();
            return id;
        }
    }

    byte[] blob(ObjectId id) throws IOException {
        return repository.open(id, Constants.OBJ_BLOB).getCachedBytes(Integer.MAX_VALUE);
    }

    boolean has(ObjectId id) throws IOException {
        return repository.getObjectDatabase().has(id);
    }

    /** Writes the tree of {@code files} (path with forward slashes -> content and mode). */
    ObjectId writeTree(SortedMap<String, FileState> files) throws IOException {
        DirCache cache = DirCache.newInCore();
        DirCacheBuilder builder = cache.builder();
        for (Map.Entry<String, FileState> file : files.entrySet()) {
            DirCacheEntry entry = new DirCacheEntry(file.getKey());
            entry.setFileMode(file.getValue().mode());
            entry.setObjectId(file.getValue().id());
            builder.add(entry);
        }
        builder.finish();
        try (ObjectInserter inserter = repository.newObjectInserter()) {
            ObjectId tree = cache.writeTree(inserter);
            inserter.flush();
            return tree;
        }
    }

    /** The files of {@code tree}, by path. */
    Map<String, FileState> readTree(ObjectId tree) throws IOException {
        Map<String, FileState> files = new LinkedHashMap<>();
        try (TreeWalk walk = new TreeWalk(repository)) {
            walk.addTree(tree);
            walk.setRecursive(true);
            while (walk.next()) {
                files.put(walk.getPathString(), new FileState(walk.getObjectId(0), walk.getFileMode(0)));
            }
        }
        return files;
    }

    /** A commit of {@code tree} on {@code parent} (may be null), and {@code ref} moved to it. */
    ObjectId commit(String ref, ObjectId tree, ObjectId parent, String message) throws IOException {
        CommitBuilder commit = new CommitBuilder();
        commit.setTreeId(tree);
        if (parent != null) {
            commit.setParentId(parent);
        }
        commit.setAuthor(LONGTASK);
        commit.setCommitter(LONGTASK);
        commit.setMessage(message);
        ObjectId id;
        try (ObjectInserter inserter = repository.newObjectInserter()) {
            id = inserter.insert(commit);
            inserter.flush();
        }
        RefUpdate update = repository.updateRef(ref);
        update.setNewObjectId(id);
        update.setForceUpdate(true);
        RefUpdate.Result result = update.update();
        if (result != RefUpdate.Result.NEW && result != RefUpdate.Result.FORCED
                && result != RefUpdate.Result.NO_CHANGE && result != RefUpdate.Result.FAST_FORWARD) {
            throw new IOException("cannot move " + ref + " in the shadow repository: " + result);
        }
        return id;
    }

    /** The tree of the commit {@code ref} names, or null when there is no such ref. */
    ObjectId treeOf(String ref) throws IOException {
        ObjectId commit = repository.resolve(ref);
        if (commit == null) {
            return null;
        }
        try (RevWalk walk = new RevWalk(repository)) {
            RevCommit parsed = walk.parseCommit(commit);
            return parsed.getTree().getId();
        }
    }

    /** A file's content and mode as git records it. */
    record FileState(ObjectId id, FileMode mode) {
    }

    @Override
    public void close() {
        repository.close();
    }
}
