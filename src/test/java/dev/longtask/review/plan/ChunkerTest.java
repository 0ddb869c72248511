package dev.longtask.review.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.review.ReviewFixture;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import dev.longtask.review.map.RepoMapper;
import dev.longtask.review.map.ScopeOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunkerTest {

    /** Every file exactly once (or its ranges, contiguous from line 1 to its end), no chunk over the budget. */
    static void assertValidChunking(List<MappedFile> files, List<Chunk> chunks, long budget) {
        Map<String, List<ChunkPart>> partsByFile = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (Chunk chunk : chunks) {
            assertThat(ids.add(chunk.id())).as("unique id " + chunk.id()).isTrue();
            assertThat(chunk.tokens()).as(chunk.id() + " tokens").isLessThanOrEqualTo(budget)
                    .isEqualTo(chunk.parts().stream().mapToLong(ChunkPart::tokens).sum());
            for (ChunkPart part : chunk.parts()) {
                partsByFile.computeIfAbsent(part.path(), k -> new ArrayList<>()).add(part);
                assertThat(chunk.module().equals(".") || part.path().startsWith(chunk.module() + "/"))
                        .as(part.path() + " lies in module " + chunk.module()).isTrue();
            }
        }
        assertThat(partsByFile.keySet()).containsExactlyInAnyOrderElementsOf(files.stream().map(MappedFile::path).toList());
        for (MappedFile file : files) {
            List<ChunkPart> parts = new ArrayList<>(partsByFile.get(file.path()));
            parts.sort(Comparator.comparingInt(ChunkPart::startLine));
            if (file.tokens() <= budget) {
                assertThat(parts).containsExactly(new ChunkPart(file.path(), 1, file.lines(), file.tokens(), true));
                continue;
            }
            int next = 1;
            for (ChunkPart part : parts) {
                assertThat(part.wholeFile()).isFalse();
                assertThat(part.startLine()).as(file.path() + " continues at").isEqualTo(next);
                assertThat(part.endLine()).isGreaterThanOrEqualTo(part.startLine());
                assertThat(part.tokens()).isEqualTo(file.tokens(part.startLine(), part.endLine()));
                next = part.endLine() + 1;
            }
            assertThat(next - 1).as(file.path() + " covered to its end").isEqualTo(file.lines());
        }
    }

    @Test
    void theFixtureChunksAlongDirectoriesWithinTheBudget() {
        RepoMap map = ReviewFixture.map();
        for (long budget : new long[] {600, 1_000, 2_000, 100_000}) {
            List<Chunk> chunks = new Chunker(budget).chunk(map);
            assertValidChunking(map.files(), chunks, budget);
        }
        assertThat(new Chunker(100_000).chunk(map)).singleElement()
                .satisfies(c -> assertThat(c.module()).isEqualTo("."));
        // a directory that fits stays whole in one chunk: the Rust crate
        List<Chunk> chunks = new Chunker(600).chunk(map);
        assertThat(chunks.stream().filter(c -> c.parts().stream().anyMatch(p -> p.path().startsWith("rust/"))))
                .singleElement().satisfies(c -> assertThat(c.parts()).extracting(ChunkPart::path)
                        .containsExactly("rust/src/ledger.rs", "rust/src/lib.rs", "rust/src/main.rs"));
    }

    @Test
    void aFileLargerThanTheBudgetIsSplitAtDefinitionBoundaries(@TempDir Path dir) throws IOException {
        StringBuilder py = new StringBuilder("import os\n\n");
        for (int k = 0; k < 40; k++) {
            py.append("\n# helper number ").append(k).append("\n@cached\ndef helper_").append(k).append("(value):\n")
                    .append("    total = value * ").append(k).append("\n")
                    .append("    for i in range(value):\n        total += os.getpid() % (i + 1)\n")
                    .append("    return total\n\n");
        }
        Files.createDirectories(dir.resolve("pkg"));
        Files.writeString(dir.resolve("pkg/big.py"), py);
        Files.writeString(dir.resolve("pkg/small.py"), "from .big import helper_1\n\nVALUE = helper_1(3)\n");
        RepoMap map = new RepoMapper(TokenCounter.shared()).map(dir, ScopeOptions.defaults());
        MappedFile big = map.file("pkg/big.py").orElseThrow();
        long budget = 400;
        assertThat(big.tokens()).isGreaterThan(3 * budget);
        List<Chunk> chunks = new Chunker(budget).chunk(map);
        assertValidChunking(map.files(), chunks, budget);

        List<String> lines = List.of(py.toString().split("\n", -1));
        List<ChunkPart> parts = chunks.stream().flatMap(c -> c.parts().stream())
                .filter(p -> p.path().equals("pkg/big.py")).sorted(Comparator.comparingInt(ChunkPart::startLine)).toList();
        assertThat(parts).hasSizeGreaterThan(3);
        for (ChunkPart part : parts.subList(1, parts.size())) {
            // each range begins with a definition's preamble: the blank line, comment and decorator above a def
            int first = part.startLine();
            while (lines.get(first - 1).isBlank() || lines.get(first - 1).startsWith("#") || lines.get(first - 1).startsWith("@")) {
                first++;
            }
            assertThat(lines.get(first - 1)).as("range starting at line " + part.startLine()).startsWith("def helper_");
            assertThat(lines.get(part.startLine() - 2)).as("line before range " + part.startLine()).isNotEqualTo("@cached");
        }
    }

    @Test
    void aDefinitionLargerThanTheBudgetIsSplitBetweenLines() {
        int[] lineTokens = new int[100];
        Arrays.fill(lineTokens, 10);
        MappedFile file = new MappedFile("a/one.py", Language.PYTHON, 100, 1_000, 1.0, List.of(), List.of(), List.of(),
                lineTokens, new int[] {1}, new double[0]);
        List<Chunk> chunks = new Chunker(250).chunk(List.of(file));
        assertValidChunking(List.of(file), chunks, 250);
        assertThat(chunks).hasSize(4);
    }

    // ---- property over generated file sets

    @Property(tries = 200)
    void everyFileIsCoveredExactlyOnceAndNoChunkExceedsTheBudget(@ForAll("fileSets") List<MappedFile> files,
            @ForAll @IntRange(min = 100, max = 3_000) int budget) {
        List<Chunk> chunks = new Chunker(budget).chunk(files);
        assertValidChunking(files, chunks, budget);
        // split ranges start at line 1, at a cut line, or inside a stretch between cuts that alone exceeds the budget
        for (MappedFile file : files) {
            if (file.tokens() <= budget) {
                continue;
            }
            TreeSet<Integer> cuts = new TreeSet<>();
            cuts.add(1);
            Arrays.stream(file.cutLines()).forEach(cuts::add);
            chunks.stream().flatMap(c -> c.parts().stream()).filter(p -> p.path().equals(file.path())).forEach(p -> {
                if (!cuts.contains(p.startLine())) {
                    int segmentStart = cuts.floor(p.startLine());
                    Integer nextCut = cuts.higher(p.startLine());
                    int segmentEnd = nextCut == null ? file.lines() : nextCut - 1;
                    assertThat(file.tokens(segmentStart, segmentEnd)).as("segment split between lines").isGreaterThan(budget);
                }
            });
        }
    }

    @Provide
    Arbitrary<List<MappedFile>> fileSets() {
        Arbitrary<String> dirs = Arbitraries.of("", "a", "a/b", "a/b/c", "a/d", "e", "e/f/g", "h");
        Arbitrary<MappedFile> file = Combinators.combine(dirs, Arbitraries.integers().between(1, 400),
                        Arbitraries.integers().between(1, 40), Arbitraries.integers().between(0, 30),
                        Arbitraries.longs())
                .as((dir, lines, maxLineTokens, cutCount, seed) -> synthetic(dir, lines, maxLineTokens, cutCount, seed));
        return file.list().ofMinSize(1).ofMaxSize(40).uniqueElements(MappedFile::path);
    }

    private static int counter;

    private static synchronized MappedFile synthetic(String dir, int lines, int maxLineTokens, int cutCount, long seed) {
        java.util.Random random = new java.util.Random(seed);
        int[] tokens = new int[lines];
        long sum = 0;
        for (int k = 0; k < lines; k++) {
            tokens[k] = 1 + random.nextInt(maxLineTokens);
            sum += tokens[k];
        }
        TreeSet<Integer> cuts = new TreeSet<>();
        for (int k = 0; k < cutCount; k++) {
            cuts.add(1 + random.nextInt(lines));
        }
        String name = "f" + (counter++) + ".go";
        String path = dir.isEmpty() ? name : dir + "/" + name;
        return new MappedFile(path, Language.GO, lines, sum, 0.0, List.of(), List.of(), List.of(), tokens,
                cuts.stream().mapToInt(Integer::intValue).toArray(), new double[0]);
    }
}
