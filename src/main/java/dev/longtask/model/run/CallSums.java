package dev.longtask.model.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The run's model calls summed per agent and model, folded from its {@code llm.call} events as they are recorded (in
 * {@link RunHistory}, and so in every checkpoint), so that what a run took is known at its end without reading its log
 * back. The entries come in the order their first call came.
 *
 * @param entries one per agent and model named by the calls
 */
public record CallSums(List<Entry> entries) {

    /** The sums of a log without calls. */
    public static final CallSums NONE = new CallSums(List.of());

    /**
     * The calls of one agent and model.
     *
     * @param agent          the agent the calls named
     * @param model          the model they named, or null for calls that named none (the run's model)
     * @param calls          how many
     * @param tasks          the tasks the calls were made for, ascending
     * @param msOfTasks      the calls' time, of those made for a task
     * @param msWithoutTask  the calls' time, of those made for no task
     */
    public record Entry(String agent, String model, long calls,
                        @JsonProperty("input_tokens") long inputTokens,
                        @JsonProperty("output_tokens") long outputTokens,
                        @JsonProperty("cache_read_tokens") long cacheReadTokens,
                        @JsonProperty("cache_write_tokens") long cacheWriteTokens,
                        int[] tasks,
                        @JsonProperty("ms_of_tasks") long msOfTasks,
                        @JsonProperty("ms_without_task") long msWithoutTask) {

        public Entry {
            tasks = tasks == null ? new int[0] : tasks;
        }

        boolean names(String otherAgent, String otherModel) {
            return agent.equals(otherAgent) && java.util.Objects.equals(model, otherModel);
        }

        /** Whether a call of {@code task} is among these. */
        public boolean worked(int task) {
            return Arrays.binarySearch(tasks, task) >= 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && e.names(agent, model) && e.calls == calls && e.inputTokens == inputTokens
                    && e.outputTokens == outputTokens && e.cacheReadTokens == cacheReadTokens
                    && e.cacheWriteTokens == cacheWriteTokens && Arrays.equals(e.tasks, tasks)
                    && e.msOfTasks == msOfTasks && e.msWithoutTask == msWithoutTask;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(agent, model, calls, inputTokens, outputTokens, Arrays.hashCode(tasks));
        }

        @Override
        public String toString() {
            return "Entry[" + agent + ", " + model + ", " + calls + " calls, tasks " + Arrays.toString(tasks) + "]";
        }
    }

    public CallSums {
        entries = List.copyOf(entries);
    }

    /**
     * The sums after {@code e}; null when {@code e} is an {@code llm.call} that cannot be summed here: one read without
     * its data (a store's quick read of the log) or one that names no agent (a call of an older version, which the end
     * of the run attributes to its task's agent).
     */
    public CallSums after(Event e) {
        if (!EventType.LLM_CALL.equals(e.type())) {
            return this;
        }
        JsonNode d = e.data();
        if (d == null || d.isEmpty()) {
            return null;
        }
        String agent = d.path("agent").asText("");
        if (agent.isEmpty()) {
            return null;
        }
        String model = d.path("model").isTextual() ? d.path("model").asText() : null;
        JsonNode u = d.path("usage");
        long ms = d.path("duration_ms").asLong();
        List<Entry> next = new ArrayList<>(entries.size() + 1);
        boolean found = false;
        for (Entry x : entries) {
            if (!found && x.names(agent, model)) {
                found = true;
                int[] tasks = x.tasks;
                if (e.task() != null && !x.worked(e.task())) {
                    tasks = withTask(tasks, e.task());
                }
                x = new Entry(agent, model, x.calls + 1, x.inputTokens + u.path("input_tokens").asLong(),
                        x.outputTokens + u.path("output_tokens").asLong(),
                        x.cacheReadTokens + u.path("cache_read_tokens").asLong(),
                        x.cacheWriteTokens + u.path("cache_write_tokens").asLong(), tasks,
                        x.msOfTasks + (e.task() != null ? ms : 0), x.msWithoutTask + (e.task() == null ? ms : 0));
            }
            next.add(x);
        }
        if (!found) {
            next.add(new Entry(agent, model, 1, u.path("input_tokens").asLong(), u.path("output_tokens").asLong(),
                    u.path("cache_read_tokens").asLong(), u.path("cache_write_tokens").asLong(),
                    e.task() == null ? new int[0] : new int[] {e.task()}, e.task() != null ? ms : 0,
                    e.task() == null ? ms : 0));
        }
        return new CallSums(next);
    }

    /** The sums of {@code events} from the log's start; null as {@link #after(Event)} says. */
    public static CallSums of(List<Event> events) {
        CallSums sums = NONE;
        for (Event e : events) {
            sums = sums.after(e);
            if (sums == null) {
                return null;
            }
        }
        return sums;
    }

    private static int[] withTask(int[] tasks, int task) {
        int at = -Arrays.binarySearch(tasks, task) - 1;
        int[] copy = new int[tasks.length + 1];
        System.arraycopy(tasks, 0, copy, 0, at);
        copy[at] = task;
        System.arraycopy(tasks, at, copy, at + 1, tasks.length - at);
        return copy;
    }
}
