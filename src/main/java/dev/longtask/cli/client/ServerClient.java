package dev.longtask.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.model.JsonMapping;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

/**
 * How the CLI talks to a running {@code longtask serve}: its address (a flag, else {@code LONGTASK_SERVER}, else
 * the default port on this machine), its token (a file, else {@code LONGTASK_TOKEN}, else the server token file of
 * the workdir or a directory above it, else of the current directory or one above it), and its refusals as
 * one-line errors with the right exit code.
 */
public final class ServerClient {
    public static final String DEFAULT_SERVER = "http://127.0.0.1:7420";
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private final String base;
    private final String token;
    /** Where the token was looked for, for the message when the server wants one and none was found. */
    private final String lookedIn;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    /** How long a follower waits before connecting again to a server that went away, at first and at most. */
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(250);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

    public ServerClient(String server, Path tokenFile, Path workspace) {
        String given = server != null ? server : System.getenv().getOrDefault("LONGTASK_SERVER", DEFAULT_SERVER);
        this.base = given.replaceAll("/+$", "");
        try {
            URI.create(base + "/api/runs");
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("--server " + given + " is not a URL like " + DEFAULT_SERVER);
        }
        Path here = Path.of("").toAbsolutePath();
        this.token = token(tokenFile, workspace, here);
        this.lookedIn = "LONGTASK_TOKEN, and .longtask/server/token in " + workspace
                + (workspace.startsWith(here) ? "" : ", in the current directory " + here) + " and the directories"
                + " above";
    }

    public String base() {
        return base;
    }

    /** POSTs {@code body} to {@code path} and returns the answer, which must have status {@code expected}. */
    public JsonNode post(String path, ObjectNode body, int expected, String what) {
        return post(path, body, status -> status == expected, what);
    }

    /** POSTs {@code body} to {@code path} and returns the answer, whose status must be {@code accepted}. */
    JsonNode post(String path, ObjectNode body, IntPredicate accepted, String what) {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
                .POST(body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString()));
        return answer(request.build(), accepted, what);
    }

    /** GETs {@code path}; the answer must be 200. */
    JsonNode get(String path, String what) {
        return answer(request(path).GET().build(), status -> status == 200, what);
    }

    private JsonNode answer(HttpRequest request, IntPredicate accepted, String what) {
        HttpResponse<String> response = send(request, HttpResponse.BodyHandlers.ofString());
        JsonNode answer;
        try {
            answer = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new CliFailure(ExitCode.FAILED, "the server answered " + response.statusCode() + " with something that "
                    + "is not JSON; is " + base + " a longtask server?");
        }
        if (!accepted.test(response.statusCode())) {
            String message = answer.path("error").path("message").asText("HTTP " + response.statusCode());
            if (response.statusCode() == 401 && token == null) {
                message = "this server needs its token, and none was found (looked in " + lookedIn + "); give"
                        + " --token-file ROOT/.longtask/server/token (ROOT: the server's first --root) or set"
                        + " LONGTASK_TOKEN";
            }
            throw new CliFailure(response.statusCode() / 100 == 4 ? ExitCode.USAGE : ExitCode.FAILED,
                    "the server refused " + what + ": " + message);
        }
        return answer;
    }

    /** What the follower hears while the server is away: once when it goes, once when it is back. */
    interface Away {
        void away();

        void back();
    }

    /** The server did not come back within the time the follower waits for it. */
    static final class StayedAway extends RuntimeException {
        StayedAway(String message) {
            super(message);
        }
    }

    /**
     * Follows the run's events (Server-Sent Events) from the start, and gives each to {@code onEvent} until it returns
     * true or the run ends. When the connection breaks or the server stops answering (a restart, a crash), it
     * connects again with backoff from the last event it got, telling {@code away} once, and gives up with
     * {@link StayedAway} when the server has not answered for {@code reconnectFor}.
     */
    void follow(String runId, Predicate<JsonNode> onEvent, Away away, Duration reconnectFor) {
        String last = null;
        long awaySince = -1;
        Duration backoff = FIRST_BACKOFF;
        while (true) {
            HttpRequest.Builder request = request("/api/runs/" + runId + "/events").timeout(Duration.ofDays(7))
                    .header("Accept", "text/event-stream");
            if (last != null) {
                request.header("Last-Event-ID", last);
            }
            try {
                HttpResponse<InputStream> response = http.send(request.build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                if (response.statusCode() == 503) {
                    response.body().close();
                    throw new IOException("the server is stopping");
                }
                if (response.statusCode() != 200) {
                    response.body().close();
                    throw new CliFailure(ExitCode.FAILED, "the server refused the run's events: HTTP "
                            + response.statusCode());
                }
                if (awaySince >= 0) {
                    away.back();
                    awaySince = -1;
                    backoff = FIRST_BACKOFF;
                }
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(),
                        StandardCharsets.UTF_8))) {
                    String id = null;
                    StringBuilder data = new StringBuilder();
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        if (line.startsWith("id:")) {
                            id = line.substring(3).strip();
                        } else if (line.startsWith("data:")) {
                            data.append(line.substring(5).strip());
                        } else if (line.startsWith("event:") && line.substring(6).strip().equals("end")) {
                            return;
                        } else if (line.isEmpty() && data.length() > 0) {
                            JsonNode event = JSON.readTree(data.toString());
                            data.setLength(0);
                            if (id != null) {
                                last = id;
                            }
                            if (onEvent.test(event)) {
                                return;
                            }
                        }
                    }
                }
                // the stream ended without the run's end: the server is stopping; connect again after a breath
                Thread.sleep(FIRST_BACKOFF.toMillis());
                continue;
            } catch (IOException e) {
                // the connection broke or the server does not answer: wait for it below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliFailure(ExitCode.INTERRUPTED, "interrupted");
            }
            long now = System.nanoTime();
            if (awaySince < 0) {
                awaySince = now;
                away.away();
            } else if (now - awaySince > reconnectFor.toNanos()) {
                throw new StayedAway("the server at " + base + " has not answered for "
                        + dev.longtask.model.Durations.text(reconnectFor));
            }
            try {
                Thread.sleep(backoff.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliFailure(ExitCode.INTERRUPTED, "interrupted");
            }
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .header("X-Longtask-Actor", "longtask " + System.getProperty("user.name", "cli"));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return request;
    }

    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(request, handler);
        } catch (ConnectException e) {
            throw new CliFailure(ExitCode.FAILED, "no server answers at " + base + "; start one with `longtask serve` "
                    + "or give its address with --server");
        } catch (IOException e) {
            throw new CliFailure(ExitCode.FAILED, "the server at " + base + " could not be reached: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure(ExitCode.INTERRUPTED, "interrupted");
        }
    }

    private static String token(Path tokenFile, Path workspace, Path here) {
        try {
            if (tokenFile != null) {
                return Files.readString(tokenFile).strip();
            }
            String env = System.getenv("LONGTASK_TOKEN");
            if (env != null && !env.isBlank()) {
                return env.strip();
            }
            // the workdir may lie outside the server's roots (the server then says so): where the command is
            // typed is most often the root the server was started in
            for (Path start : java.util.List.of(workspace, here)) {
                for (Path dir = start; dir != null; dir = dir.getParent()) {
                    Path candidate = dir.resolve(".longtask").resolve("server").resolve("token");
                    if (Files.isReadable(candidate)) {
                        return Files.readString(candidate).strip();
                    }
                }
            }
            return null;
        } catch (IOException e) {
            throw CliFailure.usage("cannot read the token file " + tokenFile + ": " + e.getMessage());
        }
    }
}
