package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import dev.longtask.review.ReviewFixture;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractorTest {

    private static Extraction extract(String path) throws IOException {
        Language language = Language.ofFileName(path).orElseThrow();
        return Extractor.extract(language, ReviewFixture.read(path));
    }

    private static List<String> labels(Extraction e) {
        return e.definitions().stream().map(d -> d.line() + " " + d.label()).toList();
    }

    @Test
    void javaTypesMembersAndConstructorsButNothingCommentedOrQuoted() throws IOException {
        Extraction e = extract("java/src/main/java/com/acme/store/Inventory.java");
        assertThat(labels(e)).containsExactly(
                "9 class Inventory",
                "15 constructor Inventory.Inventory",
                "18 method Inventory.addStock",
                "22 method Inventory.countOf",
                "26 method Inventory.describe",
                "30 class Inventory.Snapshot");
        assertThat(e.packageName()).isEqualTo("com.acme.store");
        assertThat(e.imports()).extracting(Import::module).containsExactly("java.util.HashMap", "java.util.Map");
        assertThat(e.identifiers()).doesNotContainKeys("GhostInventory", "ghostMethod", "Phantom");
        assertThat(extract("java/src/main/java/com/acme/store/Item.java").definitions())
                .extracting(Definition::label).containsExactly("record Item", "method Item.isEmpty");
    }

    @Test
    void kotlinClassesObjectsExtensionsCompanionMembersAndTopLevelProperties() throws IOException {
        Extraction e = extract("kotlin/src/main/kotlin/com/acme/report/Report.kt");
        assertThat(labels(e)).containsExactly(
                "6 class Report",
                "7 method Report.render",
                "10 method Report.empty",
                "14 function buildReport",
                "17 method Report.lineCount",
                "19 object ReportRegistry",
                "21 method ReportRegistry.register",
                "24 property DEFAULT_TITLE");
        assertThat(e.identifiers()).doesNotContainKey("ghostReport");
        assertThat(e.imports()).extracting(Import::module).containsExactly("com.acme.store.Inventory");
        assertThat(extract("kotlin/src/main/kotlin/com/acme/report/Audit.kt").definitions())
                .extracting(Definition::label)
                .containsExactly("interface Auditor", "method Auditor.audit", "class StockAuditor", "method StockAuditor.audit");
    }

    @Test
    void pythonFollowsIndentationAndIgnoresCommentsDocstringsStringsAndNestedFunctions() throws IOException {
        Extraction e = extract("python/acme/pricing.py");
        assertThat(labels(e)).containsExactly(
                "6 constant TAX_RATE",
                "13 class PriceBook",
                "16 method PriceBook.__init__",
                "19 method PriceBook.price_of",
                "22 method PriceBook.set_price",
                "30 function compute_total");
        assertThat(e.identifiers()).doesNotContainKeys("ghost_function", "phantom_in_docstring", "not_a_function");
        Extraction checkout = extract("python/acme/checkout.py");
        assertThat(checkout.imports()).containsExactly(new Import(".pricing", List.of("PriceBook", "compute_total")));
    }

    @Test
    void typescriptInterfacesClassesTypesAndFunctionsButNotRegexOrTemplateText() throws IOException {
        Extraction e = extract("web/src/api.ts");
        assertThat(labels(e)).containsExactly(
                "2 interface ApiClient",
                "3 method ApiClient.fetchItems",
                "6 class HttpApi",
                "7 method HttpApi.constructor",
                "9 method HttpApi.fetchItems",
                "16 type ItemId",
                "18 constant DEFAULT_PAGE_SIZE",
                "20 function createApi");
        assertThat(e.identifiers()).doesNotContainKeys("ghostFetch", "fakeInRegex", "items");
        assertThat(e.identifiers()).containsKey("encodeURIComponent"); // code inside ${...} is code
        assertThat(extract("web/src/cart.ts").imports()).extracting(Import::module).containsExactly("./api", "./util.js");
        assertThat(extract("web/src/cart.ts").definitions()).extracting(Definition::label)
                .contains("class Cart", "method Cart.add", "method Cart.total");
    }

    @Test
    void javascriptFunctionsAndArrowConstants() throws IOException {
        Extraction e = extract("web/src/util.js");
        assertThat(labels(e)).containsExactly("6 function formatPrice", "10 function roundCents"); // not path = require()
        assertThat(e.identifiers()).doesNotContainKey("ghostUtil");
        assertThat(e.imports()).extracting(Import::module).containsExactly("path");
    }

    @Test
    void goFunctionsMethodsTypesGroupedConstantsAndInterfaceMethods() throws IOException {
        Extraction e = extract("go/inventory/inventory.go");
        assertThat(labels(e)).containsExactly(
                "12 struct Store",
                "17 interface Counter",
                "18 method Counter.Count",
                "22 constant DefaultCapacity",
                "23 constant MaxSku",
                "27 function NewStore",
                "32 method Store.Add",
                "38 method Store.Count",
                "44 method Store.String");
        assertThat(e.packageName()).isEqualTo("inventory");
        assertThat(e.identifiers()).doesNotContainKeys("GhostFunc", "Fake");
        assertThat(extract("go/cmd/server/main.go").imports()).extracting(Import::module)
                .containsExactly("fmt", "example.com/acme/inventory");
    }

    @Test
    void rustItemsImplMethodsAndTraitsWithoutTestModuleOrLiteralContent() throws IOException {
        Extraction e = extract("rust/src/ledger.rs");
        assertThat(labels(e)).containsExactly(
                "5 struct Ledger",
                "9 trait Auditable",
                "10 method Auditable.audit",
                "14 method Ledger.new",
                "18 method Ledger.record",
                "24 method Ledger.entries",
                "30 method Ledger.audit",
                "36 method Ledger.fmt",
                "41 constant MAX_ENTRIES");
        assertThat(e.identifiers()).doesNotContainKeys("fake_in_string", "records");
        assertThat(e.imports()).extracting(Import::module).containsExactly("std::fmt"); // not the test module's super::*
        Extraction lib = extract("rust/src/lib.rs");
        assertThat(labels(lib)).containsExactly("2 module ledger", "9 function total", "13 function audited");
        assertThat(lib.imports()).containsExactly(new Import("crate::ledger", List.of("Ledger", "Auditable")),
                new Import("mod ledger"));
    }

    @Test
    void cFunctionsPrototypesTypedefsAndMacrosButNotHeaderGuardsOrComments() throws IOException {
        Extraction header = extract("c/include/ledger.h");
        assertThat(labels(header)).containsExactly(
                "6 macro LEDGER_MAX",
                "8 typedef ledger_t",
                "13 typedef ledger_visitor",
                "16 function ledger_add",
                "17 function ledger_sum",
                "18 function ledger_each");
        assertThat(header.identifiers()).doesNotContainKey("ghost_prototype");
        Extraction source = extract("c/src/ledger.c");
        assertThat(labels(source)).containsExactly("4 function is_full", "9 function ledger_add",
                "17 function ledger_sum", "27 function ledger_each");
        assertThat(source.identifiers()).doesNotContainKey("fake_sum");
        assertThat(source.imports()).extracting(Import::module).containsExactly("ledger.h", "<string.h>");
    }

    @Test
    void cppClassesNamespacesQualifiedMethodsAndRawStrings() throws IOException {
        Extraction header = extract("cpp/src/engine.hpp");
        assertThat(labels(header)).containsExactly(
                "4 namespace acme",
                "8 class Engine",
                "10 method Engine.Engine",
                "11 method Engine.~Engine",
                "12 method Engine.start",
                "13 method Engine.running",
                "20 enum Mode");
        assertThat(header.identifiers()).doesNotContainKey("GhostEngine");
        Extraction source = extract("cpp/src/engine.cpp");
        assertThat(labels(source)).containsExactly("5 namespace acme", "7 method Engine.Engine",
                "9 method Engine.~Engine", "11 method Engine.start", "19 function main");
        assertThat(source.identifiers()).doesNotContainKey("fake_raw");
    }

    private static List<String> labels(Language language, String source) {
        return labels(Extractor.extract(language, source));
    }

    @Test
    void multiLineHeadersGenericsOperatorsAndAccessors() {
        String kotlin = String.join("\n",
                "data class Circle(",
                "    val r: Double,",              // a constructor parameter, not a property of the file
                ") : Shape {",
                "    override fun area() = Math.PI * r * r",
                "}",
                "suspend fun <T> List<T>.firstAsync(): T = first()");
        assertThat(labels(Language.KOTLIN, kotlin))
                .containsExactly("1 class Circle", "4 method Circle.area", "6 method List.firstAsync");
        String go = String.join("\n",
                "type Pair[K comparable, V any] struct {",
                "\tKey K",
                "}",
                "func Map[T, U any](xs []T, f func(T) U) []U {",
                "\treturn nil",
                "}",
                "func (p *Pair[K, V]) Swap() {}");
        assertThat(labels(Language.GO, go)).containsExactly("1 struct Pair", "4 function Map", "7 method Pair.Swap");
        String cpp = String.join("\n",
                "template <typename T>",
                "class Vec : public Base<T> {",
                "public:",
                "    Vec() = default;",
                "    T& operator[](size_t i) { return data_[i]; }",
                "    static Vec<T> make(std::initializer_list<T> xs);",
                "};",
                "static inline int clamp(int v,",
                "                        int lo) { return v < lo ? lo : v; }");
        assertThat(labels(Language.CPP, cpp)).containsExactly("2 class Vec", "4 method Vec.Vec",
                "5 method Vec.operator[]", "6 method Vec.make", "8 function clamp");
        String ts = String.join("\n",
                "@Component({ selector: 'x' })",
                "export abstract class Base<T extends object> {",
                "  protected abstract load(id: string): Promise<T>;",
                "  get size(): number { return 0; }",
                "}",
                "export const handler = async (event: Event): Promise<void> => {};",
                "const ratio = a / b / c;");
        assertThat(labels(Language.TYPESCRIPT, ts)).containsExactly("2 class Base", "3 method Base.load",
                "4 method Base.size", "6 function handler", "7 constant ratio");
    }

    @Test
    void cutLinesMoveUpOverCommentsAndAnnotations() {
        String java = String.join("\n",
                "class A {",          // 1
                "    int x;",          // 2
                "",                    // 3
                "    /** Docs. */",    // 4
                "    @Override",       // 5
                "    public String toString() {", // 6
                "        return \"\";",
                "    }",
                "}");
        Extraction e = Extractor.extract(Language.JAVA, java);
        assertThat(e.definitions()).extracting(Definition::line).containsExactly(1, 6);
        assertThat(e.cutLines()).containsExactly(1, 3);
    }

    @Test
    void lexerKeepsOffsetsAndSeparatesLifetimesFromCharsAndDigitSeparatorsFromLiterals() {
        String rust = "fn f<'a>(x: &'a str) -> char { 'x' }";
        String blanked = Lexer.blank(rust, Syntax.of(Language.RUST)).text();
        assertThat(blanked).hasSameSizeAs(rust).contains("&'a str").contains("' '").doesNotContain("'x'");
        String cpp = "int n = 1'000'000; // fn";
        assertThat(Lexer.blank(cpp, Syntax.of(Language.CPP)).text()).startsWith("int n = 1'000'000;").doesNotContain("fn");
        String js = "const s = `a ${b + `c ${d}`} e`; const r = /\\/\\*x/g; // tail";
        String jsBlank = Lexer.blank(js, Syntax.of(Language.JAVASCRIPT)).text();
        assertThat(jsBlank).contains("b").contains("d").doesNotContain("tail").doesNotContain("e`").hasSameSizeAs(js);
        String py = "x = '''a\n# not a comment\n''' # real comment\ny = 1";
        Lexer.Blanked pyBlank = Lexer.blank(py, Syntax.of(Language.PYTHON));
        assertThat(pyBlank.text()).doesNotContain("not a comment").doesNotContain("real").endsWith("y = 1");
        assertThat(pyBlank.continues(py.indexOf("# not"))).isTrue();
    }
}
