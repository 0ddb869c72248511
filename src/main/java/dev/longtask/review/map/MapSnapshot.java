package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import dev.longtask.store.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ranked map of a tree's latest map, kept whole, with the renderings asked of it: a map of a tree in which no
 * file changed reads this one file instead of every entry, and resolves, ranks and renders nothing (so it never loads
 * the tokenizer). It stands for a {@code digest} of everything that map read (the scope's listing, every file's
 * {@link FileStamp}, the documents' text, the crates' manifests, the options), and is used only for that digest. One
 * snapshot per scope ({@code snapshot}, {@code snapshot-tests}) in the cache's version directory, each rendering in a
 * file of its own beside it ({@code snapshot.render-2048}); writing a snapshot deletes its old renderings. A damaged
 * or absent file is a miss, never an error.
 */
final class MapSnapshot {
    private static final Logger log = LoggerFactory.getLogger(MapSnapshot.class);
    private static final int MAGIC = 0x4c54534e; // "LTSN"
    private static final int RENDER_MAGIC = 0x4c545252; // "LTRR"
    private static final String RENDER = ".render-";

    private final Path file;
    private final byte[] digest;

    /**
     * @param digest what the map read, as {@link RepoMapper} digests it; null when something it read cannot be
     *               trusted by its stamp (then nothing is read or written)
     */
    MapSnapshot(Path file, byte[] digest) {
        this.file = file;
        this.digest = digest;
    }

    /** The map this snapshot kept for its digest, with {@code root} as its root; empty when there is none. */
    Optional<RepoMap> read(String root) {
        if (digest == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(decode(Files.readAllBytes(file), digest, root));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            log.debug("map snapshot {} ignored: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** Keeps {@code map} as the snapshot of this digest, dropping the renderings of the one before. */
    void write(RepoMap map) {
        if (digest == null) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            deleteRenderings();
            AtomicFiles.write(file, encode(map, digest), false);
        } catch (IOException | UncheckedIOException e) {
            log.debug("map snapshot {} not written: {}", file, e.toString());
        }
    }

    /** The map rendered within {@code budget} tokens, as kept for this digest; empty when it was not. */
    Optional<String> rendering(int budget) {
        if (digest == null) {
            return Optional.empty();
        }
        try {
            CacheBytes.Reader in = new CacheBytes.Reader(Files.readAllBytes(rendering(budget, file)));
            if (in.readInt() != RENDER_MAGIC || !Arrays.equals(in.readBytes(), digest) || in.readInt() != budget) {
                return Optional.empty();
            }
            String text = in.readString();
            in.end();
            return Optional.of(text);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            log.debug("map rendering {} ignored: {}", budget, e.toString());
            return Optional.empty();
        }
    }

    void keepRendering(int budget, String text) {
        if (digest == null) {
            return;
        }
        byte[] bytes = new CacheBytes.Writer().writeInt(RENDER_MAGIC).writeBytes(digest).writeInt(budget)
                .writeString(text).sealed();
        try {
            AtomicFiles.write(rendering(budget, file), bytes, false);
        } catch (IOException | UncheckedIOException e) {
            log.debug("map rendering {} not written: {}", budget, e.toString());
        }
    }

    private static Path rendering(int budget, Path snapshot) {
        return snapshot.resolveSibling(snapshot.getFileName() + RENDER + budget);
    }

    private void deleteRenderings() throws IOException {
        if (!Files.isDirectory(file.getParent())) {
            return;
        }
        try (DirectoryStream<Path> old = Files.newDirectoryStream(file.getParent(), file.getFileName() + RENDER + "*")) {
            for (Path p : old) {
                Files.deleteIfExists(p);
            }
        }
    }

    // ---- the snapshot's bytes: magic, digest, the map, CRC-32C

    static byte[] encode(RepoMap map, byte[] digest) {
        CacheBytes.Writer out = new CacheBytes.Writer().writeInt(MAGIC).writeBytes(digest)
                .writeString(map.scope()).writeString(map.encoding()).writeInt(map.files().size());
        for (MappedFile f : map.files()) {
            out.writeString(f.path()).writeString(f.language().name()).writeInt(f.lines()).writeLong(f.tokens())
                    .writeDouble(f.rank()).writeInt(f.definitions().size());
            for (Definition d : f.definitions()) {
                out.writeString(d.kind()).writeString(d.name()).writeNullable(d.parent()).writeInt(d.line());
            }
            writeStrings(out, f.imports());
            writeStrings(out, f.dependsOn());
            out.writeInt(f.lineTokens().length);
            for (int t : f.lineTokens()) {
                out.writeSmall(t);
            }
            out.writeInt(f.cutLines().length);
            for (int line : f.cutLines()) {
                out.writeInt(line);
            }
            out.writeInt(f.definitionScores().length);
            for (double score : f.definitionScores()) {
                out.writeDouble(score);
            }
            out.writeNullable(f.fallback());
        }
        out.writeInt(map.skipped().size());
        map.skipped().forEach((reason, count) -> out.writeString(reason).writeInt(count));
        out.writeInt(map.skippedPaths().size());
        map.skippedPaths().forEach((reason, paths) -> writeStrings(out.writeString(reason), paths));
        return out.sealed();
    }

    /** @throws IOException when the bytes are damaged or are the snapshot of another digest */
    static RepoMap decode(byte[] bytes, byte[] digest, String root) throws IOException {
        CacheBytes.Reader in = new CacheBytes.Reader(bytes);
        if (in.readInt() != MAGIC || !Arrays.equals(in.readBytes(), digest)) {
            throw new IOException("the snapshot of another tree");
        }
        String scope = in.readString();
        String encoding = in.readString();
        List<MappedFile> files = new ArrayList<>();
        for (int n = in.readCount(40); n > 0; n--) {
            String path = in.readString();
            Language language = Language.valueOf(in.readString());
            int lines = in.readInt();
            long tokens = in.readLong();
            double rank = in.readDouble();
            List<Definition> definitions = new ArrayList<>();
            for (int k = in.readCount(13); k > 0; k--) {
                definitions.add(new Definition(in.readString(), in.readString(), in.readNullable(), in.readInt()));
            }
            List<String> imports = readStrings(in);
            List<String> dependsOn = readStrings(in);
            int[] lineTokens = new int[in.readCount(1)];
            for (int k = 0; k < lineTokens.length; k++) {
                lineTokens[k] = in.readSmall();
            }
            int[] cutLines = new int[in.readCount(4)];
            for (int k = 0; k < cutLines.length; k++) {
                cutLines[k] = in.readInt();
            }
            double[] scores = new double[in.readCount(8)];
            for (int k = 0; k < scores.length; k++) {
                scores[k] = in.readDouble();
            }
            files.add(new MappedFile(path, language, lines, tokens, rank, List.copyOf(definitions), imports, dependsOn,
                    lineTokens, cutLines, scores, in.readNullable()));
        }
        Map<String, Integer> skipped = new TreeMap<>();
        for (int n = in.readCount(8); n > 0; n--) {
            skipped.put(in.readString(), in.readInt());
        }
        Map<String, List<String>> skippedPaths = new TreeMap<>();
        for (int n = in.readCount(8); n > 0; n--) {
            skippedPaths.put(in.readString(), readStrings(in));
        }
        in.end();
        return new RepoMap(root, scope, encoding, List.copyOf(files), skipped, skippedPaths);
    }

    private static void writeStrings(CacheBytes.Writer out, List<String> values) {
        out.writeInt(values.size());
        values.forEach(out::writeString);
    }

    private static List<String> readStrings(CacheBytes.Reader in) throws IOException {
        List<String> values = new ArrayList<>();
        for (int n = in.readCount(4); n > 0; n--) {
            values.add(in.readString());
        }
        return List.copyOf(values);
    }
}
