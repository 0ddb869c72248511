package dev.longtask.review.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.review.ReviewFixture;
import dev.longtask.model.review.ReviewPart;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportRendererTest {
    private static final CheckedFinding SQL = new CheckedFinding(Severity.HIGH, "security",
            new Location("src/db/Query.java", 12, 14), "SQL built by concatenating | user input",
            "Use a prepared statement", true, null, 2);
    private static final CheckedFinding NAMING = new CheckedFinding(Severity.LOW, "style",
            new Location("src/web/Page.java", 3, 3), "Field name is not camelCase", "", true, null, 1);
    private static final CheckedFinding INVENTED = new CheckedFinding(Severity.CRITICAL, "bug",
            new Location("src/db/Ghost.java", 1, 1), "Made-up crash", "", false, "file does not exist: src/db/Ghost.java", 1);

    private static ReviewReport report() {
        return new ReviewReport("Review of acme", "Two modules, mostly fine.",
                List.of(new ModuleSummary("src/db", 4, 800, "Data access; one injection."),
                        new ModuleSummary("src/web", 6, 1_200, "Pages")),
                List.of(SQL, NAMING, INVENTED), 10, 2_000);
    }

    @Test
    void markdownListsIssuesBySeverityWithScoreModulesAndUnverifiedApart() {
        String md = new ReportRenderer().markdown(report());
        // points 5 + 0.5 over 2 kLOC: density 2.75, round(100 / 1.275) = 78; one high finding caps it at 75
        assertThat(md).startsWith("# Review of acme\n\nTwo modules, mostly fine.\n\n**Score: 75/100** — 2 issues (1 high, 1 low)"
                + " in 2,000 lines of 10 files; 1 finding whose location could not be verified is listed apart.\n");
        assertThat(md).contains("## High (1)\n\n### 1. [security] `src/db/Query.java:12-14`\n\n"
                + "SQL built by concatenating | user input\n\n**Suggestion:** Use a prepared statement\n\n_Reported 2 times (merged)._\n");
        assertThat(md).contains("## Low (1)\n\n### 2. [style] `src/web/Page.java:3`\n");
        assertThat(md.indexOf("## High")).isLessThan(md.indexOf("## Low"));
        assertThat(md).doesNotContain("## Critical");
        assertThat(md).contains("| `src/db` | 4 | 800 | 0 | 1 | 0 | 0 | 0 | Data access; one injection. |")
                .contains("| `src/web` | 6 | 1,200 | 0 | 0 | 0 | 1 | 0 | Pages |");
        String unverified = md.substring(md.indexOf("## Unverified findings"));
        assertThat(unverified).contains("- [critical/bug] `src/db/Ghost.java:1` — file does not exist: src/db/Ghost.java: Made-up crash");
        assertThat(md.substring(0, md.indexOf("## Unverified findings"))).doesNotContain("Ghost");
    }

    @Test
    void jsonCarriesTheSameContent() throws Exception {
        JsonNode json = new ObjectMapper().readTree(new ReportRenderer().json(report()));
        assertThat(json.get("score").asInt()).isEqualTo(75);
        assertThat(json.get("counts").get("high").asInt()).isEqualTo(1);
        assertThat(json.get("counts").get("critical").asInt()).isZero();
        assertThat(json.get("issues")).hasSize(2);
        JsonNode first = json.get("issues").get(0);
        assertThat(first.get("location").asText()).isEqualTo("src/db/Query.java:12-14");
        assertThat(first.get("file").asText()).isEqualTo("src/db/Query.java");
        assertThat(first.get("start_line").asInt()).isEqualTo(12);
        assertThat(first.get("end_line").asInt()).isEqualTo(14);
        assertThat(first.get("occurrences").asInt()).isEqualTo(2);
        assertThat(json.get("unverified")).singleElement()
                .satisfies(u -> assertThat(u.get("problem").asText()).startsWith("file does not exist"));
        assertThat(json.get("modules").get(0).get("counts").get("high").asInt()).isEqualTo(1);
    }

    @Test
    void theScoreIsFullWithoutVerifiedFindingsAndFallsWithDensity() {
        assertThat(ReviewScore.of(List.of(INVENTED), 1_000)).isEqualTo(100);
        assertThat(ReviewScore.of(List.of(SQL, SQL), 1_000)).isEqualTo(50); // 10 points per kLOC
        // one high finding in 100,000 lines: the density alone says 100, the ceiling of a high finding 75
        assertThat(ReviewScore.of(List.of(SQL), 100_000)).isEqualTo(75);
        String md = new ReportRenderer().markdown(new ReviewReport("", "", List.of(), List.of(), 0, 0));
        assertThat(md).contains("**Score: 100/100** — no issues").contains("No issues found.");
    }

    @Test
    void checkingMergingAndRenderingWorkTogetherOnTheFixture() throws Exception {
        java.nio.file.Path repo = ReviewFixture.source();
        FindingChecker checker = new FindingChecker(repo, List.of());
        List<CheckedFinding> checked = checker.checkAll(List.of(
                new Finding("high", "bug", "python/acme/pricing.py:22-27", "set_price returns a multi-line string", "Return None"),
                new Finding("medium", "bug", "python/acme/pricing.py:24", "set_price returns a multi-line string needlessly", ""),
                new Finding("low", "style", "python/acme/pricing.py:400", "Line too long", "Wrap it")));
        List<CheckedFinding> merged = new FindingMerger().merge(checked);
        ReviewReport report = new ReviewReport("Fixture", "", List.of(new ModuleSummary("python/acme", 3, 60, "")),
                merged, 3, 60);
        String md = new ReportRenderer().markdown(report);
        assertThat(md).contains("`python/acme/pricing.py:22-27`").contains("_Reported 2 times (merged)._")
                .contains("line 400 is past the end of python/acme/pricing.py (36 lines)");
        assertThat(md).contains("| `python/acme` | 3 | 60 | 0 | 1 | 0 | 0 | 0 |  |");
    }

    @Test
    void chunksNotReviewedAreNamedAndReviewerScoresGetAColumn() throws Exception {
        ReviewReport report = new ReviewReport("R", "", List.of(new ModuleSummary("src/db", 4, 800, "Data access", 70)),
                List.of(SQL), 4, 800, List.of(new ReviewGap("chunk-002", "src/web", List.of("src/web/Page.java"),
                "the review task #4 failed (gave up); its issues file w/chunk-002-issues.json does not exist")));
        String md = new ReportRenderer().markdown(report);
        assertThat(md).contains("in 800 lines of 4 files; 1 chunk could not be reviewed (see Not reviewed).")
                .contains("| module | files | lines | critical | high | medium | low | info | reviewer's score | summary |")
                .contains("| `src/db` | 4 | 800 | 0 | 1 | 0 | 0 | 0 | 70 | Data access |")
                .contains("## Not reviewed\n\nNo findings could be taken from these chunks")
                .contains("- chunk-002 `src/web` (1 file): the review task #4 failed (gave up); its issues file"
                        + " w/chunk-002-issues.json does not exist");
        JsonNode json = new ObjectMapper().readTree(new ReportRenderer().json(report));
        assertThat(json.get("modules").get(0).get("reviewer_score").asInt()).isEqualTo(70);
        assertThat(json.get("gaps")).singleElement().satisfies(g -> {
            assertThat(g.get("chunk").asText()).isEqualTo("chunk-002");
            assertThat(g.get("files").get(0).asText()).isEqualTo("src/web/Page.java");
            assertThat(g.get("reason").asText()).startsWith("the review task #4 failed");
        });
        assertThat(new ReportRenderer().markdown(report()))
                .as("without reviewer scores and gaps the report has neither").doesNotContain("reviewer's score")
                .doesNotContain("Not reviewed");
    }

    /** Every chunk failed: there is no score to give, and nothing pretends the code is clean. */
    @Test
    void aReviewThatReviewedNothingHasNoScore() throws Exception {
        ReviewReport nothing = new ReviewReport("Review of acme", "", List.of(), List.of(), 0, 0,
                List.of(new ReviewGap("chunk-001", "src/db", List.of("src/db/Query.java"), "its review task failed")));
        String md = new ReportRenderer().markdown(nothing);
        assertThat(md).contains("**Nothing was reviewed**").doesNotContain("Score:").doesNotContain("No issues found");
        assertThat(new ObjectMapper().readTree(new ReportRenderer().json(nothing)).get("score").isNull()).isTrue();
        assertThat(new ReviewReportWriter.Written(nothing, null, null).line())
                .isEqualTo("nothing was reviewed: 1 chunk not reviewed");
    }

    @Test
    void suppressedFindingsAreListedApartAndTheGateHidesOnlyTheListing() throws Exception {
        CheckedFinding sql = SQL.withFingerprint("0123456789ab");
        CheckedFinding naming = NAMING.withFingerprint("ba9876543210");
        CheckedFinding falseAlarm = new CheckedFinding(Severity.CRITICAL, "security", new Location("src/db/Query.java",
                30, 30), "Password compared with ==", "", true, null, 1, "feedfacecafe");
        ReviewIgnore ignore = ReviewIgnore.parse("fingerprint:feedfacecafe  # it is a hash, compared in constant time\n"
                + "path:src/old/**\nrule:\n");
        ReviewIgnore.Applied applied = ignore.apply(List.of(sql, naming, falseAlarm));
        ReviewReport report = new ReviewReport("R", "", List.of(new ModuleSummary("src", 10, 2_000, "")),
                applied.kept(), 10, 2_000, List.of(), applied, Severity.MEDIUM, null);

        String md = new ReportRenderer().markdown(report);

        // the suppressed critical finding neither counts nor caps the score: 1 high + 1 low, as without it
        assertThat(md).contains("**Score: 75/100** — 2 issues (1 high, 1 low) in 2,000 lines of 10 files; 1 suppressed"
                + " by .longtask/review-ignore (see Suppressed); 1 finding below medium counted but not listed"
                + " (--min-severity).");
        assertThat(md).contains("## High (1)").contains("`fingerprint:0123456789ab`").doesNotContain("## Low")
                .doesNotContain("## Critical");
        assertThat(md.substring(md.indexOf("## Suppressed (1)"))).contains("- [critical/security] `src/db/Query.java:30`"
                        + " by `fingerprint:feedfacecafe` (line 1), it is a hash, compared in constant time: Password"
                        + " compared with ==")
                .contains("Rules that matched nothing: `path:src/old/**` (line 2).")
                .contains(".longtask/review-ignore line 3: 'rule:' is not path:GLOB");
        JsonNode json = new ObjectMapper().readTree(new ReportRenderer().json(report));
        assertThat(json.get("score").asInt()).isEqualTo(75);
        assertThat(json.get("min_severity").asText()).isEqualTo("medium");
        assertThat(json.get("counts").get("low").asInt()).isEqualTo(1);
        assertThat(json.get("not_listed").asInt()).isEqualTo(1);
        assertThat(json.get("issues")).singleElement()
                .satisfies(i -> assertThat(i.get("fingerprint").asText()).isEqualTo("0123456789ab"));
        assertThat(json.get("suppressed")).singleElement().satisfies(i -> {
            assertThat(i.get("fingerprint").asText()).isEqualTo("feedfacecafe");
            assertThat(i.at("/suppressed_by/line").asInt()).isEqualTo(1);
        });
        assertThat(json.get("ignore_rules")).extracting(r -> r.get("suppressed").asInt()).containsExactly(1, 0);
        assertThat(new ReviewReportWriter.Written(report, null, null).line())
                .isEqualTo("score 75/100: 2 issues, 1 suppressed");
    }

    /** A review of part of the repository says which modules it left out, why, and how to review the next part. */
    @Test
    void aReviewOfPartOfTheRepositoryListsTheModulesItLeftOutAndTheNextPart() throws Exception {
        List<ReviewPart.Module> left = new java.util.ArrayList<>();
        for (int k = 3; k <= 30; k++) {
            left.add(new ReviewPart.Module(k, "pkg/m" + k, 0.01, 1, 2, 100, 900, "a run may hold 4 tasks (2 chunks)"));
        }
        ReviewPart part = new ReviewPart(30, List.of(new ReviewPart.Module(1, "src/db", 0.4, 1, 4, 800, 9_000, null),
                new ReviewPart.Module(2, "src/web", 0.3, 1, 6, 1_200, 9_000, null)), left, 2, "--top 2",
                "a run may hold 4 tasks (2 chunks)");
        ReviewReport r = report();
        ReviewReport partial = new ReviewReport(r.title(), r.summary(), r.modules(), r.findings(), r.filesReviewed(),
                r.linesReviewed(), List.of(), null, null, part);

        String md = new ReportRenderer("/src/acme").markdown(partial);

        assertThat(md).contains("## Modules not reviewed (28 of 30)\n\nThis review covered the modules ranked 1-2 of"
                + " the repository's 30 modules by the map's ranking (2,000 lines). 28 modules (2,800 lines) were not"
                + " reviewed: the score and the issues say nothing about them; this part ends at the first module that did"
                + " not fit: a run may hold 4 tasks (2 chunks).\n\n| rank | module | files | lines | why not reviewed |\n");
        assertThat(md).contains("| 3 | `pkg/m3` | 2 | 100 | a run may hold 4 tasks (2 chunks) |\n")
                .contains("| 27 | `pkg/m27` |").doesNotContain("`pkg/m28`")
                .contains("… and 3 more (all in review.json).\n")
                .contains("Review the next part with `longtask review /src/acme --skip 2 --top 2`.");
        JsonNode json = new ObjectMapper().readTree(new ReportRenderer("/src/acme").json(partial));
        assertThat(json.get("part").get("not_reviewed")).hasSize(28);
        assertThat(json.get("part").get("not_reviewed").get(27).get("module").asText()).isEqualTo("pkg/m30");
        assertThat(json.get("part").get("next_command").asText()).isEqualTo("longtask review /src/acme --skip 2 --top 2");
        assertThat(new ReviewReportWriter.Written(partial, null, null).line()).endsWith(", 28 of 30 modules not in this part");
        assertThat(new ReportRenderer().markdown(report())).doesNotContain("Modules not reviewed");
    }
}
