package dev.longtask.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Snapshot;
import dev.longtask.config.ConfigException;
import dev.longtask.model.Budget;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Task;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.StoreException;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools longtask offers over MCP, each with its input schema and a description a model can act on, and the
 * reports as resources ({@code longtask://runs/{id}/report}). A mistake or a refusal comes back as a tool error with
 * a message that says what to do; nothing is thrown at the client.
 */
final class LongtaskTools {
    private static final Logger LOG = LoggerFactory.getLogger(LongtaskTools.class);
    private static final ObjectMapper JSON = JsonMapping.newMapper();
    static final String REPORT_URI = "longtask://runs/{id}/report";
    private static final Pattern REPORT = Pattern.compile("longtask://runs/([^/]+)/report");
    static final int MAX_WAIT_SECONDS = 600;

    /** Where the runs are carried out, and how the tools describe that to a model. */
    private final RunControl runs;
    private final String whereRunsGo;
    private final Duration pollEvery;

    /**
     * @param whereRunsGo a sentence for the start tool's description: where a started run goes on, and what
     *                    becomes of it when the client goes away
     */
    LongtaskTools(RunControl runs, String whereRunsGo, Duration pollEvery) {
        this.runs = runs;
        this.whereRunsGo = whereRunsGo;
        this.pollEvery = pollEvery;
    }

    List<SyncToolSpecification> tools() {
        return List.of(
                tool("longtask_start", "Start a long task: longtask plans the goal into a graph of tasks, works"
                                + " them with subagents in parallel and writes a report. Returns the run id at once;"
                                + " the work goes on in the background. " + whereRunsGo + " Follow it with"
                                + " longtask_status (wait_seconds blocks until it ends) and read the result with"
                                + " longtask_report. Use it for work that would outgrow your own context: large"
                                + " analyses, many-file changes, research over many documents.",
                        """
                        {"type":"object","properties":{
                          "goal":{"type":"string","description":"What the run must achieve, with any constraints and where to write results"},
                          "workdir":{"type":"string","description":"The directory to work on (absolute, or relative to the server's); default: the server's"},
                          "model":{"type":"string","description":"Model spec such as anthropic:claude-sonnet-4-5 or openai:gpt-4.1; default: the configured model"},
                          "budgets":%s,
                          "concurrency":{"type":"integer","minimum":1,"maximum":64,"description":"Tasks worked at once"}},
                         "required":["goal"]}""".formatted(BUDGETS), this::start),
                tool("longtask_status", "Where a run stands: status, tasks done of all, percent, ETA, tokens, cost,"
                                + " and what to do next. With wait_seconds it waits until the run ends (or pauses)"
                                + " or the time is up, sending progress notifications meanwhile. Without run_id it"
                                + " lists the runs of the workdir, newest first.",
                        """
                        {"type":"object","properties":{
                          "run_id":{"type":"string","description":"The run, as longtask_start returned it; omit to list the runs"},
                          "workdir":{"type":"string","description":"The run's directory, if the server did not start it; default: the server's"},
                          "wait_seconds":{"type":"integer","minimum":0,"maximum":%d,"description":"Wait up to this long for the run to end"}}}"""
                                .formatted(MAX_WAIT_SECONDS), this::status),
                tool("longtask_tasks", "The tasks of a run's graph, one line each: [ ] pending, [>] in progress,"
                        + " [x] completed, [!] failed (with the error), [-] cancelled; the agent of each.",
                        RUN_ONLY, this::tasks),
                tool("longtask_report", "The run's final report (Markdown), once it has completed; for a code"
                        + " review, its checked report (locations verified, duplicates merged, a score). Also"
                        + " readable as the resource longtask://runs/{id}/report.", RUN_ONLY, this::report),
                tool("longtask_diff", "What the tasks of a run changed in its workspace, as unified diffs (stat: a"
                                + " line per file instead); task limits it to one task. Files two tasks changed are"
                                + " listed. Read-only; rolling back is a person's decision (longtask rollback).",
                        """
                        {"type":"object","properties":{
                          "run_id":{"type":"string","description":"The run"},
                          "workdir":{"type":"string","description":"The run's directory, if the server did not start it"},
                          "task":{"type":"integer","minimum":1,"description":"Only this task"},
                          "stat":{"type":"boolean","description":"A line per file with lines added and removed"}},
                         "required":["run_id"]}""", this::diff),
                tool("longtask_pause", "Pause a run running in this server: it stops after saving what it has done"
                        + " and can be resumed with longtask_resume.", RUN_ONLY, this::pause),
                tool("longtask_resume", "Continue a paused, interrupted or failed run in the background (completed"
                                + " tasks are not redone). budgets raises the limits, e.g. after a budget pause.",
                        """
                        {"type":"object","properties":{
                          "run_id":{"type":"string","description":"The run to continue"},
                          "workdir":{"type":"string","description":"The run's directory, if the server did not start it"},
                          "budgets":%s},
                         "required":["run_id"]}""".formatted(BUDGETS), this::resume),
                tool("longtask_cancel", "Give a run up for good: it stops after saving, its unfinished tasks are"
                        + " cancelled, and it cannot be resumed. Its results and transcripts are kept.",
                        RUN_ONLY, this::cancel),
                tool("longtask_review", "Start a code review of a repository as a long task: every chunk of the"
                                + " code is analysed and reviewed, then a checked report (each issue's location"
                                + " verified, duplicates merged, a score) is written. Returns the run id at once; "
                                + whereRunsGo + " Follow it with longtask_status and read it with longtask_report.",
                        """
                        {"type":"object","properties":{
                          "path":{"type":"string","description":"The repository to review (absolute, or relative to the server's workdir); it is the run's workdir"},
                          "focus":{"type":"string","description":"Comma-separated areas: bug, security, performance, style, maintainability, concurrency, error-handling, testing, documentation (default: bug,security,performance,style)"}},
                         "required":["path"]}""", this::review));
    }

    SyncResourceTemplateSpecification reports() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder(REPORT_URI, "report")
                .title("A run's final report").mimeType("text/markdown")
                .description("The report a longtask run wrote when it completed (a code review's checked report);"
                        + " {id} is the run id.").build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            Matcher m = REPORT.matcher(request.uri());
            if (!m.matches()) {
                throw McpError.RESOURCE_NOT_FOUND.apply(request.uri());
            }
            String id = m.group(1);
            Optional<String> report;
            try {
                report = runs.report(id, null);
            } catch (StoreException | IllegalArgumentException e) {
                throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND).message(e.getMessage()).build();
            }
            String text = report.orElseThrow(() -> McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                    .message("run " + id + " has no report yet: " + runs.status(id, null).figures().status().wire())
                    .build());
            return new McpSchema.ReadResourceResult(List.of(
                    new McpSchema.TextResourceContents(request.uri(), "text/markdown", text)));
        });
    }

    // ------------------------------------------------------------------ the tools

    private CallToolResult start(Call call) {
        String id = runs.start(new RunControl.Start(call.required("goal"), call.path("workdir"),
                call.text("model"), call.budget(), call.integer("concurrency")));
        Path workspace = runs.workspaceOf(id, call.path("workdir"));
        return result("started run " + id + " in " + workspace + ". It goes on in the background; follow it with"
                + " longtask_status {\"run_id\": \"" + id + "\"} and read longtask_report when it has completed.",
                Map.of("run_id", id, "workdir", workspace.toString()));
    }

    private CallToolResult status(Call call) {
        String id = call.text("run_id");
        Path workdir = call.path("workdir");
        if (id == null) {
            List<String> ids = runs.runs(workdir);
            if (ids.isEmpty()) {
                return result("no runs in " + call.workdirText(workdir) + " yet; start one with longtask_start",
                        Map.of("runs", List.of()));
            }
            StringBuilder b = new StringBuilder("runs, newest first:");
            List<Map<String, Object>> listed = new java.util.ArrayList<>();
            for (String run : ids.subList(0, Math.min(20, ids.size()))) {
                Snapshot s = runs.status(run, workdir);
                b.append("\n").append(run).append("  ").append(s.figures().status().wire()).append("  ")
                        .append(s.figures().completed()).append('/').append(s.figures().tasks()).append(" tasks  ")
                        .append(RunText.cut(s.figures().goal(), 70));
                listed.add(Map.of("run_id", run, "status", s.figures().status().wire(), "goal", s.figures().goal()));
            }
            return result(b.toString(), Map.of("runs", listed));
        }
        Integer wait = call.integer("wait_seconds");
        Snapshot snapshot = wait == null || wait <= 0 ? runs.status(id, workdir)
                : waitForEnd(id, workdir, Math.min(wait, MAX_WAIT_SECONDS), call);
        Map<String, Object> data = JSON.convertValue(snapshot, new TypeReference<>() {
        });
        return result(RunText.status(snapshot, runs.workspaceOf(id, workdir)), data);
    }

    /** Polls the run until it is no longer going or the wait is over, telling the client of each task finished. */
    private Snapshot waitForEnd(String id, Path workdir, int seconds, Call call) {
        Instant deadline = Instant.now().plusSeconds(seconds);
        double reported = -1;
        while (true) {
            Snapshot s = runs.status(id, workdir);
            int done = s.figures().completed() + s.figures().failed() + s.figures().cancelled();
            if (done > reported) {
                reported = done;
                call.progress(done, s.figures().tasks(), s.figures().status().wire() + ": " + done + " of "
                        + s.figures().tasks() + " tasks done");
            }
            // A session of this server may not have written its first status yet: it is going while it runs here.
            boolean going = s.runningHere() || RunText.isGoing(s.figures().status());
            if (!going || !Instant.now().isBefore(deadline)) {
                return s;
            }
            try {
                Thread.sleep(pollEvery.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return s;
            }
        }
    }

    private CallToolResult tasks(Call call) {
        String id = call.required("run_id");
        List<Task> tasks = runs.tasks(id, call.path("workdir"));
        return result(RunText.tasks(id, tasks), Map.of("tasks", JSON.convertValue(tasks, List.class)));
    }

    private CallToolResult report(Call call) {
        String id = call.required("run_id");
        Optional<String> report = runs.report(id, call.path("workdir"));
        if (report.isPresent()) {
            return result(report.get(), null);
        }
        Snapshot s = runs.status(id, call.path("workdir"));
        return error("run " + id + " has no report yet: it is " + s.figures().status().wire() + " ("
                + s.figures().completed() + " of " + s.figures().tasks() + " tasks done); " + RunText.next(s.figures()));
    }

    private CallToolResult diff(Call call) {
        String id = call.required("run_id");
        Path workspace = runs.workspaceOf(id, call.path("workdir"));
        runs.tasks(id, call.path("workdir"));
        Integer task = call.args.path("task").isIntegralNumber() ? call.args.path("task").asInt() : null;
        return result(dev.longtask.api.RunDiff.text(workspace, id, task,
                call.args.path("stat").asBoolean(false)), null);
    }

    private CallToolResult pause(Call call) {
        return result(runs.pause(call.required("run_id"), call.path("workdir")), null);
    }

    private CallToolResult resume(Call call) {
        return result(runs.resume(call.required("run_id"), call.path("workdir"), call.budget()), null);
    }

    private CallToolResult cancel(Call call) {
        return result(runs.cancel(call.required("run_id"), call.path("workdir")), null);
    }

    private CallToolResult review(Call call) {
        String id = runs.review(new RunControl.Review(Path.of(call.required("path")), call.text("focus")));
        Path workspace = runs.workspaceOf(id, Path.of(call.required("path")));
        return result("started code review " + id + " of " + workspace + ". It goes on in the background; follow it"
                + " with longtask_status {\"run_id\": \"" + id + "\", \"workdir\": \"" + workspace + "\"} and read"
                + " longtask_report when it has completed.", Map.of("run_id", id, "workdir", workspace.toString()));
    }

    // ------------------------------------------------------------------ plumbing

    private static final String BUDGETS = """
            {"type":"object","description":"Limits; reaching one pauses the run (resumable with larger budgets)",\
            "properties":{"max_tokens":{"type":"integer","minimum":1},\
            "max_cost_usd":{"type":"number","exclusiveMinimum":0},\
            "max_time_s":{"type":"integer","minimum":1,"description":"Seconds of work"}}}""";

    private static final String RUN_ONLY = """
            {"type":"object","properties":{
              "run_id":{"type":"string","description":"The run, as longtask_start returned it"},
              "workdir":{"type":"string","description":"The run's directory, if the server did not start it"}},
             "required":["run_id"]}""";

    @FunctionalInterface
    private interface Handler {
        CallToolResult handle(Call call);
    }

    private SyncToolSpecification tool(String name, String description, String schema, Handler handler) {
        Map<String, Object> inputSchema;
        try {
            inputSchema = JSON.readValue(schema, new TypeReference<>() {
            });
        } catch (IOException e) {
            throw new UncheckedIOException("the schema of " + name + " is not JSON", e);
        }
        McpSchema.Tool tool = McpSchema.Tool.builder(name, inputSchema).description(description).build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) ->
                answer(name, handler, new Call(exchange, request))).build();
    }

    private static CallToolResult answer(String name, Handler handler, Call call) {
        try {
            return handler.handle(call);
        } catch (NoSuchRunException e) {
            return error(e.getMessage() + "; longtask_status without run_id lists the runs of a workdir");
        } catch (StoreException | ConfigException | IllegalArgumentException | IllegalStateException
                 | UncheckedIOException e) {
            return error(e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("{} failed", name, e);
            return error(name + " failed: " + e);
        }
    }

    private static CallToolResult result(String text, Map<String, ?> structured) {
        CallToolResult.Builder b = CallToolResult.builder().addTextContent(text).isError(false);
        if (structured != null) {
            b.structuredContent(new LinkedHashMap<>(structured));
        }
        return b.build();
    }

    private static CallToolResult error(String message) {
        return CallToolResult.builder().addTextContent(message).isError(true).build();
    }

    /** One call's arguments, read with messages that name the argument, and its way to report progress. */
    private static final class Call {
        private final McpSyncServerExchange exchange;
        private final ObjectNode args;
        private final Object progressToken;

        Call(McpSyncServerExchange exchange, CallToolRequest request) {
            this.exchange = exchange;
            this.args = JSON.valueToTree(request.arguments() == null ? Map.of() : request.arguments());
            this.progressToken = request.meta() == null ? null : request.meta().get("progressToken");
        }

        String text(String name) {
            JsonNode v = args.get(name);
            if (v == null || v.isNull()) {
                return null;
            }
            if (!v.isTextual()) {
                throw new IllegalArgumentException(name + " must be a string, got " + v);
            }
            return v.asText().isBlank() ? null : v.asText().strip();
        }

        String required(String name) {
            String v = text(name);
            if (v == null) {
                throw new IllegalArgumentException(name + " is missing: give it as a non-empty string");
            }
            return v;
        }

        Path path(String name) {
            String v = text(name);
            return v == null ? null : Path.of(v);
        }

        String workdirText(Path workdir) {
            return workdir == null ? "the server's workdir" : workdir.toString();
        }

        Integer integer(String name) {
            JsonNode v = args.get(name);
            if (v == null || v.isNull()) {
                return null;
            }
            if (!v.canConvertToInt() || !v.isIntegralNumber()) {
                throw new IllegalArgumentException(name + " must be a whole number, got " + v);
            }
            return v.asInt();
        }

        Budget budget() {
            JsonNode b = args.get("budgets");
            if (b == null || b.isNull()) {
                return null;
            }
            JsonNode tokens = b.get("max_tokens");
            JsonNode cost = b.get("max_cost_usd");
            JsonNode time = b.get("max_time_s");
            return new Budget(tokens == null || tokens.isNull() ? null : tokens.asLong(),
                    cost == null || cost.isNull() ? null : new BigDecimal(cost.asText()),
                    time == null || time.isNull() ? null : time.asLong());
        }

        /** Sends a progress notification when the client asked for them (it gave a progress token). */
        void progress(double done, double total, String message) {
            if (progressToken == null) {
                return;
            }
            try {
                exchange.progressNotification(new McpSchema.ProgressNotification(progressToken, done,
                        total > 0 ? total : null, message));
            } catch (RuntimeException e) {
                LOG.debug("progress notification not sent", e);
            }
        }
    }
}
