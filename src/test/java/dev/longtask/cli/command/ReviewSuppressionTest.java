package dev.longtask.cli.command;

import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.config.Environment;
import dev.longtask.review.ReviewFixture;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Noise, measured end to end: the scripted reviewers of the fixture report 20 findings at real lines, 10 real and 10
 * plausible but false. The user suppresses the false ones in .longtask/review-ignore (six by the fingerprints the
 * first report printed, two by path, two by rule); the next review lists the real ten (those of medium severity
 * and above, as it was asked), the false ten as suppressed with the rule that did it, and every count and the score
 * are those of the real ten. A reviewer that tries to write the ignore file itself is refused.
 */
class ReviewSuppressionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JAVA = "java/src/main/java/com/acme/";
    private static final String AUDIT = "kotlin/src/main/kotlin/com/acme/report/Audit.kt";

    /** A finding a reviewer reports; {@code real} says whether it is a true issue. */
    private record Reported(boolean real, String severity, String type, String location, String description) {
        String path() {
            return location.replaceAll(":[\\d-]+$", "");
        }
    }

    private static final List<Reported> FINDINGS = List.of(
            new Reported(true, "critical", "concurrency", JAVA + "store/Inventory.java:10",
                    "stock is a plain HashMap that addStock mutates from any thread; a data race can corrupt the map"),
            new Reported(true, "high", "bug", JAVA + "store/Inventory.java:18-19",
                    "addStock accepts a negative quantity, so the stock level can go below zero"),
            new Reported(true, "high", "bug", "python/acme/pricing.py:22-27",
                    "set_price returns a leftover multi-line string instead of None"),
            new Reported(true, "medium", "bug", "c/src/ledger.c:9-12",
                    "ledger_add does not check ledger for NULL before using it"),
            new Reported(true, "medium", "performance", "go/inventory/inventory.go:27-29",
                    "NewStore preallocates a map for DefaultCapacity entries on every call"),
            new Reported(true, "medium", "concurrency", "kotlin/src/main/kotlin/com/acme/report/Report.kt:20-21",
                    "ReportRegistry.register appends to a shared mutable list without synchronization"),
            new Reported(true, "medium", "bug", JAVA + "store/Restock.java:12-14",
                    "topUp reads countOf and then calls addStock: check-then-act, two restocks overshoot the target"),
            new Reported(true, "medium", "bug", "rust/src/ledger.rs:31",
                    "audit treats a zero amount as invalid, so a ledger with a zero entry never passes"),
            new Reported(true, "low", "bug", "cpp/src/engine.cpp:22",
                    "main derives the exit status from running(), which start() always sets"),
            new Reported(true, "low", "bug", "web/src/cart.ts:13",
                    "total multiplies one price by the number of items, so mixed carts are priced wrong"),
            // plausible, at real lines, and false
            new Reported(false, "medium", "bug", JAVA + "store/Inventory.java:23",
                    "countOf can return null for a missing SKU and crash on unboxing"),
            new Reported(false, "critical", "security", "web/src/api.ts:10",
                    "The query is concatenated into the URL unescaped, an injection"),
            new Reported(false, "high", "security", "cpp/src/engine.cpp:12-13",
                    "The raw string is printed with std::cout and may act as a format string"),
            new Reported(false, "high", "bug", "rust/src/ledger.rs:21",
                    "push can overflow the entries vector on a long-running ledger"),
            new Reported(false, "medium", "bug", "python/acme/checkout.py:5",
                    "checkout does not validate the cart before charging"),
            new Reported(false, "medium", "concurrency", "go/inventory/inventory.go:40",
                    "Count reads the map without holding a lock"),
            new Reported(false, "medium", "bug", AUDIT + ":10",
                    "StockAuditor audits a hard-coded list of SKUs"),
            new Reported(false, "low", "documentation", AUDIT + ":6",
                    "The Auditor interface has no documentation"),
            new Reported(false, "low", "style", "web/src/cart.ts:5",
                    "items should be declared readonly"),
            new Reported(false, "low", "style", JAVA + "store/Item.java:4",
                    "Item could be written as a record"));

    @TempDir
    Path tmp;
    private Path repo;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void copyFixture() throws IOException {
        repo = ReviewFixture.copyTo(tmp.resolve("repo"));
    }

    /** Each chunk's reviewer writes the findings in its files; with {@code tamper}, chunk-001's first tries the ignore file. */
    private static ScriptedModel model(boolean tamper) {
        return new ScriptedModel(turn -> switch (turn.role()) {
            case "director" -> decide("continue", "every chunk has been looked at");
            case "synthesizer" -> report("Review of the acme fixture", "# Review\n\nSee the checked report.");
            default -> ReviewScript.of(turn).map(task -> {
                if (task.analysis()) {
                    return turn.step() == 1 ? write(task.output(), "## Purpose\n" + task.chunk() + "\n")
                            : submitResult(true, "analysed " + task.chunk());
                }
                int step = turn.step();
                if (tamper && task.chunk().equals("chunk-001")) {
                    if (step == 1) {
                        return write(".longtask/review-ignore", "path:**\n");
                    }
                    step--;
                }
                return step == 1 ? write(task.output(), issues(task.chunk(), turn.system()))
                        : submitResult(true, "reviewed " + task.chunk());
            }).orElse(null);
        });
    }

    /** The findings whose files the chunk's instruction lists, as its issues file. */
    private static String issues(String chunk, String instruction) {
        ObjectNode file = JSON.createObjectNode().put("chunk", chunk).put("summary", "reviewed");
        ArrayNode list = file.putArray("issues");
        for (Reported f : FINDINGS) {
            if (instruction.contains(f.path())) {
                list.addObject().put("severity", f.severity()).put("type", f.type()).put("location", f.location())
                        .put("description", f.description()).put("suggestion", "Fix it");
            }
        }
        return file.toPrettyString();
    }

    private int review(ScriptedModel model, String runId, String... more) {
        List<String> args = new ArrayList<>(List.of(repo.toString(), "--chunk-tokens", "600", "--tokens", "300",
                "--run-id", runId, "--format", "json"));
        args.addAll(List.of(more));
        ReviewCommand command = new ReviewCommand(new Environment(Map.of(), tmp.resolve("user-config.yaml")),
                builder -> builder.home(tmp.resolve("home")).llm(model, EngineFixture.models(model).pricing()));
        return ReviewScript.execute(command, out, err, args.toArray(String[]::new));
    }

    private JsonNode reviewJson(String runId) throws IOException {
        return JSON.readTree(FileRunStore.runsDirectory(repo).resolve(runId).resolve("results/review/review.json")
                .toFile());
    }

    private static List<JsonNode> list(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).toList();
    }

    private static Map<String, Integer> counts(List<Reported> findings) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String s : List.of("critical", "high", "medium", "low", "info")) {
            counts.put(s, (int) findings.stream().filter(f -> f.severity().equals(s)).count());
        }
        return counts;
    }

    private static Map<String, Integer> counts(JsonNode node) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> counts.put(e.getKey(), e.getValue().asInt()));
        return counts;
    }

    @Test
    void suppressedFalseFindingsAreListedAsSuppressedAndEveryCountStaysTrue() throws Exception {
        List<Reported> real = FINDINGS.stream().filter(Reported::real).toList();
        List<Reported> falseOnes = FINDINGS.stream().filter(f -> !f.real()).toList();

        // The first review reports all twenty, none merged, each with a fingerprint.
        assertThat(review(model(false), "review-1")).as(err.toString()).isZero();
        JsonNode first = reviewJson("review-1");
        assertThat(list(first.get("issues"))).extracting(i -> i.get("location").asText())
                .containsExactlyInAnyOrderElementsOf(FINDINGS.stream().map(Reported::location).toList());
        assertThat(counts(first.get("counts"))).isEqualTo(counts(FINDINGS));
        assertThat(first.get("suppressed")).isEmpty();
        Map<String, String> printOf = new LinkedHashMap<>();
        list(first.get("issues")).forEach(i -> printOf.put(i.get("location").asText(), i.get("fingerprint").asText()));
        assertThat(printOf.values()).allMatch(p -> p.matches("[0-9a-f]{12}")).doesNotHaveDuplicates();

        // The user judges the false ten: six by fingerprint, two by path, two by rule.
        List<String> rules = new ArrayList<>();
        rules.add("# judged false in review-1");
        for (Reported f : falseOnes.subList(0, 6)) {
            rules.add("fingerprint:" + printOf.get(f.location()) + "  # not a bug: " + f.description().split(" ")[0]);
        }
        rules.add("path:kotlin/**/Audit.kt  # the audit stub is replaced next release");
        rules.add("rule:style");
        Files.writeString(repo.resolve(".longtask/review-ignore"), String.join("\n", rules) + "\n");
        String ignoreFile = Files.readString(repo.resolve(".longtask/review-ignore"));

        // The next review honours it; one of its reviewers tries to suppress everything itself and is refused, not
        // only by the default read-only approval but, with writes approved, because .longtask/ is protected.
        ScriptedModel tampering = model(true);
        out.getBuffer().setLength(0);
        // It lists medium and above only: the two low real ones are counted and scored, not listed.
        assertThat(review(tampering, "review-2", "--approval", "auto", "--min-severity", "medium"))
                .as(err.toString()).isZero();
        assertThat(Files.readString(repo.resolve(".longtask/review-ignore"))).isEqualTo(ignoreFile);
        assertThat(tampering.turns).anySatisfy(t -> assertThat(t.lastResult())
                .contains(".longtask/review-ignore is protected"));

        JsonNode second = reviewJson("review-2");
        assertThat(out.toString()).isEqualTo(Files.readString(FileRunStore.runsDirectory(repo)
                .resolve("review-2/results/review/review.json")));
        assertThat(list(second.get("issues"))).extracting(i -> i.get("location").asText())
                .containsExactlyInAnyOrderElementsOf(real.stream().filter(f -> !f.severity().equals("low"))
                        .map(Reported::location).toList());
        assertThat(second.get("not_listed").asInt()).isEqualTo(2);
        assertThat(second.get("min_severity").asText()).isEqualTo("medium");
        assertThat(list(second.get("suppressed"))).extracting(i -> i.get("location").asText())
                .containsExactlyInAnyOrderElementsOf(falseOnes.stream().map(Reported::location).toList());
        for (JsonNode s : list(second.get("suppressed"))) {
            int line = s.at("/suppressed_by/line").asInt();
            String location = s.get("location").asText();
            int index = falseOnes.stream().map(Reported::location).toList().indexOf(location);
            assertThat(line).as(location).isEqualTo(index < 6 ? 2 + index : location.startsWith("kotlin/") ? 8 : 9);
        }
        assertThat(list(second.get("ignore_rules"))).extracting(r -> r.get("suppressed").asInt())
                .containsExactly(1, 1, 1, 1, 1, 1, 2, 2);
        assertThat(second.get("ignore_problems")).isEmpty();
        // every count is the real ten's: by severity, in total, in the modules, in the score, in the closing line
        assertThat(counts(second.get("counts"))).isEqualTo(counts(real));
        int moduleTotal = list(second.get("modules")).stream().mapToInt(m -> {
            int sum = 0;
            for (JsonNode n : m.get("counts")) {
                sum += n.asInt();
            }
            return sum;
        }).sum();
        assertThat(moduleTotal).isEqualTo(10);
        // critical 10 + high 2 x 5 + medium 5 x 2 + low 2 x 0.5 = 31 points in 448 lines (counted as 1,000): 24
        assertThat(second.get("score").asInt()).isEqualTo(24);
        assertThat(first.get("score").asInt()).isLessThan(24);
        assertThat(second.get("unverified")).isEmpty();
        assertThat(err.toString()).contains("(score 24/100: 10 issues, 10 suppressed");

        String markdown = Files.readString(FileRunStore.runsDirectory(repo).resolve("review-2/results/review/review.md"));
        assertThat(markdown).contains("**Score: 24/100** — 10 issues (1 critical, 2 high, 5 medium, 2 low) in 448 lines")
                .contains("; 10 suppressed by .longtask/review-ignore (see Suppressed); 2 findings below medium counted"
                        + " but not listed (--min-severity).")
                .contains("## Suppressed (10)")
                .contains("- [low/style] `web/src/cart.ts:5` by `rule:style` (line 9): items should be declared readonly")
                .contains("by `path:kotlin/**/Audit.kt` (line 8), the audit stub is replaced next release:");
        String listed = markdown.substring(0, markdown.indexOf("## Suppressed"));
        for (Reported f : FINDINGS) {
            boolean shown = f.real() && !f.severity().equals("low");
            assertThat(listed.contains(f.description())).as(f.location()).isEqualTo(shown);
        }
    }
}
