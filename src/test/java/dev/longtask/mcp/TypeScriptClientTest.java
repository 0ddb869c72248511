package dev.longtask.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.NodePeers;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official MCP TypeScript SDK as a client of {@code longtask mcp} (src/test/mcp/longtask-client.mjs): it lists
 * the tools, starts a run against the scripted model, polls its status until it completes, waits for a second run
 * with progress notifications, reads the report as a tool result and as a resource, and gets tool errors for a run
 * that does not exist and for a blank goal.
 */
class TypeScriptClientTest {
    @TempDir
    Path dir;

    @Test
    void theOfficialClientStartsARunFollowsItAndReadsItsReport() throws Exception {
        NodePeers.require("@modelcontextprotocol/sdk");
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, 3, Duration.ofMillis(50), null, 0, 0, null);
        try (ScriptedProvider model = new ScriptedProvider(slow)) {
            List<String> command = new ArrayList<>(List.of("node", "longtask-client.mjs", "Summarise the notes",
                    ws.toString(), "--"));
            command.addAll(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir", ws.toString(),
                    "--model", "openai:scripted", "--base-url", model.baseUrl()));
            NodePeers.Output out = NodePeers.run(command, Map.of("OPENAI_API_KEY", "not-a-real-key"), 300);
            assertThat(out.exit()).as(out.stderr()).isZero();
            JsonNode seen = new ObjectMapper().readTree(out.stdout());

            assertThat(seen.path("server").path("name").asText()).isEqualTo("longtask");
            List<String> tools = new ArrayList<>();
            seen.path("tools").forEach(t -> {
                tools.add(t.path("name").asText());
                assertThat(t.path("description").asText()).as(t.toString()).hasSizeGreaterThan(60);
            });
            assertThat(tools).containsExactly("longtask_start", "longtask_status", "longtask_tasks", "longtask_report",
                    "longtask_diff",
                    "longtask_pause", "longtask_resume", "longtask_cancel", "longtask_review");
            assertThat(seen.path("tools").get(0).path("required").toString()).isEqualTo("[\"goal\"]");
            assertThat(seen.path("tools").get(0).path("description").asText()).contains("background")
                    .contains("a process of its own").contains("after your session ends");

            String runId = seen.path("start").path("structured").path("run_id").asText();
            assertThat(seen.path("start").path("isError").asBoolean()).isFalse();
            assertThat(seen.path("start").path("structured").path("workdir").asText()).isEqualTo(ws.toString());
            // The id came back while the run had work left: the first status the client saw was not the end.
            assertThat(seen.path("statuses").get(0).asText()).isIn("created", "planning", "running");
            assertThat(seen.path("finalStatus").path("figures").path("status").asText()).isEqualTo("completed");
            assertThat(seen.path("finalStatus").path("figures").path("completed").asInt()).isEqualTo(3);
            assertThat(seen.path("finalStatus").path("text").asText()).contains("run " + runId + ": completed")
                    .contains("longtask_report");

            List<Double> progress = new ArrayList<>();
            seen.path("progress").forEach(p -> progress.add(p.path("progress").asDouble()));
            // One notification per poll that saw more tasks done; polls may see two finish at once, and the last
            // poll may see the run ended before the files of its last task say so (the result then says it).
            assertThat(progress).hasSizeGreaterThanOrEqualTo(2).isSortedAccordingTo(Double::compare)
                    .doesNotHaveDuplicates().allMatch(p -> p <= 3.0);
            assertThat(seen.path("progress").get(progress.size() - 1).path("total").asInt()).isEqualTo(3);
            assertThat(seen.path("waited").asText()).isEqualTo("completed");

            String report = Files.readString(FileRunStore.read(ws, runId).directory().resolve("report.md"));
            assertThat(report).contains("Scripted report");
            assertThat(seen.path("report").path("text").asText()).startsWith(report);
            assertThat(seen.path("resource").asText()).isEqualTo(report);
            assertThat(seen.path("templates").toString()).contains("longtask://runs/{id}/report");
            assertThat(seen.path("tasks").asText()).contains("[x] #1:", "[x] #2:", "[x] #3:");

            assertThat(seen.path("missing").path("isError").asBoolean()).isTrue();
            assertThat(seen.path("missing").path("text").asText()).contains("no run 'no-such-run'")
                    .contains("longtask_status without run_id");
            assertThat(seen.path("blankGoal").path("isError").asBoolean()).isTrue();
            assertThat(seen.path("blankGoal").path("text").asText()).contains("goal");

            assertThat(FileRunStore.list(ws)).hasSize(2).allMatch(id ->
                    FileRunStore.read(ws, id).run().status() == RunStatus.COMPLETED);
        }
    }
}
