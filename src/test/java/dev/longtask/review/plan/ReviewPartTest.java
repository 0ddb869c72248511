package dev.longtask.review.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import dev.longtask.model.review.ReviewPart;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A repository of many small modules, more than one run may hold: which modules a part reviews (the highest-ranked
 * that fit, in rank order), what it leaves out and why, and the next part.
 */
class ReviewPartTest {
    private static final int MODULES = 130;
    private static final long BUDGET = 500;

    /** Module {@code m007/File7.java} of 20 lines and 400 tokens, one chunk each; ranks in a scrambled order. */
    private static MappedFile file(int i, String dir, int lines, double rank) {
        int[] lineTokens = new int[lines];
        Arrays.fill(lineTokens, 20);
        return new MappedFile(dir + "/File" + i + ".java", Language.JAVA, lines, 20L * lines, rank, List.of(), List.of(),
                List.of(), lineTokens, new int[0], new double[0]);
    }

    private static RepoMap map(List<MappedFile> files) {
        double total = files.stream().mapToDouble(MappedFile::rank).sum();
        List<MappedFile> normalised = files.stream().map(f -> new MappedFile(f.path(), f.language(), f.lines(),
                f.tokens(), f.rank() / total, f.definitions(), f.imports(), f.dependsOn(), f.lineTokens(), f.cutLines(),
                f.definitionScores())).sorted(Comparator.comparingDouble(f -> -f.rank())).toList();
        return new RepoMap("/repo", "walk", "cl100k_base", normalised, Map.of());
    }

    /** 130 modules of one file each, module i ranked by the scrambled (i * 37 mod 130). */
    private static RepoMap manyModules() {
        List<MappedFile> files = new ArrayList<>();
        for (int i = 0; i < MODULES; i++) {
            files.add(file(i, String.format("m%03d", i), 20, 1 + (i * 37) % MODULES));
        }
        return map(files);
    }

    /** The module directories in rank order, as the map ranks their files. */
    private static List<String> byRank(RepoMap map) {
        return map.files().stream().map(MappedFile::directory).toList();
    }

    @Test
    void aRepositoryLargerThanARunIsReviewedFromItsHighestRankedModulesUntilTheRunIsFull() {
        RepoMap map = manyModules();
        List<Chunk> chunks = new Chunker(BUDGET).chunk(map);
        assertThat(chunks).hasSize(MODULES);

        ReviewPart.Selection s = ReviewPart.select(chunks, map, new ReviewPart.Limits(100, 0, 0, null, ""));

        ReviewPart part = s.part();
        assertThat(s.problem()).isNull();
        assertThat(s.partial()).isTrue();
        assertThat(part.modulesTotal()).isEqualTo(MODULES);
        List<String> expected = byRank(map);
        assertThat(part.reviewed()).extracting(ReviewPart.Module::module).containsExactlyElementsOf(expected.subList(0, 100));
        assertThat(part.reviewed()).extracting(ReviewPart.Module::position)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 100).boxed().toList());
        // the highest rank is module 7 (7 * 37 mod 130 = 129, the largest)
        assertThat(part.reviewed().get(0).module()).isEqualTo("m007");
        assertThat(s.chunks()).hasSize(100).allSatisfy(c -> assertThat(expected.subList(0, 100)).contains(c.module()));
        assertThat(part.notReviewed()).extracting(ReviewPart.Module::module)
                .containsExactlyElementsOf(expected.subList(100, MODULES));
        assertThat(part.notReviewed()).allSatisfy(m ->
                assertThat(m.reason()).isEqualTo("a run may hold 200 tasks (100 chunks)"));
        assertThat(part.limit()).isEqualTo("a run may hold 200 tasks (100 chunks)");
        assertThat(part.linesReviewed()).isEqualTo(100 * 20);
        assertThat(part.linesNotReviewed()).isEqualTo(30 * 20);
        assertThat(part.next()).isEqualTo("--skip 100");
        assertThat(part.rangeText()).isEqualTo("the modules ranked 1-100");
        // the modules' ranks are their files' and sum to 1, as the files' do
        assertThat(part.reviewed().get(0).rank()).isEqualTo(map.files().get(0).rank());
        double sum = part.reviewed().stream().mapToDouble(ReviewPart.Module::rank).sum()
                + part.notReviewed().stream().mapToDouble(ReviewPart.Module::rank).sum();
        assertThat(sum).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void theNextPartSkipsTheReviewedModulesAndTopLimitsHowManyItTakes() {
        RepoMap map = manyModules();
        List<Chunk> chunks = new Chunker(BUDGET).chunk(map);
        ReviewPart.Selection s = ReviewPart.select(chunks, map, new ReviewPart.Limits(100, 5, 100, null, "--top 5"));

        List<String> expected = byRank(map);
        assertThat(s.part().reviewed()).extracting(ReviewPart.Module::module)
                .containsExactlyElementsOf(expected.subList(100, 105));
        assertThat(s.part().rangeText()).isEqualTo("the modules ranked 101-105");
        assertThat(s.part().notReviewed()).hasSize(125);
        assertThat(s.part().notReviewed().get(0).reason()).isEqualTo("ranked above --skip 100 (an earlier part)");
        assertThat(s.part().notReviewed().get(100).position()).isEqualTo(106);
        assertThat(s.part().notReviewed().get(100).reason()).isEqualTo("beyond --top 5");
        assertThat(s.part().next()).isEqualTo("--skip 105 --top 5");

        ReviewPart.Selection last = ReviewPart.select(chunks, map, new ReviewPart.Limits(100, 0, 100, null, ""));
        assertThat(last.part().reviewed()).hasSize(30);
        assertThat(last.part().next()).as("nothing after the last part").isNull();

        ReviewPart.Selection beyond = ReviewPart.select(chunks, map, new ReviewPart.Limits(100, 0, MODULES, null, ""));
        assertThat(beyond.chunks()).isEmpty();
        assertThat(beyond.problem()).isEqualTo("--skip 130 leaves out every module: the repository has 130 modules"
                + " (--dry-run lists them)");
    }

    @Test
    void aBudgetEndsThePartAtTheFirstModuleItCannotPayFor() {
        RepoMap map = manyModules();
        List<Chunk> chunks = new Chunker(BUDGET).chunk(map);
        ReviewPart.Selection s = ReviewPart.select(chunks, map, new ReviewPart.Limits(100, 0, 0,
                part -> part.size() > 7 ? "--max-tokens 7,000 (estimated 8,000 tokens with it)" : null, ""));

        assertThat(s.part().reviewed()).hasSize(7);
        assertThat(s.part().limit()).isEqualTo("over --max-tokens 7,000 (estimated 8,000 tokens with it)");
        assertThat(s.part().next()).isEqualTo("--skip 7");

        ReviewPart.Selection none = ReviewPart.select(chunks, map, new ReviewPart.Limits(100, 0, 0,
                part -> "--max-cost $0.01 (estimated $0.05 with it)", ""));
        assertThat(none.chunks()).isEmpty();
        assertThat(none.problem()).isEqualTo("the highest-ranked module left, m007, does not fit on its own: over"
                + " --max-cost $0.01 (estimated $0.05 with it); raise the limit, or pass over it with --skip 1");
        assertThat(none.part().next()).as("the same options again would cut the same empty part").isNull();
    }

    @Test
    void aModuleTooLargeForARunIsLeftOutWithItsReasonAndDoesNotEndThePart() {
        List<MappedFile> files = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            files.add(file(k, "big", 20, 100));       // three chunks of the highest-ranked module
        }
        for (int i = 3; i < 8; i++) {
            files.add(file(i, "small" + i, 20, 10 - i));
        }
        RepoMap map = map(files);
        List<Chunk> chunks = new Chunker(BUDGET).chunk(map);
        ReviewPart.Selection s = ReviewPart.select(chunks, map, new ReviewPart.Limits(2, 0, 0, null, ""));

        assertThat(s.part().notReviewed().get(0).module()).isEqualTo("big");
        assertThat(s.part().notReviewed().get(0).reason()).startsWith("too large for one run: 3 chunks, a run may hold 2")
                .endsWith("review it with a larger --chunk-tokens").as("its files lie in no directory below it")
                .doesNotContain("subdirectories");

        // Chunks that already fill the model's window are made fewer by a larger window, not a larger budget; a
        // module with directories below it can be reviewed a directory at a time.
        files.add(file(8, "big/inner", 5, 100)); // packed with one of big's own files
        RepoMap nested = map(files);
        ReviewPart.Selection windowed = ReviewPart.select(new Chunker(BUDGET).chunk(nested), nested,
                new ReviewPart.Limits(2, 0, 0, null, "", "a model with a larger context window"));
        assertThat(windowed.part().notReviewed().get(0).reason()).endsWith("review it with a model with a larger"
                + " context window, or its subdirectories on their own");
        assertThat(s.part().reviewed()).extracting(ReviewPart.Module::module).containsExactly("small3", "small4");
        assertThat(s.part().rangeText()).isEqualTo("the modules ranked 2-3");
        assertThat(s.part().next()).isEqualTo("--skip 3");
    }

    @Test
    void aRepositoryThatFitsIsReviewedWhole() {
        RepoMap map = manyModules();
        List<Chunk> chunks = new Chunker(BUDGET).chunk(map);
        ReviewPart.Selection s = ReviewPart.select(chunks, map, new ReviewPart.Limits(200, 0, 0, null, ""));
        assertThat(s.partial()).isFalse();
        assertThat(s.chunks()).isEqualTo(chunks);
        assertThat(s.part().next()).isNull();
    }
}
