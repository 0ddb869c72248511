package dev.longtask.store;

import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.InputStream;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whole-file replacement that a reader or a crash never sees half done: write a temp file in the same directory,
 * optionally fsync it, rename it over the target (atomic on POSIX), optionally fsync the directory.
 * Temp files are named {@code .<name>.<random>.tmp}; they are never state and are removed on a write open.
 *
 * <p>Interrupts: the threads that write to a store are the ones the engine interrupts to stop a run, and a
 * {@link FileChannel} is closed by an interrupt of a thread using it (ClosedByInterruptException). So file
 * contents go through {@code java.io} streams, whose read, write and {@code getFD().sync()} ignore interrupts.
 * A directory can only be fsynced through a FileChannel; {@link #fsyncDirectory} opens one for that single
 * call and retries on a fresh one if an interrupt closes it, then restores the thread's interrupt status.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /**
     * @param durable fsync the file before the rename and the directory after it, so the new content survives a
     *                power loss once this returns; without it the content survives a process crash only
     */
    public static void write(Path target, byte[] content, boolean durable) throws IOException {
        Path temp = tempFor(target);
        try {
            try (FileOutputStream out = new FileOutputStream(temp.toFile())) {
                keepPermissions(target, temp);
                out.write(content);
                if (durable) {
                    out.getFD().sync();
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

    /** A file that is replaced keeps its permissions (an edited script stays executable). */
    private static void keepPermissions(Path existing, Path temp) throws IOException {
        if (Files.isRegularFile(existing, LinkOption.NOFOLLOW_LINKS)
                && Files.getFileAttributeView(temp, PosixFileAttributeView.class) != null) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(existing));
        }
    }

    /** A fresh temp name beside {@code target}; 64 random bits, so two writers never share one. */
    private static Path tempFor(Path target) {
        byte[] suffix = new byte[8];
        ThreadLocalRandom.current().nextBytes(suffix);
        return target.resolveSibling("." + target.getFileName() + "." + HexFormat.of().formatHex(suffix) + ".tmp");
    }

    /** fsyncs a file that is already in place (written earlier without it); a RandomAccessFile ignores interrupts. */
    static void fsyncFile(Path file) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.getFD().sync();
        }
    }

    /** Makes the directory's entries (created, renamed files) durable, whatever the thread's interrupt status. */
    public static void fsyncDirectory(Path directory) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
                    channel.force(true);
                    return;
                } catch (ClosedByInterruptException e) {
                    interrupted |= Thread.interrupted();
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The whole file, read without a FileChannel (see the class comment). */
    public static byte[] readAll(Path file) throws IOException {
        try (InputStream in = new FileInputStream(file.toFile())) {
            return in.readAllBytes();
        } catch (FileNotFoundException e) {
            if (Files.notExists(file)) {
                throw new NoSuchFileException(file.toString());
            }
            throw e;
        }
    }

    public static boolean isTemp(String fileName) {
        return fileName.startsWith(".") && fileName.endsWith(".tmp");
    }
}
