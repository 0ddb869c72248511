package dev.longtask.tools.undo;

import java.io.ByteArrayOutputStream;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.transport.PackParser;

/**
 * Writes git's loose objects ({@code objects/xx/yyyy...}: the zlib-deflated {@code "<type> <size>\0"} and content) for
 * the shadow repository, as git and JGit do, with none of their per-object look-ups: an object whose loose file is
 * there is not written again, and one that is only packed is written loose beside it (git reads either, and packing
 * drops the copy). Each object is a temporary file in its fan-out directory renamed into place, so a crash never
 * leaves half an object under its name; fsynced when asked ({@code durable}: a blob's content before a tool changes
 * the file). JGit's own inserter checked the object database twice per object (the loose file, then a rescan
 * of the pack directory) and made its temporary name from a secure random generator: most of a task's checkpoint.
 * Thread-safe; {@link #close} does nothing (one writer serves the repository), {@link #end} frees it.
 */
final class LooseObjects extends ObjectInserter {
    private final Path objects;
    private final String tempPrefix = "tmp_obj_" + ProcessHandle.current().pid() + "_";
    private final AtomicLong temps = new AtomicLong();
    private final Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    private final ByteArrayOutputStream deflated = new ByteArrayOutputStream(512);
    private final byte[] chunk = new byte[8192];

    LooseObjects(Path objects) {
        this.objects = objects;
    }

    @Override
    public ObjectId insert(int type, byte[] data, int off, int len) throws IOException {
        return insert(type, data, off, len, false);
    }

    /** As {@link #insert(int, byte[], int, int)}; {@code durable}: fsynced before this returns. */
    ObjectId insert(int type, byte[] data, int off, int len, boolean durable) throws IOException {
        ObjectId id;
        byte[] bytes;
        synchronized (this) { // the hasher and the deflater are the writer's own; the file's I/O is not serialised
            id = idFor(type, data, off, len);
            String name = id.name();
            if (present(objects.resolve(name.substring(0, 2)).resolve(name.substring(2)))) {
                return id;
            }
            bytes = deflate(type, data, off, len);
        }
        String name = id.name();
        Path dir = objects.resolve(name.substring(0, 2));
        write(dir, dir.resolve(name.substring(2)), bytes, durable);
        return id;
    }

    /**
     * True when the object's file is there with content: an empty one (what a crash can leave of a file renamed into
     * place before its data reached the disk) is no object, and is written again.
     */
    private static boolean present(Path file) {
        try {
            return Files.size(file) > 0;
        } catch (IOException absent) {
            return false;
        }
    }

    @Override
    public ObjectId insert(int type, long length, InputStream in) throws IOException {
        if (length > Integer.MAX_VALUE - 64) {
            throw new IOException("an object of " + length + " bytes is too large to write loose");
        }
        byte[] data = in.readNBytes((int) length);
        if (data.length != length) {
            throw new IOException("short input: " + data.length + " of " + length + " bytes");
        }
        return insert(type, data, 0, data.length);
    }

    private byte[] deflate(int type, byte[] data, int off, int len) {
        deflater.reset();
        deflated.reset();
        byte[] header = (Constants.typeString(type) + " " + len + "\0").getBytes(StandardCharsets.US_ASCII);
        deflater.setInput(header);
        drain(false);
        deflater.setInput(data, off, len);
        deflater.finish();
        drain(true);
        return deflated.toByteArray();
    }

    private void drain(boolean toEnd) {
        while (toEnd ? !deflater.finished() : !deflater.needsInput()) {
            int n = deflater.deflate(chunk);
            deflated.write(chunk, 0, n);
        }
    }

    /**
     * Writes {@code bytes} to a temporary file in {@code dir} and renames it to {@code target}; {@code durable}: the
     * file is fsynced before the rename, so its name never stands for less than its content after a crash, and again
     * after it, through the same descriptor (on ext4 and xfs that commits the rename, as git's and JGit's
     * {@code fsyncObjectFiles} rely on).
     */
    private void write(Path dir, Path target, byte[] bytes, boolean durable) throws IOException {
        for (int tries = 0; ; tries++) {
            Path temp = dir.resolve(tempPrefix + temps.incrementAndGet());
            FileChannel channel;
            try {
                channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (NoSuchFileException e) {
                if (tries > 0) {
                    throw e;
                }
                Files.createDirectories(dir); // the fan-out directory's first object
                continue;
            } catch (FileAlreadyExistsException e) {
                if (tries > 100) {
                    throw e;
                }
                continue; // left over by a crashed process that had the same id: take the next name
            }
            try (channel) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (durable) {
                    channel.force(true); // the content first: a crash after the rename never leaves it short
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                if (durable) {
                    channel.force(true); // and the rename (ext4 and xfs commit it with the file's metadata)
                }
            } catch (IOException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
            return;
        }
    }

    @Override
    public PackParser newPackParser(InputStream in) {
        throw new UnsupportedOperationException("loose objects only");
    }

    @Override
    public ObjectReader newReader() {
        throw new UnsupportedOperationException("loose objects only");
    }

    @Override
    public void flush() {
        // every object is in place when insert returns
    }

    /** Does nothing: the writer is the repository's, shared by its callers. */
    @Override
    public void close() {
    }

    /** Frees the writer's deflater (the repository closes). */
    synchronized void end() {
        deflater.end();
    }
}
