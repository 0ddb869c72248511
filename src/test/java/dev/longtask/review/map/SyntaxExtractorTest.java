package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SyntaxExtractorTest {
    static final TokenCounter TOKENS = TokenCounter.shared();

    @ParameterizedTest
    @ValueSource(strings = {"java", "kotlin", "python", "javascript", "typescript", "tsx", "go", "rust", "c", "cpp"})
    void everyGrammarLoadsAndItsTagQueryCompiles(String name) {
        Grammars.Loaded loaded = new Grammars().forFile(language(name), name.equals("tsx") ? "x.tsx" : "x");
        assertThat(loaded.unavailable()).isNull();
        assertThat(loaded.grammar().tags().getPatternCount()).isGreaterThan(5);
    }

    private static Language language(String grammar) {
        return grammar.equals("tsx") ? Language.TYPESCRIPT : Language.valueOf(grammar.toUpperCase(java.util.Locale.ROOT));
    }

    @Test
    void grammarsLoadOnlyForTheLanguagesMapped() throws Exception {
        Grammars grammars = new Grammars();
        new SyntaxExtractor(grammars, 5_000_000).extract(Language.GO, "a.go", "package a\nfunc F() {}\n");
        assertThat(grammars.ifLoaded("go")).isPresent();
        assertThat(grammars.ifLoaded("cpp")).isEmpty();
        assertThat(grammars.ifLoaded("java")).isEmpty();
    }

    /** A C file of many functions, long enough for the parser to look at its clock (it does every few hundred steps). */
    private static String manyFunctions(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("int f").append(i).append("(int a) { return a * ").append(i).append("; }\n");
        }
        return b.toString();
    }

    @Test
    void aParseThatTakesTooLongIsLeftToTheFallbackWithTheReason() {
        String big = manyFunctions(20_000);
        SyntaxExtractor impatient = new SyntaxExtractor(new Grammars(), 1);
        assertThatThrownBy(() -> impatient.extract(Language.C, "big.c", big))
                .isInstanceOf(SyntaxExtractor.Unparsable.class).hasMessageContaining("parse took over");
    }

    @Test
    void theMapSaysWhichFilesTheFallbackMappedAndWhy(@TempDir Path repo) throws IOException {
        Files.writeString(repo.resolve("a.c"), "int alpha(void) { return 1; }\n" + manyFunctions(5_000));
        Files.writeString(repo.resolve("b.py"), "def beta():\n    return 2\n");
        RepoMap map = new RepoMapper(TOKENS, new SyntaxExtractor(new Grammars(), 1), false).map(repo, ScopeOptions.defaults());
        MappedFile c = map.file("a.c").orElseThrow();
        assertThat(c.fallback()).startsWith("parse took over");
        assertThat(c.definitions()).extracting(Definition::label).contains("function alpha", "function f4999");
        assertThat(MapRenderer.block(c, false)).contains("mapped lexically: parse took over");
        assertThat(map.file("b.py").orElseThrow().fallback()).isNull(); // too short to be cut off
        // the product's 5 s are wall-clock time, which a loaded machine can spend on this file: a patient mapper here
        RepoMap normal = new RepoMapper(TOKENS, new SyntaxExtractor(new Grammars(), 600_000_000L), false)
                .map(repo, ScopeOptions.defaults());
        assertThat(normal.files()).allSatisfy(f -> assertThat(f.fallback()).isNull());
    }

    @Test
    void aMapWithAParseThatRanOutOfTimeIsNotKeptForTheNextMap(@TempDir Path repo) throws IOException {
        Files.writeString(repo.resolve("a.c"), "int alpha(void) { return 1; }\n" + manyFunctions(5_000));
        Files.setLastModifiedTime(repo.resolve("a.c"), java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - 3_600_000)); // settled: the map may be kept whole
        new RepoMapper(TOKENS, new SyntaxExtractor(new Grammars(), 1), true).map(repo, ScopeOptions.defaults());
        RepoMapper patient = new RepoMapper(TOKENS, new SyntaxExtractor(new Grammars(), 600_000_000L), true);
        RepoMap again = patient.map(repo, ScopeOptions.defaults());
        assertThat(patient.snapshots()).isZero();
        assertThat(patient.parses()).isEqualTo(1);
        assertThat(again.file("a.c").orElseThrow().fallback()).isNull();
    }

    @Test
    void usesAreClassifiedByTheTree() throws Exception {
        String source = """
                import java.util.List;
                class Caller {
                    void run(Engine engine, List<Part> parts) {
                        int count = parts.size();
                        engine.start(count);
                        helper(Limits.MAX);
                    }
                }
                """;
        Extraction e = new SyntaxExtractor(new Grammars(), 5_000_000).extract(Language.JAVA, "Caller.java", source);
        assertThat(uses(e, "Engine")[UseKind.TYPE.ordinal()]).isEqualTo(1);
        assertThat(uses(e, "start")[UseKind.MEMBER_CALL.ordinal()]).isEqualTo(1);
        assertThat(uses(e, "helper")[UseKind.CALL.ordinal()]).isEqualTo(1);
        assertThat(uses(e, "Limits")[UseKind.VALUE.ordinal()]).isEqualTo(1);
        assertThat(uses(e, "MAX")[UseKind.VALUE.ordinal()]).isEqualTo(1);
        // parameters and locals are the file's own names, never uses of another file's definitions
        assertThat(e.uses()).doesNotContainKeys("engine", "count", "parts");
        assertThat(e.definitions()).extracting(Definition::label).containsExactly("class Caller", "method Caller.run");
    }

    private static int[] uses(Extraction e, String name) {
        int[] u = e.uses().get(name);
        assertThat(u).as(name).isNotNull();
        return u;
    }

    @Test
    void definitionsOfEveryLanguageWithTheirParents() throws Exception {
        SyntaxExtractor x = new SyntaxExtractor(new Grammars(), 5_000_000);
        assertThat(labels(x.extract(Language.GO, "a.go", """
                package a
                type Store[T any] struct{ items []T }
                type Reader interface { Read(p []byte) (int, error) }
                func (s *Store[T]) Add(item T) { s.items = append(s.items, item) }
                func New() *Store[int] { return nil }
                const Limit = 3
                """))).containsExactly("2 struct Store", "3 interface Reader", "3 method Reader.Read", "4 method Store.Add",
                "5 function New", "6 constant Limit");
        assertThat(labels(x.extract(Language.RUST, "a.rs", """
                pub struct Ledger { total: i64 }
                impl Ledger {
                    pub fn add(&mut self, n: i64) { fn local() {} self.total += n; }
                }
                pub trait Audit { fn audit(&self) -> bool; }
                macro_rules! ledger { () => {} }
                """))).containsExactly("1 struct Ledger", "3 method Ledger.add", "5 trait Audit", "5 method Audit.audit",
                "6 macro ledger");
        assertThat(labels(x.extract(Language.PYTHON, "a.py", """
                TAX_RATE = 0.2
                class PriceBook:
                    def price_of(self, sku):
                        def nested():
                            pass
                        return 1
                def compute_total(items):
                    total = 0
                    return total
                """))).containsExactly("1 constant TAX_RATE", "2 class PriceBook", "3 method PriceBook.price_of",
                "7 function compute_total");
        assertThat(labels(x.extract(Language.KOTLIN, "a.kt", """
                interface Auditor { fun audit() }
                data class Report(val title: String) {
                    fun render(): String = title
                }
                fun Report.lineCount(): Int = 1
                object Registry { fun register() {} }
                """))).containsExactly("1 interface Auditor", "1 method Auditor.audit", "2 class Report",
                "3 method Report.render", "5 method Report.lineCount", "6 object Registry", "6 method Registry.register");
        assertThat(labels(x.extract(Language.CPP, "a.cpp", """
                namespace shop {
                class Engine {
                  public:
                    void start(int speed);
                };
                void Engine::start(int speed) { helper(speed); }
                using Speed = int;
                }
                """))).containsExactly("1 namespace shop", "2 class Engine", "4 prototype Engine.start",
                "6 method Engine.start", "7 type Speed");
    }

    @Test
    void aMacroUsedAsASpecifierIsNeverTheDefinitionTheDeclarationNames() throws Exception {
        String source = """
                #define X_inline inline
                #define EXPORT_API __attribute__((visibility("default")))
                typedef unsigned long my_size;
                EXPORT_API int foo(void);
                X_inline my_size length(const char *s) { return 0; }
                EXPORT_API my_size count;
                EXPORT_API my_size total = other;
                EXPORT_API X_inline my_size both;
                int plain = 3;
                """;
        for (Language language : List.of(Language.C, Language.CPP)) {
            Extraction e = new SyntaxExtractor(new Grammars(), 5_000_000).extract(language, "a.h", source);
            assertThat(labels(e)).as(language.id()).containsExactly("1 macro X_inline", "2 macro EXPORT_API",
                    "3 typedef my_size", "4 prototype foo", "5 function length", "6 variable count",
                    "7 variable total", "8 variable both", "9 variable plain");
        }
    }

    private static List<String> labels(Extraction e) {
        return e.definitions().stream().map(d -> d.line() + " " + d.label()).toList();
    }

    /**
     * The build's native query loop reads the same extraction as the jar's binding, capture by capture, on every
     * source file of the map fixtures and the ranking corpus (all ten grammars between them); and with the build's
     * library loaded the loop is really there, so this compares two paths, not one with itself.
     */
    @Test
    void theNativeQueryLoopReadsWhatTheJarsBindingReads() throws Exception {
        Grammars grammars = new Grammars();
        SyntaxExtractor nativeLoop = new SyntaxExtractor(grammars, 600_000_000L);
        SyntaxExtractor jar = new SyntaxExtractor(grammars, 600_000_000L, false);
        int compared = 0;
        for (String fixtures : List.of("map-fixtures", "rank-corpus")) {
            List<Path> files;
            try (var walk = Files.walk(Path.of("src/test/resources", fixtures))) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path file : files) {
                String name = file.getFileName().toString();
                Language language = Language.ofFileName(name).orElse(null);
                if (language == null || grammars.forFile(language, name).grammar() == null) {
                    continue;
                }
                String source = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8);
                String expected;
                try {
                    expected = render(jar.extract(language, name, source));
                } catch (SyntaxExtractor.Unparsable e) {
                    expected = "unparsable: " + e.getMessage();
                }
                String actual;
                try {
                    actual = render(nativeLoop.extract(language, name, source));
                } catch (SyntaxExtractor.Unparsable e) {
                    actual = "unparsable: " + e.getMessage();
                }
                assertThat(actual).as(file.toString()).isEqualTo(expected);
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(200);
        if (dev.longtask.store.TreeSitterLibraries.buildId().isPresent()) {
            Grammars.Grammar java = grammars.forFile(Language.JAVA, "A.java").grammar();
            org.treesitter.TSParser parser = new org.treesitter.TSParser();
            parser.setLanguage(java.language());
            org.treesitter.TSTree tree = parser.parseString(null, "class A { void f() { g(); } }");
            Object[] read = QueryLoop.matches(java.tags(), tree.getRootNode(), java.walkedCaptures());
            assertThat((int[]) read[0]).isNotEmpty();
            assertThat((org.treesitter.TSNode[]) read[1]).isNotEmpty(); // the class and the method are walked from
        }
    }

    private static String render(Extraction e) {
        java.util.TreeMap<String, String> uses = new java.util.TreeMap<>();
        e.uses().forEach((name, counts) -> uses.put(name, java.util.Arrays.toString(counts)));
        return String.join("\n", e.definitions().toString(), e.imports().toString(), String.valueOf(e.packageName()),
                new java.util.TreeMap<>(e.identifiers()).toString(), new java.util.TreeMap<>(e.calls()).toString(),
                java.util.Arrays.toString(e.cutLines()), uses.toString(), String.valueOf(e.fallback()));
    }
}
