package dev.longtask.review.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.engine.PlanValidator;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.model.llm.Pricing;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.ReviewEstimate;
import dev.longtask.review.ReviewFixture;
import dev.longtask.tools.Workspace;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReviewPlannerTest {
    private static final String RUN = ".longtask/runs/r1";
    private static final ReviewFocus FOCUS = ReviewFocus.parse("security,performance");

    @TempDir
    Path tmp;

    private static ReviewManifest manifest(long chunkTokens) {
        List<Chunk> chunks = new Chunker(chunkTokens).chunk(ReviewFixture.map());
        return ReviewManifest.of(chunks, RUN, FOCUS, false);
    }

    @Test
    void everyChunkGetsAnAnalysisAndThenAReviewThatDependsOnIt() throws Exception {
        ReviewManifest manifest = manifest(600);
        Plan plan = new ReviewPlanner("# Repository map: MAP-MARKER").plan(manifest);

        assertThat(manifest.chunks()).hasSizeGreaterThan(2);
        assertThat(plan.tasks()).hasSize(2 * manifest.chunks().size());
        for (int k = 0; k < manifest.chunks().size(); k++) {
            Chunk chunk = manifest.chunks().get(k).chunk();
            PlannedTask analysis = plan.tasks().get(2 * k);
            PlannedTask review = plan.tasks().get(2 * k + 1);
            String analysisFile = RUN + "/results/work/" + chunk.id() + "-analysis.md";
            String issuesFile = RUN + "/results/work/" + chunk.id() + "-issues.json";

            assertThat(analysis.key()).isEqualTo(chunk.id() + "-analysis");
            assertThat(analysis.agent()).isEqualTo("analyzer");
            assertThat(analysis.dependsOn()).isEmpty();
            assertThat(analysis.outputs()).isEqualTo(Map.of("analysis", analysisFile));
            assertThat(review.agent()).isEqualTo("reviewer");
            assertThat(review.dependsOn()).containsExactly(analysis.key());
            assertThat(review.inputs()).isEqualTo(Map.of("analysis", analysisFile));
            assertThat(review.outputs()).isEqualTo(Map.of("issues", issuesFile));
            assertThat(analysis.subject()).isEqualTo("Analyse " + chunk.id() + ": " + chunk.module());
            assertThat(review.subject()).isEqualTo("Review " + chunk.id() + ": " + chunk.module());
            for (PlannedTask t : List.of(analysis, review)) {
                assertThat(t.instruction()).contains(chunk.id()).contains("MAP-MARKER").contains("security, performance");
                chunk.parts().forEach(p -> assertThat(t.instruction()).contains("- " + p.path() + " (whole file, "
                        + p.lines() + (p.lines() == 1 ? " line)" : " lines)")));
                assertThat(t.successCriteria()).isNotEmpty();
            }
            assertThat(review.instruction()).contains("Write your review to " + issuesFile + " as ONE JSON object")
                    .contains("\"chunk\": \"" + chunk.id() + "\"").contains("\"score\": ").contains("\"summary\": ")
                    .contains("\"severity\": ").contains("\"type\": \"<security|performance>\"")
                    .contains("\"location\": \"" + ReviewPlanner.EXAMPLE_LOCATION + "\"")
                    .contains("\"description\": ").contains("\"suggestion\": ")
                    .contains("- severity: critical, high, medium, low or info.")
                    .contains("- type: one of security, performance, or another single word");
            assertThat(review.successCriteria()).anySatisfy(c -> assertThat(c).contains(issuesFile).contains("parse"));
        }
        Path root = Files.createDirectories(tmp.resolve("ws"));
        assertThat(new PlanValidator(Set.of("analyzer", "reviewer"), new Workspace(root)).problems(plan)).isEmpty();
    }

    @Test
    void aFileSplitAcrossChunksIsGivenByItsLineRange() {
        ReviewManifest manifest = manifest(100);
        Plan plan = new ReviewPlanner("").plan(manifest);

        ChunkPart range = manifest.chunks().stream().flatMap(i -> i.chunk().parts().stream())
                .filter(p -> !p.wholeFile()).findFirst().orElseThrow();
        int index = 0;
        while (!manifest.chunks().get(index).chunk().parts().contains(range)) {
            index++;
        }
        String line = "- " + range.path() + " lines " + range.startLine() + "-" + range.endLine() + " only";
        assertThat(plan.tasks().get(2 * index).instruction()).contains(line).doesNotContain("Repository map");
        assertThat(plan.tasks().get(2 * index + 1).instruction()).contains(line);
    }

    @Test
    void theReviewEstimateIsWhatTheEngineRecordsWithThePlan() {
        ReviewManifest manifest = manifest(600);
        List<Chunk> chunks = manifest.chunks().stream().map(ReviewManifest.Item::chunk).toList();
        ReviewEstimate review = new ReviewEstimator(EstimateAssumptions.defaults(),
                Pricing.perMillion(new BigDecimal("3"), new BigDecimal("15"))).estimate(chunks, 300, FOCUS, 3, "m:x");

        Estimate engine = ReviewPlanner.estimate(review);

        assertThat(engine.tasks()).isEqualTo(new ReviewPlanner("").plan(manifest).tasks().size());
        assertThat(engine.inputTokens()).isEqualTo(review.inputTokens());
        assertThat(engine.outputTokens()).isEqualTo(review.outputTokens());
        assertThat(engine.costUsd()).isEqualByComparingTo(review.costUsd());
        assertThat(engine.seconds()).isEqualTo(review.seconds());
        assertThat(engine.assumptions()).startsWith(review.calls() + " model calls").contains("no planner");
        assertThat(ReviewPlanner.estimate(new ReviewEstimator(EstimateAssumptions.defaults(), Pricing.unknown())
                .estimate(chunks, 300, FOCUS, 3, null)).costText()).startsWith("unknown");
    }

    @Test
    void theManifestIsWrittenAsJsonAndReadBackAndAnotherFormatOrBrokenTextIsRefused() throws Exception {
        ReviewManifest manifest = manifest(600);

        assertThat(manifest.json()).endsWith("\n");
        assertThat(ReviewManifest.parse(manifest.json(), "the manifest")).isEqualTo(manifest);
        assertThat(manifest.files()).hasSize(ReviewFixture.map().files().size());
        assertThatThrownBy(() -> ReviewManifest.parse("{\"format\": 9, \"chunks\": [], \"focus\": []}", "m.json"))
                .hasMessageContaining("m.json has format 9");
        assertThatThrownBy(() -> ReviewManifest.parse("{\"format\": ", "m.json"))
                .hasMessageContaining("m.json is not a review manifest");
    }
}
