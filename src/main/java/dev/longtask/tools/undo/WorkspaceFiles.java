package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;

/** Puts a file of the workspace back to a content the shadow repository keeps, or removes it; each change atomic. */
final class WorkspaceFiles {
    private final Path root;
    private final ShadowRepository repository;

    WorkspaceFiles(Path root, ShadowRepository repository) {
        this.root = root;
        this.repository = repository;
    }

    /** The id git would give {@code path}'s content now (nothing stored), or null when it does not exist. */
    ObjectId currentId(String path) throws IOException {
        Path file = root.resolve(path);
        if (Files.isSymbolicLink(file)) {
            return hash(Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8));
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        return hash(Files.readAllBytes(file));
    }

    byte[] currentBytes(String path) throws IOException {
        Path file = root.resolve(path);
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(file) : null;
    }

    /** Makes {@code path} hold {@code state} (null: removes it, and the directories that leaves empty). */
    void put(String path, FileState state) throws IOException {
        Path file = root.resolve(path);
        if (state == null) {
            Files.deleteIfExists(file);
            removeEmptyParents(file.getParent());
            return;
        }
        write(path, repository.blob(state.id()), state.mode());
    }

    /** Writes {@code bytes} to {@code path} with {@code mode}, through a temporary file renamed over it. */
    void write(String path, byte[] bytes, FileMode mode) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(path + " is a directory now; it cannot be restored as a file");
        }
        if (FileMode.SYMLINK.equals(mode)) {
            Files.deleteIfExists(file);
            Files.createSymbolicLink(file, Path.of(new String(bytes, StandardCharsets.UTF_8)));
            return;
        }
        // Made as any new file is (the user's umask), not as a temporary file (0600): a restored file keeps the
        // permissions it has now, and one that is gone comes back as the user's files are made.
        Path temp = file.resolveSibling(".longtask-restore-" + java.util.UUID.randomUUID() + ".tmp");
        try {
            Files.write(temp, bytes, java.nio.file.StandardOpenOption.CREATE_NEW);
            Set<PosixFilePermission> permissions = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    ? Files.getPosixFilePermissions(file) : Files.getPosixFilePermissions(temp);
            if (FileMode.EXECUTABLE_FILE.equals(mode)) {
                // executable for whoever may read it, as git checks out an executable file
                if (permissions.contains(PosixFilePermission.OWNER_READ)) {
                    permissions.add(PosixFilePermission.OWNER_EXECUTE);
                }
                if (permissions.contains(PosixFilePermission.GROUP_READ)) {
                    permissions.add(PosixFilePermission.GROUP_EXECUTE);
                }
                if (permissions.contains(PosixFilePermission.OTHERS_READ)) {
                    permissions.add(PosixFilePermission.OTHERS_EXECUTE);
                }
            }
            Files.setPosixFilePermissions(temp, permissions);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private void removeEmptyParents(Path dir) throws IOException {
        while (dir != null && dir.startsWith(root) && !dir.equals(root)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    return;
                }
            } catch (java.nio.file.NoSuchFileException gone) {
                dir = dir.getParent();
                continue;
            }
            Files.delete(dir);
            dir = dir.getParent();
        }
    }

    static ObjectId hash(byte[] bytes) {
        return new ObjectInserter.Formatter().idFor(Constants.OBJ_BLOB, bytes);
    }
}
