package dev.longtask.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * What {@code longtask mcp} does with what a stdio client sends it: a line that is not a message is answered with a
 * JSON-RPC error and the session goes on; a request sent just before the client closes its end is answered before the
 * server exits; every tool says what it is (title, annotations, output schema); the client's roots are where runs go.
 */
class StdioProtocolTest {
    @TempDir
    Path dir;

    @Test
    void aLineThatIsNoMessageGetsAJsonRpcErrorAndTheSessionGoesOn() throws Exception {
        try (StdioPeer server = server(workspace())) {
            server.initialize();
            server.sendLine("this is not json {");
            JsonNode parse = server.next();
            assertThat(parse.path("error").path("code").asInt()).as(parse.toString()).isEqualTo(-32700);
            assertThat(parse.path("id").isNull()).isTrue();
            server.sendLine("{\"jsonrpc\": \"2.0\", \"id\": 7, \"params\": {}}");
            JsonNode invalid = server.next();
            assertThat(invalid.path("error").path("code").asInt()).as(invalid.toString()).isEqualTo(-32600);
            assertThat(invalid.path("id").asInt()).isEqualTo(7);

            JsonNode tools = server.request("tools/list", StdioPeer.JSON.createObjectNode());
            assertThat(tools.path("tools")).hasSize(9);
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).as(server.stderr()).isZero();
        }
    }

    @Test
    void aRequestSentJustBeforeTheClientLeavesIsAnsweredBeforeTheServerExits() throws Exception {
        try (StdioPeer server = server(workspace())) {
            server.initialize();
            server.sendLine("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"longtask_status\",\"arguments\":{}}}");
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).as(server.stderr()).isZero();
            JsonNode last = StdioPeer.JSON.readTree(server.stdout.get(server.stdout.size() - 1));
            assertThat(last.path("id").asInt()).as(server.stdout.toString()).isEqualTo(42);
            assertThat(last.path("result").path("structuredContent").path("summary").asText()).contains("no runs");
        }
    }

    @Test
    void everyToolHasATitleAnnotationsAndAnOutputSchemaThatItsResultsMeet() throws Exception {
        try (StdioPeer server = server(workspace())) {
            server.initialize();
            JsonNode tools = server.request("tools/list", StdioPeer.JSON.createObjectNode()).path("tools");
            List<String> readOnly = new ArrayList<>();
            for (JsonNode tool : tools) {
                String name = tool.path("name").asText();
                assertThat(tool.path("title").asText()).as(name).isNotBlank();
                assertThat(tool.path("annotations").path("readOnlyHint").isBoolean()).as(name).isTrue();
                assertThat(tool.path("annotations").path("destructiveHint").isBoolean()).as(name).isTrue();
                assertThat(tool.path("outputSchema").path("required").toString()).as(name)
                        .contains("summary").contains("next");
                if (tool.path("annotations").path("readOnlyHint").asBoolean()) {
                    readOnly.add(name);
                }
                if (tool.path("annotations").path("destructiveHint").asBoolean()) {
                    assertThat(name).isEqualTo("longtask_cancel");
                }
            }
            assertThat(readOnly).containsExactly("longtask_status", "longtask_tasks", "longtask_report", "longtask_diff");
            server.closeInput();
            server.waitForExit(Duration.ofSeconds(60));
        }
    }

    @Test
    void theClientsRootsAreWhereRunsGoAndMayBeWorkedIn() throws Exception {
        Path ws = workspace();
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Files.writeString(project.resolve("notes.txt"), "a note\n");
        // one task: where the run goes is settled when it starts; the run only has to end before the test does
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 1, Duration.ZERO, null, 0,
                0, null));
             StdioPeer server = new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir",
                     ws.toString(), "--model", "openai:scripted", "--base-url", model.baseUrl()),
                     Map.of("OPENAI_API_KEY", "not-a-real-key")).withRoots(List.of(project))) {
            server.initialize();
            JsonNode started = server.call("longtask_start", StdioPeer.JSON.createObjectNode()
                    .put("goal", "Summarise the notes"));
            assertThat(started.path("isError").asBoolean()).as(started.toString()).isFalse();
            String runId = started.path("structuredContent").path("run_id").asText();
            assertThat(started.path("structuredContent").path("workdir").asText()).isEqualTo(project.toString());
            assertThat(FileRunStore.list(project)).containsExactly(runId);
            assertThat(ws.resolve(".longtask/runs")).doesNotExist();
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).as(server.stderr()).isZero();
            StdioServerTest.awaitEnded(project, runId);
        }
    }

    @Test
    void theHandshakeNeedsNoSettingsAndABrokenConfigIsSaidByTheFirstToolCallUntilItIsFixed() throws Exception {
        // The settings are read once initialize is answered: a config that cannot be read does not keep the client
        // from the tools, and the model hears what is wrong when it calls one.
        Path ws = workspace();
        Path config = Files.createDirectories(ws.resolve(".longtask")).resolve("config.yaml");
        Files.writeString(config, "concurrency: lots\n");
        try (StdioPeer server = server(ws)) {
            server.initialize();
            assertThat(server.request("tools/list", StdioPeer.JSON.createObjectNode()).path("tools")).hasSize(9);
            JsonNode refused = server.call("longtask_status", StdioPeer.JSON.createObjectNode());
            assertThat(refused.path("isError").asBoolean()).as(refused.toString()).isTrue();
            assertThat(refused.path("content").get(0).path("text").asText()).contains("concurrency");

            Files.writeString(config, "concurrency: 2\n");
            JsonNode status = server.call("longtask_status", StdioPeer.JSON.createObjectNode());
            assertThat(status.path("isError").asBoolean()).as(status.toString()).isFalse();
            assertThat(status.path("structuredContent").path("summary").asText()).contains("no runs");
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).as(server.stderr()).isZero();
        }
    }

    private StdioPeer server(Path ws) throws Exception {
        return new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir", ws.toString(), "--model",
                "openai:scripted", "--base-url", "http://127.0.0.1:9/v1"), Map.of("OPENAI_API_KEY", "not-a-real-key"));
    }

    private Path workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws")).toRealPath();
    }
}
