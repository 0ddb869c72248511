package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A failed task the director replaces by a new one: what the failed task left in the workspace is undone before the
 * new task runs, unless the decision keeps it; the decision and the undo are events of the run.
 */
class ReplacedTaskUndoTest {
    @TempDir
    Path dir;

    /** What the replacement saw of the workspace at its first call. */
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    @ParameterizedTest(name = "keep the changes: {0}")
    @ValueSource(booleans = {false, true})
    void aReplacedTasksChangesAreUndoneBeforeItsReplacementRunsUnlessTheDecisionKeepsThem(boolean keep)
            throws Exception {
        Path workspace = EngineFixture.workspace(dir);
        Files.writeString(workspace.resolve("config.txt"), "original\n");
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("half", "Half done", "general", List.of(), Map.of()),
                    EngineFixture.task("other", "Other work", "general", List.of(), Map.of())));
            case "director" -> turn.request().messages().toString().contains("task #1 failed")
                    ? replace(keep) : decide("stop", "done");
            case "synthesizer" -> report("R", "# R\n\nok");
            default -> work(turn, workspace);
        });
        RunOutcome outcome = EngineFixture.engine(workspace, model, EngineConfig.defaults().withConcurrency(1),
                RunObserver.NONE).start("goal", "run-replace", Budget.UNLIMITED);

        assertThat(FileRunStore.read(dir, "run-replace").task(1).status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        List<JsonNode> events = events(outcome.directory().resolve("events.jsonl"));
        JsonNode decided = events.stream().filter(e -> type(e, "director.decided")).findFirst().orElseThrow();
        assertThat(decided.at("/data/replaced").toString()).isEqualTo("[1]");
        int created = seq(events, e -> type(e, "task.created") && e.path("task").asInt() == 3);
        if (keep) {
            assertThat(decided.at("/data/changes_kept").toString()).isEqualTo("[1]");
            assertThat(decided.at("/data/changes_undone").isMissingNode()).isTrue();
            assertThat(seen).containsEntry("part.txt", "half\n").containsEntry("config.txt", "half-changed\n");
            assertThat(events).noneMatch(e -> type(e, "task.undone"));
        } else {
            assertThat(decided.at("/data/changes_undone").toString()).isEqualTo("[1]");
            assertThat(seen).as("the replacement starts on the workspace as #1 found it")
                    .containsEntry("part.txt", "(absent)").containsEntry("config.txt", "original\n");
            JsonNode undone = events.stream().filter(e -> type(e, "task.undone")).findFirst().orElseThrow();
            assertThat(undone.path("task").asInt()).isEqualTo(1);
            assertThat(undone.at("/data/why").asText()).isEqualTo("replaced");
            assertThat(undone.at("/data/restored").toString()).contains("part.txt", "config.txt");
            assertThat(undone.path("seq").asInt()).as("undone before the replacement exists").isLessThan(created);
        }
        assertThat(Files.readString(workspace.resolve("part.txt"))).isEqualTo("whole\n");
        assertThat(Files.readString(workspace.resolve("other.txt"))).as("the other task's work stands")
                .isEqualTo("other\n");
    }

    private ChatMessage.Assistant work(ScriptedModel.Turn turn, Path workspace) {
        return switch (turn.subject()) {
            case "Half done" -> switch (turn.step()) {
                case 1 -> write("part.txt", "half\n");
                case 2 -> write("config.txt", "half-changed\n");
                default -> submitResult(false, "ran out of ideas half way");
            };
            case "Redo it whole" -> {
                if (turn.step() == 1) {
                    seen.put("part.txt", read(workspace.resolve("part.txt")));
                    seen.put("config.txt", read(workspace.resolve("config.txt")));
                    yield write("part.txt", "whole\n");
                }
                yield submitResult(true, "done whole");
            }
            default -> turn.step() == 1 ? write("other.txt", "other\n") : submitResult(true, "fine");
        };
    }

    private static ChatMessage.Assistant replace(boolean keep) {
        var args = ScriptedModel.object().put("action", "adjust").put("reason", "redo it in one go");
        args.putArray("replace_tasks").add(1);
        if (keep) {
            args.putArray("keep_changes").add(1);
        }
        args.putArray("add_tasks").add(EngineFixture.task("redo", "Redo it whole", "general", List.of(), Map.of()));
        return call("decide", args);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "(absent)";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> events(Path log) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            events.add(json.readTree(line));
        }
        return events;
    }

    private static boolean type(JsonNode event, String type) {
        return type.equals(event.path("type").asText());
    }

    private static int seq(List<JsonNode> events, java.util.function.Predicate<JsonNode> which) {
        return events.stream().filter(which).findFirst().orElseThrow().path("seq").asInt();
    }
}
