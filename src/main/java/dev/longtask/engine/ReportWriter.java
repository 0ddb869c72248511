package dev.longtask.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Counts;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.Run;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunStore;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes report.md and final_result.json: the synthesizer's report, followed by what the runtime itself knows
 * for certain (each task's status and its result file, the files more than one task changed, the usage). When the synthesizer did not finish, the
 * report says so and lists the tasks' own summaries instead.
 */
final class ReportWriter {
    private final RunStore store;
    private final ObjectMapper json;
    private final PlanBook book;

    ReportWriter(RunStore store, ObjectMapper json, PlanBook book) {
        this.store = store;
        this.json = json;
        this.book = book;
    }

    /**
     * @param report the accepted submit_report arguments, or null with {@code failure} saying why there are none
     * @param shared every file two or more tasks changed (through {@code bash}, or one after the other), with them
     */
    Path write(ObjectNode report, String failure, Map<String, List<Integer>> shared) {
        // The synthesizer's own last call is recorded behind its back; count it, as status will.
        store.awaitWritten();
        Run run = store.run();
        List<Task> tasks = store.tasks();
        String title = report != null ? report.path("title").asText("Report") : "Report of run " + run.id();
        String summary = report != null ? report.path("summary").asText("")
                : "The synthesizer did not finish (" + failure + "). Below are the tasks' own summaries.";
        StringBuilder md = new StringBuilder();
        String body = report != null ? report.path("markdown").asText("").strip() : "";
        if (!body.startsWith("# ")) {
            md.append("# ").append(title).append("\n\n");
            if (!summary.isBlank() && !body.contains(summary.strip())) {
                md.append(summary.strip()).append("\n\n");
            }
        }
        if (!body.isEmpty()) {
            md.append(body).append("\n\n");
        }
        md.append("## Tasks\n\n");
        // each task's result file is read once, for both report.md and final_result.json
        Map<Integer, String> summaries = new HashMap<>();
        for (Task t : tasks) {
            md.append("- ").append(t.line()).append(" (").append(t.agent()).append(")");
            String result = resultSummary(t);
            summaries.put(t.id(), result);
            if (!result.isEmpty()) {
                md.append(": ").append(result);
            }
            md.append('\n');
        }
        if (!shared.isEmpty()) {
            md.append("\n## Files changed by more than one task\n\n");
            shared.forEach((path, ids) -> md.append("- `").append(path).append("`: ")
                    .append(ids.stream().map(id -> "task #" + id).collect(Collectors.joining(", "))).append('\n'));
        }
        md.append("\n## Run\n\n")
                .append("- run: ").append(run.id()).append('\n')
                .append("- goal: ").append(run.goal().strip().replace("\n", " ")).append('\n')
                .append("- model: ").append(run.model()).append('\n')
                .append("- tasks: ").append(count(tasks, TaskStatus.COMPLETED)).append(" completed, ")
                .append(count(tasks, TaskStatus.FAILED)).append(" failed, ")
                .append(count(tasks, TaskStatus.CANCELLED)).append(" cancelled, of ").append(tasks.size()).append('\n')
                .append("- tokens: ").append(Counts.full(run.usage().inputTokens())).append(" in, ")
                .append(Counts.full(run.usage().outputTokens())).append(" out; cost ").append(run.usage().costExplained()).append('\n');
        RunHistory history = store.history(RunHistory.NONE);
        PlanEstimate plan = history.firstPlan();
        long atWork = history.activeTime(store.run().updated()).toSeconds();
        if (plan != null && plan.hasTokens()) {
            String ratios = plan.ratios(run.usage(), atWork);
            md.append("- estimate: ").append(plan.text()).append(plan.basis() == null ? "" : " (" + plan.basis() + ")")
                    .append(ratios.isEmpty() ? "" : "; " + ratios).append('\n');
        }
        ObjectNode result = finalResult(run, tasks, summaries, title, summary, report);
        if (plan != null && plan.hasTokens()) {
            result.set("estimate", json.valueToTree(plan));
        }
        result.put("work_s", atWork);
        result.set("shared_files", json.valueToTree(shared));
        return store.writeReport(md.toString(), result);
    }

    private ObjectNode finalResult(Run run, List<Task> tasks, Map<Integer, String> summaries, String title,
                                   String summary, ObjectNode report) {
        ObjectNode out = json.createObjectNode().put("run_id", run.id()).put("goal", run.goal())
                .put("title", title).put("summary", summary).put("synthesized", report != null);
        out.set("issues", report != null && report.has("issues") ? report.get("issues") : json.createArrayNode());
        ArrayNode list = out.putArray("tasks");
        for (Task t : tasks) {
            ObjectNode n = list.addObject().put("id", t.id()).put("subject", t.subject()).put("agent", t.agent())
                    .put("status", t.status().wire()).put("result", book.resultPath(t.id()))
                    .put("summary", summaries.get(t.id()));
            if (t.error() != null && !t.error().isEmpty()) {
                n.put("error", t.error());
            }
            n.set("outputs", json.valueToTree(t.outputs()));
        }
        out.set("usage", json.valueToTree(run.usage()));
        out.put("report", store.where(RunFile.REPORT).getFileName().toString());
        return out;
    }

    private String resultSummary(Task t) {
        return store.result(t.id()).filter(r -> r.json() != null)
                .map(r -> r.summary().strip().replaceAll("\\s+", " "))
                .orElseGet(() -> t.error() == null ? "" : t.error());
    }

    private static long count(List<Task> tasks, TaskStatus status) {
        return tasks.stream().filter(t -> t.status() == status).count();
    }
}
