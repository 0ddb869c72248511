package dev.longtask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.Waiting;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code longtask serve --store URL --slots 0} in a child JVM on the scripted model, without a token on a free
 * loopback port, with its HTTP API at hand.
 */
final class ServeChild {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://[0-9.]+:\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    final Child process;
    final String url;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private ServeChild(Child process, String url) {
        this.process = process;
        this.url = url;
    }

    /** Starts the server and returns once it listens; its pool and outbox are kept in {@code state}. */
    static ServeChild start(Path home, String store, Path root, Path state, String modelUrl) throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--store", store, "--slots", "0", "--port", "0",
                "--no-token", "--root", root.toString(), "--state-dir", state.toString(), "--base-url", modelUrl,
                "--model", "openai:scripted"));
        Child child = Child.start(home, Map.of(), args.toArray(String[]::new));
        Waiting.until(() -> LISTENING.matcher(child.outSoFar()).find() || !child.alive(), "the server listens");
        Matcher m = LISTENING.matcher(child.outSoFar());
        if (!m.find()) {
            throw new AssertionError("the server did not start: " + child.await());
        }
        return new ServeChild(child, m.group(1));
    }

    /** Submits a run of {@code goal} in {@code workdir}; returns its id. */
    String submit(String goal, Path workdir) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("goal", goal, "workdir",
                        workdir.toString())))).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new AssertionError("submit answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body()).path("run_id").asText();
    }

    /** GET {@code path}; the answer must be 200 and JSON. */
    JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new AssertionError("GET " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    /** The ids of the run's Server-Sent Events from the first to the {@code end} event, and that event's data. */
    record Streamed(List<Long> ids, JsonNode end) {
    }

    /** Follows the run's event stream until its {@code end} event. */
    Streamed follow(String runId) throws Exception {
        HttpResponse<java.util.stream.Stream<String>> r = http.send(HttpRequest.newBuilder(
                        URI.create(url + "/api/runs/" + runId + "/events")).header("Accept", "text/event-stream")
                .build(), HttpResponse.BodyHandlers.ofLines());
        List<Long> ids = new ArrayList<>();
        String event = null;
        try (java.util.stream.Stream<String> lines = r.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.startsWith("event:")) {
                    event = line.substring(6).strip();
                } else if (line.startsWith("id:")) {
                    ids.add(Long.parseLong(line.substring(3).strip()));
                } else if (line.startsWith("data:") && "end".equals(event)) {
                    return new Streamed(ids, JSON.readTree(line.substring(5).strip()));
                }
            }
        }
        throw new AssertionError("the event stream closed before its end event, after " + ids.size() + " events");
    }
}
