package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.EventData;
import dev.longtask.model.Task;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.run.RunStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Records what came of a task's agent loop, the one way for both the engine and {@code longtask agent}:
 * {@code results/task_<id>/result.json}, the submitted findings, a progress note, and the task's new status.
 * A task cut short by an interrupt or by the model provider goes back to pending (neither is the task's
 * fault, and it starts over on resume); any other ending without success fails it.
 */
final class TaskRecorder {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private final RunStore store;

    public TaskRecorder(RunStore store) {
        this.store = store;
    }

    /** What the task became. */
    public enum Result { COMPLETED, FAILED, REQUEUED }

    /**
     * Records what came of the task, with {@code first} (what the attempt changed) appended before its end: in the
     * same batch as the ending's records when the task completes or fails, on their own before a requeue.
     */
    public Result record(Task task, AgentOutcome outcome, Duration took, List<EventData> first) {
        int id = task.id();
        Result[] result = new Result[1];
        // Writing with the interrupt flag set would be cut short; record first, then restore the flag.
        Uninterrupted.run(() -> {
            switch (outcome.ending()) {
                case INTERRUPTED, PROVIDER_ERROR -> first.forEach(record -> store.append(id, record));
                default -> {
                }
            }
            switch (outcome.ending()) {
                case INTERRUPTED -> {
                    store.requeue(id, "stopped before it finished; it starts over if the run goes on");
                    result[0] = Result.REQUEUED;
                    return;
                }
                case PROVIDER_ERROR -> {
                    store.requeue(id, outcome.reason());
                    result[0] = Result.REQUEUED;
                    return;
                }
                default -> {
                }
            }
            List<EventData> records = new ArrayList<>(first);
            if (outcome.submitted() != null) {
                for (var finding : outcome.submitted().path("findings")) {
                    if (!finding.asText("").isBlank()) {
                        records.add(new EventData.FindingAdded(finding.asText(), outcome.agent(), SubmitResult.NAME));
                    }
                }
            }
            String summary = summary(outcome);
            records.add(new EventData.ProgressNote("task #" + id + " "
                    + (outcome.success() ? "completed" : "failed") + " (" + outcome.agent() + ", " + outcome.steps()
                    + " steps" + (took == null ? "" : ", " + took.toSeconds() + "s") + "): " + oneLine(summary)));
            // result.json, the findings, the note and the new status become durable together: one fsync, not one each.
            ObjectNode resultJson = result(task, outcome, took);
            if (outcome.success()) {
                store.finish(id, true, summary, records, resultJson);
                result[0] = Result.COMPLETED;
            } else {
                store.finish(id, false, outcome.submitted() != null ? "the agent reported failure: " + summary
                        : outcome.reason(), records, resultJson);
                result[0] = Result.FAILED;
            }
        });
        return result[0];
    }

    /** The agent's own summary when it submitted one, else why the loop ended. */
    public static String summary(AgentOutcome outcome) {
        return outcome.submitted() != null ? outcome.submitted().path("summary").asText("") : outcome.reason();
    }

    /** result.json: the task, what the agent submitted, and how its loop ended. */
    static ObjectNode result(Task task, AgentOutcome outcome, Duration took) {
        ObjectNode result = Json.object();
        result.put("task_id", task.id()).put("subject", task.subject()).put("agent", outcome.agent())
                .put("attempt", task.attempts())
                .put("ending", outcome.ending().name().toLowerCase(java.util.Locale.ROOT))
                .put("success", outcome.success());
        if (!outcome.reason().isEmpty()) {
            result.put("reason", outcome.reason());
        }
        if (outcome.submitted() != null) {
            outcome.submitted().fields().forEachRemaining(field -> {
                if (!field.getKey().equals("success")) {
                    result.set(field.getKey(), field.getValue());
                }
            });
        } else {
            result.put("summary", outcome.reason());
        }
        result.set("outputs", Json.MAPPER.valueToTree(task.outputs()));
        result.put("output", outcome.output());
        ArrayNode notes = result.putArray("notes");
        outcome.notes().forEach(notes::add);
        result.set("usage", Json.MAPPER.valueToTree(outcome.usage()));
        result.put("steps", outcome.steps());
        if (took != null) {
            result.put("duration_s", took.toSeconds());
        }
        return result;
    }

    private static String oneLine(String text) {
        String line = WHITESPACE.matcher(text.strip()).replaceAll(" ");
        return line.length() <= 200 ? line : line.substring(0, 197) + "...";
    }
}
