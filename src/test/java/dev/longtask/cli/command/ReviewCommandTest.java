package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Main;
import dev.longtask.model.config.Environment;
import dev.longtask.review.ReviewFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReviewCommandTest {
    @TempDir
    static Path dir;
    static Path repo;

    record Result(int exit, String out, String err) {
    }

    @BeforeAll
    static void copyFixture() throws IOException {
        repo = ReviewFixture.copyTo(dir.resolve("repo"));
    }

    /** {@code longtask review ...} with an environment that has no key, so no model is ever configured by accident. */
    private static Result run(String... args) {
        return runAt(0, args);
    }

    /** As {@link #run}, on a terminal {@code columns} wide (0: not a terminal). */
    private static Result runAt(int columns, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ReviewCommand review = new ReviewCommand(new Environment(Map.of(), dir.resolve("no-user-config.yaml")),
                RunDriver.Assembly.REAL);
        review.columns = () -> columns;
        CommandLine cli = new CommandLine(review);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        cli.setExecutionStrategy(Main::executeLast);
        cli.setExecutionExceptionHandler((e, c, parsed) -> {
            if (e instanceof CliFailure f) {
                c.getErr().println("longtask: " + f.getMessage());
                return f.exitCode().code();
            }
            throw e;
        });
        assertThat(args[0]).isEqualTo("review");
        int exit = cli.execute(java.util.Arrays.copyOfRange(args, 1, args.length));
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void mapPrintsTheRankedMapWithoutAModel() {
        Result r = run("review", repo.toString(), "--map", "--tokens", "400");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("(walk with .gitignore): 22 files").contains("skipped: ")
                .contains("# Repository map: 22 files");
        String firstFile = r.out().lines().filter(l -> l.contains("  (") && !l.startsWith(" ") && !l.startsWith("#"))
                .findFirst().orElseThrow();
        assertThat(firstFile).startsWith("java/src/main/java/com/acme/store/Inventory.java  (java");
        assertThat(r.out()).contains("more files not shown (map budget 400 tokens)");
    }

    @Test
    void dryRunPrintsSummaryChunksAndAnEstimateWithUnknownCost() {
        Result r = run("review", repo.toString(), "--dry-run", "--chunk-tokens", "600", "--focus", "security,performance",
                "--concurrency", "2");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("focus: security, performance | model: (none) | concurrency: 2 | chunk budget: 600 tokens")
                .contains("most referenced files:\n   1. java/src/main/java/com/acme/store/Inventory.java")
                .contains("chunk-001").contains("estimate: ").contains("cost:   unknown")
                .contains("\n  test (4 files): go/inventory/inventory_test.go, java/src/test/, python/tests/,"
                        + " web/src/cart.test.ts\n")
                .contains("\n  vendored (1 file): node_modules/\n")
                .contains("with concurrency 2")
                .containsPattern("plan: \\d+ tasks, made from the chunks \\(no planner\\): for each chunk an analysis"
                        + " \\(agent analyzer\\) writing .longtask/runs/<run-id>/results/work/chunk-NNN-analysis.md");
    }

    @Test
    void dryRunOnATerminalIsWrappedAtWordsToItsWidthAndCountsInTheSingular() throws IOException {
        Path small = Files.createDirectories(dir.resolve("small"));
        Files.writeString(small.resolve("Main.java"), "class Main {\n    void run() {\n    }\n}\n");
        Result wrapped = runAt(80, "review", small.toString(), "--dry-run");
        Result whole = run("review", small.toString(), "--dry-run");
        assertThat(wrapped.exit()).as(wrapped.err()).isZero();
        assertThat(wrapped.out().lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThan(80));
        assertThat(whole.out().lines()).anySatisfy(line -> assertThat(line.length()).isGreaterThan(80));
        // only spaces and line breaks differ: no word was cut
        assertThat(wrapped.out().split("\\s+")).containsExactly(whole.out().split("\\s+"));
        assertThat(wrapped.out()).contains("chunks (1):").contains("estimate: 2 tasks (1 chunk x analysis + review)")
                .doesNotContain("1 chunks");
    }

    @Test
    void dryRunWithAPriceShowsACostAndJsonParses() throws Exception {
        Result r = run("review", repo.toString(), "--dry-run", "--json", "--price-in", "3", "--price-out", "15",
                "--model", "anthropic:claude-sonnet-4-5", "--include-tests");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("summary").get("files").asInt()).isEqualTo(26);
        assertThat(json.get("chunks").get(0).get("id").asText()).isEqualTo("chunk-001");
        JsonNode plan = json.get("plan");
        assertThat(plan).hasSize(2 * json.get("chunks").size());
        assertThat(plan.get(1).get("depends_on").get(0).asText()).isEqualTo(plan.get(0).get("key").asText());
        assertThat(json.get("estimate").get("tasks").asInt()).isEqualTo(plan.size());
        JsonNode estimate = json.get("estimate");
        assertThat(estimate.get("cost_usd").decimalValue()).isPositive();
        assertThat(estimate.get("model").asText()).isEqualTo("anthropic:claude-sonnet-4-5");
        assertThat(estimate.get("input_tokens").asLong()).isPositive();
    }

    @Test
    void mapJsonListsFilesWithDefinitions() throws Exception {
        Result r = run("review", repo.toString(), "--map", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode first = new ObjectMapper().readTree(r.out()).get("map").get("files").get(0);
        assertThat(first.get("path").asText()).isEqualTo("java/src/main/java/com/acme/store/Inventory.java");
        assertThat(first.get("language").asText()).isEqualTo("java");
        assertThat(first.get("definitions").get(0).get("name").asText()).isEqualTo("Inventory");
        assertThat(first.has("lineTokens")).isFalse();
    }

    @Test
    void badInputIsAUsageErrorWithOneClearLine() throws IOException {
        Result missing = run("review", dir.resolve("nope").toString(), "--map");
        assertThat(missing.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(missing.err()).contains("does not exist").hasLineCount(1);
        Path file = Files.writeString(dir.resolve("one.py"), "x = 1\n");
        assertThat(run("review", file.toString(), "--map").err()).contains("is not a directory");
        assertThat(run("review", repo.toString(), "--dry-run", "--focus", "speed").err())
                .contains("unknown focus speed; choose from bug, security");
        assertThat(run("review", repo.toString(), "--dry-run", "--price-in", "3").err())
                .contains("give both --price-in and --price-out");
        assertThat(run("review", repo.toString(), "--dry-run", "--model", "gpt4").exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run("review", repo.toString(), "--map", "--tokens", "10").err()).contains("--tokens must be at least 64");
        assertThat(run("review", repo.toString(), "--format", "xml").err())
                .contains("--format must be markdown or json, was xml");
        assertThat(run("review", repo.toString(), "--price-in", "3", "--price-out", "15").err())
                .contains("--price-in and --price-out apply to --dry-run");
        assertThat(run("review", repo.toString(), "--dry-run", "--max-time", "2h").err())
                .contains("apply to a review run, not to --map or --dry-run");
        assertThat(run("review", repo.toString(), "--dry-run", "--top", "0").err()).contains("--top must be at least 1");
        assertThat(run("review", repo.toString(), "--min-severity", "severe").err()).hasLineCount(1)
                .contains("--min-severity must be one of critical, high, medium, low, info, was 'severe'");
        assertThat(run("review", repo.toString(), "--dry-run", "--min-severity", "high").err())
                .contains("apply to a review run, not to --map or --dry-run");
        assertThat(run("review", repo.toString(), "--run-id", "no/slashes").err()).contains("--run-id: run id 'no/slashes' is not valid");
        assertThat(run("review", repo.toString(), "--map", "--tokens", "many").exit()).isEqualTo(ExitCode.USAGE.code());
    }

    @Test
    void aPathThatIsALinkToTheRepositoryIsFollowed() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link-to-repo"), repo);
        Result r = run("review", link.toString(), "--map", "--tokens", "400");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("22 files").doesNotContain("symbolic link");
    }

    /**
     * A repository larger than a run may hold is reviewed in parts: the dry run shows the highest-ranked modules that
     * fit, those it leaves out and why, and the command of the next part; the map alone never fails on size.
     */
    @Test
    void aRepositoryTooLargeForOneRunIsReviewedInPartsByRank() throws Exception {
        Path big = Files.createDirectories(dir.resolve("big"));
        Path core = Files.createDirectories(big.resolve("core"));
        Files.writeString(core.resolve("Engine.java"), "package core;\n\npublic class Engine {\n"
                + "    public int computeEverything(int value) { return value; }\n}\n");
        for (int i = 0; i < 110; i++) {
            Path module = Files.createDirectories(big.resolve("m" + i));
            StringBuilder code = new StringBuilder("package m" + i + ";\n\nimport core.Engine;\n\npublic class Part" + i
                    + " {\n    Engine engine = new Engine();\n");
            for (int m = 0; m < 40; m++) {
                code.append("    public int compute").append(m).append("(int value) { return engine.computeEverything(value) * ")
                        .append(m).append(" + ").append(i).append("; }\n");
            }
            Files.writeString(module.resolve("Part" + i + ".java"), code.append("}\n").toString());
        }
        Result map = run("review", big.toString(), "--map", "--chunk-tokens", "500");
        assertThat(map.exit()).as(map.err()).isZero();

        Result dry = run("review", big.toString(), "--dry-run", "--chunk-tokens", "500");
        assertThat(dry.exit()).as(dry.err()).isZero();
        assertThat(dry.out()).contains("part: the modules ranked 1-50 of 111 modules by rank (99 chunks, 2,308 lines)")
                .contains("; not reviewed: 61 modules, ").contains("(a run may hold 200 tasks (100 chunks))")
                .contains("modules reviewed (50):\n    1. core (1 file, 5 lines, 1 chunk, rank ")
                .contains("modules not reviewed (61), highest-ranked first:\n   51. m")
                .contains("  +51 more (").contains("next part: longtask review " + big.toRealPath()
                        + " --skip 50 --chunk-tokens 500")
                .contains("chunks of this part (99):").contains("plan: 198 tasks");

        Result json = run("review", big.toString(), "--dry-run", "--json", "--chunk-tokens", "500", "--skip", "50",
                "--top", "3");
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode part = new ObjectMapper().readTree(json.out()).get("part");
        assertThat(part.get("reviewed")).extracting(m -> m.get("position").asInt()).containsExactly(51, 52, 53);
        assertThat(part.get("not_reviewed")).hasSize(108);
        assertThat(part.get("next_skip").asInt()).isEqualTo(53);
        assertThat(new ObjectMapper().readTree(json.out()).get("plan")).hasSize(12);

        Result beyond = run("review", big.toString(), "--dry-run", "--chunk-tokens", "500", "--skip", "111");
        assertThat(beyond.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(beyond.err()).hasLineCount(1).contains("--skip 111 leaves out every module: the repository has 111"
                + " modules");
        assertThat(run("review", big.toString(), "--map", "--top", "3").err())
                .contains("they apply to a review run and --dry-run, not to --map");
        Result both = run("review", big.toString(), "--map", "--dry-run");
        assertThat(both.exit()).as("one preview at a time, not the map alone in silence").isEqualTo(ExitCode.USAGE.code());
        assertThat(both.err()).contains("--map and --dry-run are two previews; give one");

        // The next part names the chunk budget the model's window gave and the model, or it would be cut anew.
        Result windowed = run("review", big.toString(), "--dry-run", "--model", "openai:scripted", "--base-url",
                "http://127.0.0.1:9/v1");
        assertThat(windowed.exit()).as(windowed.err()).isZero();
        assertThat(windowed.out()).containsPattern("next part: longtask review \\S+ --skip \\d+ --chunk-tokens \\d+"
                + " --model openai:scripted --base-url http://127.0.0.1:9/v1\n");

        Result fits = run("review", big.toString(), "--dry-run", "--chunk-tokens", "60000");
        assertThat(fits.exit()).as(fits.err()).isZero();
        assertThat(fits.out()).doesNotContain("part:");
    }

    @Test
    void aDryRunOnANamedModelFitsTheMapToItsWindowAndRefusesWhatARealRunRefusesWithTheSameMessage()
            throws IOException {
        Path small = ReviewFixture.copyTo(dir.resolve("small-window"));
        String url = "http://127.0.0.1:9/v1"; // never called: the plan is refused before any request
        Result fitted = run("review", small.toString(), "--dry-run", "--model", "openai:scripted", "--base-url", url);
        assertThat(fitted.exit()).as(fitted.err()).isZero();
        assertThat(fitted.out()).containsPattern("map: [\\d,]+ tokens \\(--tokens 2,048 cut to fit the 8,192-token"
                + " context window\\)");

        Files.createDirectories(small.resolve(".longtask"));
        Files.writeString(small.resolve(".longtask/config.yaml"), "context_window:\n  \"openai:scripted\": 1024\n");
        Result dry = run("review", small.toString(), "--dry-run", "--model", "openai:scripted", "--base-url", url);
        Result real = run("review", small.toString(), "--model", "openai:scripted", "--base-url", url);

        assertThat(dry.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(real.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(dry.err()).hasLineCount(1).isEqualTo(real.err())
                .contains("the 1,024-token context window of openai:scripted leaves no room for a chunk of code")
                .contains("context_window");
    }

    /** Every chunk's code, its task's text, the system prompt and the answer fit the window of the agents' model. */
    @Test
    void theChunkBudgetFollowsTheWindowAndMoreThanFitsIsRefusedWithWhatFits() throws IOException {
        Path small = ReviewFixture.copyTo(dir.resolve("chunk-window"));
        String url = "http://127.0.0.1:9/v1"; // never called
        Result fitted = run("review", small.toString(), "--dry-run", "--json", "--model", "openai:scripted",
                "--base-url", url);
        assertThat(fitted.exit()).as(fitted.err()).isZero();
        JsonNode plan = new ObjectMapper().readTree(fitted.out());
        long room = dev.longtask.review.ReviewSetup.chunkRoom(8192, 2048);
        assertThat(room).isEqualTo(1315);
        assertThat(plan.path("chunks")).isNotEmpty();
        plan.path("chunks").forEach(c -> assertThat(c.path("tokens").asLong()).isLessThanOrEqualTo(room));

        Result text = run("review", small.toString(), "--dry-run", "--model", "openai:scripted", "--base-url", url);
        assertThat(text.out()).contains("chunk budget: 1,315 tokens");

        Result tooLarge = run("review", small.toString(), "--dry-run", "--model", "openai:scripted", "--base-url", url,
                "--chunk-tokens", "20000");
        assertThat(tooLarge.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(tooLarge.err()).hasLineCount(1).contains("--chunk-tokens 20,000 does not fit the 8,192-token"
                + " context window of openai:scripted: at most 1,315 fit (--chunk-tokens 1315)");
        assertThat(run("review", small.toString(), "--dry-run", "--model", "openai:scripted", "--base-url", url,
                "--chunk-tokens", "1315").exit()).isZero();
    }

    @Test
    void dryRunCountsAlignAndOneFileIsSingular() throws IOException {
        Path one = Files.createDirectories(dir.resolve("one-file"));
        Files.writeString(one.resolve("Only.java"), "class Only {\n    int x;\n}\n");
        Result single = run("review", one.toString(), "--dry-run");
        assertThat(single.exit()).as(single.err()).isZero();
        assertThat(single.out()).contains("): 1 file, 3 lines, ").doesNotContain("1 files");

        Result r = run("review", repo.toString(), "--dry-run", "--chunk-tokens", "600");
        java.util.List<String> rows = r.out().lines().filter(l -> l.matches("  chunk-\\d{3} .*")).toList();
        assertThat(rows).hasSizeGreaterThan(1);
        // The file counts end in the same column: "1 file " lines up with "12 files".
        assertThat(rows.stream().map(l -> l.indexOf(" file")).distinct()).hasSize(1);
    }
}
