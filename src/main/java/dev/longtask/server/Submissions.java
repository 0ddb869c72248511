package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.api.RunRequest;
import dev.longtask.model.config.DurationText;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads the body of {@code POST /api/runs} into a checked {@link Submission}; each problem is a 400 that says so. */
final class Submissions {
    static final Set<String> APPROVALS = Set.of("auto", "ask", "read-only");
    private static final Set<String> FIELDS = Set.of("goal", "workdir", "model", "budgets", "concurrency", "priority",
            "approval", "isolation", "foreground");
    private static final Set<String> BUDGETS = Set.of("max_tokens", "max_cost_usd", "max_time");
    private static final int MAX_CONCURRENCY = 64;

    private final List<Path> roots;

    /** @param roots real paths */
    Submissions(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    Submission read(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiError.badRequest("the body must be a JSON object like {\"goal\": \"...\", \"workdir\": \"...\"}");
        }
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!FIELDS.contains(field)) {
                throw ApiError.badField(field, "unknown field '" + field + "' (known: " + sorted(FIELDS) + ")");
            }
        }
        String goal = text(body, "goal");
        if (goal == null || goal.isBlank()) {
            throw ApiError.badField("goal", "'goal' is missing or empty: say what the run must achieve");
        }
        Path workspace = workspace(text(body, "workdir"));
        String model = text(body, "model");
        if (model != null && model.isBlank()) {
            throw ApiError.badField("model", "'model' is empty; leave it out to use the workspace's configured model");
        }
        Integer concurrency = body.has("concurrency") ? integer(body, "concurrency", 1, MAX_CONCURRENCY) : null;
        int priority = body.has("priority") ? integer(body, "priority", Submission.MIN_PRIORITY,
                Submission.MAX_PRIORITY) : 0;
        boolean foreground = false;
        if (body.has("foreground")) {
            if (!body.get("foreground").isBoolean()) {
                throw ApiError.badField("foreground", "'foreground' must be true or false");
            }
            foreground = body.get("foreground").asBoolean();
        }
        String approval = text(body, "approval");
        if (approval == null) {
            approval = foreground ? "ask" : "auto";
        } else if (!APPROVALS.contains(approval)) {
            throw ApiError.badField("approval", "'approval' must be auto, ask or read-only, not '" + approval + "'");
        } else if (approval.equals("ask") && !foreground) {
            throw ApiError.badField("approval", "pool runs approve themselves: 'approval' ask is for the foreground run "
                    + "(\"foreground\": true); use auto or read-only");
        }
        Isolation isolation;
        try {
            String given = text(body, "isolation");
            isolation = given == null ? null : Isolation.fromWire(given);
        } catch (IllegalArgumentException e) {
            throw ApiError.badField("isolation", "'isolation' must be shared or worktree, not '"
                    + text(body, "isolation") + "'");
        }
        return new Submission(RunRequest.builder(goal.strip()).workspace(workspace).model(model)
                .budget(budgets(body.get("budgets"))).concurrency(concurrency).approval(ApprovalMode.fromWire(approval))
                .isolation(isolation).build(), priority, foreground);
    }

    static int priority(JsonNode body) {
        if (body == null || !body.isObject() || !body.has("priority")) {
            throw ApiError.badRequest("the body must be {\"priority\": N}");
        }
        return integer(body, "priority", Submission.MIN_PRIORITY, Submission.MAX_PRIORITY);
    }

    /** The real path of {@code workdir}, which must be a directory under one of the roots. */
    Path workspace(String workdir) {
        if (workdir == null || workdir.isBlank()) {
            throw ApiError.badField("workdir", "'workdir' is missing: give the directory the run works on (under "
                    + sorted(roots) + ")");
        }
        Path real;
        try {
            Path given = Path.of(workdir);
            Path path = given.isAbsolute() ? given : roots.get(0).resolve(given);
            if (!Files.exists(path)) {
                throw ApiError.badField("workdir", "workdir " + workdir + " does not exist");
            }
            if (!Files.isDirectory(path)) {
                throw ApiError.badField("workdir", "workdir " + workdir + " is not a directory");
            }
            real = path.toRealPath();
        } catch (InvalidPathException e) {
            throw ApiError.badField("workdir", "workdir '" + workdir + "' is not a path: " + e.getReason());
        } catch (IOException e) {
            throw ApiError.badField("workdir", "workdir " + workdir + " cannot be used: " + e.getMessage());
        }
        if (roots.stream().noneMatch(real::startsWith)) {
            throw new ApiError(403, "outside_roots", "workdir", "workdir " + real + " is outside the directories this server "
                    + "may work in (" + sorted(roots) + "); start it with --root for that directory");
        }
        return real;
    }

    /** The optional body of a resume, {@code {"budgets": {...}}}: the budgets it raises, or null for none. */
    static Budget resumeBudgets(JsonNode body) {
        if (body == null || body.isNull()) {
            return null;
        }
        if (!body.isObject()) {
            throw ApiError.badRequest("the body must be empty or a JSON object like {\"budgets\": {\"max_cost_usd\": 5}}");
        }
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("budgets")) {
                throw ApiError.badField(field, "unknown field '" + field + "' (a resume takes only budgets)");
            }
        }
        Budget budget = budgets(body.get("budgets"));
        return budget.equals(Budget.UNLIMITED) ? null : budget;
    }

    private static Budget budgets(JsonNode node) {
        if (node == null || node.isNull()) {
            return Budget.UNLIMITED;
        }
        if (!node.isObject()) {
            throw ApiError.badField("budgets", "'budgets' must be an object like {\"max_cost_usd\": 2.5, \"max_time\": \"30m\"}");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!BUDGETS.contains(field)) {
                throw ApiError.badField("budgets." + field, "unknown budget '" + field + "' (known: " + sorted(BUDGETS) + ")");
            }
        }
        Long tokens = null;
        if (node.has("max_tokens")) {
            JsonNode t = node.get("max_tokens");
            if (!t.isIntegralNumber() || t.asLong() <= 0) {
                throw ApiError.badField("budgets.max_tokens", "budget 'max_tokens' must be a positive whole number, got " + t);
            }
            tokens = t.asLong();
        }
        BigDecimal cost = null;
        if (node.has("max_cost_usd")) {
            JsonNode c = node.get("max_cost_usd");
            if (!c.isNumber() || c.decimalValue().signum() <= 0) {
                throw ApiError.badField("budgets.max_cost_usd", "budget 'max_cost_usd' must be a positive number of dollars, got " + c);
            }
            cost = c.decimalValue();
        }
        Long seconds = null;
        if (node.has("max_time")) {
            JsonNode t = node.get("max_time");
            try {
                seconds = t.isIntegralNumber() && t.asLong() > 0 ? t.asLong()
                        : DurationText.parse(t.isTextual() ? t.asText() : t.toString()).toSeconds();
            } catch (IllegalArgumentException e) {
                throw ApiError.badField("budgets.max_time", "budget 'max_time' " + e.getMessage());
            }
        }
        return new Budget(tokens, cost, seconds);
    }

    private static int integer(JsonNode body, String field, int min, int max) {
        JsonNode n = body.get(field);
        if (n == null || !n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < min || n.asInt() > max) {
            throw ApiError.badField(field, "'" + field + "' must be a whole number from " + min + " to " + max
                    + ", got " + n);
        }
        return n.asInt();
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

    private static String sorted(java.util.Collection<?> items) {
        return items.stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
    }
}
