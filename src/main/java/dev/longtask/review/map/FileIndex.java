package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import dev.longtask.store.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What each file of the tree held the last time the map read it, by path, with the file's {@link FileStamp}: the key of
 * its parsed entry in the {@link MapCache} and what reading its text decided (its language, lines, why it was left
 * out, whether it reads as a test). A file whose stamp is unchanged is not read again, nor hashed: its entry is taken
 * by the key recorded here. Only settled stamps are recorded ({@link FileStamp#settled}). One file per cache
 * version ({@code files}), rewritten after each map with the files that map looked at; a damaged one reads as empty.
 */
final class FileIndex {
    private static final Logger log = LoggerFactory.getLogger(FileIndex.class);
    private static final int MAGIC = 0x4c544649; // "LTFI"
    private static final int UNKNOWN = 0;
    private static final int NO = 1;
    private static final int YES = 2;

    /**
     * What a file's text gave. {@code key}: its cache entry's, null when it was left out; {@code skipReason}: why it
     * was left out (binary, empty, generated ...), else null; {@code test}: whether its content reads as a test's,
     * null when that was not asked (its path did not suggest it).
     */
    record Known(FileStamp stamp, String key, Language language, int lines, String skipReason, Boolean test) {
    }

    private final Path file;
    private final long stampedAt;
    private final Map<String, Known> earlier;
    private final Map<String, Known> seen = new ConcurrentHashMap<>();

    private FileIndex(Path file, long stampedAt, Map<String, Known> earlier) {
        this.file = file;
        this.stampedAt = stampedAt;
        this.earlier = earlier;
    }

    /** The index kept in {@code file}, for a map whose files were stamped at {@code stampedAt}. */
    static FileIndex read(Path file, long stampedAt) {
        Map<String, Known> earlier = Map.of();
        try {
            earlier = decode(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            // a first map
        } catch (IOException | RuntimeException e) {
            log.debug("map file index {} ignored: {}", file, e.toString());
        }
        return new FileIndex(file, stampedAt, earlier);
    }

    /** What the file at {@code path} held when it last had {@code stamp}, or null when unknown or changed. */
    Known known(String path, FileStamp stamp) {
        Known known = earlier.get(path);
        return known != null && stamp != null && known.stamp().equals(stamp) ? known : null;
    }

    /** Keeps what this map found of a file, when its stamp can be trusted. */
    void record(String path, Known known) {
        if (known.stamp() != null && known.stamp().settled(stampedAt)) {
            seen.put(path, known);
        }
    }

    /** Writes what this map recorded, in place of the earlier index (not durable: a torn index is a cold map). */
    void write() {
        if (seen.equals(earlier)) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, encode(new TreeMap<>(seen)), false);
        } catch (IOException | UncheckedIOException e) {
            log.debug("map file index {} not written: {}", file, e.toString());
        }
    }

    static byte[] encode(Map<String, Known> entries) {
        CacheBytes.Writer out = new CacheBytes.Writer().writeInt(MAGIC).writeInt(entries.size());
        entries.forEach((path, k) -> {
            out.writeString(path).writeLong(k.stamp().size()).writeLong(k.stamp().modifiedNanos())
                    .writeLong(k.stamp().identity()).writeNullable(k.key()).writeString(k.language().name())
                    .writeInt(k.lines()).writeNullable(k.skipReason())
                    .writeByte(k.test() == null ? UNKNOWN : k.test() ? YES : NO);
        });
        return out.sealed();
    }

    static Map<String, Known> decode(byte[] bytes) throws IOException {
        CacheBytes.Reader in = new CacheBytes.Reader(bytes);
        if (in.readInt() != MAGIC) {
            throw new IOException("not a file index");
        }
        Map<String, Known> entries = new HashMap<>();
        for (int k = in.readCount(30); k > 0; k--) {
            String path = in.readString();
            FileStamp stamp = new FileStamp(in.readLong(), in.readLong(), in.readLong());
            String key = in.readNullable();
            Language language = Language.valueOf(in.readString()); // an unknown name throws: the index is ignored
            int lines = in.readInt();
            String skipReason = in.readNullable();
            int test = in.readByte();
            entries.put(path, new Known(stamp, key, language, lines, skipReason, test == UNKNOWN ? null : test == YES));
        }
        in.end();
        return entries;
    }
}
