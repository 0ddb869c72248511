package dev.longtask.tools;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Replaces a file's content all at once: a temp file beside it is written and synced, then renamed over it, so a
 * reader (or a crash) sees the old content or the new, never half. An existing file keeps its permissions.
 */
final class AtomicFiles {
    private AtomicFiles() {
    }

    static void write(Path target, byte[] content) throws IOException {
        Path dir = target.getParent();
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            keepPermissions(target, temp);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        syncDirectory(dir);
    }

    /** A temp file starts as rw-------; the result should look like any file written normally (rw-r--r--). */
    private static void keepPermissions(Path existing, Path temp) throws IOException {
        if (Files.getFileAttributeView(temp, PosixFileAttributeView.class) == null) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.isRegularFile(existing)
                ? Files.getPosixFilePermissions(existing)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    /** Makes the rename itself durable; some file systems refuse to sync a directory, which is not worth failing for. */
    private static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // best effort: the file content itself is already synced
        }
    }
}
