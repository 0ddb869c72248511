package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.RunStatus;
import dev.longtask.review.ReviewFixture;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.NodePeers;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /mcp} of {@code longtask serve}: the official MCP TypeScript SDK's streamable HTTP client (driven by
 * src/test/mcp/longtask-client.mjs) starts runs that the pool carries out, follows them and reads their report; and
 * the endpoint asks for the server's token and refuses pages of other origins like the API does.
 */
class McpHttpTest {
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
            "capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}""";

    @TempDir
    Path dir;

    @Test
    void theOfficialHttpClientStartsPoolRunsFollowsThemAndReadsTheReport() throws Exception {
        NodePeers.require("@modelcontextprotocol/sdk");
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(3, 50, true).model, o -> o.withMaxRuns(1))) {
            List<String> command = List.of("node", "longtask-client.mjs", "job-01: summarise the notes",
                    f.workspace.toString(), "--", f.url("/mcp"));
            NodePeers.Output out = NodePeers.run(command, Map.of("MCP_BEARER_TOKEN", f.server.token()), 300);
            assertThat(out.exit()).as(out.stderr()).isZero();
            JsonNode seen = ServerFixture.JSON.readTree(out.stdout());

            assertThat(seen.path("server").path("name").asText()).isEqualTo("longtask");
            assertThat(seen.path("sessionId").asText()).as("a streamable HTTP session").isNotBlank();
            List<String> tools = new ArrayList<>();
            seen.path("tools").forEach(t -> tools.add(t.path("name").asText()));
            assertThat(tools).containsExactly("longtask_start", "longtask_status", "longtask_tasks", "longtask_report",
                    "longtask_diff",
                    "longtask_pause", "longtask_resume", "longtask_cancel", "longtask_review");
            assertThat(seen.path("tools").get(0).path("description").asText()).contains("longtask serve")
                    .contains("queue");

            String runId = seen.path("start").path("structured").path("run_id").asText();
            assertThat(seen.path("start").path("isError").asBoolean()).isFalse();
            assertThat(seen.path("start").path("structured").path("workdir").asText())
                    .isEqualTo(f.workspace.toString());
            assertThat(seen.path("statuses").get(0).asText()).isIn("queued", "created", "planning", "running");
            assertThat(seen.path("finalStatus").path("figures").path("status").asText()).isEqualTo("completed");
            assertThat(seen.path("finalStatus").path("figures").path("completed").asInt()).isEqualTo(3);

            List<Double> progress = new ArrayList<>();
            seen.path("progress").forEach(p -> progress.add(p.path("progress").asDouble()));
            assertThat(progress).isNotEmpty().isSortedAccordingTo(Double::compare).doesNotHaveDuplicates()
                    .endsWith(3.0);
            assertThat(seen.path("waited").asText()).isEqualTo("completed");

            String report = Files.readString(FileRunStore.read(f.workspace, runId).directory().resolve("report.md"));
            assertThat(report).contains("All steps done.");
            assertThat(seen.path("report").path("text").asText()).startsWith(report);
            assertThat(seen.path("resource").asText()).isEqualTo(report);
            assertThat(seen.path("tasks").asText()).contains("[x] #1:", "[x] #2:", "[x] #3:");
            assertThat(seen.path("missing").path("isError").asBoolean()).isTrue();
            assertThat(seen.path("missing").path("text").asText()).contains("no run 'no-such-run'");
            assertThat(seen.path("blankGoal").path("isError").asBoolean()).isTrue();

            // Both runs went through the pool as POST /api/runs submits them: approved automatically, done.
            assertThat(FileRunStore.list(f.workspace)).hasSize(2).allSatisfy(id -> {
                assertThat(FileRunStore.read(f.workspace, id).run().status()).isEqualTo(RunStatus.COMPLETED);
                JsonNode pool = f.run(id).path("pool");
                assertThat(pool.path("state").asText()).isEqualTo("done");
                assertThat(pool.path("approval").asText()).isEqualTo("auto");
            });
        }
    }

    @Test
    void aCodeReviewOverHttpEndsWithItsCheckedReportAsTheToolsResultAndTheResource() throws Exception {
        NodePeers.require("@modelcontextprotocol/sdk");
        Reviews reviews = new Reviews(true);
        try (ServerFixture f = ServerFixture.start(dir, reviews.model, o -> o)) {
            Path repo = ReviewFixture.copyTo(f.root.resolve("repo")).toRealPath();
            JsonNode seen = flow(f, "review", repo.toString(), "performance,bug");

            assertThat(seen.path("badFocus").path("isError").asBoolean()).isTrue();
            assertThat(seen.path("badFocus").path("text").asText()).contains("unknown focus speling");
            JsonNode started = seen.path("review");
            assertThat(started.path("isError").asBoolean()).as(started.toString()).isFalse();
            String runId = started.path("structured").path("run_id").asText();
            assertThat(started.path("structured").path("workdir").asText()).isEqualTo(repo.toString());
            assertThat(FileRunStore.list(repo)).as("the refused review left nothing behind").containsExactly(runId);
            JsonNode figures = seen.path("waited").path("structured");
            assertThat(figures.path("status").asText()).as(figures.toString()).isEqualTo("completed");
            assertThat(seen.path("waited").path("text").asText()).contains("Review the code of this repository");
            assertThat(reviews.plannerCalls.get()).as("a review is planned in code").isZero();

            String checked = Files.readString(FileRunStore.read(repo, runId).directory()
                    .resolve("results/review/review.md"));
            assertThat(checked).contains(Reviews.FINDING).contains("`" + Reviews.LOCATION + "`");
            assertThat(seen.path("report").path("isError").asBoolean()).isFalse();
            assertThat(seen.path("report").path("text").asText()).startsWith(checked);
            assertThat(seen.path("report").path("structured").path("report").asText()).isEqualTo(checked);
            assertThat(seen.path("resource").asText()).isEqualTo(checked);
            assertThat(f.run(runId).path("pool").path("state").asText()).isEqualTo("done");
        }
    }

    @Test
    void aRunStoppedByItsBudgetResumesOverHttpWithARaisedBudgetAndCompletes() throws Exception {
        NodePeers.require("@modelcontextprotocol/sdk");
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(2, 0, true).model, o -> o)) {
            JsonNode seen = flow(f, "raise-budget", "job-08: two steps", f.workspace.toString());

            assertThat(seen.path("badBudget").path("isError").asBoolean()).isTrue();
            assertThat(seen.path("badBudget").path("text").asText()).contains("max_tokens");
            String runId = seen.path("start").path("structured").path("run_id").asText();
            assertThat(FileRunStore.list(f.workspace)).containsExactly(runId);
            assertThat(seen.path("paused").path("structured").path("status").asText())
                    .isEqualTo("paused");
            assertThat(seen.path("resume").path("isError").asBoolean()).as(seen.path("resume").toString()).isFalse();
            assertThat(seen.path("resume").path("text").asText()).contains("queued again")
                    .contains("max_tokens 1000000");
            JsonNode figures = seen.path("completed").path("structured");
            assertThat(figures.path("status").asText()).as(figures.toString()).isEqualTo("completed");
            assertThat(figures.path("completed").asInt()).isEqualTo(2);
            assertThat(FileRunStore.read(f.workspace, runId).run().budget().maxTokens()).isEqualTo(1_000_000L);
            assertThat(seen.path("report").path("text").asText()).startsWith(Files.readString(
                    FileRunStore.read(f.workspace, runId).directory().resolve("report.md")));
        }
    }

    @Test
    void aRunWhoseProcessIsGoneIsSaidToBeSoAndToBeResumed() throws Exception {
        NodePeers.require("@modelcontextprotocol/sdk");
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o);
             dev.longtask.testing.ScriptedProvider slow = new dev.longtask.testing.ScriptedProvider(
                     new dev.longtask.testing.ScriptedProvider.Options(0, 3, Duration.ofSeconds(3), null, 0, 0,
                             null))) {
            // A run of a terminal's `longtask run`, killed while it plans.
            ProcessBuilder terminal = new ProcessBuilder(NodePeers.longtask(dir.resolve("home"), "run",
                    "Summarise the notes", "--workdir", f.workspace.toString(), "--model", "openai:scripted",
                    "--base-url", slow.baseUrl())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            terminal.environment().put("OPENAI_API_KEY", "not-a-real-key");
            Process run = terminal.start();
            String runId;
            try {
                long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                while (!planning(f.workspace)) {
                    assertThat(System.nanoTime()).as("the run did not start planning").isLessThan(deadline);
                    assertThat(run.isAlive()).as("longtask run exited").isTrue();
                    Thread.sleep(100);
                }
                runId = FileRunStore.list(f.workspace).get(0);
            } finally {
                run.destroyForcibly().waitFor();
            }
            String args = "{\"run_id\": \"" + runId + "\", \"workdir\": \"" + f.workspace + "\", \"wait_seconds\": 600}";
            JsonNode seen = flow(f, "call", "longtask_status", args).path("result");
            assertThat(seen.path("structured").path("process_gone").asBoolean()).as(seen.toString()).isTrue();
            assertThat(seen.path("structured").path("summary").asText())
                    .contains("not running (process gone: it was planning");
            assertThat(seen.path("structured").path("next").asText()).contains("longtask_resume");
            assertThat(seen.path("text").asText()).contains("process gone").contains("longtask_resume");
        }
    }

    /** Whether the workspace's one run is planning (false while it is being created). */
    private static boolean planning(Path workspace) {
        try {
            List<String> ids = FileRunStore.list(workspace);
            return !ids.isEmpty() && FileRunStore.read(workspace, ids.get(0)).run().status() == RunStatus.PLANNING;
        } catch (RuntimeException beingCreated) {
            return false;
        }
    }

    /** Runs a flow of src/test/mcp/longtask-flows.mjs against the server's /mcp and returns what the client saw. */
    private static JsonNode flow(ServerFixture f, String flow, String first, String second) throws Exception {
        NodePeers.Output out = NodePeers.run(List.of("node", "longtask-flows.mjs", flow, first, second, "--",
                f.url("/mcp")), Map.of("MCP_BEARER_TOKEN", f.server.token()), 300);
        assertThat(out.exit()).as(out.stderr()).isZero();
        return ServerFixture.JSON.readTree(out.stdout());
    }

    @Test
    void theEndpointWantsTheTokenAndTheServersOwnOrigin() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            HttpResponse<String> anonymous = f.send(initialize(f).build());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"longtask\"");
            assertThat(f.json(anonymous).path("error").path("message").asText())
                    .contains("Authorization: Bearer TOKEN");

            HttpResponse<String> wrong = f.send(initialize(f).header("Authorization", "Bearer not-the-token").build());
            assertThat(wrong.statusCode()).isEqualTo(401);
            assertThat(f.json(wrong).path("error").path("message").asText()).contains("not this server's");

            HttpResponse<String> elsewhere = f.send(initialize(f).header("Authorization", "Bearer " + f.server.token())
                    .header("Origin", "http://evil.example").build());
            assertThat(elsewhere.statusCode()).isEqualTo(403);
            assertThat(f.json(elsewhere).path("error").path("message").asText()).contains("--allow-origin");

            String own = f.server.url();
            HttpResponse<String> allowed = f.send(initialize(f).header("Authorization", "Bearer " + f.server.token())
                    .header("Origin", own).build());
            assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(200);
            assertThat(allowed.headers().firstValue("Mcp-Session-Id")).isPresent();
            assertThat(allowed.body()).contains("\"serverInfo\"").contains("longtask");
        }
    }

    @Test
    void errorsAreJsonRpcErrorObjectsAndAnUnsupportedProtocolVersionIsRefused() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            String token = "Bearer " + f.server.token();
            HttpResponse<String> garbage = f.send(initialize(f).header("Authorization", token)
                    .POST(HttpRequest.BodyPublishers.ofString("this is not json {")).build());
            assertThat(garbage.statusCode()).isEqualTo(400);
            assertJsonRpcError(f, garbage, -32700);

            HttpResponse<String> noSession = f.send(initialize(f).header("Authorization", token)
                    .header("Mcp-Session-Id", "no-such-session").POST(HttpRequest.BodyPublishers.ofString(
                            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")).build());
            assertThat(noSession.statusCode()).isEqualTo(404);
            assertJsonRpcError(f, noSession, -32001);

            HttpResponse<String> future = f.send(initialize(f).header("Authorization", token)
                    .header("MCP-Protocol-Version", "2099-01-01").build());
            assertThat(future.statusCode()).isEqualTo(400);
            assertJsonRpcError(f, future, -32600);
            assertThat(f.json(future).path("error").path("message").asText()).contains("2099-01-01")
                    .contains("2025-06-18");

            HttpResponse<String> known = f.send(initialize(f).header("Authorization", token)
                    .header("MCP-Protocol-Version", "2025-06-18").build());
            assertThat(known.statusCode()).as(known.body()).isEqualTo(200);

            HttpResponse<String> anonymous = f.send(initialize(f).build());
            assertJsonRpcError(f, anonymous, -32001);
        }
    }

    /** A JSON-RPC error object and nothing of the server's insides (no exception, no stack trace). */
    private static void assertJsonRpcError(ServerFixture f, HttpResponse<String> response, int code) {
        JsonNode body = f.json(response);
        assertThat(body.path("jsonrpc").asText()).as(response.body()).isEqualTo("2.0");
        assertThat(body.has("id")).isTrue();
        assertThat(body.path("error").path("code").asInt()).as(response.body()).isEqualTo(code);
        assertThat(body.path("error").path("message").asText()).isNotBlank();
        assertThat(response.body()).hasSizeLessThan(600).doesNotContain("stackTrace").doesNotContain("Exception")
                .doesNotContain("at [Source");
    }

    private static HttpRequest.Builder initialize(ServerFixture f) {
        return HttpRequest.newBuilder(URI.create(f.url("/mcp"))).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE));
    }
}
