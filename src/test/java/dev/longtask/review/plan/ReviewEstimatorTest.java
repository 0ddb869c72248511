package dev.longtask.review.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.llm.Pricing;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.ReviewEstimate;
import dev.longtask.review.ReviewFixture;
import dev.longtask.model.review.RepoMap;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewEstimatorTest {
    /** Round figures so the expected numbers below can be worked out by hand. */
    private static final EstimateAssumptions SIMPLE =
            new EstimateAssumptions(1_000, 0, 10, 100, 200, 300, 100_000, 50, 10, 10.0, 1_000.0, 1.0);

    private static Chunk chunk(String id, long... partTokens) {
        List<ChunkPart> parts = new ArrayList<>();
        for (int k = 0; k < partTokens.length; k++) {
            parts.add(new ChunkPart("m/f" + k + ".go", 1, 10, partTokens[k], true));
        }
        return new Chunk(id, "m", parts, java.util.Arrays.stream(partTokens).sum());
    }

    @Test
    void tokensCallsCostAndTimeFollowTheAgentLoopModel() {
        // every task's prompt carries the map: 1000 + 400
        // analysis: calls send 1400, 1400+10+500, 1910+10+300 -> 5530 in; out 10+10+100
        // review:   the same with the analysis (100) in its prompt -> 5830 in; out 10+10+200
        // no planner (the plan is made in code); director 1000+2x10 in, 300 out; synthesizer 1000+300 in, 300 out
        ReviewEstimate e = new ReviewEstimator(SIMPLE, Pricing.perMillion(new BigDecimal("3"), new BigDecimal("15")))
                .estimate(List.of(chunk("chunk-001", 500, 300)), 400, ReviewFocus.defaults(), 3, "anthropic:x");
        assertThat(e.inputTokens()).isEqualTo(5_530 + 5_830 + 1_020 + 1_300);
        assertThat(e.outputTokens()).isEqualTo(120 + 220 + 300 + 300);
        assertThat(e.calls()).isEqualTo(8);
        assertThat(e.tasks()).isEqualTo(2);
        assertThat(e.steps()).extracting(ReviewEstimate.StepEstimate::name).containsExactly("director", "synthesizer");
        assertThat(e.costUsd()).isEqualByComparingTo("0.05514");
        assertThat(e.costText()).isEqualTo("$0.06");
        // seconds: analysis 3.4+3.91+13.22 + review 3.5+4.01+23.32 + director 32.02 + synthesizer 32.3 = 115.68
        assertThat(e.seconds()).isEqualTo(116);
        assertThat(e.perChunk()).singleElement().satisfies(c -> {
            assertThat(c.inputTokens()).isEqualTo(5_530 + 5_830);
            assertThat(c.calls()).isEqualTo(6);
            assertThat(c.codeTokens()).isEqualTo(800);
        });
    }

    @Test
    void theMapInEveryInstructionIsPaidForOnEveryCall() {
        ReviewEstimator estimator = new ReviewEstimator(SIMPLE, Pricing.unknown());
        ReviewEstimate small = estimator.estimate(List.of(chunk("c1", 500, 300)), 400, ReviewFocus.defaults(), 1, null);
        ReviewEstimate large = estimator.estimate(List.of(chunk("c1", 500, 300)), 1_400, ReviewFocus.defaults(), 1, null);
        // 3 calls of the analysis and 3 of the review each send 1,000 more tokens
        assertThat(large.inputTokens() - small.inputTokens()).isEqualTo(6 * 1_000);
    }

    @Test
    void noCallSendsMoreThanTheWindowHolds() {
        ReviewEstimator estimator = new ReviewEstimator(SIMPLE, Pricing.unknown());
        List<Chunk> huge = List.of(chunk("c1", 60_000, 60_000, 60_000));
        ReviewEstimate uncapped = estimator.estimate(huge, 400, ReviewFocus.defaults(), 1, null);
        ReviewEstimate capped = estimator.estimate(huge, 400, ReviewFocus.defaults(), 1, null, 100_000);
        // analysis and review: 4 calls each; the last two of each would send 121,420+ and 181,430+ tokens
        assertThat(capped.perChunk().get(0).inputTokens()).isLessThanOrEqualTo(8L * 100_000)
                .isLessThan(uncapped.perChunk().get(0).inputTokens());
        assertThat(capped.perChunk().get(0).inputTokens()).isEqualTo(
                (1_400 + 61_410 + 100_000 + 100_000) + (1_500 + 61_510 + 100_000 + 100_000));
    }

    @Test
    void withoutAPriceTheCostIsUnknownNotZero() {
        ReviewEstimate e = new ReviewEstimator(SIMPLE, Pricing.unknown())
                .estimate(List.of(chunk("chunk-001", 500)), 400, ReviewFocus.defaults(), 3, null);
        assertThat(e.costUsd()).isNull();
        assertThat(e.costText()).startsWith("unknown");
        assertThat(e.inputTokens()).isPositive();
    }

    @Test
    void theEstimateGrowsWithTheCodeAndWithTheFocus() {
        ReviewEstimator estimator = new ReviewEstimator(EstimateAssumptions.defaults(), Pricing.unknown());
        ReviewEstimate small = estimator.estimate(List.of(chunk("c1", 1_000)), 500, ReviewFocus.defaults(), 2, null);
        ReviewEstimate large = estimator.estimate(List.of(chunk("c1", 10_000)), 500, ReviewFocus.defaults(), 2, null);
        assertThat(large.inputTokens() - small.inputTokens()).isEqualTo(2 * 9_000); // read once by analysis, once by review
        ReviewEstimate focused = estimator.estimate(List.of(chunk("c1", 1_000)), 500,
                ReviewFocus.parse("bug,security,performance,style,concurrency,testing"), 2, null);
        assertThat(focused.inputTokens()).isGreaterThan(small.inputTokens());
    }

    @Test
    void concurrencyShortensTheRunDownToTheLongestChunk() {
        List<Chunk> chunks = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            chunks.add(chunk("chunk-00" + k, 2_000, 1_000));
        }
        ReviewEstimator estimator = new ReviewEstimator(SIMPLE, Pricing.unknown());
        long serial = estimator.estimate(chunks, 400, ReviewFocus.defaults(), 1, null).seconds();
        long three = estimator.estimate(chunks, 400, ReviewFocus.defaults(), 3, null).seconds();
        long six = estimator.estimate(chunks, 400, ReviewFocus.defaults(), 6, null).seconds();
        long sixteen = estimator.estimate(chunks, 400, ReviewFocus.defaults(), 16, null).seconds();
        assertThat(serial).isGreaterThan(three);
        assertThat(three).isGreaterThan(six);
        assertThat(sixteen).isEqualTo(six); // more workers than chains gains nothing
        ReviewEstimate one = estimator.estimate(chunks, 400, ReviewFocus.defaults(), 1, null);
        double perChunk = one.perChunk().get(0).seconds();
        double fixed = one.steps().stream().mapToDouble(ReviewEstimate.StepEstimate::seconds).sum();
        assertThat((double) serial).isCloseTo(6 * perChunk + fixed, org.assertj.core.data.Offset.offset(1.0));
        assertThat((double) six).isCloseTo(perChunk + fixed, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void theFixtureIsEstimatedFromItsChunks() {
        RepoMap map = ReviewFixture.map();
        List<Chunk> chunks = new Chunker(600).chunk(map);
        ReviewEstimate e = new ReviewEstimator(EstimateAssumptions.defaults(), Pricing.unknown())
                .estimate(chunks, 1_000, ReviewFocus.defaults(), 3, null);
        assertThat(e.chunks()).isEqualTo(chunks.size());
        assertThat(e.perChunk()).extracting(ReviewEstimate.ChunkEstimate::id)
                .containsExactlyElementsOf(chunks.stream().map(Chunk::id).toList());
        assertThat(e.inputTokens()).isGreaterThan(2 * map.totalTokens());
        assertThat(e.assumptions()).contains("no prompt caching");
    }

    @Test
    void badInputIsRefused() {
        ReviewEstimator estimator = new ReviewEstimator(SIMPLE, Pricing.unknown());
        assertThatThrownBy(() -> estimator.estimate(List.of(), 0, ReviewFocus.defaults(), 0, null))
                .hasMessageContaining("concurrency");
        assertThatThrownBy(() -> ReviewFocus.parse("security,speed")).hasMessageContaining("unknown focus speed");
        assertThat(ReviewFocus.parse(" Security , perf ").areas()).containsExactly("security", "performance");
        assertThatThrownBy(() -> Pricing.perMillion(new BigDecimal("-1"), BigDecimal.ONE)).hasMessageContaining("negative");
    }
}
