package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileToolsTest {
    @TempDir
    Path temp;
    ToolFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ToolFixture(temp);
    }

    static String lines(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());
    }

    @Nested
    class Read {
        final ReadTool read = new ReadTool();

        @Test
        void numbersLinesFromOneLikeCatN() {
            fx.write("a.txt", "alpha\nbeta\n");
            ToolResult r = fx.call(read, "{\"path\":\"a.txt\"}");
            assertThat(r.error()).isFalse();
            assertThat(r.content()).isEqualTo("     1\talpha\n     2\tbeta\n(end of a.txt: 2 lines)");
        }

        @Test
        void oneLineIsOneLine() {
            fx.write("inside.txt", "only\n");
            assertThat(fx.call(read, "{\"path\":\"inside.txt\"}").content()).endsWith("(end of inside.txt: 1 line)");
        }

        @Test
        void offsetAndLimitPickAWindowAndSayHowToReadOn() {
            fx.write("big.txt", lines(1, 50));
            ToolResult r = fx.call(read, "{\"path\":\"big.txt\",\"offset\":10,\"limit\":3}");
            assertThat(r.content()).isEqualTo("    10\tline 10\n    11\tline 11\n    12\tline 12\n"
                    + "(lines 10-12 of 50 shown; 38 more: call read with offset=13)");
        }

        @Test
        void theDefaultWindowIs2000LinesAndTheRestIsAnnounced() {
            fx.write("huge.txt", lines(1, 2500));
            ToolResult r = fx.call(read, "{\"path\":\"huge.txt\"}");
            assertThat(r.content()).contains("  2000\tline 2000\n").doesNotContain("line 2001\n")
                    .endsWith("(lines 1-2000 of 2500 shown; 500 more: call read with offset=2001)");
            ToolResult rest = fx.call(read, "{\"path\":\"huge.txt\",\"offset\":2001}");
            assertThat(rest.content()).startsWith("  2001\tline 2001\n").endsWith("(end of huge.txt: 2,500 lines)");
        }

        @Test
        void argumentsSentAsStringsAreAccepted() {
            fx.write("big.txt", lines(1, 5));
            ToolResult r = fx.call(read, "{\"path\":\"big.txt\",\"offset\":\"4\",\"limit\":\"1\"}");
            assertThat(r.content()).startsWith("     4\tline 4\n");
        }

        @Test
        void longLinesAreCutWithANote() {
            fx.write("wide.txt", "x".repeat(5000) + "\nshort\n");
            ToolResult r = fx.call(read, "{\"path\":\"wide.txt\"}");
            assertThat(r.content()).contains("x".repeat(ReadTool.MAX_LINE_CHARS) + " ... [line cut: 3000 more chars]")
                    .contains("     2\tshort");
        }

        @Test
        void aWindowIsAlsoBoundedInCharactersAndSaysWhereToGoOn() {
            fx.write("wide.txt", ("y".repeat(1000) + "\n").repeat(200));
            ToolResult r = fx.call(read, "{\"path\":\"wide.txt\"}");
            assertThat(r.content().length()).isLessThan(ReadTool.MAX_CHARS + 200);
            assertThat(r.content()).containsPattern("\\(lines 1-(\\d+) of 200 shown; \\d+ more: call read with offset=\\d+\\)$");
        }

        @Test
        void readsUtf16WithAByteOrderMarkAsTextAndDropsAUtf8Mark() throws IOException {
            byte[] text = "first line\nzweite Zeile\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
            byte[] withMark = new byte[text.length + 2];
            withMark[0] = (byte) 0xFF;
            withMark[1] = (byte) 0xFE;
            System.arraycopy(text, 0, withMark, 2, text.length);
            Files.write(fx.root.resolve("windows.txt"), withMark);
            Files.write(fx.root.resolve("marked.txt"), new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\n'});

            ToolResult r = fx.call(read, "{\"path\":\"windows.txt\"}");

            assertThat(r.error()).as(r.content()).isFalse();
            assertThat(r.content()).startsWith("     1\tfirst line\n     2\tzweite Zeile\n");
            assertThat(fx.call(read, "{\"path\":\"marked.txt\"}").content()).startsWith("     1\ta\n");
            assertThat(fx.call(new GrepTool(), Map.of("pattern", "Zeile")).content()).contains("windows.txt:2: zweite Zeile");
        }

        @Test
        void refusesDirectoriesBinariesAndMissingFilesWithWhatToDo() throws IOException {
            Files.createDirectories(fx.root.resolve("dir"));
            Files.write(fx.root.resolve("blob.bin"), new byte[] {1, 2, 0, 3});
            assertThat(fx.call(read, "{\"path\":\"dir\"}").content()).contains("is a directory; use ls");
            assertThat(fx.call(read, "{\"path\":\"blob.bin\"}").content()).contains("binary file");
            ToolResult missing = fx.call(read, "{\"path\":\"nope.txt\"}");
            assertThat(missing.error()).isTrue();
            assertThat(missing.content()).contains("no such file: nope.txt").contains("glob");
        }

        @Test
        void badArgumentsAreToolErrorsNamingTheArgument() {
            fx.write("a.txt", "a\n");
            assertThat(fx.call(read, "{\"file_path\":\"a.txt\"}").content())
                    .isEqualTo("missing required argument 'path' (given: file_path)");
            assertThat(fx.call(read, "{\"path\":7}").content()).contains("'path' must be a string");
            assertThat(fx.call(read, "{\"path\":\"a.txt\",\"offset\":0}").content()).contains("offset must be 1 or more");
            assertThat(fx.call(read, "{\"path\":\"a.txt\",\"offset\":9}").content()).contains("past the end")
                    .contains("1 lines");
            assertThat(read.execute(null, fx.context).error()).isTrue();
        }

        @Test
        void anEmptyFileSaysSo() {
            fx.write("empty.txt", "");
            assertThat(fx.call(read, "{\"path\":\"empty.txt\"}").content()).isEqualTo("(empty.txt is empty)");
        }
    }

    @Nested
    class Write {
        final WriteTool write = new WriteTool(ProtectedPaths.of(Map.of()));

        @Test
        void createsParentsAndReportsBytesAndLines() {
            ToolResult r = fx.call(write, Map.of("path", "deep/er/new.txt", "content", "héllo\nworld\n"));
            assertThat(r.error()).isFalse();
            assertThat(r.content()).isEqualTo("created deep/er/new.txt: 13 bytes, 2 lines");
            assertThat(fx.content("deep/er/new.txt")).isEqualTo("héllo\nworld\n");
        }

        @Test
        void replacesAtomicallyKeepingPermissionsAndLeavingNoTempFile() throws IOException {
            Path script = fx.write("run.sh", "old\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-x---"));
            ToolResult r = fx.call(write, Map.of("path", "run.sh", "content", "new"));
            assertThat(r.content()).isEqualTo("replaced run.sh: 3 bytes, 1 line");
            assertThat(fx.content("run.sh")).isEqualTo("new");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-x---");
            try (Stream<Path> files = Files.list(fx.root)) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactly("run.sh");
            }
        }

        @Test
        void aNewFileIsReadableByOthersLikeAnyWrittenFile() throws IOException {
            fx.call(write, Map.of("path", "n.txt", "content", ""));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fx.root.resolve("n.txt"))))
                    .isEqualTo("rw-r--r--");
        }

        @Test
        void refusesADirectoryAndAFileInTheWayOfAParent() {
            fx.write("file", "x");
            Path dir = fx.root.resolve("somedir");
            fx.write("somedir/x", "x");
            assertThat(fx.call(write, Map.of("path", "somedir", "content", "x")).content()).contains("is a directory");
            ToolResult blocked = fx.call(write, Map.of("path", "file/child.txt", "content", "x"));
            assertThat(blocked.error()).isTrue();
            assertThat(blocked.content()).contains("file");
            assertThat(dir).isDirectory();
        }

        @Test
        void refusesTheRunStoreFilesAndOutsideARunEvenResults() {
            ToolResult events = fx.call(write, Map.of("path", ".longtask/runs/r1/events.jsonl", "content", "{}"));
            ToolResult artifact = fx.call(write, Map.of("path", ".longtask/runs/r1/results/task_1/notes.md",
                    "content", "ok"));
            assertThat(events.error()).isTrue();
            assertThat(events.content()).contains("is protected").contains("only the user can");
            assertThat(fx.root.resolve(".longtask/runs/r1/events.jsonl")).doesNotExist();
            assertThat(artifact.error()).isTrue();
            assertThat(fx.root.resolve(".longtask/runs/r1/results/task_1/notes.md")).doesNotExist();
        }
    }

    @Nested
    class Edit {
        final EditTool edit = new EditTool(ProtectedPaths.of(Map.of()));

        @Test
        void replacesTheOneExactMatch() {
            fx.write("a.java", "int a = 1;\nint b = 2;\n");
            ToolResult r = fx.call(edit, Map.of("path", "a.java", "old_string", "int b = 2;", "new_string", "int b = 3;"));
            assertThat(r.content()).isEqualTo("replaced 1 occurrence in a.java");
            assertThat(fx.content("a.java")).isEqualTo("int a = 1;\nint b = 3;\n");
        }

        @Test
        void anAmbiguousMatchIsRefusedWithTheCountAndTheWayOut() {
            fx.write("a.txt", "foo\nbar\nfoo\nfoo\n");
            ToolResult r = fx.call(edit, Map.of("path", "a.txt", "old_string", "foo", "new_string", "baz"));
            assertThat(r.error()).isTrue();
            assertThat(r.content()).contains("occurs 3 times").contains("surrounding lines").contains("replace_all");
            assertThat(fx.content("a.txt")).isEqualTo("foo\nbar\nfoo\nfoo\n");
        }

        @Test
        void replaceAllChangesEveryOccurrence() {
            fx.write("a.txt", "foo\nbar\nfoo\nfoo\n");
            ToolResult r = fx.call(edit, Map.of("path", "a.txt", "old_string", "foo", "new_string", "baz",
                    "replace_all", true));
            assertThat(r.content()).isEqualTo("replaced 3 occurrences in a.txt");
            assertThat(fx.content("a.txt")).isEqualTo("baz\nbar\nbaz\nbaz\n");
        }

        @Test
        void replacementIsLiteralNotARegex() {
            fx.write("a.txt", "price: $1 (a.b)\n");
            fx.call(edit, Map.of("path", "a.txt", "old_string", "$1 (a.b)", "new_string", "$2 \\1"));
            assertThat(fx.content("a.txt")).isEqualTo("price: $2 \\1\n");
        }

        @Test
        void noMatchSaysTheStringWasNotFoundAndHintsAtNearMisses() {
            fx.write("crlf.txt", "one\r\ntwo\r\n");
            fx.write("a.txt", "  indented\n");
            ToolResult none = fx.call(edit, Map.of("path", "a.txt", "old_string", "absent", "new_string", "x"));
            ToolResult crlf = fx.call(edit, Map.of("path", "crlf.txt", "old_string", "one\ntwo", "new_string", "x"));
            ToolResult spaces = fx.call(edit, Map.of("path", "a.txt", "old_string", "indented  ", "new_string", "x"));
            assertThat(none.error()).isTrue();
            assertThat(none.content()).startsWith("old_string was not found in a.txt;");
            assertThat(crlf.content()).contains("CRLF");
            assertThat(spaces.content()).contains("without its leading/trailing whitespace");
        }

        @Test
        void refusesPointlessEditsAndFilesItWouldDamage() throws IOException {
            fx.write("a.txt", "x\n");
            Files.write(fx.root.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'});
            assertThat(fx.call(edit, Map.of("path", "a.txt", "old_string", "", "new_string", "y")).content())
                    .contains("old_string is empty");
            assertThat(fx.call(edit, Map.of("path", "a.txt", "old_string", "x", "new_string", "x")).content())
                    .contains("the same");
            assertThat(fx.call(edit, Map.of("path", "latin1.txt", "old_string", "caf", "new_string", "bar")).content())
                    .contains("not valid UTF-8");
            assertThat(Files.readAllBytes(fx.root.resolve("latin1.txt"))).containsExactly('c', 'a', 'f', 0xE9, '\n');
            assertThat(fx.call(edit, Map.of("path", "missing.txt", "old_string", "a", "new_string", "b")).content())
                    .contains("no such file");
        }
    }

    @Nested
    class Glob {
        final GlobTool glob = new GlobTool();

        @BeforeEach
        void tree() {
            fx.write("pom.xml", "");
            fx.write("src/Main.java", "");
            fx.write("src/a/B.java", "");
            fx.write("src/a/notes.md", "");
            fx.write(".git/objects/x.java", "");
            fx.write(".longtask/runs/r1/tasks/task_1.java", "");
            fx.write(".longtask/agents/helper.md", "");
        }

        @Test
        void doubleStarMatchesAtAnyDepthIncludingTheTopSortedByPath() {
            fx.write("Top.java", "");
            ToolResult r = fx.call(glob, Map.of("pattern", "**/*.java"));
            assertThat(r.content()).isEqualTo("Top.java\nsrc/Main.java\nsrc/a/B.java\n(3 files)");
        }

        @Test
        void aPathNarrowsTheSearchButResultsStayWorkspaceRelative() {
            assertThat(fx.call(glob, Map.of("pattern", "*.java", "path", "src/a")).content())
                    .isEqualTo("src/a/B.java\n(1 file)");
            assertThat(fx.call(glob, Map.of("pattern", "src/**/*.{md,java}")).content())
                    .isEqualTo("src/Main.java\nsrc/a/B.java\nsrc/a/notes.md\n(3 files)");
        }

        @Test
        void skipsGitAndTheRunStoreUnlessAskedToLookThere() {
            assertThat(fx.call(glob, Map.of("pattern", "**/*")).content()).doesNotContain(".git/").doesNotContain("runs")
                    .contains(".longtask/agents/helper.md");
            assertThat(fx.call(glob, Map.of("pattern", "**/*.java", "path", ".longtask/runs")).content())
                    .contains(".longtask/runs/r1/tasks/task_1.java");
        }

        @Test
        void noMatchExplainsPatternsAreRelative() {
            ToolResult r = fx.call(glob, Map.of("pattern", "*.java"));
            assertThat(r.error()).isFalse();
            assertThat(r.content()).contains("no files match '*.java'").contains("**/*.java");
        }

        @Test
        void manyMatchesAreCappedWithANote() {
            for (int i = 0; i < GlobTool.MAX_RESULTS + 5; i++) {
                fx.write("many/f" + i + ".txt", "");
            }
            ToolResult r = fx.call(glob, Map.of("pattern", "many/*.txt"));
            assertThat(r.content().lines().filter(l -> l.startsWith("many/"))).hasSize(GlobTool.MAX_RESULTS);
            assertThat(r.content()).endsWith("(showing 200 of 205 matches; narrow the pattern or give a path)");
        }

        @Test
        void badPatternsAndPathsAreToolErrors() {
            assertThat(fx.call(glob, Map.of("pattern", "src/[a")).error()).isTrue();
            assertThat(fx.call(glob, Map.of("pattern", "/abs/*")).content()).contains("absolute");
            assertThat(fx.call(glob, Map.of("pattern", "*", "path", "pom.xml")).content()).contains("is a file");
        }
    }

    @Nested
    class Grep {
        final GrepTool grep = new GrepTool();

        @BeforeEach
        void tree() throws IOException {
            fx.write("src/A.java", "class A {\n  // TODO fix\n}\n");
            fx.write("src/b/B.kt", "class B // TODO later\n");
            fx.write("README.md", "todo: nothing\n");
            fx.write(".git/config", "TODO in git\n");
            Files.write(fx.root.resolve("bin.dat"), new byte[] {'T', 'O', 'D', 'O', 0, 1});
        }

        @Test
        void showsPathLineAndTextSkippingBinariesAndGit() {
            ToolResult r = fx.call(grep, Map.of("pattern", "TODO"));
            assertThat(r.content()).isEqualTo("src/A.java:2:   // TODO fix\nsrc/b/B.kt:1: class B // TODO later\n"
                    + "(2 matching lines in 2 files)");
        }

        @Test
        void aGlobFiltersByFileNameAnywhereOrByPath() {
            assertThat(fx.call(grep, Map.of("pattern", "TODO", "glob", "*.java")).content())
                    .isEqualTo("src/A.java:2:   // TODO fix\n(1 matching line in 1 file)");
            assertThat(fx.call(grep, Map.of("pattern", "class", "glob", "b/*.kt", "path", "src")).content())
                    .startsWith("src/b/B.kt:1:");
        }

        @Test
        void javaRegexFeaturesWork() {
            assertThat(fx.call(grep, Map.of("pattern", "(?i)^todo:")).content()).startsWith("README.md:1: todo: nothing");
            assertThat(fx.call(grep, Map.of("pattern", "class\\s+\\w\\b", "path", "src/A.java")).content())
                    .startsWith("src/A.java:1: class A {");
        }

        @Test
        void anInvalidRegexIsAToolErrorWithAHint() {
            ToolResult r = fx.call(grep, Map.of("pattern", "foo("));
            assertThat(r.error()).isTrue();
            assertThat(r.content()).contains("not a valid Java regular expression").contains("escape");
        }

        @Test
        void manyMatchesAreCappedWithANote() {
            fx.write("log.txt", "hit\n".repeat(GrepTool.MAX_RESULTS + 50));
            ToolResult r = fx.call(grep, Map.of("pattern", "^hit$"));
            assertThat(r.content().lines().filter(l -> l.startsWith("log.txt:"))).hasSize(GrepTool.MAX_RESULTS);
            assertThat(r.content()).endsWith("(showing 200 of 250 matching lines in 1 files; narrow the pattern, path or glob)");
        }

        @Test
        void aCatastrophicPatternIsStoppedByTheTimeLimit() {
            fx.write("evil.txt", "a".repeat(40) + "!\n");
            ToolResult r = fx.call(new GrepTool(java.time.Duration.ofMillis(200)), Map.of("pattern", "(.*a){12}x"));
            assertThat(r.error()).isFalse();
            assertThat(r.content()).contains("ran out of time");
        }

        @Test
        void noMatchSaysSo() {
            assertThat(fx.call(grep, Map.of("pattern", "zebra")).content()).isEqualTo("no lines match /zebra/ under .");
        }
    }

    @Nested
    class Ls {
        final LsTool ls = new LsTool();

        @Test
        void listsDirectoriesWithSlashFilesWithSizesAndLinksWithTargets() throws IOException {
            fx.write("b.txt", "12345");
            fx.write("a/inner.txt", "");
            Files.createSymbolicLink(fx.root.resolve("c"), Path.of("b.txt"));
            ToolResult r = fx.call(ls, "{}");
            assertThat(r.content()).isEqualTo("./ (3 entries)\na/\nb.txt  5 bytes\nc -> b.txt");
            assertThat(fx.call(ls, Map.of("path", "a")).content()).isEqualTo("a/ (1 entry)\ninner.txt  0 bytes");
        }

        @Test
        void aFileOrAMissingDirectoryIsAToolError() {
            fx.write("b.txt", "12345");
            assertThat(fx.call(ls, Map.of("path", "b.txt")).content()).contains("is a file").contains("read");
            assertThat(fx.call(ls, Map.of("path", "nowhere")).content()).contains("no such directory");
        }
    }
}
