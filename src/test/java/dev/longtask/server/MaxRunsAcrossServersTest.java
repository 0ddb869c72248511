package dev.longtask.server;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.api.Longtask;
import dev.longtask.api.Stores;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --max-runs} with a shared store counts the runs at work across every server of the database: two servers of
 * {@code --max-runs 2} over one PostgreSQL database, each given three runs over real HTTP (more than the limit on its
 * own, so a limit counted per server would show three or four at work), never have more than two runs at work
 * between them (counted at the scripted model), and every run completes.
 */
class MaxRunsAcrossServersTest {
    private static final Pattern JOB = Pattern.compile("Plan the work for this goal:\\s+(job-\\d+)");
    private static final Pattern STEP = Pattern.compile("^(job-\\d+) step");
    private static final Duration LIMIT = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    private final Set<String> atWork = ConcurrentHashMap.newKeySet();
    private final AtomicInteger most = new AtomicInteger();

    @Test
    void twoServersOfOneDatabaseNeverRunMoreThanMaxRunsBetweenThem() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path root = Files.createDirectories(dir.resolve("root")).toRealPath();
        Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("ws"))).toRealPath();
        ScriptedModel model = new ScriptedModel(this::answer);
        HttpClient http = HttpClient.newHttpClient();
        List<AutoCloseable> open = new ArrayList<>();
        try {
            List<LongtaskServer> servers = new ArrayList<>();
            for (String name : List.of("one", "two")) {
                RunStores stores = Stores.of(url, Map.of(), 12);
                open.add(stores);
                Approvals approvals = new Approvals();
                Longtask runtime = Longtask.builder().environment(Map.of()).home(null)
                        .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                        .approver(approvals).stores(stores).build();
                open.add(runtime);
                ServerOptions o = ServerOptions.defaults(root);
                Path state = root.resolve("state-" + name);
                ServerOptions options = new ServerOptions(o.bind(), 0, 2, 0, o.roots(), state, state.resolve("token"),
                        false, List.of(), List.of(), Map.of(), o.shutdownGrace(), o.webhookRetry(), o.webhookRetryMax());
                LongtaskServer server = LongtaskServer.start(options, new ApiBackend(runtime, stores,
                        StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE)), approvals, stores);
                open.add(0, server);
                servers.add(server);
            }
            List<String> runs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                LongtaskServer server = servers.get(i % 2);
                HttpResponse<String> r = http.send(request(server, "/api/runs").header("Content-Type",
                        "application/json").POST(HttpRequest.BodyPublishers.ofString(ServerFixture.JSON
                        .writeValueAsString(Map.of("goal", String.format("job-%02d: one step", i), "workdir",
                                ws.toString())))).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
                runs.add(ServerFixture.JSON.readTree(r.body()).path("run_id").asText());
            }
            ServerFixture.await("every run to complete", LIMIT, () -> runs.stream().allMatch(id ->
                    "completed".equals(status(http, servers.get(0), id))));
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
        }
        assertThat(most.get()).as("runs at work at once, across both servers").isEqualTo(2);
    }

    private static String status(HttpClient http, LongtaskServer server, String runId) {
        try {
            HttpResponse<String> r = http.send(request(server, "/api/runs/" + runId).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode run = ServerFixture.JSON.readTree(r.body());
            return run.path("status").asText();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static HttpRequest.Builder request(LongtaskServer server, String path) {
        return HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + server.token());
    }

    /**
     * A run is at work from its plan until its one task is done (its session ends only later, so the count is never
     * too high). Its task waits, while fewer than two runs are at work, for a
     * second one to start (so the runs certainly reach the limit), then stays at work a moment, long enough for a run
     * started past the limit to show as a third.
     */
    private ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> {
                String job = job(turn);
                atWork.add(job);
                most.accumulateAndGet(atWork.size(), Math::max);
                yield call("submit_plan", EngineFixture.plan(EngineFixture.task("s", job + " step", "general",
                        List.of(), Map.of())));
            }
            case "director" -> decide("stop", "the step is done");
            case "synthesizer" -> report("Done", "# Done\n\none step");
            default -> {
                Matcher m = STEP.matcher(turn.subject());
                if (!m.find()) {
                    throw new IllegalStateException("not a step: " + turn.subject());
                }
                try {
                    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                    while (most.get() < 2 && System.nanoTime() < deadline) {
                        Thread.sleep(10);
                    }
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new dev.longtask.llm.LlmInterruptedException("interrupted", e);
                } finally {
                    atWork.remove(m.group(1)); // the run ends after this, so it counts as at work no longer
                }
                yield submitResult(true, turn.subject() + " done");
            }
        };
    }

    private static String job(ScriptedModel.Turn turn) {
        for (ChatMessage message : turn.request().messages()) {
            String text = message instanceof ChatMessage.User user ? user.text()
                    : message instanceof ChatMessage.System system ? system.text() : "";
            Matcher m = JOB.matcher(text);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new IllegalStateException("the planner was not told the job");
    }
}
