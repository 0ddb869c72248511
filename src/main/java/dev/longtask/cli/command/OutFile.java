package dev.longtask.cli.command;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;

/** A file a command writes where the user said ({@code review --out}): whole or not at all. */
final class OutFile {
    private OutFile() {
    }

    /**
     * Writes a sibling temporary file and renames it over {@code target}. The temporary file is created as any new
     * file (0666 less the user's umask, so a report others may read is readable), not with createTempFile's 0600;
     * over a file that exists it takes that file's mode, so a report kept private stays private.
     */
    static void write(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            PosixFileAttributeView existing = Files.getFileAttributeView(target, PosixFileAttributeView.class);
            if (existing != null && Files.isRegularFile(target)) {
                Files.setPosixFilePermissions(temp, existing.readAttributes().permissions());
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
