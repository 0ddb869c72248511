package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --json-events starts with a line naming the run and its directory, then every event of the session in order. */
class JsonEventsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theStreamHoldsEveryEventOfTheSessionFromItsFirst() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            CliRunner.Result planned = CliRunner.run("plan", "Summarise the notes", "--run-id", "streamed",
                    "--json-events", "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            assertThat(planned.exit()).as("a ready plan leaves its run paused").isEqualTo(ExitCode.PAUSED.code());
            List<JsonNode> first = lines(planned.out());
            assertThat(first.get(0).get("type").asText()).isEqualTo("stream.started");
            assertThat(first.get(0).get("run_id").asText()).isEqualTo("streamed");
            assertThat(first.get(0).get("run_directory").asText())
                    .isEqualTo(ws.toRealPath().resolve(".longtask/runs/streamed").toString());
            assertThat(first.get(1).get("type").asText()).as("the first event of the run").isEqualTo("run.created");
            assertConsecutiveFrom(first, 1);

            long last = first.get(first.size() - 1).get("seq").asLong();
            CliRunner.Result resumed = CliRunner.run("resume", "streamed", "--max-tokens", "900000", "--json-events",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            assertThat(resumed.exit()).as(resumed.toString()).isZero();
            List<JsonNode> second = lines(resumed.out());
            assertThat(second.get(0).get("from_seq").asLong()).isEqualTo(last + 1);
            assertThat(second.get(1).get("type").asText()).as("the budget the resume set").isEqualTo("run.budget");
            assertConsecutiveFrom(second, last + 1);
            assertThat(second.get(second.size() - 1).get("type").asText()).isEqualTo("run.status");
        }
    }

    private static void assertConsecutiveFrom(List<JsonNode> stream, long first) {
        for (int i = 1; i < stream.size(); i++) {
            assertThat(stream.get(i).get("seq").asLong()).as("event %d of the stream", i).isEqualTo(first + i - 1);
        }
    }

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : out.strip().split("\n")) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }
}
