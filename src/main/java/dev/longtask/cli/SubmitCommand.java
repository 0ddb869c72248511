package dev.longtask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "submit", mixinStandardHelpOptions = true,
        description = {"Submit GOAL to a running 'longtask serve': the run is queued in its pool (higher priority "
                + "first) and this command returns at once with the run's id.",
                "The token comes from --token-file, else LONGTASK_TOKEN, else the .longtask/server/token of the "
                        + "workdir or a directory above it."})
final class SubmitCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GOAL", description = "What the run must achieve, in plain words.")
    String goal;

    @Option(names = {"--workdir", "-C"}, paramLabel = "DIR", defaultValue = ".",
            description = "The workspace the run works on; must be under one of the server's roots.")
    Path workdir;

    @Option(names = "--priority", paramLabel = "N", description = "Higher starts first (-1000..1000, default 0).")
    Integer priority;

    @Option(names = "--server", paramLabel = "URL", description = "The server (default: LONGTASK_SERVER, else http://127.0.0.1:7420).")
    String server;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The server's token file.")
    Path tokenFile;

    @Option(names = "--model", paramLabel = "SPEC", description = "The run's model (default: the workspace's config).")
    String model;

    @Option(names = "--concurrency", paramLabel = "N", description = "Tasks the run works on at once.")
    Integer concurrency;

    @Option(names = "--max-tokens", paramLabel = "N", description = "Pause the run when it has used N tokens.")
    Long maxTokens;

    @Option(names = "--max-cost", paramLabel = "USD", description = "Pause the run when it has cost USD dollars.")
    BigDecimal maxCost;

    @Option(names = "--max-time", paramLabel = "DURATION", description = "Pause the run after this long at work, e.g. 45m.")
    String maxTime;

    @Option(names = "--approval", paramLabel = "MODE", description = "auto (default) or read-only.")
    String approval;

    @Override
    public Integer call() {
        if (goal == null || goal.isBlank()) {
            throw CliFailure.usage("the goal is empty: say what the run must achieve");
        }
        Path workspace = Workspaces.directory(workdir);
        String base = server != null ? server : System.getenv().getOrDefault("LONGTASK_SERVER",
                "http://127.0.0.1:7420");
        URI uri;
        try {
            uri = URI.create(base.replaceAll("/+$", "") + "/api/runs");
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("--server " + base + " is not a URL like http://127.0.0.1:7420");
        }
        ObjectNode body = JSON.createObjectNode().put("goal", goal).put("workdir", workspace.toString());
        if (priority != null) {
            body.put("priority", priority);
        }
        if (model != null) {
            body.put("model", model);
        }
        if (concurrency != null) {
            body.put("concurrency", concurrency);
        }
        if (approval != null) {
            body.put("approval", approval);
        }
        if (maxTokens != null || maxCost != null || maxTime != null) {
            ObjectNode budgets = body.putObject("budgets");
            if (maxTokens != null) {
                budgets.put("max_tokens", maxTokens);
            }
            if (maxCost != null) {
                budgets.put("max_cost_usd", maxCost);
            }
            if (maxTime != null) {
                budgets.put("max_time", maxTime);
            }
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").header("X-Longtask-Actor", "longtask submit")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        String token = token(workspace);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> response;
        try {
            response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()
                    .send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new CliFailure(Main.FAILED, "no server answers at " + base + "; start one with `longtask serve` "
                    + "or give its address with --server");
        } catch (IOException e) {
            throw new CliFailure(Main.FAILED, "the server at " + base + " could not be reached: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure(Main.INTERRUPTED, "interrupted");
        }
        JsonNode answer;
        try {
            answer = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new CliFailure(Main.FAILED, "the server answered " + response.statusCode() + " with something that "
                    + "is not JSON; is " + base + " a longtask server?");
        }
        if (response.statusCode() != 201) {
            String message = answer.path("error").path("message").asText("HTTP " + response.statusCode());
            throw new CliFailure(response.statusCode() / 100 == 4 ? Main.USAGE : Main.FAILED,
                    "the server refused the run: " + message);
        }
        PrintWriter out = spec.commandLine().getOut();
        JsonNode pool = answer.path("pool");
        out.println("run " + answer.path("run_id").asText() + ": " + answer.path("status").asText()
                + (pool.has("queue_position") ? " (position " + pool.path("queue_position").asInt() + " in the queue)"
                : ""));
        out.println("follow: curl -N -H 'Accept: text/event-stream' -H \"Authorization: Bearer $TOKEN\" "
                + base.replaceAll("/+$", "") + "/api/runs/" + answer.path("run_id").asText() + "/events");
        out.flush();
        return Main.OK;
    }

    /** --token-file, else LONGTASK_TOKEN, else the server token file of the workdir or a directory above it. */
    private String token(Path workspace) {
        try {
            if (tokenFile != null) {
                return Files.readString(tokenFile).strip();
            }
            String env = System.getenv("LONGTASK_TOKEN");
            if (env != null && !env.isBlank()) {
                return env.strip();
            }
            for (Path dir = workspace; dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve(".longtask").resolve("server").resolve("token");
                if (Files.isReadable(candidate)) {
                    return Files.readString(candidate).strip();
                }
            }
            return null;
        } catch (IOException e) {
            throw CliFailure.usage("cannot read the token file " + tokenFile + ": " + e.getMessage());
        }
    }
}
