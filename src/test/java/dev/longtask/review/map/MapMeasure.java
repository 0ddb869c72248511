package dev.longtask.review.map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Measures the repo map on checked-out repositories (not part of the test suite; it needs the repositories and
 * universal-ctags). For each repository: the top files of the map, and the definitions of the tree-sitter
 * extraction and of the lexical extractor compared with universal-ctags, file by file, as precision and recall
 * per language. Run it with the test classpath:
 *
 * <pre>
 * mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.longtask.review.MapMeasure top REPO...
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.longtask.review.MapMeasure ctags REPO...
 * </pre>
 *
 * A ctags tag counts when its kind is one the map claims for the language (below) and it is not inside a
 * function (the map lists no local definitions); a definition of the map counts when its kind has a ctags
 * counterpart. A definition matches a tag of the same file and name on the same line, or within two lines
 * (a definition's annotations or a return type on the line above).
 */
public final class MapMeasure {
    private MapMeasure() {
    }

    /** The ctags kinds (long names) each language's map claims to find. */
    static final Map<Language, Set<String>> CTAGS_KINDS = Map.of(
            Language.C, Set.of("function", "prototype", "struct", "union", "enum", "typedef", "macro", "variable"),
            Language.CPP, Set.of("function", "prototype", "struct", "union", "enum", "typedef", "macro", "variable",
                    "class", "namespace", "alias"),
            Language.JAVA, Set.of("class", "interface", "enum", "annotation", "method", "record"),
            Language.KOTLIN, Set.of("class", "interface", "object", "method", "typealias", "constant", "variable"),
            Language.PYTHON, Set.of("class", "function", "member", "variable"),
            Language.JAVASCRIPT, Set.of("class", "function", "method", "generator", "variable", "constant"),
            Language.TYPESCRIPT, Set.of("class", "interface", "enum", "alias", "function", "method", "namespace",
                    "variable", "constant"),
            Language.GO, Set.of("func", "methodSpec", "struct", "interface", "type", "talias", "const", "var"),
            Language.RUST, Set.of("function", "method", "struct", "enum", "interface", "typedef", "variable",
                    "constant", "module", "macro", "union"));

    private static final Set<String> FUNCTION_SCOPES = Set.of("function", "method", "func", "member", "generator",
            "prototype", "getter", "setter");

    record Tag(String path, String name, int line) {
    }

    record Score(int ours, int oursMatched, int theirs, int theirsMatched) {
        Score plus(Score o) {
            return new Score(ours + o.ours, oursMatched + o.oursMatched, theirs + o.theirs, theirsMatched + o.theirsMatched);
        }

        String text() {
            return String.format("P %.3f (%d/%d) R %.3f (%d/%d)", ours == 0 ? 1.0 : (double) oursMatched / ours,
                    oursMatched, ours, theirs == 0 ? 1.0 : (double) theirsMatched / theirs, theirsMatched, theirs);
        }
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        for (int k = 1; k < args.length; k++) {
            Path repo = Path.of(args[k]);
            switch (mode) {
                case "top" -> top(repo);
                case "ctags" -> ctags(repo);
                case "defs" -> defs(repo);
                default -> throw new IllegalArgumentException("mode top or ctags, was " + mode);
            }
        }
    }

    /** Prints what the tree-sitter extraction makes of one file: its definitions, its uses, or why it fell back. */
    static void defs(Path file) throws IOException {
        Language language = Language.ofFileName(file.getFileName().toString()).orElseThrow();
        String text = SourceText.decode(Files.readAllBytes(file)).orElseThrow();
        try {
            Extraction e = new SyntaxExtractor(new Grammars(), 5_000_000).extract(language, file.getFileName().toString(), text);
            e.definitions().forEach(d -> System.out.println(d.line() + " " + d.label()));
            e.uses().forEach((name, u) -> System.out.println("  use " + name + " " + java.util.Arrays.toString(u)));
        } catch (SyntaxExtractor.Unparsable u) {
            System.out.println("fallback: " + u.getMessage());
        }
    }

    static void top(Path repo) throws IOException {
        long start = System.nanoTime();
        RepoMap map = new RepoMapper(TokenCounter.shared()).map(repo, ScopeOptions.defaults());
        long fallbacks = map.files().stream().filter(f -> f.fallback() != null).count();
        System.out.printf("## %s: %d files, %d lines, %d mapped lexically, %.1f s%n", repo.getFileName(),
                map.files().size(), map.totalLines(), fallbacks, (System.nanoTime() - start) / 1e9);
        map.files().stream().filter(f -> f.fallback() != null).limit(10)
                .forEach(f -> System.out.println("   lexical: " + f.path() + ": " + f.fallback()));
        System.out.println("   skipped: " + map.skipped());
        for (int k = 0; k < Math.min(Integer.getInteger("top", 10), map.files().size()); k++) {
            MappedFile f = map.files().get(k);
            System.out.printf("%2d. %s  %.4f%n", k + 1, f.path(), f.rank());
        }
    }

    static void ctags(Path repo) throws IOException, InterruptedException {
        RepoMap map = new RepoMapper(TokenCounter.shared()).map(repo, ScopeOptions.defaults());
        Map<String, MappedFile> files = new LinkedHashMap<>();
        map.files().forEach(f -> files.put(f.path(), f));
        Map<String, List<Tag>> theirs = runCtags(repo, files);
        Map<Language, Score> syntax = new TreeMap<>();
        Map<Language, Score> lexical = new TreeMap<>();
        for (MappedFile f : files.values()) {
            String text = SourceText.decode(Files.readAllBytes(repo.resolve(f.path()))).orElse("");
            List<Tag> expected = theirs.getOrDefault(f.path(), List.of());
            List<Tag> tree = tags(f.path(), f.definitions());
            List<Tag> lex = tags(f.path(), Extractor.extract(f.language(), text).definitions());
            syntax.merge(f.language(), score(tree, expected, f.path(), "tree-sitter", text), Score::plus);
            lexical.merge(f.language(), score(lex, expected, null, null, text), Score::plus);
        }
        System.out.println("## " + repo.getFileName());
        syntax.forEach((language, s) -> System.out.printf("%-10s lexical %s | tree-sitter %s%n", language.id(),
                lexical.get(language).text(), s.text()));
    }

    private static List<Tag> tags(String path, List<Definition> definitions) {
        return definitions.stream().map(d -> new Tag(path, d.name().replace(" ", ""), d.line())).toList();
    }

    /** Matches ours against theirs; with {@code label}, prints what did not match (for reading the misses). */
    private static Score score(List<Tag> ours, List<Tag> theirs, String path, String label, String text) {
        List<Tag> left = new ArrayList<>(theirs);
        int matched = 0;
        List<Tag> extra = new ArrayList<>();
        for (Tag t : ours) {
            Optional<Tag> hit = left.stream().filter(x -> x.name().equals(t.name()) && x.line() == t.line()).findFirst();
            if (hit.isEmpty()) {
                hit = left.stream().filter(x -> x.name().equals(t.name()) && Math.abs(x.line() - t.line()) <= 2).findFirst();
            }
            if (hit.isPresent()) {
                left.remove(hit.get());
                matched++;
            } else {
                extra.add(t);
            }
        }
        if (label != null && System.getenv("MAP_MEASURE_VERBOSE") != null) {
            extra.forEach(t -> System.out.println("  extra " + label + " " + path + ":" + t.line() + " " + t.name()));
            left.forEach(t -> System.out.println("  missed " + label + " " + path + ":" + t.line() + " " + t.name()));
        }
        return new Score(ours.size(), matched, theirs.size(), theirs.size() - left.size());
    }

    private static Map<String, List<Tag>> runCtags(Path repo, Map<String, MappedFile> files)
            throws IOException, InterruptedException {
        Path list = Files.createTempFile("ctags-files", ".txt");
        Files.write(list, files.keySet(), StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("ctags", "--output-format=json", "--fields=+nKzZ",
                "--kinds-C=+p", "--kinds-C++=+pA", "--map-C++=+.h", "--map-TypeScript=+.tsx", "-L", list.toString(), "-f", "-")
                .directory(repo.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        ObjectMapper json = new ObjectMapper();
        Map<String, List<Tag>> out = new HashMap<>();
        for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode tag = json.readTree(line);
            String path = tag.path("path").asText();
            MappedFile f = files.get(path);
            if (f == null || !tag.has("line")) {
                continue;
            }
            String kind = tag.path("kind").asText();
            String scopeKind = tag.path("scopeKind").asText("");
            String name = tag.path("name").asText();
            String pattern = tag.path("pattern").asText("");
            boolean indented = pattern.startsWith("/^ ") || pattern.startsWith("/^\t");
            if (!CTAGS_KINDS.get(f.language()).contains(kind) || (FUNCTION_SCOPES.contains(scopeKind) && indented)
                    || ignoredMember(f.language(), kind, scopeKind) || unnamed(name)
                    || notADefinition(f.language(), kind, pattern, indented)) {
                continue;
            }
            Tag t = new Tag(path, name.replace(" ", ""), tag.path("line").asInt()); // "operator ()" as "operator()"
            List<Tag> tags = out.computeIfAbsent(path, x -> new ArrayList<>());
            if (!tags.contains(t)) {
                tags.add(t); // ctags tags `obj.m = function m()` twice, as a class member and as a function
            }
        }
        p.waitFor();
        Files.deleteIfExists(list);
        return out;
    }

    /** Variables, constants and types of a class or impl body are members the map does not list. */
    private static boolean ignoredMember(Language language, String kind, String scopeKind) {
        boolean variable = kind.equals("variable") || kind.equals("constant") || kind.equals("typedef");
        return variable && (scopeKind.equals("class") || scopeKind.equals("struct") || scopeKind.equals("interface")
                || scopeKind.equals("implementation")
                || (language == Language.KOTLIN && !scopeKind.isEmpty() && !scopeKind.equals("object")));
    }

    /** Names ctags makes up for what has none: anonymous functions, structs, lambdas, companion objects. */
    private static boolean unnamed(String name) {
        return name.startsWith("AnonymousFunction") || name.startsWith("__anon") || name.startsWith("<")
                || name.equals("Companion") || name.equals("_");
    }

    /**
     * JavaScript and TypeScript bindings the map does not call definitions: {@code const x = require('x')} (an
     * import) and variables declared inside a function (indented, ctags gives them no scope).
     */
    private static boolean notADefinition(Language language, String kind, String pattern, boolean indented) {
        if (language != Language.JAVASCRIPT && language != Language.TYPESCRIPT) {
            return false;
        }
        boolean variable = kind.equals("variable") || kind.equals("constant");
        return variable && (pattern.contains("require(") || indented);
    }
}
