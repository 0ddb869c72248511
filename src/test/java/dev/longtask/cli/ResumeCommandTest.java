package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResumeCommandTest {
    @TempDir
    Path dir;

    @Test
    void aGarbledTaskFileIsRebuiltByTheResumeThatReadersSendTheUserTo() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            CliRunner.Result planned = CliRunner.run("plan", "Summarise the notes", "--run-id", "garbled",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            assertThat(planned.exit()).as(planned.toString()).isEqualTo(ExitCode.PAUSED.code());
            Path taskFile = ws.resolve(".longtask/runs/garbled/tasks/task_1.json");
            Files.writeString(taskFile, "{\"id\": 1, \"subj");
            CliRunner.Result status = CliRunner.run("status", "garbled", "-C", ws.toString());
            assertThat(status.exit()).isEqualTo(ExitCode.USAGE.code());
            assertThat(status.err()).contains("longtask resume garbled");

            CliRunner.Result resumed = CliRunner.run("resume", "garbled", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());
            assertThat(resumed.exit()).as(resumed.toString()).isZero();
            assertThat(resumed.err()).contains("repaired on open").contains("tasks/task_1.json");
            assertThat(new ObjectMapper().readTree(taskFile.toFile()).path("id").asInt()).isEqualTo(1);
        }
    }
}
