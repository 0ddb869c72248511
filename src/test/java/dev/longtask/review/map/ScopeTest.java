package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scope on the shapes of real trees, each on a small tree written here: a test-named package the library imports
 * (CPython's unittest), a venv/ that is code and one that is an environment, a nested test project (gson's
 * test-shrinker), generated files known by a generator's words or by the shape of a table; every skip counted and
 * listed.
 */
class ScopeTest {
    @TempDir
    Path root;

    private void file(String path, String text) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private RepoMap map() throws IOException {
        return new RepoMapper(TokenCounter.shared()).map(root, ScopeOptions.defaults());
    }

    private static List<String> paths(RepoMap m) {
        return m.files().stream().map(MappedFile::path).sorted().toList();
    }

    @Test
    void aTestNamedPackageTheLibraryImportsStaysInScopeWithoutItsOwnTests() throws IOException {
        file("Lib/unittest/__init__.py", "from .case import TestCase\n");
        file("Lib/unittest/case.py", "class TestCase:\n    def run(self):\n        return 1\n");
        file("Lib/unittest/test/test_case.py", "import unittest\n\ndef test_run():\n    assert True\n");
        file("Lib/doctest.py", "import unittest\n\ndef DocTestSuite():\n    return unittest.TestCase()\n");
        // Lib/test is imported by a tool too, but it is a test suite: most of its files are named as tests
        file("Lib/test/support.py", "def run_unittest():\n    pass\n");
        file("Lib/test/test_os.py", "import unittest\n\nclass TestOs(unittest.TestCase):\n    pass\n");
        file("Lib/test/test_sys.py", "import unittest\n\nclass TestSys(unittest.TestCase):\n    pass\n");
        file("Tools/regen.py", "from test import support\n\nsupport.run_unittest()\n");

        RepoMap m = map();

        assertThat(paths(m)).containsExactly("Lib/doctest.py", "Lib/unittest/__init__.py", "Lib/unittest/case.py",
                "Tools/regen.py");
        assertThat(m.skipped()).containsEntry("test", 4);
        assertThat(m.skippedPaths().get("test")).containsExactlyInAnyOrder("Lib/test/", "Lib/unittest/test/");
        assertThat(m.file("Lib/unittest/case.py").orElseThrow().dependsOn()).isEmpty();
        assertThat(m.file("Lib/doctest.py").orElseThrow().dependsOn()).contains("Lib/unittest/__init__.py");
    }

    @Test
    void withNoImportFromOutsideATestDirectoryStaysOut() throws IOException {
        file("src/app.py", "import os\n\ndef main():\n    return os.getcwd()\n");
        file("tests/helpers.py", "def fixture():\n    return 1\n");

        RepoMap m = map();

        assertThat(paths(m)).containsExactly("src/app.py");
        assertThat(m.skippedPaths().get("test")).containsExactly("tests/");
    }

    @Test
    void venvIsAnEnvironmentOnlyWhenItHoldsPyvenvCfg() throws IOException {
        file("Lib/venv/__init__.py", "def create(env_dir):\n    return env_dir\n");
        file("env/pyvenv.cfg", "home = /usr/bin\n");
        file("env/lib/python3.12/site.py", "def main():\n    pass\n");
        file("venv/pyvenv.cfg", "home = /usr/bin\n");
        file("venv/lib/python3.12/os.py", "def getcwd():\n    pass\n");

        RepoMap m = map();

        assertThat(paths(m)).containsExactly("Lib/venv/__init__.py");
        assertThat(m.skippedPaths().get("build output")).containsExactlyInAnyOrder("env/", "venv/");
    }

    @Test
    void aNestedTestProjectIsKeptOutAndListed() throws IOException {
        file("pom.xml", "<project/>\n");
        file("gson/src/main/java/com/google/gson/Gson.java", "package com.google.gson;\npublic final class Gson {}\n");
        file("test-shrinker/pom.xml", "<project/>\n");
        file("test-shrinker/src/main/java/com/example/Main.java", "package com.example;\npublic class Main {}\n");
        file("integration-tests/app/package.json", "{}\n");
        file("integration-tests/app/index.js", "function main() { return 1; }\n");
        // named like a test but no project of its own, and a project not named for tests: both code
        file("testutils/Helper.java", "public class Helper {}\n");
        file("tools/pom.xml", "<project/>\n");
        file("tools/src/main/java/Tool.java", "public class Tool {}\n");

        RepoMap m = map();

        assertThat(paths(m)).containsExactly("gson/src/main/java/com/google/gson/Gson.java", "testutils/Helper.java",
                "tools/src/main/java/Tool.java");
        assertThat(m.skipped()).containsEntry("test project", 2);
        assertThat(m.skippedPaths().get("test project")).containsExactly("integration-tests/app/", "test-shrinker/");
        RepoMap withTests = new RepoMapper(TokenCounter.shared()).map(root, ScopeOptions.defaults().withTests(true));
        assertThat(paths(withTests)).contains("test-shrinker/src/main/java/com/example/Main.java");
    }

    @Test
    void generatedFilesAreKnownByTheGeneratorsWordsAndByTheShapeOfATable() throws IOException {
        String table = IntStream.range(0, 256).mapToObj(k -> String.format("    '\\x%02x'     #  0x%02X -> CHAR %d", k, k, k))
                .collect(Collectors.joining("\n"));
        file("Lib/encodings/cp1252.py", "\"\"\" Python Character Mapping Codec cp1252 generated from"
                + " 'MAPPINGS/VENDORS/MICSFT/WINDOWS/CP1252.TXT' with gencodec.py.\n\n\"\"\"\nimport codecs\n\n"
                + "decoding_table = (\n" + table + "\n)\n");
        file("Lib/encodings/cp437.py", "import codecs\n\ndecoding_map = {\n" + IntStream.range(128, 256)
                .mapToObj(k -> String.format("    0x%04x: 0x%04x,     #  LETTER %d", k, k + 100, k))
                .collect(Collectors.joining("\n")) + "\n}\n");
        file("src/crc_table.c", "static const unsigned crc[] = {\n" + IntStream.range(0, 100)
                .mapToObj(k -> "  0x" + Integer.toHexString(k * 7919) + "u, 0x" + Integer.toHexString(k * 31) + "u,")
                .collect(Collectors.joining("\n")) + "\n};\n");
        file("src/parser.py", "# Generated by yacc.py from grammar.y\n\ndef parse(tokens):\n    return tokens\n");
        file("src/Model.java", "// This file is generated. Edit model.xml instead.\npublic class Model {}\n");
        // real code that talks about generating things stays in scope
        file("src/ids.py", "# The ids are generated by the server; we only read them.\n\nIDS = [1, 2, 3]\n\n"
                + "def next_id(ids):\n    return max(ids) + 1\n");
        file("src/api.h", "/*\n * The API. A language may have been\n * generated using older versions: it still loads.\n"
                + " */\nint ts_load(void);\n");
        file("src/Gen.java", "/**\n * Generated by Acme codegen 2.1\n */\npublic class Gen {}\n");
        file("src/consts.py", IntStream.range(0, 80).mapToObj(k -> "LIMIT_" + k + " = " + k)
                .collect(Collectors.joining("\n")) + "\n");

        RepoMap m = map();

        assertThat(paths(m)).containsExactly("src/api.h", "src/consts.py", "src/ids.py");
        assertThat(m.skipped()).containsEntry("generated", 6);
        assertThat(m.skippedPaths().get("generated")).containsExactlyInAnyOrder("Lib/encodings/cp1252.py",
                "Lib/encodings/cp437.py", "src/crc_table.c", "src/parser.py", "src/Model.java", "src/Gen.java");
    }

    @Test
    void aTableIsKnownByItsShareOfDataLinesWhereverItsCodeLinesStand() {
        String data = IntStream.range(0, 100).mapToObj(k -> "    0x" + Integer.toHexString(k * 7919) + ", " + k + ",")
                .collect(Collectors.joining("\n"));
        String code = IntStream.range(0, 45).mapToObj(k -> "int f" + k + "(void) { return " + k + "; }")
                .collect(Collectors.joining("\n"));
        String lessCode = code.lines().limit(42).collect(Collectors.joining("\n"));
        // 100 data lines of 142 (70.4%) make a table, of 145 (69.0%) not, the code before the data or after it
        assertThat(ContentFilter.table(lessCode + "\n" + data + "\n", 143)).isTrue();
        assertThat(ContentFilter.table(data + "\n" + lessCode + "\n", 143)).isTrue();
        assertThat(ContentFilter.table(code + "\n" + data + "\n", 146)).isFalse();
        assertThat(ContentFilter.table(data + "\n" + code + "\n", 146)).isFalse();
        // blank lines count for neither
        assertThat(ContentFilter.table(lessCode.replace("\n", "\n\n\n") + "\n" + data, 227)).isTrue();
    }
}
