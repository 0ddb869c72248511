package dev.longtask.api;

import static dev.longtask.testing.OpenAiReplies.toolCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.FsyncPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resumed run keeps the model, base URL and settings it recorded, over the real OpenAI wire format against a
 * local server, even when the environment of the resume would choose another model.
 */
class ResumeKeepsSettingsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    private Path ws;
    private MockWebServer server;

    @BeforeEach
    void start() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws"));
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Longtask runtime(Map<String, String> env) {
        return Longtask.builder().workspace(ws).home(tmp.resolve("home"))
                .environment(new Environment(env, tmp.resolve("user.yaml"))).fsync(FsyncPolicy.NONE).build();
    }

    private String baseUrl() {
        return server.url("/v1").toString();
    }

    @Test
    void anOllamaModelOnAnAssumedWindowIsWarnedAboutAndOneWithItsWindowSetIsNot() throws Exception {
        server.enqueue(toolCall("p1", "submit_plan", "{\"tasks\":[{\"key\":\"n\",\"subject\":\"Note\","
                + "\"instruction\":\"Say done.\",\"agent\":\"general\"}]}"));
        try (Longtask runtime = runtime(Map.of())) {
            RunHandle planned = runtime.start(RunRequest.goal("write a note").withModel("ollama:gemma3")
                    .withBaseUrl(baseUrl()).onlyPlan());
            planned.await();

            assertThat(planned.warnings()).singleElement().satisfies(w -> assertThat(w)
                    .startsWith("ollama:gemma3 runs on an assumed context window of 8,192 tokens"));
        }
        Files.writeString(tmp.resolve("user.yaml"), "context_window:\n  \"ollama:gemma3\": 32768\n");
        server.enqueue(toolCall("p2", "submit_plan", "{\"tasks\":[{\"key\":\"n\",\"subject\":\"Note\","
                + "\"instruction\":\"Say done.\",\"agent\":\"general\"}]}"));
        try (Longtask runtime = runtime(Map.of())) {
            RunHandle planned = runtime.start(RunRequest.goal("write a note").withModel("ollama:gemma3")
                    .withBaseUrl(baseUrl()).onlyPlan());
            planned.await();

            assertThat(planned.warnings()).isEmpty();
        }
    }

    @Test
    void aResumedRunKeepsItsModelAndBaseUrlWhenTheEnvironmentWouldChooseAnother() throws Exception {
        server.enqueue(toolCall("p1", "submit_plan", "{\"tasks\":[{\"key\":\"n\",\"subject\":\"Write the note\","
                + "\"instruction\":\"Say done.\",\"agent\":\"general\",\"depends_on\":[],\"inputs\":{},"
                + "\"outputs\":{},\"success_criteria\":[\"it says done\"]}]}"));
        String runId;
        try (Longtask first = runtime(Map.of())) {
            RunHandle planned = first.start(RunRequest.goal("write a note").withModel("openai:fixture-model")
                    .withBaseUrl(baseUrl()).withConcurrency(1).withApproval(ApprovalMode.READ_ONLY).onlyPlan());
            Outcome outcome = planned.await();
            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.PAUSED);
            runId = planned.runId();
            assertThat(first.configurationReads()).as("every setting of the new run comes from one reading of the "
                    + "workspace's configuration").isEqualTo(1);
        }

        server.enqueue(toolCall("t1", "submit_result", "{\"success\":true,\"summary\":\"done\"}"));
        server.enqueue(toolCall("d1", "decide", "{\"action\":\"continue\",\"reason\":\"the note is written\"}"));
        server.enqueue(toolCall("s1", "submit_report", "{\"title\":\"Note\",\"summary\":\"done\",\"markdown\":\"# Note\"}"));
        // With a key present, a run without a recorded model would go to openai:gpt-4.1 at api.openai.com.
        try (Longtask second = runtime(Map.of("OPENAI_API_KEY", "sk-test-not-a-real-key-123"))) {
            RunHandle resumed = second.resume(ResumeRequest.of(runId).withConcurrency(2).by("--concurrency"));
            Outcome outcome = resumed.await();

            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(resumed.settingsChanged()).containsExactly(Map.entry("concurrency", "1 -> 2"));
            assertThat(second.configurationReads()).as("the resume, its trust decision and its agents' models read "
                    + "the configuration once").isEqualTo(1);
            Snapshot status = second.runs(ws).snapshot(runId);
            assertThat(status.figures().model()).isEqualTo("openai:fixture-model");
            assertThat(status.settings().baseUrl()).isEqualTo(baseUrl());
            assertThat(status.settings().concurrency()).isEqualTo(2);
            assertThat(status.settings().approval()).as("the approval mode survives the resume")
                    .isEqualTo(ApprovalMode.READ_ONLY);
            List<Event> events = second.runs(ws).events(runId, 0);
            assertThat(events).filteredOn(e -> e.type().equals(EventType.SESSION_STARTED))
                    .extracting(e -> e.data().path("model").asText()).containsOnly("openai:fixture-model");
            assertThat(events).filteredOn(e -> e.type().equals(EventType.RUN_SETTINGS)).singleElement()
                    .satisfies(e -> assertThat(e.data().path("by").asText()).isEqualTo("--concurrency"));
        }
        List<String> models = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            RecordedRequest request = server.takeRequest();
            JsonNode body = JSON.readTree(request.getBody().utf8());
            models.add(body.path("model").asText());
            if (i == 0) {
                assertThat(request.getHeaders().get("Authorization")).as("the run's server needs no key").isNull();
            }
        }
        assertThat(models).containsOnly("fixture-model");
    }

    @Test
    void aRunResumesWithoutAKeyWhenItsModelNeedsNoneAndSaysWhatIsMissingWhenAnotherModelDoes() {
        server.enqueue(toolCall("p1", "submit_plan", "{\"tasks\":[{\"key\":\"n\",\"subject\":\"Write the note\","
                + "\"instruction\":\"Say done.\",\"agent\":\"general\",\"depends_on\":[],\"inputs\":{},"
                + "\"outputs\":{},\"success_criteria\":[\"it says done\"]}]}"));
        String runId;
        // The key is there when the run is made (the server ignores it) and gone when it is resumed.
        try (Longtask first = runtime(Map.of("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key"))) {
            RunHandle planned = first.start(RunRequest.goal("write a note").withModel("openai:fixture-model")
                    .withBaseUrl(baseUrl()).onlyPlan());
            planned.await();
            runId = planned.runId();
        }
        try (Longtask second = runtime(Map.of())) {
            assertThatThrownBy(() -> second.resume(ResumeRequest.of(runId).withModel("anthropic:claude-sonnet-4-5")))
                    .isInstanceOf(ConfigException.class).hasMessageContaining("ANTHROPIC_API_KEY");
            // Its own model, on a server that needs no key, resumes with no key at all.
            RunHandle resumed = second.resume(ResumeRequest.of(runId).withBudget(new Budget(1L, null, null)));
            Outcome outcome = resumed.await();
            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.PAUSED);
            assertThat(outcome.reason()).contains("token budget reached");
        }
    }
}
