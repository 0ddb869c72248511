package dev.longtask.tools.undo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.text.ParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.eclipse.jgit.internal.storage.file.FileRepository;
import org.eclipse.jgit.internal.storage.file.GC;
import org.eclipse.jgit.internal.storage.file.ObjectDirectory;
import org.eclipse.jgit.internal.storage.file.PackInserter;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * longtask's own bare git repository, {@code .longtask/shadow}, read with JGit and written as git's loose files
 * ({@link LooseObjects}, {@link #commit}) or JGit's packs: blobs, trees, commits and refs only, never a work tree,
 * hooks or the user's {@code .git} (its location is given, never discovered, and the environment's {@code GIT_*}
 * variables are not read). Blobs are fsynced as they are written, so a content recorded before a file changes
 * survives a crash of the machine, not only of the process; trees, commits and refs
 * are not (they are the browsable record; the journal holds what undo and diff need), which keeps a task's cost to a
 * few fsyncs.
 */
final class ShadowRepository implements AutoCloseable {
    static final PersonIdent LONGTASK = new PersonIdent("longtask", "longtask@localhost");
    private static final String IDENT = LONGTASK.toExternalString();
    /** A file larger than this is streamed into the repository rather than read whole. */
    private static final long STREAM_ABOVE = 8L << 20;
    private static final long AUTO_GC_LOOSE = 6_700;
    private static final long AUTO_GC_PACKS = 50;

    private final Repository repository;
    private final LooseObjects loose;

    private ShadowRepository(Repository repository) {
        this.repository = repository;
        this.loose = new LooseObjects(repository.getDirectory().toPath().resolve("objects"));
    }

    /** Opens the repository at {@code gitDir}, creating it (bare) when it is not there yet. */
    public static ShadowRepository open(Path gitDir) throws IOException {
        Repository repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setBare().setMustExist(false)
                .build();
        if (!Files.exists(gitDir.resolve("HEAD"))) {
            repository.create(true);
            StoredConfig config = repository.getConfig();
            config.setBoolean("gc", null, "auto", false);
            config.save();
        }
        // Objects and refs are written without an fsync each; what must survive a power failure (the content a file
        // had before a tool changes it, a task's content after) is fsynced here, explicitly (durable()). Only in
        // memory: the file of a repository made by an earlier version may still say true.
        StoredConfig config = repository.getConfig();
        config.setBoolean(ConfigConstants.CONFIG_CORE_SECTION, null, "fsyncObjectFiles", false);
        config.setBoolean(ConfigConstants.CONFIG_CORE_SECTION, null, "fsyncRefFiles", false);
        return new ShadowRepository(repository);
    }

    Repository jgit() {
        return repository;
    }

    /** The writer of loose objects: trees and commits, one file each, without an fsync. */
    ObjectInserter looseObjects() {
        return loose;
    }

    /** Stores {@code bytes} as a blob (durable when this returns) and answers its id. */
    ObjectId insertBlob(byte[] bytes) throws IOException {
        return insertBlob(bytes, null);
    }

    /**
     * Stores {@code bytes} as a blob: into {@code pack} (durable once {@link #flushPack} returns), or when null on its
     * own, durable when this returns. A content already stored is not written again.
     */
    ObjectId insertBlob(byte[] bytes, ObjectInserter pack) throws IOException {
        ObjectId id = WorkspaceFiles.hash(bytes);
        if (repository.getObjectDatabase().has(id)) {
            return id;
        }
        if (pack != null) {
            return pack.insert(Constants.OBJ_BLOB, bytes);
        }
        return loose.insert(Constants.OBJ_BLOB, bytes, 0, bytes.length, true);
    }

    /** Stores a file's content as a blob, as {@link #insertBlob(byte[], ObjectInserter)} does; a large one streamed. */
    ObjectId insertBlob(Path file, long size, ObjectInserter pack) throws IOException {
        if (size <= STREAM_ABOVE) {
            return insertBlob(Files.readAllBytes(file), pack);
        }
        if (pack != null) {
            try (InputStream in = Files.newInputStream(file)) {
                return pack.insert(Constants.OBJ_BLOB, size, in);
            }
        }
        ObjectId id;
        try (ObjectInserter inserter = repository.newObjectInserter(); InputStream in = Files.newInputStream(file)) {
            id = inserter.insert(Constants.OBJ_BLOB, size, in);
            inserter.flush();
        }
        durable(id);
        return id;
    }

    /**
     * Makes the loose object {@code id} durable (a packed one already is): its file fsynced, as git's and JGit's
     * {@code fsyncObjectFiles} do (on ext4 and xfs that also commits the rename that put it in place).
     */
    private void durable(ObjectId id) throws IOException {
        String name = id.name();
        Path object = gitDir().resolve("objects").resolve(name.substring(0, 2)).resolve(name.substring(2));
        if (Files.exists(object)) {
            fsync(object, false);
        }
    }

    /** An inserter that writes one pack at its flush: for many objects at once (a workspace's first read). */
    ObjectInserter newPackInserter() {
        PackInserter pack = ((ObjectDirectory) repository.getObjectDatabase()).newPackInserter();
        pack.setCompressionLevel(Deflater.BEST_SPEED); // a first read of a large workspace; gc packs it tighter
        return pack;
    }

    /** Writes {@code pack}'s objects and makes them durable: the pack and its index fsynced, then their directory. */
    void flushPack(ObjectInserter pack) throws IOException {
        Path packs = gitDir().resolve("objects").resolve("pack");
        Set<Path> before = listing(packs);
        pack.flush();
        for (Path file : listing(packs)) {
            if (!before.contains(file)) {
                fsync(file, false);
            }
        }
        fsync(packs, true);
    }

    /**
     * Packs the repository when it holds many loose objects or packs (git's own {@code gc --auto} thresholds: about
     * 6,700 loose objects, 50 packs), so that a long run's record stays a few packs. Unreachable objects younger
     * than two weeks are kept, as git does.
     */
    void collectGarbageIfDue() throws IOException {
        Path objects = gitDir().resolve("objects");
        long sampled = listing(objects.resolve("17")).size();
        long packs = listing(objects.resolve("pack")).stream().filter(p -> p.toString().endsWith(".pack")).count();
        if (sampled * 256 <= AUTO_GC_LOOSE && packs <= AUTO_GC_PACKS) {
            return;
        }
        try {
            new GC((FileRepository) repository).gc().get();
        } catch (ParseException | org.eclipse.jgit.api.errors.GitAPIException
                 | java.util.concurrent.ExecutionException e) {
            throw new IOException("cannot pack the shadow repository: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    Path gitDir() {
        return repository.getDirectory().toPath();
    }

    byte[] blob(ObjectId id) throws IOException {
        return repository.open(id, Constants.OBJ_BLOB).getCachedBytes(Integer.MAX_VALUE);
    }

    boolean has(ObjectId id) throws IOException {
        return repository.getObjectDatabase().has(id);
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

    /** A commit of {@code tree} on {@code parent} (may be null), and {@code ref} (unless null) moved to it. */
    ObjectId commit(String ref, ObjectId tree, ObjectId parent, String message) throws IOException {
        byte[] raw = commitBytes(tree, parent, message);
        ObjectId id = loose.insert(Constants.OBJ_COMMIT, raw, 0, raw.length, false);
        if (ref != null) {
            moveRef(ref, id);
        }
        return id;
    }

    /**
     * A commit's bytes as git (and JGit's CommitBuilder) writes them: its tree, parent, author and committer (both
     * {@link #LONGTASK}, whose time is fixed when the class loads), a blank line and the message. Built as one string:
     * the builder's writer and character encoder were most of a commit's cost.
     */
    static byte[] commitBytes(ObjectId tree, ObjectId parent, String message) {
        StringBuilder text = new StringBuilder(200 + message.length()).append("tree ").append(tree.name()).append('\n');
        if (parent != null) {
            text.append("parent ").append(parent.name()).append('\n');
        }
        text.append("author ").append(IDENT).append("\ncommitter ").append(IDENT).append("\n\n").append(message);
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Points {@code ref} at {@code id} as git does: the new value written to {@code <ref>.lock} (created only if absent:
     * a lock another writer holds fails the move), then renamed over the ref. No reflog (a bare repository keeps none
     * unless configured to, and nothing reads one), no fsync (refs are the browsable record), no look-up of the old
     * value (every move is forced) and no check for nested names: our refs never nest
     * ({@code refs/longtask/runs/<run>/task-<n>[-unmerged]}, {@code stash/<run>}, {@code workspace}), and were one held
     * as a directory the rename, or a ref under a ref the lock file, fails all the same. A loose ref overrides the
     * same name in {@code packed-refs}, for git and for JGit, whose cached refs see the new file by its stat data.
     * JGit's own move read the ref and {@code packed-refs} twice and ran an exception's message through a regular
     * expression for a ref not yet there: half of a task's checkpoint.
     */
    private void moveRef(String ref, ObjectId id) throws IOException {
        Path file = gitDir().resolve(ref);
        Path lock = file.resolveSibling(file.getFileName() + ".lock");
        byte[] line = (id.name() + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            writeNew(lock, line);
        } catch (NoSuchFileException e) {
            Files.createDirectories(file.getParent());
            writeNew(lock, line);
        } catch (FileAlreadyExistsException e) {
            throw new IOException("cannot move " + ref + " in the shadow repository: " + lock + " is held", e);
        }
        try {
            Files.move(lock, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(lock);
            throw new IOException("cannot move " + ref + " in the shadow repository: " + e, e);
        }
    }

    private static void writeNew(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }
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

    private static Set<Path> listing(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.collect(Collectors.toSet());
        }
    }

    private static void fsync(Path path, boolean directory) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            if (!directory) {
                throw e; // a directory cannot be opened for fsync on some systems; its files are durable anyway
            }
        }
    }

    /** A file's content and mode as git records it. */
    record FileState(ObjectId id, FileMode mode) {
    }

    @Override
    public void close() {
        repository.close();
        loose.end();
    }
}
