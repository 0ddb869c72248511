package dev.longtask.server;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.Main;
import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.testing.ScriptedProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code longtask serve} in a child JVM over the scripted model's HTTP server: killed with SIGKILL while runs are
 * queued and running, started again, stopped with SIGTERM (exit 143, running runs paused), started again; every
 * run finishes, no completed task runs twice, and the API key never shows in a response, an event or a log.
 */
class ServerCrashTest {
    private static final String KEY = "sk-test-0123456789-never-shown";
    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    /** A child server and what it printed. */
    private record Child(Process process, String url, StringBuilder output) {
    }

    @Test
    void killedAndStoppedServersResumeTheirRunsWithoutRedoingCompletedTasks() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path ws = Files.createDirectories(root.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "notes to summarise\n");
        ScriptedProvider.Options options = new ScriptedProvider.Options(0, 3, Duration.ofMillis(60), null, 0, 0, null);
        try (ScriptedProvider model = new ScriptedProvider(options)) {
            Child first = serve(root, model);
            String token = Files.readString(root.resolve(".longtask/server/token")).strip();
            List<String> ids = new ArrayList<>();
            // Four runs, two at work at once: two are still queued when the first kill comes, however fast the
            // first tasks go, and the last server carries the two it resumes and then the two left (a fifth run was
            // one more round of the same).
            for (int i = 1; i <= 4; i++) {
                ids.add(submit(first.url(), token, ws, "Summarise the notes, part " + i));
            }
            ServerFixture.await("a task to complete while others wait", Duration.ofSeconds(60),
                    () -> completedTasks(ws, ids) >= 2);
            JsonNode runs = get(first.url(), token, "/api/runs");
            assertThat(runs.findValuesAsText("state")).contains("queued", "running");
            first.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);

            Child second = serve(root, model);
            int before = completedTasks(ws, ids);
            ServerFixture.await("more tasks to complete after the restart", Duration.ofSeconds(60),
                    () -> completedTasks(ws, ids) > before + 1);
            second.process().destroy();
            assertThat(second.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(second.process().exitValue()).as(second.output().toString()).isEqualTo(143);
            for (String id : ids) {
                String status = status(ws, id);
                assertThat(status).as("run %s after SIGTERM", id).isIn("completed", "queued", "interrupted");
            }

            Child third = serve(root, model);
            ServerFixture.await("every run to complete", Duration.ofSeconds(120), () -> {
                JsonNode all = get(third.url(), token, "/api/runs?status=completed");
                return all.path("runs").size() == ids.size();
            });
            String listing = http.send(request(third.url(), token, "/api/runs").build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            third.process().destroy();
            third.process().waitFor(60, TimeUnit.SECONDS);

            RunFiles files = new RunFiles(JsonMapping.newMapper());
            for (String id : ids) {
                List<Event> log = files.eventsAfter(ws, id, 0, Integer.MAX_VALUE);
                Set<Integer> done = new HashSet<>();
                for (Event e : log) {
                    if (EventType.TASK_CLAIMED.equals(e.type())) {
                        assertThat(done).as("run %s: task %d claimed after it completed", id, e.task())
                                .doesNotContain(e.task());
                    }
                    if (EventType.TASK_COMPLETED.equals(e.type())) {
                        assertThat(done.add(e.task())).as("run %s: task %d completed twice", id, e.task()).isTrue();
                    }
                }
                assertThat(done).as("run %s", id).hasSize(3);
            }
            assertThat(listing).doesNotContain(KEY);
            for (Child child : List.of(first, second, third)) {
                assertThat(child.output().toString()).doesNotContain(KEY);
            }
            try (Stream<Path> all = Files.walk(root)) {
                for (Path file : all.filter(Files::isRegularFile).toList()) {
                    assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as(file.toString())
                            .doesNotContain(KEY);
                }
            }
        }
    }

    private Child serve(Path root, ScriptedProvider model) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(ChildJvm.testMain(Main.class, List.of("-Duser.home=" + dir.resolve("home")),
                "serve", "--port", "0", "--root", root.toString(), "--max-runs", "2",
                "--model", "openai:scripted", "--base-url", model.baseUrl()))
                .redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL"));
        pb.environment().put("OPENAI_API_KEY", KEY);
        Process process = pb.start();
        StringBuilder output = new StringBuilder();
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        String url = null;
        for (String line = reader.readLine(); line != null && url == null; line = reader.readLine()) {
            output.append(line).append('\n');
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                url = m.group(1);
            }
        }
        assertThat(url).as("the server printed its URL; it said:%n%s", output).isNotNull();
        Thread drain = new Thread(() -> {
            try {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // the child is gone
            }
        });
        drain.setDaemon(true);
        drain.start();
        return new Child(process, url, output);
    }

    private String submit(String url, String token, Path ws, String goal) throws Exception {
        String body = ServerFixture.JSON.createObjectNode().put("goal", goal).put("workdir", ws.toString()).toString();
        HttpResponse<String> r = http.send(request(url, token, "/api/runs")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return ServerFixture.JSON.readTree(r.body()).path("run_id").asText();
    }

    private JsonNode get(String url, String token, String path) {
        try {
            return ServerFixture.JSON.readTree(http.send(request(url, token, path).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static HttpRequest.Builder request(String url, String token, String path) {
        return HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token);
    }

    private static int completedTasks(Path ws, List<String> ids) {
        RunFiles files = new RunFiles(JsonMapping.newMapper());
        int n = 0;
        for (String id : ids) {
            n += (int) files.eventsAfter(ws, id, 0, Integer.MAX_VALUE).stream()
                    .filter(e -> EventType.TASK_COMPLETED.equals(e.type())).count();
        }
        return n;
    }

    private static String status(Path ws, String id) {
        return new RunFiles(JsonMapping.newMapper()).figures(ws, id).status().wire();
    }
}
