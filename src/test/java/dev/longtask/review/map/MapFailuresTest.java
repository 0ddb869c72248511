package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.Definition;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failures of the lexical map, one small fixture repository per language under
 * src/test/resources/map-fixtures: definitions it missed or invented, and references that name collisions
 * made up. Each test failed on the lexical map; it holds on the map read from syntax trees.
 */
class MapFailuresTest {
    static final TokenCounter TOKENS = TokenCounter.shared();

    @TempDir
    Path dir;

    private RepoMap map(String fixture) throws IOException {
        Path from;
        try {
            from = Path.of(MapFailuresTest.class.getResource("/map-fixtures/" + fixture).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path to = dir.resolve(fixture);
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(p -> {
                try {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return new RepoMapper(TOKENS).map(to, ScopeOptions.defaults());
    }

    private static MappedFile file(RepoMap map, String path) {
        return map.file(path).orElseThrow(() -> new AssertionError(path + " is not in the map: " + map.files()));
    }

    private static List<String> labels(MappedFile file) {
        return file.definitions().stream().map(d -> d.line() + " " + d.label()).toList();
    }

    @Test
    void javascriptMethodsDefinedByAssignmentArePrototypeMethodsAndExports() throws IOException {
        RepoMap map = map("js-assign");
        assertThat(labels(file(map, "lib/response.js"))).contains(
                "6 method res.send", "10 method res.json", "14 function status", "19 function Router",
                "23 method Router.route");
        assertThat(file(map, "lib/app.js").dependsOn()).containsExactly("lib/response.js");
    }

    @Test
    void anExamplesTopLevelVariableAttractsNoReferenceAndRanksBelowTheLibrary() throws IOException {
        RepoMap map = map("js-assign");
        assertThat(file(map, "lib/app.js").dependsOn()).doesNotContain("examples/hello.js");
        assertThat(map.files().get(0).path()).isEqualTo("lib/response.js");
        assertThat(file(map, "examples/hello.js").rank()).isLessThan(file(map, "lib/app.js").rank());
    }

    @Test
    void javaGenericMethodsWithParameterisedReturnTypesAndOverloads() throws IOException {
        RepoMap map = map("java-generic");
        assertThat(labels(file(map, "src/main/java/acme/Boxes.java"))).containsExactly(
                "5 class Boxes", "6 constructor Boxes.Boxes", "9 method Boxes.wrap", "13 method Boxes.wrapAll",
                "17 method Boxes.describe", "21 method Boxes.describe");
    }

    @Test
    void typescriptGenericAliasesWithDefaultsAndOverloadSignatures() throws IOException {
        RepoMap map = map("ts-alias");
        assertThat(labels(file(map, "src/reply.ts"))).containsExactly(
                "1 type Reply", "3 type Handler", "5 function reply", "6 function reply", "7 function reply");
        assertThat(file(map, "src/server.ts").dependsOn()).containsExactly("src/reply.ts");
    }

    @Test
    void aFunctionTypeTypedefDefinesItsNameNotVoid() throws IOException {
        RepoMap map = map("c-typedef");
        assertThat(labels(file(map, "src/hooks.h"))).contains("4 typedef hook_fn_t", "5 typedef compare_fn")
                .noneMatch(label -> label.endsWith(" void"));
        // list.c and buffer.c write `void` everywhere and share nothing with hooks.h
        assertThat(file(map, "src/list.c").dependsOn()).doesNotContain("src/hooks.h");
        assertThat(file(map, "src/buffer.c").dependsOn()).doesNotContain("src/hooks.h");
    }

    @Test
    void anIfElseWithTwoFunctionHeadersLosesNoFunctionAfterIt() throws IOException {
        RepoMap map = map("c-ifelse");
        assertThat(file(map, "src/io.c").definitions()).extracting(Definition::name)
                .contains("open_file", "read_all", "write_all", "close_all");
    }

    @Test
    void aDeriveAttributeIsNoReferenceToAProjectStructOfTheTraitsName() throws IOException {
        RepoMap map = map("rust-derive");
        assertThat(file(map, "src/point.rs").dependsOn()).doesNotContain("src/debug.rs");
        assertThat(file(map, "src/shape.rs").dependsOn()).contains("src/point.rs").doesNotContain("src/debug.rs");
    }

    @Test
    void aStandardLibraryMethodCallCountsNothingTowardAProjectMethodOfTheSameName() throws IOException {
        RepoMap map = map("python-collision");
        for (String module : List.of("orders", "invoices", "reports")) {
            assertThat(file(map, "shop/" + module + ".py").dependsOn()).as(module).doesNotContain("shop/cart.py");
        }
    }

    @Test
    void testsByContentVendoredTreesSkippedAndUtf16Decoded() throws IOException {
        RepoMap map = map("scope");
        assertThat(map.files()).extracting(MappedFile::path)
                .contains("src/main/java/acme/ResponseSpec.java", "src/win/entry.c")
                .doesNotContain("src/main/java/acme/ServerTest.java", "deps/zlib/deflate.c");
        assertThat(map.skipped()).containsEntry("test", 1).containsEntry("vendored", 1);
        assertThat(file(map, "src/win/entry.c").definitions()).extracting(Definition::name).containsExactly("windows_entry");
    }
}
