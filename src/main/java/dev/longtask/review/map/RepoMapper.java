package dev.longtask.review.map;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the {@link RepoMap} of a repository: lists the files in scope, reads and extracts each one (in
 * parallel), resolves imports, and ranks the files by the reference graph. Reads files; writes nothing.
 */
public final class RepoMapper {
    private static final Logger log = LoggerFactory.getLogger(RepoMapper.class);
    static final String SKIP_UNREADABLE = "unreadable";
    static final String SKIP_EMPTY = "empty";
    private static final java.util.regex.Pattern CPP_HEADER =
            java.util.regex.Pattern.compile("(?m)^[ \\t]*(?:class\\s+\\w+\\s*[:{]|namespace\\s+\\w+\\s*\\{|template\\s*<)");

    /** How long one file may take to parse before the lexical extractor maps it instead. */
    static final long PARSE_TIMEOUT_MICROS = 5_000_000;

    private final TokenCounter tokens;
    private final SyntaxExtractor syntax;
    private final boolean cached;
    /**
     * The cache's version for this mapper's encoding, found at its first map: a digest of the classes and grammars
     * that parse, which cannot change under a running JVM, rather than read and hashed again for every map.
     */
    private volatile String cacheVersion;
    private final AtomicInteger parses = new AtomicInteger();
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger snapshots = new AtomicInteger();
    private final AtomicInteger renders = new AtomicInteger();

    /** A mapper without a cache: every file is parsed. */
    public RepoMapper(TokenCounter tokens) {
        this(tokens, new SyntaxExtractor(new Grammars(), PARSE_TIMEOUT_MICROS), false);
    }

    /** @param cached keep parsed files in the workspace's map cache ({@link MapCache}) and reuse them */
    RepoMapper(TokenCounter tokens, SyntaxExtractor syntax, boolean cached) {
        this.tokens = tokens;
        this.syntax = syntax;
        this.cached = cached;
    }

    /** A mapper that reuses and keeps parsed files in {@code <root>/.longtask/cache/} (see {@link MapCache}). */
    public static RepoMapper cached(TokenCounter tokens) {
        return new RepoMapper(tokens, new SyntaxExtractor(new Grammars(), PARSE_TIMEOUT_MICROS), true);
    }

    private String cacheVersion() {
        String version = cacheVersion;
        if (version == null) {
            version = MapCache.Version.of(tokens.encodingName());
            cacheVersion = version;
        }
        return version;
    }

    /** How many files this mapper has parsed (counted and extracted) rather than taken from the cache. */
    int parses() {
        return parses.get();
    }

    /** How many files this mapper has read (and hashed) rather than known by their unchanged stamps. */
    int reads() {
        return reads.get();
    }

    /** How many of this mapper's maps were taken whole from the cache's snapshot. */
    int snapshots() {
        return snapshots.get();
    }

    /** How many renderings of its maps this mapper has made with the tokenizer rather than taken from the cache. */
    int renders() {
        return renders.get();
    }

    /**
     * @throws IllegalArgumentException when {@code root} is not a directory
     * @throws IOException when the tree cannot be listed
     */
    public RepoMap map(Path root, ScopeOptions options) throws IOException {
        return mapped(root, options).map();
    }

    /**
     * The map of {@code root} with its renderings. A cached mapper takes the whole ranked map from the cache's
     * snapshot when no file it reads changed since the snapshot was kept (by their {@link FileStamp}s), and
     * otherwise reads only the files whose stamps changed, parsing those whose content is not in the cache.
     *
     * @throws IllegalArgumentException when {@code root} is not a directory
     * @throws IOException when the tree cannot be listed
     */
    public MappedRepository mapped(Path root, ScopeOptions options) throws IOException {
        Path base = root.toAbsolutePath().normalize();
        if (!Files.isDirectory(base)) {
            throw new IllegalArgumentException(root + " is not a directory");
        }
        return mapped(base, options, RepoScanner.scan(base, options));
    }

    /** The map of {@code base} (absolute, normal, a directory) from its {@code scope}, scanned by the caller. */
    MappedRepository mapped(Path base, ScopeOptions options, RepoScanner.Scope scope) throws IOException {
        // stamped before anything is read: a file that changes while the map reads it no longer has its stamp
        long stampedAt = FileStamp.now();
        Map<String, FileStamp> stamps = stamps(scope);
        String documents = Mentions.documentText(base);
        MapCache cache = cached ? MapCache.at(base, cacheVersion()) : null;
        MapSnapshot snapshot = null;
        if (cache != null) {
            snapshot = cache.snapshot(options.includeTests(),
                    TreeDigest.of(base, scope, options, stamps, documents, stampedAt));
            Optional<RepoMap> kept = snapshot.read(base.toString());
            if (kept.isPresent()) {
                snapshots.incrementAndGet();
                return new MappedRepository(kept.get(), tokens, snapshot, renders);
            }
        }
        Parsed parse = parse(base, scope, options, cache, stamps, stampedAt);
        List<ParsedFile> parsed = parse.files();
        List<Map<String, Double>> imports = parse.imports();
        ReferenceGraph.Ranking ranking = ReferenceGraph.rank(parsed, imports, Mentions.of(documents));

        List<MappedFile> files = new ArrayList<>();
        for (int k = 0; k < parsed.size(); k++) {
            ParsedFile p = parsed.get(k);
            files.add(new MappedFile(p.path(), p.language(), p.lines(), p.tokens(), ranking.ranks()[k],
                    p.extraction().definitions(), p.extraction().imports().stream().map(Import::module).distinct().toList(),
                    dependencies(parsed, ranking.edges().get(k), imports.get(k).keySet()), p.lineTokens(),
                    p.extraction().cutLines(),
                    ranking.definitionScores()[k], p.extraction().fallback()));
        }
        files.sort(Comparator.comparingDouble(MappedFile::rank).reversed().thenComparing(MappedFile::path));
        RepoMap map = new RepoMap(base.toString(), parse.method(), tokens.encodingName(), List.copyOf(files),
                parse.skipped(), parse.listed());
        // a parse that ran out of time is not cached (it may not on a quieter machine), nor is a map that holds one
        boolean timedOut = files.stream().anyMatch(f -> f.fallback() != null
                && f.fallback().startsWith(SyntaxExtractor.TIMED_OUT));
        if (snapshot != null && !timedOut) {
            snapshot.write(map);
        }
        return new MappedRepository(map, tokens, timedOut ? null : snapshot, renders);
    }

    /** The stamps of the files in scope and of those held back as tests, by path; a file that cannot be read has none. */
    private static Map<String, FileStamp> stamps(RepoScanner.Scope scope) {
        List<RepoScanner.Candidate> all = new ArrayList<>(scope.candidates());
        scope.heldBack().values().forEach(all::addAll);
        Map<String, FileStamp> stamps = new ConcurrentHashMap<>();
        all.parallelStream().forEach(c -> {
            FileStamp stamp = FileStamp.of(c.file());
            if (stamp != null) {
                stamps.put(c.path(), stamp);
            }
        });
        return stamps;
    }

    /** The files in scope, read and extracted, with the files each one's imports resolve to; nothing ranked yet. */
    record Parsed(String method, List<ParsedFile> files, List<Map<String, Double>> imports, Map<String, Integer> skipped,
                  Map<String, List<String>> listed) {
    }

    private Parsed parse(Path base, RepoScanner.Scope scope, ScopeOptions options, MapCache cache,
            Map<String, FileStamp> stamps, long stampedAt) {
        Map<String, Integer> skipped = new TreeMap<>(scope.skipped());
        FileIndex index = cache == null ? null : cache.index(stampedAt);
        Reading reading = new Reading(options, cache, index, stamps, new LineTokens(tokens));
        List<Outcome> outcomes = scope.candidates().parallelStream().map(c -> read(reading, c)).toList();
        Map<String, Set<String>> listed = new TreeMap<>();
        scope.listed().forEach((reason, paths) -> listed.put(reason, new LinkedHashSet<>(paths)));
        List<ParsedFile> parsed = new ArrayList<>();
        collect(scope.candidates(), outcomes, parsed, skipped, listed);
        // A directory named for tests that the code under review imports is code under review: unittest/.
        TestPackages.Decision packages = TestPackages.decide(scope.heldBack(), parsed);
        List<Outcome> rescued = packages.rescued().parallelStream().map(c -> read(reading, c)).toList();
        collect(packages.rescued(), rescued, parsed, skipped, listed);
        packages.skipped().forEach((dir, files) -> {
            skipped.merge(RepoScanner.SKIP_TEST, files.size(), Integer::sum);
            list(listed, RepoScanner.SKIP_TEST, dir + "/");
        });
        if (cache != null) {
            cache.retainOnly();
            index.write();
        }
        parsed.sort(Comparator.comparing(ParsedFile::path));
        ImportResolver resolver = new ImportResolver(base, parsed);
        List<Map<String, Double>> imports = parsed.stream().map(resolver::resolve).toList();
        Map<String, List<String>> listing = new TreeMap<>();
        listed.forEach((reason, paths) -> listing.put(reason, paths.stream().sorted().toList()));
        return new Parsed(scope.method(), parsed, imports, skipped, listing);
    }

    private static void collect(List<RepoScanner.Candidate> candidates, List<Outcome> outcomes, List<ParsedFile> parsed,
            Map<String, Integer> skipped, Map<String, Set<String>> listed) {
        for (int k = 0; k < outcomes.size(); k++) {
            Outcome outcome = outcomes.get(k);
            if (outcome.file() != null) {
                parsed.add(outcome.file());
            } else {
                skipped.merge(outcome.skipReason(), 1, Integer::sum);
                list(listed, outcome.skipReason(), candidates.get(k).path());
            }
        }
    }

    private static void list(Map<String, Set<String>> listed, String reason, String path) {
        Set<String> paths = listed.computeIfAbsent(reason, r -> new LinkedHashSet<>());
        if (paths.size() < RepoScanner.MAX_LISTED) {
            paths.add(path);
        }
    }

    /**
     * The files a file imports, then those it refers to with a weight of at least one plain reference, each
     * group strongest first. Edges made only of damped names (short, private, widely defined) still count in
     * the ranking but are not listed: they are too likely to be coincidences of naming.
     */
    private static List<String> dependencies(List<ParsedFile> parsed, Map<Integer, Double> edges,
            java.util.Set<String> imported) {
        return edges.entrySet().stream()
                .filter(e -> e.getValue() >= 1.0 || imported.contains(parsed.get(e.getKey()).path()))
                .sorted(Comparator.<Map.Entry<Integer, Double>, Boolean>comparing(
                                e -> !imported.contains(parsed.get(e.getKey()).path()))
                        .thenComparing(Map.Entry.<Integer, Double>comparingByValue().reversed())
                        .thenComparing(e -> parsed.get(e.getKey()).path()))
                .map(e -> parsed.get(e.getKey()).path())
                .toList();
    }

    private record Outcome(ParsedFile file, String skipReason) {
    }

    /**
     * How one map reads its files: by the file index where a file's stamp is unchanged, else from the file.
     *
     * @param lineTokens counts the tokens of each line, encoding each distinct piece of text once in this map
     */
    private record Reading(ScopeOptions options, MapCache cache, FileIndex index, Map<String, FileStamp> stamps,
                           LineTokens lineTokens) {
        /** Keeps what reading a file found, for the next map. */
        Outcome remember(RepoScanner.Candidate candidate, FileIndex.Known known, Outcome outcome) {
            if (index != null) {
                index.record(candidate.path(), known);
            }
            return outcome;
        }
    }

    private Outcome read(Reading reading, RepoScanner.Candidate candidate) {
        FileStamp stamp = reading.stamps().get(candidate.path());
        ScopeOptions options = reading.options();
        try {
            if ((stamp != null ? stamp.size() : Files.size(candidate.file())) > options.maxFileBytes()) {
                return new Outcome(null, ContentFilter.SKIP_TOO_LARGE);
            }
            FileIndex.Known known = reading.index() == null ? null : reading.index().known(candidate.path(), stamp);
            Outcome outcome = known == null ? null : fromIndex(reading, candidate, known);
            if (outcome != null) {
                return reading.remember(candidate, known, outcome);
            }
            reads.incrementAndGet();
            byte[] bytes = Files.readAllBytes(candidate.file());
            Optional<String> decoded = SourceText.decode(bytes);
            if (decoded.isEmpty()) {
                return reading.remember(candidate, new FileIndex.Known(stamp, null, candidate.language(), 0,
                        ContentFilter.SKIP_BINARY, null), new Outcome(null, ContentFilter.SKIP_BINARY));
            }
            String text = decoded.get();
            int lines = SourceLines.count(text);
            if (text.isBlank()) {
                return reading.remember(candidate, new FileIndex.Known(stamp, null, candidate.language(), lines,
                        SKIP_EMPTY, null), new Outcome(null, SKIP_EMPTY));
            }
            String fileName = candidate.path().substring(candidate.path().lastIndexOf('/') + 1);
            Language language = candidate.language();
            if (language == Language.C && fileName.endsWith(".h") && CPP_HEADER.matcher(text).find()) {
                language = Language.CPP; // a C++ header in C's clothing
            }
            MapCache cache = reading.cache();
            String key = cache == null ? null : cache.key(language, fileName, text);
            MapCache.Entry entry = key == null ? null : cache.get(key).orElse(null);
            if (entry == null) {
                // a cached entry was put only for a text that passed this filter (ContentFilter is part of the
                // cache's version), so only a file not in the cache needs it
                Optional<String> reason = ContentFilter.reasonToSkip(fileName, text, lines);
                if (reason.isPresent()) {
                    return reading.remember(candidate, new FileIndex.Known(stamp, null, language, lines, reason.get(),
                            null), new Outcome(null, reason.get()));
                }
            }
            Boolean testContent = candidate.testSuspect() ? TestFiles.hasTestContent(language, text) : null;
            FileIndex.Known found = new FileIndex.Known(stamp, key, language, lines, null, testContent);
            if (Boolean.TRUE.equals(testContent) && !options.includeTests()) {
                return reading.remember(candidate, found, new Outcome(null, RepoScanner.SKIP_TEST));
            }
            if (entry == null) {
                parses.incrementAndGet();
                entry = new MapCache.Entry(reading.lineTokens().count(text),
                        extract(candidate.path(), language, fileName, text));
                String fallback = entry.extraction().fallback();
                if (key != null && (fallback == null || !fallback.startsWith(SyntaxExtractor.TIMED_OUT))) {
                    cache.put(key, entry); // a parse that ran out of time may not on a quieter machine
                }
            }
            return reading.remember(candidate, found, parsedFile(candidate, options, language, lines, entry,
                    Boolean.TRUE.equals(testContent)));
        } catch (IOException e) {
            log.warn("skipping {}: {}", candidate.path(), e.toString());
            return new Outcome(null, SKIP_UNREADABLE);
        }
    }

    /**
     * What the index knows of a file whose stamp is unchanged, without reading it; null when that is not enough (its
     * entry is gone from the cache, or whether it is a test was never asked), and the file must be read.
     */
    private static Outcome fromIndex(Reading reading, RepoScanner.Candidate candidate, FileIndex.Known known) {
        if (known.skipReason() != null) {
            return new Outcome(null, known.skipReason());
        }
        if (candidate.testSuspect() && known.test() == null || known.key() == null || reading.cache() == null) {
            return null;
        }
        boolean test = candidate.testSuspect() && known.test();
        if (test && !reading.options().includeTests()) {
            reading.cache().use(known.key());
            return new Outcome(null, RepoScanner.SKIP_TEST);
        }
        Optional<MapCache.Entry> entry = reading.cache().get(known.key());
        if (entry.isEmpty()) {
            return null;
        }
        reading.cache().use(known.key());
        return parsedFile(candidate, reading.options(), known.language(), known.lines(), entry.get(), test);
    }

    private static Outcome parsedFile(RepoScanner.Candidate candidate, ScopeOptions options, Language language,
            int lines, MapCache.Entry entry, boolean test) {
        return new Outcome(new ParsedFile(candidate.path(), language, lines, entry.lineTokens(), entry.extraction(),
                // without tests in scope, a file of a test directory is read only when that directory is a
                // package the code imports (TestPackages): code, then, not a test
                test || options.includeTests() && isTestPath(language, candidate.path())), null);
    }

    /** From the syntax tree; from the lexical extractor when there is no tree to read, saying why. */
    private Extraction extract(String path, Language language, String fileName, String text) {
        String why;
        try {
            return syntax.extract(language, fileName, text);
        } catch (SyntaxExtractor.Unparsable e) {
            why = e.getMessage();
        } catch (RuntimeException e) {
            log.debug("tree-sitter failed on {}", path, e);
            why = "parser failed: " + e;
        }
        try {
            return Extractor.extract(language, text).withFallback(why);
        } catch (RuntimeException e) {
            // a construct the lexical extractor cannot follow either: keep the file in scope, without structure
            log.warn("cannot extract definitions from {}: {}", path, e.toString());
            return Extraction.lexical(List.of(), List.of(), null, Map.of(), Map.of(), new int[0], why + "; lexical failed");
        }
    }

    /**
     * Whether a repository-relative path (with '/' separators) is test code by its path alone: a test directory
     * (test, tests, __tests__, testdata, ...) or a name the toolchain defines as a test (Go's {@code _test.go},
     * pytest's {@code conftest.py}). A name that only looks like a test ({@code FooSpec.java}) needs test content
     * too; the map checks it when it reads the file.
     */
    private static boolean isTestPath(Language language, String path) {
        return TestFiles.byPath(language, path) == TestFiles.Verdict.TEST;
    }
}
