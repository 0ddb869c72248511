package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import dev.longtask.store.AtomicFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parsed files of earlier maps, so that a second {@code review --map}, {@code --dry-run} or review of an
 * unchanged tree parses nothing and a change of one file re-parses that file. An entry holds what parsing a file
 * costs (its extraction and its per-line token counts), keyed by the SHA-256 of the file's language, name and
 * text, in {@code <workspace>/.longtask/cache/map-<version>/<2 hex>/<64 hex>}: one real file per entry, written
 * atomically, with its key and a CRC-32 inside, so a torn or altered entry is read as a miss and rewritten. The
 * version is a digest of this format, the token encoding, the tag queries, the extraction code and the grammar
 * libraries: any change to how a file is parsed starts a new directory and the old ones are deleted. After a map,
 * {@link #retainOnly} deletes the entries of files no longer in the tree, so the cache holds one entry per file
 * of the tree's latest map (of either scope: tests are keyed too). The workspace's {@code .longtask/} is protected
 * from the agents, so a run's agents cannot plant entries. Failing to read or write the cache is never an error:
 * the file is parsed, as without a cache. Safe from many threads; two processes at once at worst both write an
 * entry.
 */
final class MapCache {
    private static final Logger log = LoggerFactory.getLogger(MapCache.class);
    /** Changed by hand whenever the entry layout below changes. */
    private static final String FORMAT = "longtask-map-cache 1";
    private static final int MAGIC = 0x4c544d43; // "LTMC"
    static final String DIRECTORY = ".longtask/cache";
    private static final String PREFIX = "map-";
    private static final String INDEX = "files";
    private static final String SNAPSHOT = "snapshot";

    /**
     * The classes whose code decides what an extraction holds, and which files have one (ContentFilter); and what
     * a snapshot keeps ({@link MapSnapshot}): the scope, the ranking, the rendering and the token counts.
     */
    private static final List<Class<?>> EXTRACTION_CODE = List.of(SyntaxExtractor.class, Extractor.class,
            TagRules.class, Grammars.class, BraceStructure.class, BraceRules.class, PythonStructure.class,
            Lexer.class, Rule.class, Extraction.class, Definition.class, Import.class, UseKind.class,
            SourceLines.class, MapCache.class, ContentFilter.class, RepoMapper.class, RepoScanner.class,
            TestFiles.class, TestPackages.class, ImportResolver.class, Imports.class, Mentions.class,
            ReferenceGraph.class, MapRenderer.class, MapSnapshot.class, FileIndex.class, FileStamp.class,
            CacheBytes.class, dev.longtask.model.review.RepoMap.class, dev.longtask.model.review.MappedFile.class,
            Language.class, dev.longtask.model.Counts.class, dev.longtask.llm.TokenCounter.class,
            com.knuddels.jtokkit.api.Encoding.class, org.treesitter.TSParser.class, org.treesitter.TreeSitterC.class,
            org.treesitter.TreeSitterCpp.class, org.treesitter.TreeSitterGo.class, org.treesitter.TreeSitterJava.class,
            org.treesitter.TreeSitterJavascript.class, org.treesitter.TreeSitterKotlin.class,
            org.treesitter.TreeSitterPython.class, org.treesitter.TreeSitterRust.class, org.treesitter.TreeSitterTsx.class,
            org.treesitter.TreeSitterTypescript.class);

    private final Path directory;
    private final Set<String> used = ConcurrentHashMap.newKeySet();

    private MapCache(Path directory) {
        this.directory = directory;
    }

    /** The cache of the workspace at {@code root}, for maps counted with {@code encoding}. */
    static MapCache in(Path root, String encoding) {
        return at(root, Version.of(encoding));
    }

    /** The cache of the workspace at {@code root} for maps of {@code version} ({@link Version#of}, found once). */
    static MapCache at(Path root, String version) {
        return new MapCache(root.resolve(DIRECTORY).resolve(PREFIX + version));
    }

    /** The line token counts and extraction a cached parse gave. */
    record Entry(int[] lineTokens, Extraction extraction) {
    }

    /** The index of the files this cache's entries were read from, for a map that stamped them at {@code stampedAt}. */
    FileIndex index(long stampedAt) {
        return FileIndex.read(directory.resolve(INDEX), stampedAt);
    }

    /** The snapshot of a map of {@code includeTests} scope, for a tree of {@code digest} (null: none can be used). */
    MapSnapshot snapshot(boolean includeTests, byte[] digest) {
        return new MapSnapshot(directory.resolve(includeTests ? SNAPSHOT + "-tests" : SNAPSHOT), digest);
    }

    /** Marks {@code key} as in use (see {@link #retainOnly}): a file taken by its stamp, whose text was not hashed. */
    void use(String key) {
        used.add(key);
    }

    /** The entry's key: the SHA-256 of what parsing reads. Also marks the key as in use (see {@link #retainOnly}). */
    String key(Language language, String fileName, String text) {
        MessageDigest digest = sha256();
        digest.update(language.id().getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(fileName.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        String key = HexFormat.of().formatHex(digest.digest());
        used.add(key);
        return key;
    }

    /** The entry under {@code key}, or empty when there is none or it cannot be read back whole. */
    Optional<Entry> get(String key) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file(key));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            log.debug("map cache entry {} unreadable: {}", key, e.toString());
            return Optional.empty();
        }
        try {
            return Optional.of(decode(key, bytes));
        } catch (IOException | RuntimeException e) {
            log.debug("map cache entry {} ignored: {}", key, e.toString());
            return Optional.empty();
        }
    }

    void put(String key, Entry entry) {
        Path file = file(key);
        try {
            Files.createDirectories(file.getParent());
            // not durable: an entry a power loss tears fails its CRC and is parsed again, and an fsync of each of
            // thousands of entries costs a cold map more than the parses it saves
            AtomicFiles.write(file, encode(key, entry), false);
        } catch (IOException | UncheckedIOException e) {
            log.debug("map cache entry {} not written: {}", key, e.toString());
        }
    }

    /**
     * Deletes every entry whose key this cache has not handed out, and the directories of other versions: the
     * cache then holds what the tree's latest map read, nothing more.
     */
    void retainOnly() {
        Path cache = directory.getParent();
        try (DirectoryStream<Path> versions = Files.newDirectoryStream(cache, PREFIX + "*")) {
            for (Path version : versions) {
                if (!version.equals(directory)) {
                    deleteTree(version);
                }
            }
        } catch (IOException e) {
            log.debug("map cache {} not pruned: {}", cache, e.toString());
            return;
        }
        // the entries' directories, named by their keys' first two hex digits; not the index or the snapshots
        try (DirectoryStream<Path> shards = Files.newDirectoryStream(directory, p -> Files.isDirectory(p))) {
            for (Path shard : shards) {
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(shard)) {
                    for (Path entry : entries) {
                        if (!used.contains(entry.getFileName().toString())) {
                            Files.deleteIfExists(entry); // an unused entry, or a temp file a crash left
                        }
                    }
                }
            }
        } catch (IOException e) {
            log.debug("map cache {} not pruned: {}", directory, e.toString());
        }
    }

    private Path file(String key) {
        return directory.resolve(key.substring(0, 2)).resolve(key);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    // ---- the entry's bytes: magic, key, line tokens, extraction, CRC-32 of all before it

    static byte[] encode(String key, Entry entry) {
        try {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(buffer);
            out.writeInt(MAGIC);
            out.writeUTF(key);
            writeInts(out, entry.lineTokens());
            Extraction x = entry.extraction();
            out.writeInt(x.definitions().size());
            for (Definition d : x.definitions()) {
                out.writeUTF(d.kind());
                out.writeUTF(d.name());
                writeNullable(out, d.parent());
                out.writeInt(d.line());
            }
            out.writeInt(x.imports().size());
            for (Import i : x.imports()) {
                out.writeUTF(i.module());
                out.writeInt(i.names().size());
                for (String name : i.names()) {
                    out.writeUTF(name);
                }
            }
            writeNullable(out, x.packageName());
            writeCounts(out, x.identifiers());
            writeCounts(out, x.calls());
            writeInts(out, x.cutLines());
            out.writeInt(x.uses().size());
            for (Map.Entry<String, int[]> use : x.uses().entrySet()) {
                out.writeUTF(use.getKey());
                writeInts(out, use.getValue());
            }
            writeNullable(out, x.fallback());
            out.flush();
            CRC32 crc = new CRC32();
            crc.update(buffer.toByteArray());
            out.writeLong(crc.getValue());
            return buffer.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
    }

    static Entry decode(String key, byte[] bytes) throws IOException {
        if (bytes.length < 12) {
            throw new IOException("truncated");
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - 8);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        in.skipNBytes(bytes.length - 8);
        if (in.readLong() != crc.getValue()) {
            throw new IOException("checksum mismatch");
        }
        in = new DataInputStream(new ByteArrayInputStream(bytes, 0, bytes.length - 8));
        if (in.readInt() != MAGIC || !in.readUTF().equals(key)) {
            throw new IOException("not the entry of this key");
        }
        int[] lineTokens = readInts(in);
        List<Definition> definitions = new ArrayList<>();
        for (int k = in.readInt(); k > 0; k--) {
            definitions.add(new Definition(in.readUTF(), in.readUTF(), readNullable(in), in.readInt()));
        }
        List<Import> imports = new ArrayList<>();
        for (int k = in.readInt(); k > 0; k--) {
            String module = in.readUTF();
            List<String> names = new ArrayList<>();
            for (int n = in.readInt(); n > 0; n--) {
                names.add(in.readUTF());
            }
            imports.add(new Import(module, List.copyOf(names)));
        }
        String packageName = readNullable(in);
        Map<String, Integer> identifiers = readCounts(in);
        Map<String, Integer> calls = readCounts(in);
        int[] cutLines = readInts(in);
        // in the order they were written, which is the order the parse's maps iterate in: the ranking adds up
        // its edges in that order, and a map from the cache must rank to the last bit as the parse it keeps
        Map<String, int[]> uses = new LinkedHashMap<>();
        for (int k = in.readInt(); k > 0; k--) {
            uses.put(in.readUTF(), readInts(in));
        }
        String fallback = readNullable(in);
        if (in.available() != 0) {
            throw new IOException("trailing bytes");
        }
        return new Entry(lineTokens, new Extraction(List.copyOf(definitions), List.copyOf(imports), packageName,
                identifiers, calls, cutLines, uses, fallback));
    }

    private static void writeInts(DataOutputStream out, int[] values) throws IOException {
        out.writeInt(values.length);
        for (int v : values) {
            out.writeInt(v);
        }
    }

    private static int[] readInts(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available() / 4) {
            throw new IOException("bad length " + n);
        }
        int[] values = new int[n];
        for (int k = 0; k < n; k++) {
            values[k] = in.readInt();
        }
        return values;
    }

    private static void writeCounts(DataOutputStream out, Map<String, Integer> counts) throws IOException {
        out.writeInt(counts.size());
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeInt(e.getValue());
        }
    }

    private static Map<String, Integer> readCounts(DataInputStream in) throws IOException {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int k = in.readInt(); k > 0; k--) {
            counts.put(in.readUTF(), in.readInt());
        }
        return counts;
    }

    private static void writeNullable(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    private static String readNullable(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The version part of the cache's directory name: what makes an entry of another build unusable. */
    static final class Version {
        private Version() {
        }

        static String of(String encoding) {
            MessageDigest digest = sha256();
            digest.update((FORMAT + "\0" + encoding + "\0").getBytes(StandardCharsets.UTF_8));
            // the build's own tree-sitter libraries, when it made them (TreeSitterLibraries in dev.longtask.store), else the jars' (below)
            digest.update((dev.longtask.store.TreeSitterLibraries.buildId().orElse("") + "\0").getBytes(StandardCharsets.UTF_8));
            for (String grammar : List.of("c", "cpp", "go", "java", "javascript", "kotlin", "python", "rust", "tsx",
                    "typescript")) {
                digest.update(resource(Grammars.class, "tags/" + grammar + ".scm"));
            }
            List<Class<?>> classes = new ArrayList<>(EXTRACTION_CODE);
            for (int k = 0; k < classes.size(); k++) {
                classes.addAll(Arrays.asList(classes.get(k).getDeclaredClasses()));
            }
            for (Class<?> type : classes) {
                String name = type.getName();
                digest.update(resource(type, "/" + name.replace('.', '/') + ".class"));
                digest.update(codeSource(type).getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        }

        private static byte[] resource(Class<?> anchor, String name) {
            try (InputStream in = anchor.getResourceAsStream(name)) {
                return in == null ? new byte[0] : in.readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        }

        /** Where a class was loaded from; for a jar also its size and time, so a rebuilt jar is another version. */
        private static String codeSource(Class<?> type) {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return "";
            }
            try {
                Path path = Path.of(source.getLocation().toURI());
                return Files.isRegularFile(path)
                        ? path + "\0" + Files.size(path) + "\0" + Files.getLastModifiedTime(path).toMillis()
                        : path.toString();
            } catch (URISyntaxException | IOException | RuntimeException e) {
                return source.getLocation().toString();
            }
        }
    }
}
