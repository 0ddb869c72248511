package dev.longtask.server;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals through the API of a real server over the scripted model: the foreground run's write waits for a
 * person's answer (listed, answered, refused with a reason), a pool run's ask rule is answered by the pool, and a
 * question left open by a pause or a stop of the server is answered through the API and the run goes on.
 */
class ApprovalsApiTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    /** One task: writes out/result.md (which asks), then submits; a denial makes it report failure. */
    private static ChatMessage.Assistant writesOneFile(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write the file",
                    "general", List.of(), Map.of("out", "out/result.md"))));
            case "director" -> decide("stop", "the file is written");
            case "synthesizer" -> report("One file", "# One file\n\nwritten");
            default -> turn.step() == 1 ? write("out/result.md", "the result")
                    : turn.lastResult().startsWith("denied") ? submitResult(false, "the user said: " + turn.lastResult())
                    : submitResult(true, "wrote the file");
        };
    }

    @Test
    void theForegroundRunsWriteWaitsUntilAnsweredThroughTheApi() throws Exception {
        ScriptedModel model = new ScriptedModel(ApprovalsApiTest::writesOneFile);
        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            JsonNode waiting = askingForegroundRun(f);
            String run = waiting.path("run").asText();

            assertThat(waiting.path("id").asText()).isEqualTo(run + ":1");
            assertThat(waiting.path("run").asText()).isEqualTo(run);
            assertThat(waiting.path("number").asInt()).isEqualTo(1);
            assertThat(waiting.path("state").asText()).isEqualTo("waiting");
            assertThat(waiting.path("answer").isNull()).isTrue();
            assertThat(Instant.parse(waiting.path("asked_at").asText())).isBefore(Instant.now().plusSeconds(1));
            JsonNode question = waiting.path("question");
            assertThat(question.path("id").asInt()).isEqualTo(1);
            assertThat(question.path("task").asInt()).isEqualTo(1);
            assertThat(question.path("tool").asText()).isEqualTo("write");
            assertThat(question.path("arguments").path("path").asText()).isEqualTo("out/result.md");
            assertThat(question.path("preview").asText()).startsWith("new file out/result.md");
            assertThat(question.path("call_key").asText()).isNotEmpty();
            assertThat(question.path("always").asText()).isNotEmpty();
            assertThat(question.path("why").asText()).contains("ask");
            // the agent waits: the run neither pauses nor writes
            assertThat(f.run(run).path("status").asText()).isEqualTo("running");
            assertThat(f.workspace.resolve("out/result.md")).doesNotExist();
            assertThat(f.json(f.get("/api/approvals/" + run + ":1"))).isEqualTo(waiting);
            assertThat(f.json(f.get("/api/runs/" + run + "/approvals")).path("approvals")).containsExactly(waiting);

            try (ServerFixture.SseStream events = f.events(run, "?types=approval.*", "0")) {
                expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":\"maybe\"}"), 400, "decision",
                        "allow_once, allow_always or deny");
                expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":\"deny\"}"), 400, "reason",
                        "a deny needs a 'reason'");
                expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":\"deny\",\"reason\":\"  \"}"), 400,
                        "reason", "a deny needs a 'reason'");
                expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":\"allow_once\",\"colour\":1}"), 400,
                        "colour", "unknown field");
                expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":"), 400, null, "not valid JSON");
                expectError(f.post("/api/approvals/no-such-run:1", "{\"decision\":\"allow_once\"}"), 404, null,
                        "no run no-such-run");
                expectError(f.post("/api/approvals/" + run + ":2", "{\"decision\":\"allow_once\"}"), 404, null,
                        "no question #2");
                expectError(f.get("/api/approvals/" + run), 404, null, "RUN_ID:N");
                assertThat(f.json(f.get("/api/approvals/" + run + ":1")).path("state").asText()).isEqualTo("waiting");

                HttpResponse<String> answered = f.post("/api/approvals/" + run + ":1",
                        "{\"decision\":\"allow_once\",\"by\":\"alice\"}");

                assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
                JsonNode a = f.json(answered);
                assertThat(a.path("state").asText()).isEqualTo("answered");
                assertThat(a.path("answer").path("decision").asText()).isEqualTo("allow_once");
                assertThat(a.path("answer").path("by").asText()).isEqualTo("alice");
                assertThat(a.path("question")).isEqualTo(question);
                ServerFixture.Sse requested = events.next();
                ServerFixture.Sse answeredEvent = events.next();
                assertThat(requested.event()).isEqualTo(EventType.APPROVAL_REQUESTED);
                assertThat(answeredEvent.event()).isEqualTo(EventType.APPROVAL_ANSWERED);
                assertThat(ServerFixture.JSON.readTree(answeredEvent.data()).path("data").path("by").asText())
                        .isEqualTo("alice");
            }
            awaitStatus(f, run, "completed");
            assertThat(f.workspace.resolve("out/result.md")).hasContent("the result");
            expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":\"deny\",\"reason\":\"too late\"}"), 409,
                    null, "answered already by alice");
            assertThat(f.json(f.get("/api/approvals")).path("approvals")).isEmpty();
            assertThat(f.json(f.get("/api/approvals?state=all")).path("approvals")).singleElement()
                    .satisfies(all -> assertThat(all.path("id").asText()).isEqualTo(run + ":1"));
            expectError(f.get("/api/approvals?state=open"), 400, null, "'state' must be waiting or all");
            assertThat(approvalEvents(f, run)).containsExactly(EventType.APPROVAL_REQUESTED,
                    EventType.APPROVAL_ANSWERED);
        }
    }

    @Test
    void aDenialsReasonReachesTheModelAsTheToolsError() {
        ScriptedModel model = new ScriptedModel(ApprovalsApiTest::writesOneFile);
        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            String run = askingForegroundRun(f).path("run").asText();

            HttpResponse<String> denied = f.post("/api/approvals/" + run + ":1",
                    "{\"decision\":\"deny\",\"reason\":\"write to build/ instead\"}");

            assertThat(denied.statusCode()).as(denied.body()).isEqualTo(200);
            assertThat(f.json(denied).path("answer").path("by").asText()).isEqualTo("api");
            assertThat(f.json(denied).path("answer").path("reason").asText()).isEqualTo("write to build/ instead");
            awaitStatus(f, run, "failed");
            assertThat(f.workspace.resolve("out/result.md")).doesNotExist();
            assertThat(model.turns).anySatisfy(t -> assertThat(t.lastResult())
                    .startsWith("denied by the user: write to build/ instead."));
        }
    }

    @Test
    void aPoolRunsAskRuleIsAnsweredByThePoolAndItsDenyRuleStillRefuses() throws Exception {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write the file",
                    "general", List.of(), Map.of("out", "out/result.md"))));
            case "director" -> decide("stop", "the file is written");
            case "synthesizer" -> report("One file", "# One file\n\nwritten");
            default -> switch (turn.step()) {
                case 1 -> write("secret/key.md", "not allowed");
                case 2 -> write("out/result.md", "the result");
                default -> submitResult(true, "wrote the file");
            };
        });
        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            Files.createDirectories(f.workspace.resolve(".longtask"));
            Files.writeString(f.workspace.resolve(".longtask/config.yaml"), """
                    permissions:
                      ask: ["Write(out/**)"]
                      deny: ["Write(secret/**)"]
                    """);
            String run = f.submit("write one file", Map.of());

            awaitStatus(f, run, "completed");

            assertThat(f.workspace.resolve("out/result.md")).hasContent("the result");
            assertThat(f.workspace.resolve("secret/key.md")).doesNotExist();
            assertThat(model.turns).anySatisfy(t -> assertThat(t.lastResult()).startsWith("refused: "));
            JsonNode approvals = f.json(f.get("/api/runs/" + run + "/approvals")).path("approvals");
            assertThat(approvals).singleElement().satisfies(a -> {
                assertThat(a.path("state").asText()).isEqualTo("answered");
                assertThat(a.path("question").path("tool").asText()).isEqualTo("write");
                assertThat(a.path("question").path("why").asText()).contains("Write(out/**)");
                assertThat(a.path("answer").path("decision").asText()).isEqualTo("allow_once");
                assertThat(a.path("answer").path("by").asText()).isEqualTo("the pool");
            });
            assertThat(f.json(f.get("/api/approvals?run=" + run)).path("approvals")).isEmpty();
        }
    }

    @Test
    void aPausedForegroundRunsOpenQuestionIsAnsweredThroughTheApiAndTheResumedRunGoesOn() {
        ScriptedModel model = new ScriptedModel(ApprovalsApiTest::writesOneFile);
        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            String run = askingForegroundRun(f).path("run").asText();

            assertThat(f.post("/api/runs/" + run + "/pause", "").statusCode()).isEqualTo(202);
            ServerFixture.await("the run to stop with its question open", LIMIT,
                    () -> "held".equals(f.run(run).path("pool").path("state").asText()));
            assertThat(f.run(run).path("status").asText()).isEqualTo("paused");
            assertThat(f.json(f.get("/api/approvals/" + run + ":1")).path("state").asText()).isEqualTo("waiting");

            HttpResponse<String> answered = f.post("/api/approvals/" + run + ":1", "{\"decision\":\"allow_once\"}");

            assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
            assertThat(f.json(answered).path("state").asText()).isEqualTo("answered");
            assertThat(f.post("/api/runs/" + run + "/resume", "").statusCode()).isEqualTo(202);
            awaitStatus(f, run, "completed");
            assertThat(f.workspace.resolve("out/result.md")).hasContent("the result");
            assertThat(approvalEvents(f, run)).containsExactly(EventType.APPROVAL_REQUESTED,
                    EventType.APPROVAL_ANSWERED);
        }
    }

    @Test
    void aQuestionOpenWhenTheServerStopsIsAskedAgainAfterItStartsAndAnsweredThroughTheApi() {
        ScriptedModel model = new ScriptedModel(ApprovalsApiTest::writesOneFile);
        String run;
        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            run = f.submit("write one file", Map.of("foreground", true));
            awaitWaiting(f, run);
        }
        Path workspace = dir.resolve("root/ws");
        assertThat(FileRunStore.read(workspace, run).openApprovals()).hasSize(1);
        assertThat(FileRunStore.read(workspace, run).run().status().isResumable()).isTrue();

        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            ServerFixture.await("the restarted server to resume the run", LIMIT,
                    () -> "running".equals(f.run(run).path("status").asText()));
            HttpResponse<String> answered = f.post("/api/approvals/" + run + ":1",
                    "{\"decision\":\"allow_always\",\"by\":\"bob\"}");

            assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
            assertThat(f.json(answered).path("answer").path("decision").asText()).isEqualTo("allow_always");
            awaitStatus(f, run, "completed");
            assertThat(f.workspace.resolve("out/result.md")).hasContent("the result");
            assertThat(approvalEvents(f, run)).containsExactly(EventType.APPROVAL_REQUESTED,
                    EventType.APPROVAL_ANSWERED);
        }
    }

    @Test
    void aQuestionLeftOpenByACancelledRunWaitsForNobody() {
        ScriptedModel model = new ScriptedModel(ApprovalsApiTest::writesOneFile);
        try (ServerFixture f = ServerFixture.start(dir, model, o -> o)) {
            String run = askingForegroundRun(f).path("run").asText();

            assertThat(f.post("/api/runs/" + run + "/cancel", "").statusCode()).isEqualTo(202);
            awaitStatus(f, run, "cancelled");

            assertThat(f.json(f.get("/api/approvals")).path("approvals")).isEmpty();
            assertThat(f.json(f.get("/api/approvals?state=all")).path("approvals")).singleElement()
                    .satisfies(a -> assertThat(a.path("state").asText()).isEqualTo("waiting"));
            expectError(f.post("/api/approvals/" + run + ":1", "{\"decision\":\"allow_once\"}"), 409, null,
                    "run " + run + " is cancelled; nothing waits for an answer");
            assertThat(approvalEvents(f, run)).containsExactly(EventType.APPROVAL_REQUESTED);
        }
    }

    /** Submits the foreground run that writes one file, and returns its question once it waits. */
    private static JsonNode askingForegroundRun(ServerFixture f) {
        return awaitWaiting(f, f.submit("write one file", Map.of("foreground", true)));
    }

    private static JsonNode awaitWaiting(ServerFixture f, String run) {
        JsonNode[] found = new JsonNode[1];
        ServerFixture.await("a question of run " + run + " to wait", LIMIT, () -> {
            JsonNode list = f.json(f.get("/api/approvals")).path("approvals");
            for (JsonNode a : list) {
                if (a.path("run").asText().equals(run)) {
                    found[0] = a;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    private static void awaitStatus(ServerFixture f, String run, String status) {
        ServerFixture.await("run " + run + " to be " + status, LIMIT,
                () -> status.equals(f.run(run).path("status").asText()));
    }

    private static List<String> approvalEvents(ServerFixture f, String run) {
        return FileRunStore.events(f.workspace, run, 0).stream().map(Event::type)
                .filter(t -> t.startsWith("approval.")).toList();
    }

    private static void expectError(HttpResponse<String> response, int status, String field, String message) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        JsonNode error;
        try {
            error = ServerFixture.JSON.readTree(response.body()).path("error");
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
        assertThat(error.path("status").asInt()).isEqualTo(status);
        assertThat(error.path("message").asText()).contains(message);
        if (field != null) {
            assertThat(error.path("field").asText()).isEqualTo(field);
        }
    }
}
