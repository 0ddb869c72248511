package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.RunFigures;
import dev.longtask.model.run.RunNote;
import dev.longtask.model.run.TranscriptPage;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code /api/runs}: submit, list, read (state, tasks, transcripts, report) and steer (pause, resume, cancel,
 * priority). Reading uses the run directory without the writer lock and changes nothing; each change says who
 * made it ({@code X-Longtask-Actor}, else "the API").
 */
final class RunsApi {
    private static final int MAX_PAGE = 1000;
    /** The runs a page of {@code GET /api/runs} holds unless {@code ?limit=} says, and the most it may ask. */
    static final int RUNS_PAGE = 50;
    static final int MAX_RUNS_PAGE = 500;
    /** The most runs one filtered page reads before it answers with what it found. */
    static final int MAX_SCANNED = 2_000;

    private final Pool pool;
    private final RunBackend backend;
    private final RunFiles files;
    private final Submissions submissions;
    private final ObjectMapper json;
    private final MarkdownHtml markdown = new MarkdownHtml();

    RunsApi(Pool pool, RunBackend backend, RunFiles files, Submissions submissions, ObjectMapper json) {
        this.pool = pool;
        this.backend = backend;
        this.files = files;
        this.submissions = submissions;
        this.json = json;
    }

    void submit(Context ctx) {
        PoolEntry entry = pool.submit(submissions.read(body(ctx)));
        ctx.status(201).header("Location", "/api/runs/" + entry.runId());
        send(ctx, view(entry.runId(), entry.workspace()));
    }

    /**
     * A page of the runs, greatest (newest) run id first: {@code ?limit=} of them ({@value #RUNS_PAGE} unless said,
     * at most {@value #MAX_RUNS_PAGE}), from {@code ?cursor=} (the {@code next} of the page before), with
     * {@code ?status=} and {@code ?workdir=} filtering as before. {@code next} (and a {@code Link} header) says where
     * the following page starts, null when no run is left. A page reads only the runs it looks at, so it costs the
     * same with ten runs as with ten thousand; with a status filter it looks at no more than {@value #MAX_SCANNED}
     * and may then come back short, with a {@code next}.
     */
    void list(Context ctx) {
        Set<RunStatus> wanted = statuses(ctx.queryParam("status"));
        int limit = number(ctx, "limit", 1, MAX_RUNS_PAGE, RUNS_PAGE);
        String cursor = RunsCursor.runId(ctx.queryParam("cursor"));
        String workdir = ctx.queryParam("workdir");
        java.util.Collection<Path> workspaces = workdir != null ? java.util.List.of(submissions.workspace(workdir))
                : pool.workspaces();
        int batch = wanted.isEmpty() ? limit + 1 : Math.max(limit + 1, 200);
        Map<String, Integer> positions = positions();
        java.util.List<ObjectNode> out = new java.util.ArrayList<>();
        String next = null;
        int looked = 0;
        reading:
        while (true) {
            java.util.List<ListedRun> runs = files.page(workspaces, workdir == null, cursor, batch);
            for (ListedRun run : runs) {
                if (out.size() == limit || looked == MAX_SCANNED) {
                    next = RunsCursor.after(cursor); // at least this run is left
                    break reading;
                }
                ObjectNode view = listedView(run, positions);
                looked++;
                cursor = run.runId();
                if (wanted.isEmpty() || wanted.contains(RunStatus.fromWire(view.path("status").asText("created")))) {
                    out.add(view);
                }
            }
            if (runs.size() < batch) {
                break;
            }
        }
        if (next != null) {
            ctx.header("Link", "<" + nextLink(ctx, next) + ">; rel=\"next\"");
        }
        ObjectNode page = json.createObjectNode();
        page.set("runs", json.createArrayNode().addAll(out));
        page.put("next", next);
        send(ctx, page);
    }

    private ObjectNode listedView(ListedRun run, Map<String, Integer> positions) {
        try {
            return view(run.runId(), run.workspace(), positions, () -> files.figures(run));
        } catch (RuntimeException unreadable) {
            return json.createObjectNode().put("run_id", run.runId()).put("workspace", run.workspace().toString())
                    .put("error", unreadable.getMessage());
        }
    }

    /** This request again from {@code next}, with its filters and limit. */
    private static String nextLink(Context ctx, String next) {
        StringBuilder link = new StringBuilder("/api/runs?cursor=").append(next);
        for (String name : java.util.List.of("limit", "status", "workdir")) {
            String value = ctx.queryParam(name);
            if (value != null) {
                link.append('&').append(name).append('=')
                        .append(java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return link.toString();
    }

    /** One run: its view, with the estimate of its first plan to set its figures beside (null without one). */
    void get(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = workspace(runId);
        ObjectNode out = view(runId, workspace);
        var snapshot = files.snapshot(workspace, runId);
        var plan = snapshot.history().firstPlan();
        out.set("estimate", plan == null || !plan.hasTokens() ? null : json.valueToTree(plan));
        out.put("work_s", snapshot.history().activeTime(null).toSeconds());
        send(ctx, out);
    }

    void tasks(Context ctx) {
        String runId = ctx.pathParam("id");
        java.util.List<dev.longtask.model.Task> tasks = files.snapshot(workspace(runId), runId).tasks();
        ObjectNode out = json.createObjectNode();
        out.set("tasks", json.valueToTree(tasks));
        out.set("critical_path", json.valueToTree(CriticalPath.of(tasks, java.time.Instant.now())));
        send(ctx, out);
    }

    void task(Context ctx) {
        String runId = ctx.pathParam("id");
        int taskId = taskId(ctx);
        send(ctx, json.valueToTree(files.snapshot(workspace(runId), runId).task(taskId)));
    }

    void transcript(Context ctx) {
        String runId = ctx.pathParam("id");
        int taskId = taskId(ctx);
        Path workspace = workspace(runId);
        files.snapshot(workspace, runId).task(taskId);
        int offset = number(ctx, "offset", 0, Integer.MAX_VALUE, 0);
        int limit = number(ctx, "limit", 1, MAX_PAGE, 100);
        TranscriptPage page = files.transcript(workspace, runId, taskId, offset, limit);
        ObjectNode out = json.createObjectNode().put("run_id", runId).put("task", taskId).put("offset", offset);
        out.set("entries", json.valueToTree(page.entries()));
        if (page.nextOffset() == null) {
            out.putNull("next_offset");
        } else {
            out.put("next_offset", page.nextOffset());
        }
        send(ctx, out);
    }

    void report(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = workspace(runId);
        RunFiles.Report report = files.report(workspace, runId).orElseThrow(() -> ApiError.notFound("run " + runId
                + " has no report yet (it is " + files.figures(workspace, runId).status().wire() + ")"));
        ObjectNode out = json.createObjectNode().put("run_id", runId).put("markdown", report.markdown())
                .put("html", markdown.html(report.markdown()));
        out.set("final_result", report.finalResult());
        send(ctx, out);
    }

    /** The run's notes as Markdown and as HTML: findings.md, progress.md and task_plan.md, null until written. */
    void notes(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = workspace(runId);
        ObjectNode out = json.createObjectNode().put("run_id", runId);
        for (Map.Entry<String, RunNote> note : RunFiles.NOTES.entrySet()) {
            files.note(workspace, runId, note.getValue()).ifPresentOrElse(text -> out.putObject(note.getKey())
                    .put("markdown", text).put("html", markdown.html(text)), () -> out.putNull(note.getKey()));
        }
        send(ctx, out);
    }

    void pause(Context ctx) {
        String runId = ctx.pathParam("id");
        workspace(runId);
        PoolEntry entry = pool.pause(runId, actor(ctx));
        ctx.status(202);
        send(ctx, view(runId, entry.workspace()));
    }

    void resume(Context ctx) {
        String runId = ctx.pathParam("id");
        Budget raised = Submissions.resumeBudgets(ctx.body().isBlank() ? null : body(ctx));
        PoolEntry entry = pool.resume(runId, workspace(runId), actor(ctx), raised);
        ctx.status(202);
        send(ctx, view(runId, entry.workspace()));
    }

    void retryTask(Context ctx) {
        String runId = ctx.pathParam("id");
        int taskId = taskId(ctx);
        Path workspace = workspace(runId);
        TaskRetry.checkTask(runId, files.snapshot(workspace, runId).task(taskId));
        java.util.List<Integer> requeued = TaskRetry.retry(pool, backend, runId, workspace, taskId, actor(ctx));
        ObjectNode out = view(runId, workspace);
        out.set("retried", json.valueToTree(requeued));
        ctx.status(202);
        send(ctx, out);
    }

    void cancel(Context ctx) {
        String runId = ctx.pathParam("id");
        workspace(runId);
        PoolEntry entry = pool.cancel(runId, actor(ctx));
        ctx.status(202);
        send(ctx, view(runId, entry.workspace()));
    }

    void priority(Context ctx) {
        String runId = ctx.pathParam("id");
        workspace(runId);
        PoolEntry entry = pool.prioritize(runId, Submissions.priority(body(ctx)));
        send(ctx, view(runId, entry.workspace()));
    }

    ObjectNode view(String runId, Path workspace) {
        return view(runId, workspace, positions());
    }

    /** Run id to place in the queue, from 1. */
    private Map<String, Integer> positions() {
        Map<String, Integer> positions = new java.util.HashMap<>();
        java.util.List<PoolEntry> queue = pool.queue();
        for (int i = 0; i < queue.size(); i++) {
            positions.put(queue.get(i).runId(), i + 1);
        }
        return positions;
    }

    /** The run as the API shows it: its figures, its place in the pool, and the live progress while it runs. */
    private ObjectNode view(String runId, Path workspace, Map<String, Integer> positions) {
        return view(runId, workspace, positions, () -> files.figures(workspace, runId));
    }

    /** @param stored the figures of the run's log, read only when the run does not run here */
    private ObjectNode view(String runId, Path workspace, Map<String, Integer> positions,
                            java.util.function.Supplier<RunFigures> stored) {
        Optional<LiveRun.Figures> live = pool.live(runId).flatMap(LiveRun::figures);
        RunFigures figures = live.map(LiveRun.Figures::run).orElseGet(stored);
        Optional<PoolEntry> entry = pool.entry(runId);
        ObjectNode out = json.createObjectNode().put("run_id", runId).put("goal", figures.goal())
                .put("workspace", workspace.toString()).put("status", figures.status().wire())
                .put("status_reason", figures.statusReason()).put("model", figures.model());
        out.putObject("tasks").put("total", figures.tasks()).put("completed", figures.completed())
                .put("failed", figures.failed()).put("running", figures.running()).put("pending", figures.pending())
                .put("ready", figures.ready()).put("cancelled", figures.cancelled());
        out.set("usage", json.valueToTree(figures.usage()));
        out.set("budget", json.valueToTree(figures.budget()));
        live.map(LiveRun.Figures::progress).ifPresent(p -> {
            ObjectNode progress = out.putObject("progress").put("percent", p.percent())
                    .put("elapsed_s", p.elapsedSeconds());
            if (p.etaSeconds() == null) {
                progress.putNull("eta_s");
            } else {
                progress.put("eta_s", p.etaSeconds());
            }
            if (p.workSeconds() != null) {
                progress.put("work_s", p.workSeconds());
            }
            progress.set("running", json.valueToTree(p.tasks()));
        });
        entry.ifPresentOrElse(e -> {
            ObjectNode p = out.putObject("pool").put("state", e.state().name().toLowerCase(java.util.Locale.ROOT))
                    .put("priority", e.priority()).put("foreground", e.foreground()).put("approval", e.approval())
                    .put("retries", e.retries()).put("attempt", e.retries() + 1).put("max_retries", pool.maxRetries())
                    .put("note", e.note());
            if (e.state() == PoolEntry.State.QUEUED && e.notBefore() != null) {
                p.put("retry_at", e.notBefore().toString());
            }
            Integer position = positions.get(e.runId());
            if (position != null) {
                p.put("queue_position", position);
            }
        }, () -> out.putNull("pool"));
        out.set("created", json.valueToTree(figures.created()));
        out.set("updated", json.valueToTree(figures.updated()));
        out.put("last_seq", figures.lastSeq());
        out.put("has_report", files.hasReport(workspace, runId));
        return out;
    }

    /** Where the run lives, or 404. */
    Path workspace(String runId) {
        return pool.workspaceOf(runId).orElseThrow(() -> ApiError.notFound("no run " + runId + " in the "
                + "workspaces this server knows; list them with GET /api/runs"));
    }

    private JsonNode body(Context ctx) {
        String text = ctx.body();
        if (text.isBlank()) {
            throw ApiError.badRequest("the request has no body; send JSON with Content-Type: application/json");
        }
        try {
            return json.readTree(text);
        } catch (IOException e) {
            throw ApiError.badRequest("the body is not valid JSON: " + firstLine(e.getMessage()));
        }
    }

    static String actor(Context ctx) {
        String actor = ctx.header("X-Longtask-Actor");
        if (actor == null || actor.isBlank()) {
            return "the API";
        }
        String clean = actor.strip().replaceAll("[^\\p{L}\\p{N} ._@:-]", "");
        return clean.length() > 64 ? clean.substring(0, 64) : clean;
    }

    private static int taskId(Context ctx) {
        try {
            return Integer.parseInt(ctx.pathParam("tid"));
        } catch (NumberFormatException e) {
            throw ApiError.notFound("no task '" + ctx.pathParam("tid") + "': task ids are whole numbers from 1");
        }
    }

    static int number(Context ctx, String name, int min, int max, int fallback) {
        String text = ctx.queryParam(name);
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw ApiError.badRequest("'" + name + "' must be a whole number from " + min + " to " + max + ", got '"
                + text + "'");
    }

    private static Set<RunStatus> statuses(String list) {
        if (list == null || list.isBlank()) {
            return Set.of();
        }
        try {
            return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .map(RunStatus::fromWire).collect(Collectors.toSet());
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("'status' must list run statuses (" + Arrays.stream(RunStatus.values())
                    .map(RunStatus::wire).collect(Collectors.joining(", ")) + "), got '" + list + "'");
        }
    }

    private void send(Context ctx, JsonNode body) {
        try {
            ctx.contentType("application/json").result(json.writeValueAsString(body));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the response: " + e.getMessage(), e);
        }
    }

    static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
