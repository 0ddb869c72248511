package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results too large for one prompt are read in parts, each in full, and the report is written from every part. */
class SynthesisInPartsTest {
    @TempDir
    Path dir;

    private static final Pattern MARKER = Pattern.compile("MARKER-\\d+-END");

    @Test
    void everyResultIsReadInFullAcrossParts() {
        ScriptedModel model = new ScriptedModel(turn -> {
            String all = turn.request().messages().toString();
            return switch (turn.role()) {
                case "planner" -> call("submit_plan", EngineFixture.plan(
                        EngineFixture.task("a", "Part A", "general", List.of(), Map.of()),
                        EngineFixture.task("b", "Part B", "general", List.of(), Map.of()),
                        EngineFixture.task("c", "Part C", "general", List.of(), Map.of())));
                case "director" -> decide("stop", "done");
                case "synthesizer" -> report("From notes", "# From notes\n\n" + markers(all));
                default -> turn.subject().isEmpty()
                        // A summarizer reading one part: its notes keep every marker it saw.
                        ? submitResult(true, "notes: " + markers(all))
                        : submitResult(true, "long result of " + turn.subject() + ": " + "x".repeat(700)
                                + " MARKER-" + (int) turn.subject().charAt(5) + "-END");
            };
        });
        RunOutcome outcome = EngineFixture.engine(EngineFixture.workspace(dir), model,
                new EngineConfig(2, EngineConfig.DEFAULT_MAX_ROUNDS, 1_000, "test"), RunObserver.NONE)
                .start("three long parts", "run-parts", Budget.UNLIMITED);

        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        List<ScriptedModel.Turn> summarizers = model.turns.stream()
                .filter(t -> t.role().equals("task") && t.subject().isEmpty()).toList();
        assertThat(summarizers).as("the results were read in more than one part").hasSizeGreaterThan(1);
        // Its body and its brief agree: the material is in the brief, and with no output file the notes go in details.
        assertThat(summarizers.get(0).system()).containsPattern("what your brief includes is there\\s+whole")
                .containsPattern("when it names none, details in\\s+submit_result holds the complete summary")
                .contains("Read all of this part", "in summary and details write down everything")
                .containsPattern("MARKER-\\d+-END").doesNotContain("Required outputs");
        ScriptedModel.Turn synthesis = model.turns.stream().filter(t -> t.role().equals("synthesizer")).findFirst()
                .orElseThrow();
        String synthesisInput = synthesis.request().messages().toString();
        assertThat(synthesisInput).contains("notes on part 1 of " + summarizers.size())
                .contains("below are notes on them, part by part").doesNotContain("Below is every result");
        assertThat(markers(synthesisInput)).as("every result reached the synthesizer through the notes")
                .contains("MARKER-65-END", "MARKER-66-END", "MARKER-67-END");
    }

    private static String markers(String text) {
        Matcher m = MARKER.matcher(text);
        return m.results().map(r -> r.group()).distinct().sorted().collect(Collectors.joining(" "));
    }
}
