package dev.longtask.cli.command;

import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.cli.ExitCode;
import dev.longtask.model.config.Environment;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.review.ReviewFixture;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code longtask review PATH} end to end over the multi-language fixture: the real command, driver, engine,
 * agents, tools and file store, with a scripted model behind the LlmClient port playing the analyzers, the
 * reviewers (who write issues files, some with invented locations and duplicates), the director and the
 * synthesizer. With --chunk-tokens 600 the fixture makes five chunks (C/C++; Go and Kotlin; Java; Python and
 * TypeScript; Rust).
 */
class ReviewRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    private Path repo;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void copyFixture() throws IOException {
        repo = ReviewFixture.copyTo(tmp.resolve("repo"));
    }

    /** The runtime with the scripted model (priced like the engine fixture's), or from the settings. */
    private RunDriver.Assembly assembly(ScriptedModel model) {
        return model == null ? RunDriver.Assembly.REAL : builder -> builder.home(tmp.resolve("home"))
                .llm(model, EngineFixture.models(model).pricing());
    }

    private Environment noKeys() {
        return new Environment(Map.of(), tmp.resolve("user-config.yaml"));
    }

    private int review(ScriptedModel model, String... args) {
        return reviewWith(model, Stream.concat(Stream.of(repo.toString(), "--chunk-tokens", "600", "--tokens", "300"),
                Stream.of(args)).toArray(String[]::new));
    }

    private int reviewWith(ScriptedModel model, String... all) {
        return ReviewScript.execute(new ReviewCommand(noKeys(), assembly(model)), out, err, all);
    }

    /** The issues each chunk's reviewer writes, by chunk. */
    private static final Map<String, String> ISSUES = Map.of(
            "chunk-001", """
                    {"chunk": "chunk-001", "score": 90, "summary": "C ledger and C++ engine; small and careful.",
                     "issues": [{"severity": "low", "type": "bug", "location": "c/src/ledger.c:9-12",
                       "description": "ledger_add does not check ledger for NULL before using it",
                       "suggestion": "Return -1 when ledger is NULL"}]}
                    """,
            "chunk-002", """
                    {"chunk": "chunk-002", "score": 80, "summary": "Go service and Kotlin reports.",
                     "issues": [
                      {"severity": "medium", "type": "performance", "location": "go/inventory/inventory.go:27-29",
                       "description": "NewStore preallocates a map for DefaultCapacity entries on every call",
                       "suggestion": "Let the map grow"},
                      {"severity": "medium", "type": "bug", "location": "java/src/main/java/com/acme/store/Inventory.java:19",
                       "description": "addStock accepts negative quantities, so the stock level can go below zero",
                       "suggestion": "Reject negative quantities"}]}
                    """,
            "chunk-003", """
                    ```json
                    {"chunk": "chunk-003", "score": 70, "summary": "Java store: inventory and restocking.",
                     "issues": [{"severity": "high", "type": "bug", "location": "java/src/main/java/com/acme/store/Inventory.java:18-19",
                       "description": "addStock accepts a negative quantity, so the stock level can go below zero",
                       "suggestion": "Throw IllegalArgumentException for a negative quantity and test it"}]}
                    ```
                    """,
            "chunk-004", """
                    {"chunk": "chunk-004", "score": 60, "summary": "Python pricing and the web client.",
                     "issues": [
                      {"severity": "high", "type": "bug", "location": "python/acme/pricing.py:22-27",
                       "description": "set_price returns a leftover multi-line string instead of None",
                       "suggestion": "Drop the text variable and return nothing"},
                      {"severity": "critical", "type": "security", "location": "python/acme/discounts.py:3",
                       "description": "Discount codes are compared with ==, which leaks timing",
                       "suggestion": "Use hmac.compare_digest"},
                      {"severity": "low", "type": "style", "location": "python/acme/pricing.py:250",
                       "description": "Line too long", "suggestion": "Wrap it"}]}
                    """,
            "chunk-005", """
                    {"chunk": "chunk-005", "score": 95, "summary": "Rust ledger library; nothing to fix.", "issues": []}
                    """);

    /** Analyzers and reviewers write their declared file, then hand in; the roles agree and report. */
    private static ScriptedModel model(Function<String, ChatMessage.Assistant> reviewerFirstStep) {
        return model(reviewerFirstStep, 200_000);
    }

    private static ScriptedModel model(Function<String, ChatMessage.Assistant> reviewerFirstStep, int window) {
        return new ScriptedModel(turn -> switch (turn.role()) {
            case "director" -> decide("continue", "every chunk has been looked at");
            case "synthesizer" -> report("Review of the acme fixture", "# Review of the acme fixture\n\nMostly sound.");
            default -> ReviewScript.of(turn).map(task -> turn.step() > 1
                    ? submitResult(true, (task.analysis() ? "analysed " : "reviewed ") + task.chunk())
                    : task.analysis() ? write(task.output(), "## Purpose\n" + task.chunk() + " does things.\n")
                    : reviewerFirstStep.apply(task.chunk() + " " + task.output())).orElse(null);
        }, window);
    }

    private static ChatMessage.Assistant writeIssues(String chunkAndPath) {
        String[] parts = chunkAndPath.split(" ");
        return write(parts[1], ISSUES.get(parts[0]));
    }

    private Path onlyRun() {
        List<String> runs = FileRunStore.list(repo);
        assertThat(runs).hasSize(1);
        return FileRunStore.runsDirectory(repo).resolve(runs.get(0));
    }

    @Test
    void aWholeReviewRunEndsInACheckedReportInTheRunAndOnStdout() throws Exception {
        ScriptedModel model = model(ReviewRunTest::writeIssues);

        int code = review(model, "--focus", "bug,security,performance,style", "--run-id", "review-1");

        assertThat(code).as(err.toString()).isZero();
        Path run = onlyRun();
        assertThat(run.getFileName().toString()).isEqualTo("review-1");
        String markdown = Files.readString(run.resolve("results/review/review.md"));
        assertThat(out.toString()).isEqualTo(markdown);
        // checked: 2 high (5 + 5), 1 medium (2), 1 low (0.5) = 12.5 points in 448 lines (counted as 1,000): 44
        assertThat(markdown).startsWith("# Review of the acme fixture\n\nsummary of Review of the acme fixture\n\n"
                        + "_Run `review-1` (completed): 5 of 5 chunks reviewed for bug, security, performance, style;")
                .contains("**Score: 44/100** — 4 issues (2 high, 1 medium, 1 low) in 448 lines of 22 files; 2 findings"
                        + " whose location could not be verified are listed apart.");
        // duplicates from two chunks (the Java chunk and the Go/Kotlin chunk) are one finding
        assertThat(markdown).contains("[bug] `java/src/main/java/com/acme/store/Inventory.java:18-19`\n\n"
                + "addStock accepts a negative quantity, so the stock level can go below zero\n\n"
                + "**Suggestion:** Throw IllegalArgumentException for a negative quantity and test it\n\n"
                + "_Reported 2 times (merged)._");
        assertThat(markdown).contains("`python/acme/pricing.py:22-27`").contains("`go/inventory/inventory.go:27-29`")
                .contains("`c/src/ledger.c:9-12`");
        // invented locations are caught, marked, and kept out of the findings reported as fact
        String unverified = markdown.substring(markdown.indexOf("## Unverified findings"));
        assertThat(unverified).contains("`python/acme/discounts.py:3` — file does not exist: python/acme/discounts.py")
                .contains("`python/acme/pricing.py:250` — line 250 is past the end of python/acme/pricing.py (36 lines)");
        assertThat(markdown.substring(0, markdown.indexOf("## Unverified findings")))
                .doesNotContain("discounts.py").doesNotContain("pricing.py:250").doesNotContain("## Critical");
        assertThat(markdown).contains("| reviewer's score |").contains("Java store: inventory and restocking.")
                .doesNotContain("## Not reviewed");

        JsonNode json = JSON.readTree(run.resolve("results/review/review.json").toFile());
        assertThat(json.get("score").asInt()).isEqualTo(44);
        assertThat(json.get("issues")).hasSize(4).allSatisfy(i -> assertThat(i.get("verified").asBoolean()).isTrue());
        assertThat(json.get("issues").get(0).get("occurrences").asInt()).isEqualTo(2);
        assertThat(json.get("unverified")).extracting(u -> u.get("location").asText())
                .containsExactlyInAnyOrder("python/acme/discounts.py:3", "python/acme/pricing.py:250");
        assertThat(json.get("gaps")).isEmpty();
        assertThat(json.get("lines_reviewed").asLong()).isEqualTo(448);

        // the run directory holds the whole record
        assertThat(JSON.readTree(run.resolve("run.json").toFile()).get("status").asText()).isEqualTo("completed");
        JsonNode manifest = JSON.readTree(run.resolve("results/review/manifest.json").toFile());
        assertThat(manifest.get("chunks")).hasSize(5);
        assertThat(manifest.get("run_path").asText()).isEqualTo(".longtask/runs/review-1");
        for (int n = 1; n <= 5; n++) {
            assertThat(run.resolve("results/work/chunk-00" + n + "-analysis.md")).isRegularFile();
            assertThat(run.resolve("results/work/chunk-00" + n + "-issues.json")).isRegularFile();
        }
        assertThat(run.resolve("report.md")).isRegularFile();
        assertThat(Files.list(run.resolve("tasks")).count()).isEqualTo(10);
        List<JsonNode> events = Files.readAllLines(run.resolve("events.jsonl")).stream().map(line -> {
            try {
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }).toList();
        JsonNode plan = events.stream().filter(e -> e.get("type").asText().equals("plan.accepted")).findFirst()
                .orElseThrow().get("data");
        assertThat(plan.get("source").asText()).isEqualTo("given");
        assertThat(plan.get("estimate").get("tasks").asInt()).isEqualTo(10);
        // The checked report is written inside the run, by the session that ends it, before the final status.
        assertThat(events.get(events.size() - 2).get("type").asText()).isEqualTo("review.written");
        assertThat(events.get(events.size() - 2).at("/data/score").asInt()).isEqualTo(44);
        assertThat(events.get(events.size() - 1).at("/data/status").asText()).isEqualTo("completed");
        assertThat(model.calls("planner", "")).as("no planner is asked").isZero();
        assertThat(err.toString()).contains("review: 5 chunks, 10 tasks").contains("estimate: 10 tasks")
                .contains("review    " + run.resolve("results/review/review.md") + " (score 44/100: 4 issues, 2 unverified;");
    }

    @Test
    void failedAndMalformedChunksAreGapsAndTheReportIsStillWritten() throws Exception {
        ScriptedModel model = model(chunkAndPath -> {
            String[] parts = chunkAndPath.split(" ");
            return switch (parts[0]) {
                case "chunk-001" -> write(parts[1], "{\"chunk\": \"chunk-001\", \"issues\": [ {\"severity\": ");
                case "chunk-005" -> submitResult(false, "cannot read the Rust files");
                default -> writeIssues(chunkAndPath);
            };
        });
        Path target = tmp.resolve("review.json");

        int code = review(model, "--format", "json", "--out", target.toString());

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.FAILED.code());
        assertThat(out.toString()).isEmpty();
        Path run = onlyRun();
        assertThat(Files.readString(target)).isEqualTo(Files.readString(run.resolve("results/review/review.json")));
        JsonNode json = JSON.readTree(target.toFile());
        assertThat(json.get("gaps")).hasSize(2);
        JsonNode malformed = json.get("gaps").get(0);
        assertThat(malformed.get("chunk").asText()).isEqualTo("chunk-001");
        assertThat(malformed.get("reason").asText()).contains("chunk-001-issues.json is not valid JSON at line 1");
        JsonNode failed = json.get("gaps").get(1);
        assertThat(failed.get("chunk").asText()).isEqualTo("chunk-005");
        assertThat(failed.get("reason").asText()).matches("the review task #\\d+ failed \\(.*cannot read the Rust"
                + " files.*\\); its issues file \\S+chunk-005-issues.json does not exist");
        assertThat(failed.get("files")).extracting(JsonNode::asText).allMatch(f -> f.startsWith("rust/src/"));
        // only the chunks that were reviewed count: their lines, their findings
        assertThat(json.get("lines_reviewed").asLong()).isLessThan(448).isPositive();
        assertThat(json.get("issues")).extracting(i -> i.get("file").asText())
                .noneMatch(f -> f.startsWith("c/") || f.startsWith("rust/"));
        String markdown = Files.readString(run.resolve("results/review/review.md"));
        assertThat(markdown).contains("2 chunks could not be reviewed (see Not reviewed)")
                .contains("## Not reviewed").contains("- chunk-005 `rust/src` (3 files): the review task #");
        assertThat(JSON.readTree(run.resolve("run.json").toFile()).get("status").asText()).isEqualTo("failed");
        assertThat(err.toString()).contains("review written to " + target);
    }

    @Test
    void aPausedReviewWritesNoReportUntilResumeFinishesIt() throws Exception {
        // The provider refuses once (a 400: no retry), in the middle of the run: the run pauses after saving.
        // One task at a time, so the pause interrupts no other task.
        AtomicBoolean refused = new AtomicBoolean();
        ScriptedModel healthy = model(ReviewRunTest::writeIssues);
        ScriptedModel model = new ScriptedModel(turn -> turn.subject().startsWith("Review chunk-003")
                && refused.compareAndSet(false, true) ? null : healthy.chat(turn.request()).message());

        int paused = review(model, "--concurrency", "1", "--run-id", "paused-review");

        assertThat(paused).as(err.toString()).isEqualTo(ExitCode.PAUSED.code());
        Path run = onlyRun();
        assertThat(JSON.readTree(run.resolve("run.json").toFile()).get("status_reason").asText())
                .startsWith("the model provider failed");
        assertThat(out.toString()).isEmpty();
        assertThat(run.resolve("results/review/manifest.json")).isRegularFile();
        assertThat(run.resolve("results/review/review.md")).doesNotExist();
        assertThat(run.resolve("results/work/chunk-003-issues.json")).doesNotExist();
        assertThat(err.toString()).contains("continue  longtask resume paused-review -C " + repo);

        // 'longtask resume paused-review --workdir repo' is this driver call
        RunOptions options = new RunOptions();
        StringWriter resumeOut = new StringWriter();
        RunDriver driver = new RunDriver(new PrintWriter(resumeOut, true), new PrintWriter(resumeOut, true),
                new ModelOptions(), options, repo, noKeys(), assembly(model));
        int resumed = driver.drive(longtask -> longtask.resume(driver.resume("paused-review"))).code();

        assertThat(resumed).as(resumeOut.toString()).isZero();
        assertThat(resumeOut.toString()).contains("review    " + run.resolve("results/review/review.md")
                + " (score 44/100");
        assertThat(Files.readString(run.resolve("results/review/review.md"))).contains("**Score: 44/100**")
                .contains("(completed): 5 of 5 chunks reviewed");
        assertThat(driver.finished()).hasValueSatisfying(w -> assertThat(w.summary()).doesNotContain("not reviewed"));
    }

    @Test
    void onAModelWithAnEightThousandTokenWindowTheMapIsCutToFitAndTheReviewCompletes() throws Exception {
        // The default map (2,048 tokens) alone is a quarter of an 8,192-token window: every chunk task would be
        // refused as too large unless the map is fitted to what the task's own text leaves.
        ScriptedModel small = model(ReviewRunTest::writeIssues, 8192);

        int code = reviewWith(small, repo.toString(), "--chunk-tokens", "600");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.OK.code());
        assertThat(err.toString()).containsPattern("map: [\\d,]+ tokens \\(--tokens 2,048 cut to fit the 8,192-token"
                + " context window\\)");
        JsonNode plan = JSON.readTree(onlyRun().resolve("run.json").toFile());
        assertThat(plan.path("status").asText()).isEqualTo("completed");
    }

    @Test
    void aReviewWhoseTasksCannotFitTheWindowIsRefusedOnceNamingWhatToChange() throws Exception {
        // 1,024 tokens of window leave no room for a chunk once a task's text, the system prompt and the answer are
        // counted: no --chunk-tokens can help, so the message names the window, not the chunk size.
        ScriptedModel tiny = model(ReviewRunTest::writeIssues, 1024);

        int code = reviewWith(tiny, repo.toString(), "--chunk-tokens", "600");

        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).hasLineCount(1).startsWith("longtask: review cannot run: ")
                .contains("the 1,024-token context window of test:scripted leaves no room for a chunk of code")
                .contains("use a model with a larger window").contains("context_window")
                .doesNotContain("--chunk-tokens");
        assertThat(repo.resolve(".longtask/runs")).satisfiesAnyOf(p -> assertThat(p).doesNotExist(),
                p -> assertThat(FileRunStore.list(repo)).isEmpty());
    }

    @Test
    void withoutAModelTheReviewIsExitTwoAndCreatesNothing() throws Exception {
        Set<Path> before;
        try (Stream<Path> files = Files.walk(repo)) {
            before = Set.copyOf(files.toList());
        }

        int code = review(null, "--focus", "security");

        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).startsWith("longtask: no model configured and no API key found.");
        assertThat(out.toString()).isEmpty();
        assertThat(repo.resolve(".longtask")).doesNotExist();
        try (Stream<Path> files = Files.walk(repo)) {
            assertThat(Set.copyOf(files.toList())).isEqualTo(before);
        }
    }
}
