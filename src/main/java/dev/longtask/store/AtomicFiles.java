package dev.longtask.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whole-file replacement that a reader or a crash never sees half done: write a temp file in the same directory,
 * optionally fsync it, rename it over the target (atomic on POSIX), optionally fsync the directory.
 * Temp files are named {@code .<name>.<random>.tmp}; they are never state and are removed on a write open.
 */
final class AtomicFiles {
    private AtomicFiles() {
    }

    /**
     * @param durable fsync the file before the rename and the directory after it, so the new content survives a
     *                power loss once this returns; without it the content survives a process crash only
     */
    static void write(Path target, byte[] content, boolean durable) throws IOException {
        byte[] suffix = new byte[4];
        ThreadLocalRandom.current().nextBytes(suffix);
        Path temp = target.resolveSibling("." + target.getFileName() + "." + HexFormat.of().formatHex(suffix) + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                writeFully(channel, ByteBuffer.wrap(content));
                if (durable) {
                    channel.force(true);
                }
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        if (durable) {
            fsyncDirectory(target.getParent());
        }
    }

    static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** Makes the directory's entries (created, renamed files) durable. */
    static void fsyncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    static boolean isTemp(String fileName) {
        return fileName.startsWith(".") && fileName.endsWith(".tmp");
    }
}
