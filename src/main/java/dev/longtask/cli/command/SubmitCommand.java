package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Workspaces;
import dev.longtask.cli.client.ServerClient;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.model.JsonMapping;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
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
final class SubmitCommand implements Callable<ExitCode> {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

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

    @Option(names = "--json", description = "Print the server's answer (the run's id, status, place in the queue) as JSON.")
    boolean json;

    @Override
    public ExitCode call() {
        if (goal == null || goal.isBlank()) {
            throw CliFailure.usage("the goal is empty: say what the run must achieve");
        }
        Path workspace = Workspaces.directory(workdir);
        ServerClient client = new ServerClient(server, tokenFile, workspace);
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
        budgets(body, maxTokens, maxCost, maxTime);
        JsonNode answer = client.post("/api/runs", body, 201, "the run");
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JsonOutput.pretty(answer));
            out.flush();
            return ExitCode.OK;
        }
        JsonNode pool = answer.path("pool");
        out.println("run " + answer.path("run_id").asText() + ": " + answer.path("status").asText()
                + (pool.has("queue_position") ? " (position " + pool.path("queue_position").asInt() + " in the queue)"
                : ""));
        // attach finds the token as this command did; a curl line would need a token the shell does not hold
        out.println("follow: longtask attach " + answer.path("run_id").asText()
                + (client.base().equals(ServerClient.DEFAULT_SERVER) ? "" : " --server " + client.base())
                + (tokenFile == null ? "" : " --token-file " + tokenFile)
                + (workdir.equals(Path.of(".")) ? "" : " -C " + workdir));
        out.flush();
        return ExitCode.OK;
    }

    /** The {@code budgets} of a submission from budget flags; nothing when none is given. */
    static void budgets(ObjectNode body, Long maxTokens, BigDecimal maxCost, String maxTime) {
        if (maxTokens == null && maxCost == null && maxTime == null) {
            return;
        }
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
}
