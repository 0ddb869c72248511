package dev.longtask.cli.view;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Without a terminal: one plain line per thing worth knowing, each with the running figures. */
final class PlainProgressView implements ProgressView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
    private final PrintWriter out;
    private final PlanClock.Tracker plan;
    private final boolean priced;
    private final RepeatedErrors errors = new RepeatedErrors();

    /** @param priced whether the run's model has a price */
    PlainProgressView(PrintWriter out, PlanClock.Tracker plan, boolean priced) {
        this.out = out;
        this.plan = plan;
        this.priced = priced;
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot s) {
        plan.see(event, s);
        String what = describe(event);
        if (what == null) {
            return;
        }
        what = errors.shorten(event, what);
        out.println(TIME.format(event.time()) + " " + what + "  [" + Figures.counts(s, plan.eta(s, event.time()), priced) + "]");
        out.flush();
    }

    static String describe(Event e) {
        String text = e.data() == null ? "" : firstText(e);
        return switch (e.type()) {
            case EventType.RUN_STATUS -> "run status: " + e.data().path("status").asText()
                    + (e.data().path("reason").asText().isEmpty() ? "" : " (" + e.data().path("reason").asText() + ")");
            case EventType.SESSION_STARTED -> "session " + e.data().path("session").asText() + " started";
            case EventType.ROUND_STARTED -> "round " + e.data().path("round").asText()
                    + (text.isEmpty() ? "" : ": " + text);
            case EventType.TASK_CREATED -> "task #" + e.task() + " planned: " + e.data().path("subject").asText();
            case EventType.TASK_CLAIMED -> "task #" + e.task() + " started";
            case EventType.TASK_COMPLETED -> "task #" + e.task() + " completed" + (text.isEmpty() ? "" : ": " + text);
            case EventType.TASK_FAILED -> "task #" + e.task() + " failed: " + e.data().path("error").asText();
            case EventType.TASK_CANCELLED -> "task #" + e.task() + " cancelled: " + e.data().path("reason").asText();
            case EventType.TASK_REQUEUED -> "task #" + e.task() + " back to pending: " + e.data().path("reason").asText();
            // an attempt no retry follows (wait_ms null: a refusal, a replay that does not match) failed for good
            case EventType.LLM_RETRY -> (e.data().path("wait_ms").isNumber() ? "model call retried ("
                    : "model call failed, not retried (") + e.data().path("error").asText() + ")";
            case EventType.DECISION_RECORDED -> "decision: " + text;
            case EventType.ERROR_RECORDED -> "problem: " + text;
            case EventType.CHECKPOINTS_OFF -> "note: " + e.data().path("reason").asText()
                    + "; task changes are not recorded and cannot be undone";
            case EventType.TASK_UNDONE -> "task #" + e.task() + ": its earlier changes undone ("
                    + e.data().path("restored").size() + " restored"
                    + (e.data().path("kept").isEmpty() ? "" : ", kept " + e.data().path("kept").size()
                    + " another task changed since") + ")";
            case EventType.PLAN_ACCEPTED -> plan(e);
            case EventType.REPORT_WRITTEN -> "report written: " + e.data().path("title").asText();
            default -> null;
        };
    }

    /** The accepted plan, a line per task, with the estimate when the planner made it. */
    private static String plan(Event e) {
        int first = e.data().path("first_id").asInt();
        StringBuilder b = new StringBuilder(e.data().path("source").asText("planner").equals("director")
                ? "the director adds " : "plan: ");
        b.append(e.data().path("tasks").size()).append(" tasks");
        java.util.Map<String, Integer> ids = new java.util.HashMap<>();
        int i = 0;
        for (var t : e.data().path("tasks")) {
            ids.put(t.path("key").asText(), first + i++);
        }
        i = 0;
        for (var t : e.data().path("tasks")) {
            b.append("\n    #").append(first + i++).append(" ").append(t.path("subject").asText())
                    .append(" [").append(t.path("agent").asText()).append("]");
            if (t.path("depends_on").size() > 0) {
                java.util.List<String> deps = new java.util.ArrayList<>();
                t.path("depends_on").forEach(d -> deps.add(ids.containsKey(d.asText()) ? "#" + ids.get(d.asText())
                        : d.asText()));
                b.append(" after ").append(String.join(", ", deps));
            }
        }
        var est = e.data().path("estimate");
        if (!est.isMissingNode() && !est.isNull()) {
            long cached = est.path("cache_read_tokens").asLong();
            b.append("\n    estimate: ").append(Counts.plural(est.path("input_tokens").asLong()
                            + est.path("output_tokens").asLong() + cached, "token"))
                    .append(" (").append(Counts.full(est.path("input_tokens").asLong())).append(" in, ")
                    .append(cached > 0 ? Counts.full(cached) + " read from cache, " : "")
                    .append(Counts.full(est.path("output_tokens").asLong())).append(" out), cost ")
                    .append(est.path("cost_usd").isNumber()
                            ? "$" + est.path("cost_usd").decimalValue().setScale(2, java.math.RoundingMode.HALF_UP)
                            : "unknown (no price for this model)")
                    .append(", time ").append(Durations.text(est.path("time_s").asLong()));
            if (est.path("basis").isTextual()) {
                b.append("\n    learned from: ").append(est.path("basis").asText());
            }
            if (est.path("assumptions").isTextual()) {
                b.append("\n    assumes: ").append(est.path("assumptions").asText());
            }
        }
        return b.toString();
    }

    private static String firstText(Event e) {
        for (String field : new String[] {"summary", "objective", "text"}) {
            String v = e.data().path(field).asText("");
            if (!v.isEmpty()) {
                return oneLine(v, 120);
            }
        }
        return "";
    }

    static String oneLine(String text, int max) {
        String line = text.replaceAll("\\s+", " ").strip();
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }
}
