package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run created already queued (the server's submit): one opening of its files, the same log a later status gives. */
class CreateQueuedTest {
    @TempDir
    Path tmp;

    @Test
    void aRunCreatedQueuedIsDurablyQueuedWithItsReasonAndAResumeCarriesItOut() throws Exception {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("t1", "Notes", "general",
                    List.of(), Map.of("out", "notes.md"))));
            case "director" -> decide("continue", "the notes are written");
            case "synthesizer" -> report("Notes", "# Notes\n\nwritten");
            default -> turn.step() == 1 ? write("notes.md", "notes") : submitResult(true, "wrote the notes");
        });
        Path workspace = Files.createDirectories(tmp.resolve("ws"));
        try (Longtask longtask = Longtask.builder().workspace(workspace).home(tmp.resolve("home"))
                .environment(Map.of()).llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                .build()) {
            String queued = longtask.createQueued(RunRequest.goal("write notes"), "waiting for a slot");
            String created = longtask.create(RunRequest.goal("write more notes"));

            Runs runs = longtask.runs(workspace);
            assertThat(runs.snapshot(queued).figures().status()).isEqualTo(RunStatus.QUEUED);
            List<Event> log = runs.events(queued, 0);
            Event last = log.get(log.size() - 1);
            assertThat(last.type()).isEqualTo(EventType.RUN_STATUS);
            assertThat(last.data().path("status").asText()).isEqualTo("queued");
            assertThat(last.data().path("reason").asText()).isEqualTo("waiting for a slot");
            assertThat(runs.snapshot(created).figures().status()).isEqualTo(RunStatus.CREATED);
            assertThat(runs.events(created, 0)).extracting(Event::type).doesNotContain(EventType.RUN_STATUS);

            Outcome outcome = longtask.resume(queued).await();
            assertThat(outcome.status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(workspace.resolve("notes.md")).hasContent("notes");
        }
    }
}
