package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.RecordedChanges;
import dev.longtask.api.RunDiff;
import dev.longtask.model.EventData;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.Rollback;
import dev.longtask.model.run.TaskDiff;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.RunStore;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A run's recorded changes to its workspace: {@code GET /api/runs/{id}/tasks/{tid}/diff} and {@code GET
 * /api/runs/{id}/changes} (read-only, like every read) and {@code POST /api/runs/{id}/rollback} {@code {task?, after?, force?}}, refused while the run is running.
 */
final class ChangesApi {
    /** How long a rollback waits for the session that just ended the run to close it. */
    private static final java.time.Duration CLOSING = java.time.Duration.ofSeconds(10);

    private final RunsApi runs;
    private final RunFiles files;
    private final ObjectMapper json;

    ChangesApi(RunsApi runs, RunFiles files, ObjectMapper json) {
        this.runs = runs;
        this.files = files;
        this.json = json;
    }

    void diff(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = runs.workspace(runId);
        int taskId = taskId(ctx);
        files.snapshot(workspace, runId).task(taskId);
        try (RecordedChanges changes = RunDiff.changes(workspace, runId)) {
            List<TaskDiff> diffs = changes.diff(taskId);
            ObjectNode out = json.createObjectNode().put("run_id", runId).put("task", taskId);
            if (diffs.isEmpty()) {
                out.putNull("attempt");
                out.putArray("files");
            } else {
                out.put("attempt", diffs.get(0).attempt()).put("ended", diffs.get(0).ended());
                out.set("files", json.valueToTree(diffs.get(0).files()));
            }
            send(ctx, out);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the changes of run " + runId + ": " + e.getMessage(), e);
        }
    }

    /**
     * The run's changes in brief: each task's files with the lines added and removed (no diffs; a task's own read
     * gives those), and the files two or more tasks changed, as {@code shared_files} in final_result.json.
     */
    void summary(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = runs.workspace(runId);
        files.snapshot(workspace, runId);
        try (RecordedChanges changes = RunDiff.changes(workspace, runId)) {
            ObjectNode out = json.createObjectNode().put("run_id", runId);
            var tasks = out.putArray("tasks");
            for (TaskDiff diff : changes.diff(null)) {
                ObjectNode task = tasks.addObject().put("task", diff.task()).put("attempt", diff.attempt())
                        .put("ended", diff.ended());
                var list = task.putArray("files");
                diff.files().forEach(f -> list.addObject().put("path", f.path()).put("change", f.change())
                        .put("added", f.added()).put("removed", f.removed()));
            }
            out.set("shared_files", json.valueToTree(changes.sharedFiles()));
            send(ctx, out);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the changes of run " + runId + ": " + e.getMessage(), e);
        }
    }

    void rollback(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = runs.workspace(runId);
        if (files.figures(workspace, runId).status() == RunStatus.RUNNING) {
            throw ApiError.conflict("run " + runId + " is running; pause or cancel it before rolling it back");
        }
        JsonNode body = ctx.body().isBlank() ? json.createObjectNode() : read(ctx.body());
        Integer task = body.hasNonNull("task") ? body.path("task").asInt() : null;
        Integer after = body.hasNonNull("after") ? body.path("after").asInt() : null;
        if (task != null && after != null) {
            throw ApiError.badRequest("give task or after, not both");
        }
        if (task != null || after != null) {
            // a task the run does not have is a 404: "after" of one would otherwise undo every task of the run
            files.snapshot(workspace, runId).task(task != null ? task : after);
        }
        // The run is held open for writing meanwhile: no session can start it while its files are put back.
        try (RunStore store = openOnceClosed(workspace, runId);
             RecordedChanges changes = RunDiff.changes(workspace, runId)) {
            Set<Integer> tasks = task != null ? Set.of(task) : after != null ? changes.tasksAfter(after)
                    : changes.tasks();
            Rollback result = changes.rollback(tasks, body.path("force").asBoolean(false));
            if (!result.refused().isEmpty() && result.stash() == null) {
                throw ApiError.conflict("nothing rolled back: later changes touch the same lines of "
                        + String.join("; ", result.refused()) + "; send force: true to undo anyway", result.refused());
            }
            if (!result.restored().isEmpty()) {
                String scope = task != null ? "task #" + task : after != null ? "the tasks after #" + after
                        : "run " + runId;
                store.append(null, new EventData.RunRolledBack(scope, result.tasks(), result.restored(),
                        result.stash(), "api"));
            }
            send(ctx, json.valueToTree(result));
        } catch (IOException e) {
            throw new IllegalStateException("cannot roll back run " + runId + ": " + e.getMessage(), e);
        }
    }

    /**
     * The run opened for writing, waiting a little for a writer to close it: a run the pool just carried to its end
     * shows as ended before its session has closed its store, and a rollback asked at once is no conflict.
     */
    private RunStore openOnceClosed(Path workspace, String runId) {
        long deadline = System.nanoTime() + CLOSING.toNanos();
        while (true) {
            try {
                return files.openForWriting(workspace, runId);
            } catch (RunLockedException held) {
                if (System.nanoTime() > deadline) {
                    throw held;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw held;
                }
            }
        }
    }

    private JsonNode read(String text) {
        try {
            return json.readTree(text);
        } catch (IOException e) {
            throw ApiError.badRequest("the body is not valid JSON: " + RunsApi.firstLine(e.getMessage()));
        }
    }

    private static int taskId(Context ctx) {
        try {
            return Integer.parseInt(ctx.pathParam("tid"));
        } catch (NumberFormatException e) {
            throw ApiError.notFound("no task '" + ctx.pathParam("tid") + "': task ids are whole numbers from 1");
        }
    }

    private void send(Context ctx, JsonNode body) {
        try {
            ctx.contentType("application/json").result(json.writeValueAsString(body));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the response: " + e.getMessage(), e);
        }
    }
}
