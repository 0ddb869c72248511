package dev.longtask.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Snapshot;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.Budget;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Task;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.StoreException;
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
import java.util.function.Consumer;
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
    private final Consumer<McpSyncServerExchange> beforeCall;

    /**
     * @param whereRunsGo a sentence for the start tool's description: where a started run goes on, and what
     *                    becomes of it when the client goes away
     * @param beforeCall  done before each tool call with the client's session (the stdio server asks for the
     *                    client's roots there)
     */
    LongtaskTools(RunControl runs, String whereRunsGo, Duration pollEvery, Consumer<McpSyncServerExchange> beforeCall) {
        this.runs = runs;
        this.whereRunsGo = whereRunsGo;
        this.pollEvery = pollEvery;
        this.beforeCall = beforeCall;
    }

    List<SyncToolSpecification> tools() {
        return List.of(
                tool("longtask_start", "Start a long task", Hints.STARTS, "Start a long task: longtask plans the"
                                + " goal into a graph of tasks, works them with subagents in parallel and writes a"
                                + " report. Returns the run id at once; the work goes on in the background. "
                                + whereRunsGo + " Follow it with longtask_status (wait_seconds blocks until it ends)"
                                + " and read the result with longtask_report. Use it for work that would outgrow"
                                + " your own context: large analyses, many-file changes, research over many"
                                + " documents.",
                        ToolSchemas.START, ToolSchemas.STARTED_OUT, this::start),
                tool("longtask_status", "Status of a long task", Hints.READS, "Where a run stands: status, tasks"
                                + " done of all, percent, ETA, tokens, cost, and what to do next. With wait_seconds"
                                + " it waits until the run ends (or pauses, or its process is gone) or the time is"
                                + " up, sending progress notifications meanwhile. Without run_id it lists the runs"
                                + " of the workdir, newest first.",
                        ToolSchemas.STATUS, ToolSchemas.STATUS_OUT, this::status),
                tool("longtask_tasks", "Tasks of a long task", Hints.READS, "The tasks of a run's graph: id,"
                                + " subject, status and attempt of each ([ ] pending, [>] in progress, [x] completed,"
                                + " [!] failed, [-] cancelled); with task_id, that task in detail (instruction,"
                                + " agent, outputs, error).",
                        ToolSchemas.TASKS, ToolSchemas.TASKS_OUT, this::tasks),
                tool("longtask_report", "Report of a long task", Hints.READS, "The run's final report (Markdown),"
                                + " once it has completed; for a code review, its checked report (locations"
                                + " verified, duplicates merged, a score). Also readable as the resource"
                                + " longtask://runs/{id}/report.",
                        ToolSchemas.RUN_ONLY, ToolSchemas.REPORT_OUT, this::report),
                tool("longtask_diff", "Changes of a long task", Hints.READS, "What the tasks of a run changed in"
                                + " its workspace, as unified diffs (stat: a line per file instead); task limits it to"
                                + " one task. Files two tasks changed are listed. Read-only; rolling back is a"
                                + " person's decision (longtask rollback).",
                        ToolSchemas.DIFF, ToolSchemas.DIFF_OUT, this::diff),
                tool("longtask_pause", "Pause a long task", Hints.STOPS, "Pause a run: it stops after saving what"
                                + " it has done and can be continued with longtask_resume.",
                        ToolSchemas.RUN_ONLY, ToolSchemas.ACTION_OUT, this::pause),
                tool("longtask_resume", "Resume a long task", Hints.CONTINUES, "Continue a paused, interrupted or"
                                + " failed run, or one whose process is gone, in the background (completed tasks are"
                                + " not redone). budgets raises the limits, e.g. after a budget pause.",
                        ToolSchemas.RESUME, ToolSchemas.ACTION_OUT, this::resume),
                tool("longtask_cancel", "Cancel a long task", Hints.DESTROYS, "Give a run up for good: it stops"
                                + " after saving, its unfinished tasks are cancelled, and it cannot be resumed. Its"
                                + " results and transcripts are kept.",
                        ToolSchemas.RUN_ONLY, ToolSchemas.ACTION_OUT, this::cancel),
                tool("longtask_review", "Review code as a long task", Hints.STARTS, "Start a code review of a"
                                + " repository as a long task: every chunk of the code is analysed and reviewed,"
                                + " then a checked report (each issue's location verified, duplicates merged, a"
                                + " score) is written. Returns the run id at once; " + whereRunsGo + " Follow it"
                                + " with longtask_status and read it with longtask_report.",
                        ToolSchemas.REVIEW, ToolSchemas.STARTED_OUT, this::review));
    }

    /** What a tool does to the world, as MCP's annotations say it to clients (which ask before some calls). */
    private enum Hints {
        READS(true, false, true, false),
        STARTS(false, false, false, true),
        STOPS(false, false, true, false),
        CONTINUES(false, false, true, true),
        DESTROYS(false, true, true, false);

        private final boolean readOnly;
        private final boolean destructive;
        private final boolean idempotent;
        private final boolean openWorld;

        Hints(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {
            this.readOnly = readOnly;
            this.destructive = destructive;
            this.idempotent = idempotent;
            this.openWorld = openWorld;
        }

        McpSchema.ToolAnnotations annotations(String title) {
            return new McpSchema.ToolAnnotations(title, readOnly, destructive, idempotent, openWorld, null);
        }
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
        return started("run", id, runs.workspaceOf(id, call.path("workdir")));
    }

    private CallToolResult review(Call call) {
        Path path = Path.of(call.required("path"));
        String id = runs.review(new RunControl.Review(path, call.text("focus")));
        return started("code review", id, runs.workspaceOf(id, path));
    }

    private static CallToolResult started(String what, String id, Path workspace) {
        String summary = "started " + what + " " + id + " in " + workspace + "; it goes on in the background";
        String next = "follow it with longtask_status {\"run_id\": \"" + id + "\", \"workdir\": \"" + workspace
                + "\"} (wait_seconds blocks until it ends), then read longtask_report";
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", id);
        data.put("workdir", workspace.toString());
        data.put("status", "created");
        return said(summary + ".", next, data);
    }

    private CallToolResult status(Call call) {
        String id = call.text("run_id");
        Path workdir = call.path("workdir");
        if (id == null) {
            return list(workdir);
        }
        Integer wait = call.integer("wait_seconds");
        Snapshot snapshot = wait == null || wait <= 0 ? runs.status(id, workdir)
                : waitForEnd(id, workdir, Math.min(wait, MAX_WAIT_SECONDS), call);
        boolean gone = runs.processGone(id, workdir, snapshot);
        Path workspace = runs.workspaceOf(id, workdir);
        Map<String, Object> data = RunText.figures(snapshot, gone);
        data.put("workdir", workspace.toString());
        String summary = RunText.summary(snapshot, gone);
        String next = RunText.next(snapshot, gone);
        return said(summary, next, data, RunText.status(snapshot, workspace, gone));
    }

    private CallToolResult list(Path workdir) {
        List<String> ids = runs.runs(workdir);
        String where = workdir == null ? "the server's workdir" : workdir.toString();
        if (ids.isEmpty()) {
            return said("no runs in " + where + " yet.", "start one with longtask_start",
                    new LinkedHashMap<>(Map.of("runs", List.of())));
        }
        StringBuilder b = new StringBuilder();
        List<Map<String, Object>> listed = new java.util.ArrayList<>();
        for (String run : ids.subList(0, Math.min(20, ids.size()))) {
            Snapshot s = runs.status(run, workdir);
            String status = runs.processGone(run, workdir, s) ? "not running (process gone)"
                    : s.figures().status().wire();
            b.append("\n").append(run).append("  ").append(status).append("  ").append(s.figures().completed())
                    .append('/').append(s.figures().tasks()).append(" tasks  ").append(RunText.cut(s.figures().goal(), 70));
            listed.add(Map.of("run_id", run, "status", status, "goal", RunText.cut(s.figures().goal(), 80)));
        }
        String summary = ids.size() + " run" + (ids.size() == 1 ? "" : "s") + " in " + where + ", newest first"
                + (ids.size() > 20 ? " (the 20 newest shown)" : "") + ".";
        return said(summary, "longtask_status {\"run_id\": ...} for one of them",
                new LinkedHashMap<>(Map.of("runs", listed)), summary + b);
    }

    /**
     * Polls the run until it is no longer going (ended, paused, or its process is gone) or the wait is over, telling
     * the client of each task finished.
     */
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
            boolean going = (s.runningHere() || RunText.isGoing(s.figures().status()))
                    && !runs.processGone(id, workdir, s);
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
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", id);
        data.put("tasks", tasks.stream().map(RunText::brief).toList());
        Integer one = call.integer("task_id");
        String text = RunText.tasks(id, tasks);
        if (one != null) {
            Task task = tasks.stream().filter(t -> t.id() == one).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("run " + id + " has no task #" + one + " (it has " + tasks.size()
                            + "); longtask_tasks without task_id lists them"));
            data.put("task", RunText.detail(task));
            text = RunText.detailText(task);
        }
        long failed = tasks.stream().filter(t -> t.status() == dev.longtask.model.TaskStatus.FAILED).count();
        String summary = RunText.taskSummary(id, tasks);
        String next = one != null ? "longtask_status {\"run_id\": \"" + id + "\"} for the run as a whole"
                : failed > 0 ? "longtask_tasks with task_id gives a failed task's error; longtask_resume retries"
                        + " the unfinished work"
                : "longtask_tasks with task_id gives one task in detail; longtask_status for the run";
        return said(summary, next, data, text);
    }

    private CallToolResult report(Call call) {
        String id = call.required("run_id");
        Optional<String> report = runs.report(id, call.path("workdir"));
        if (report.isPresent()) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("run_id", id);
            data.put("report", report.get());
            String summary = "the report of run " + id + " (" + report.get().lines().count() + " lines of Markdown).";
            return said(summary, "nothing more is needed from longtask for this run; start another with"
                    + " longtask_start", data, report.get());
        }
        Snapshot s = runs.status(id, call.path("workdir"));
        boolean gone = runs.processGone(id, call.path("workdir"), s);
        return error("run " + id + " has no report yet: " + RunText.summary(s, gone) + " next: "
                + RunText.next(s, gone));
    }

    private CallToolResult diff(Call call) {
        String id = call.required("run_id");
        Path workspace = runs.workspaceOf(id, call.path("workdir"));
        runs.tasks(id, call.path("workdir"));
        Integer task = call.args.path("task").isIntegralNumber() ? call.args.path("task").asInt() : null;
        String text = dev.longtask.api.RunDiff.text(workspace, id, task, call.args.path("stat").asBoolean(false));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", id);
        data.put("diff", text);
        String summary = "the changes of " + (task == null ? "run " + id : "task " + task + " of run " + id) + " ("
                + text.lines().count() + " lines).";
        return said(summary, "read the files it names, or longtask_report for what the run concluded", data, text);
    }

    private CallToolResult pause(Call call) {
        String id = call.required("run_id");
        return acted(id, call.path("workdir"), runs.pause(id, call.path("workdir")));
    }

    private CallToolResult resume(Call call) {
        String id = call.required("run_id");
        return acted(id, call.path("workdir"), runs.resume(id, call.path("workdir"), call.budget()));
    }

    private CallToolResult cancel(Call call) {
        String id = call.required("run_id");
        return acted(id, call.path("workdir"), runs.cancel(id, call.path("workdir")));
    }

    /** What a pause, resume or cancel did, and where the run stands after it. */
    private CallToolResult acted(String id, Path workdir, String done) {
        Snapshot s = runs.status(id, workdir);
        boolean gone = runs.processGone(id, workdir, s);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("run_id", id);
        data.put("status", s.figures().status().wire());
        return said(done + ".", RunText.next(s, gone), data);
    }

    // ------------------------------------------------------------------ plumbing

    @FunctionalInterface
    private interface Handler {
        CallToolResult handle(Call call);
    }

    private SyncToolSpecification tool(String name, String title, Hints hints, String description, String input,
                                       String output, Handler handler) {
        McpSchema.Tool tool = McpSchema.Tool.builder(name, schema(name, input)).title(title).description(description)
                .outputSchema(schema(name, output)).annotations(hints.annotations(title)).build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            beforeCall.accept(exchange);
            return answer(name, handler, new Call(exchange, request));
        }).build();
    }

    private static Map<String, Object> schema(String name, String json) {
        try {
            return JSON.readValue(json, new TypeReference<>() {
            });
        } catch (IOException e) {
            throw new UncheckedIOException("a schema of " + name + " is not JSON", e);
        }
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

    /** A result whose text is its summary and next step. */
    private static CallToolResult said(String summary, String next, Map<String, Object> data) {
        return said(summary, next, data, summary);
    }

    /**
     * A result: the text (which ends with the next step) and the same in the structured content, with its summary
     * and next step, since some clients give the model only the structured content.
     */
    private static CallToolResult said(String summary, String next, Map<String, Object> data, String text) {
        data.put("summary", summary);
        data.put("next", next);
        return CallToolResult.builder().addTextContent(text + "\nnext: " + next).isError(false)
                .structuredContent(data).build();
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
