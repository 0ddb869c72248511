package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.model.RunStatus;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code /api/approvals}: the questions of the runs the server knows, read from their logs (waiting or answered),
 * and the answer of a person. An answer to the live foreground run goes to the agent that waits on it, which records
 * it; an answer to a run no session holds is written into its log, as {@code longtask approve} does, and a resume
 * carries on from it.
 */
final class ApprovalsApi {
    private static final Set<String> FIELDS = Set.of("decision", "reason", "by");
    /** How long an answer waits for the live run to record it before the API says it was accepted (202). */
    private static final Duration RECORDING = Duration.ofSeconds(5);

    private final Pool pool;
    private final RunBackend backend;
    private final RunFiles files;
    private final Approvals approvals;
    private final EventHub hub;
    private final RunsApi runs;
    private final ObjectMapper json;

    ApprovalsApi(Pool pool, RunBackend backend, RunFiles files, Approvals approvals, EventHub hub, RunsApi runs,
                 ObjectMapper json) {
        this.pool = pool;
        this.backend = backend;
        this.files = files;
        this.approvals = approvals;
        this.hub = hub;
        this.runs = runs;
        this.json = json;
    }

    /**
     * {@code GET /api/approvals[?run=RUN_ID][&state=waiting|all]}: by default the questions that wait, in runs that
     * can still go on; oldest first.
     */
    void list(Context ctx) {
        String state = ctx.queryParam("state");
        if (state != null && !state.equals("waiting") && !state.equals("all")) {
            throw ApiError.badRequest("'state' must be waiting or all, got '" + state + "'");
        }
        boolean all = "all".equals(state);
        String only = ctx.queryParam("run");
        Map<String, Path> known = new LinkedHashMap<>();
        if (only != null) {
            known.put(only, runs.workspace(only));
        } else {
            known.putAll(files.runs(pool.workspaces(), true));
        }
        List<ObjectNode> found = new ArrayList<>();
        for (Map.Entry<String, Path> run : known.entrySet()) {
            List<RunFiles.Asked> asked;
            try {
                asked = files.questions(run.getValue(), run.getKey());
            } catch (RuntimeException unreadable) {
                if (only != null) {
                    throw unreadable;
                }
                continue; // a run that cannot be read now is listed with an error by GET /api/runs
            }
            if (!all && (asked.stream().noneMatch(RunFiles.Asked::waiting) || ended(run.getValue(), run.getKey()))) {
                continue; // nothing waits for an answer in a run that has ended
            }
            asked.stream().filter(a -> all || a.waiting()).forEach(a -> found.add(view(run.getKey(), a)));
        }
        found.sort(Comparator.comparing((ObjectNode a) -> a.path("asked_at").asText())
                .thenComparing(a -> a.path("run").asText()).thenComparingInt(a -> a.path("number").asInt()));
        send(ctx, listOf(found));
    }

    /** {@code GET /api/runs/{id}/approvals}: every question of the run, waiting and answered, in order. */
    void ofRun(Context ctx) {
        String runId = ctx.pathParam("id");
        Path workspace = runs.workspace(runId);
        send(ctx, listOf(files.questions(workspace, runId).stream().map(a -> view(runId, a)).toList()));
    }

    /** {@code GET /api/approvals/{aid}}. */
    void get(Context ctx) {
        Id id = Id.parse(ctx.pathParam("aid"));
        Path workspace = runs.workspace(id.runId());
        send(ctx, view(id.runId(), asked(workspace, id)));
    }

    /**
     * {@code POST /api/approvals/{aid}} {@code {"decision", "reason", "by"}}: 200 with the question answered, 202 when
     * the live run has not come back to the call yet (it takes the answer when it does), 409 when it was answered.
     */
    void answer(Context ctx) {
        Id id = Id.parse(ctx.pathParam("aid"));
        Path workspace = runs.workspace(id.runId());
        RunFiles.Asked asked = asked(workspace, id);
        ApprovalAnswer answer = read(ctx, id.number());
        if (!asked.waiting()) {
            throw answeredAlready(id, asked.answer());
        }
        if (ended(workspace, id.runId())) {
            throw ApiError.conflict("run " + id.runId() + " is " + files.figures(workspace, id.runId()).status().wire()
                    + "; nothing waits for an answer to question " + id + " any more");
        }
        // asked for before the answer is given, so that the record cannot pass unseen
        CompletableFuture<Void> recorded = approvals.recorded(id.runId(), id.number());
        try {
            boolean live = pool.either(id.runId(), () -> {
                Approval written = backend.answerApproval(workspace, id.runId(), answer);
                hub.changed(id.runId());
                if (!answer.equals(written.answer())) {
                    throw answeredAlready(id, json.valueToTree(written.answer()));
                }
                return false;
            }, () -> {
                approvals.give(id.runId(), answer);
                return true;
            });
            if (live) {
                awaitRecord(recorded);
            }
        } finally {
            approvals.forget(id.runId(), id.number());
        }
        RunFiles.Asked now = asked(workspace, id);
        if (now.waiting()) {
            ctx.status(202); // the run takes the answer when its task comes back to the call, or records it on pausing
        } else if (!sameAnswer(now.answer(), answer)) {
            throw answeredAlready(id, now.answer());
        }
        send(ctx, view(id.runId(), now));
    }

    /** Waits a little for the live session to record the answer: at once when an agent waited on the question. */
    private static void awaitRecord(CompletableFuture<Void> recorded) {
        try {
            recorded.get(RECORDING.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException notYet) {
            // answered with 202: the run records it later
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A completed or cancelled run never goes on, so a question it left open waits for nobody. */
    private boolean ended(Path workspace, String runId) {
        RunStatus status = files.figures(workspace, runId).status();
        return status == RunStatus.COMPLETED || status == RunStatus.CANCELLED;
    }

    private boolean sameAnswer(JsonNode recorded, ApprovalAnswer given) {
        try {
            return json.treeToValue(recorded, ApprovalAnswer.class).equals(given);
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    private ApiError answeredAlready(Id id, JsonNode answer) {
        String by = answer.path("by").asText("");
        return ApiError.conflict("question " + id + " was answered already" + (by.isEmpty() ? "" : " by " + by)
                + " (" + answer.path("decision").asText() + ")");
    }

    private RunFiles.Asked asked(Path workspace, Id id) {
        List<RunFiles.Asked> asked = files.questions(workspace, id.runId());
        if (id.number() < 1 || id.number() > asked.size()) {
            throw ApiError.notFound("run " + id.runId() + " has no question #" + id.number() + " (it has asked "
                    + asked.size() + "); GET /api/runs/" + id.runId() + "/approvals lists them");
        }
        return asked.get(id.number() - 1);
    }

    /** The body of an answer, each problem a 400 that names its field. */
    private ApprovalAnswer read(Context ctx, int number) {
        JsonNode body;
        try {
            body = ctx.body().isBlank() ? null : json.readTree(ctx.body());
        } catch (IOException e) {
            throw ApiError.badRequest("the body is not valid JSON: " + RunsApi.firstLine(e.getMessage()));
        }
        if (body == null || !body.isObject()) {
            throw ApiError.badRequest("the body must be a JSON object like {\"decision\": \"allow_once\"} or "
                    + "{\"decision\": \"deny\", \"reason\": \"...\"}");
        }
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!FIELDS.contains(field)) {
                throw ApiError.badField(field, "unknown field '" + field + "' (known: by, decision, reason)");
            }
        }
        String text = text(body, "decision");
        ApprovalDecision decision;
        try {
            decision = text == null ? null : ApprovalDecision.fromWire(text);
        } catch (IllegalArgumentException e) {
            decision = null;
        }
        if (decision == null) {
            throw ApiError.badField("decision", "'decision' must be allow_once, allow_always or deny"
                    + (text == null ? "" : ", not '" + text + "'"));
        }
        String reason = text(body, "reason");
        if (decision == ApprovalDecision.DENY && (reason == null || reason.isBlank())) {
            throw ApiError.badField("reason", "a deny needs a 'reason': it goes back to the agent as the tool's "
                    + "error, so say what to do instead");
        }
        String by = text(body, "by");
        return new ApprovalAnswer(number, decision, reason, by == null || by.isBlank() ? "api" : clean(by));
    }

    private static String text(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw ApiError.badField(field, "'" + field + "' must be a string, got " + n);
        }
        return n.asText();
    }

    /** Who answered, as it goes into the log: printable, one line, at most 64 characters. */
    private static String clean(String by) {
        String printable = by.strip().replaceAll("\\p{Cntrl}", " ");
        return printable.length() > 64 ? printable.substring(0, 64) : printable;
    }

    private ObjectNode view(String runId, RunFiles.Asked a) {
        ObjectNode out = json.createObjectNode().put("id", runId + ":" + a.number()).put("run", runId)
                .put("number", a.number()).put("state", a.waiting() ? "waiting" : "answered");
        out.set("question", a.question());
        out.set("answer", a.waiting() ? json.nullNode() : a.answer());
        out.put("asked_at", a.askedAt().toString());
        return out;
    }

    private ObjectNode listOf(List<ObjectNode> found) {
        ObjectNode out = json.createObjectNode();
        ArrayNode list = out.putArray("approvals");
        found.forEach(list::add);
        return out;
    }

    private void send(Context ctx, JsonNode body) {
        try {
            ctx.contentType("application/json").result(json.writeValueAsString(body));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the response: " + e.getMessage(), e);
        }
    }

    /** An approval's id: {@code RUN_ID:N}, the run and the question's number in it. */
    private record Id(String runId, int number) {
        static Id parse(String text) {
            int colon = text.lastIndexOf(':');
            if (colon > 0) {
                try {
                    int number = Integer.parseInt(text.substring(colon + 1));
                    if (number >= 1) {
                        return new Id(text.substring(0, colon), number);
                    }
                } catch (NumberFormatException ignored) {
                    // reported below
                }
            }
            throw ApiError.notFound("no approval '" + text + "': an approval's id is RUN_ID:N, e.g. "
                    + "20261126-101500-a1b2:1 (GET /api/approvals lists them)");
        }

        @Override
        public String toString() {
            return runId + ":" + number;
        }
    }
}
