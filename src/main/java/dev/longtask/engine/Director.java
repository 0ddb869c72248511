package dev.longtask.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.TaskContract;
import dev.longtask.agent.Terminal;
import dev.longtask.llm.AsOf;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.plan.Plan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks the director agent what happens next, after a failure or when the graph drains. Its {@code decide} call is
 * checked against the graph as it is (new tasks validated like a plan, cancels only of pending tasks, retries only
 * of failed ones) before it is accepted.
 */
final class Director {
    static final int MAX_REJECTIONS = 3;
    /** Characters a token stands for, counted low. */
    static final int GRAPH_CHARS_PER_TOKEN = 3;

    enum Action { CONTINUE, ADJUST, STOP }

    /** An accepted decision; {@code outcome} is how the director's loop ended (a decision only when SUBMITTED). */
    record Decision(Action action, Plan addTasks, List<Integer> cancel, List<Integer> retry, List<Integer> replace,
                    List<Integer> keepChanges, String reason, AgentOutcome outcome) {
    }

    private final RoleKit kit;

    Director(RoleKit kit) {
        this.kit = kit;
    }

    Decision consult(String goal, String occasion, int round, int maxRounds) {
        Terminal decide = Terminal.of(kit.roles().decide(TaskAgents.names(kit.agents())), this::problems).withMaxRejections(MAX_REJECTIONS);
        AgentTask job = new AgentTask(kit.agents().require("director"),
                TaskContract.instruction(brief(goal, occasion, round, maxRounds)),
                kit.memory(), kit.context(), decide);
        AgentOutcome outcome = kit.runner().run(job, null, kit.store().roleTranscript("director_round_" + round));
        if (outcome.ending() != AgentOutcome.Ending.SUBMITTED) {
            return new Decision(null, null, List.of(), List.of(), List.of(), List.of(), outcome.reason(), outcome);
        }
        ObjectNode args = outcome.submitted();
        return new Decision(action(args), PlanBook.parse(kit.json(), args, "add_tasks"), ids(args, "cancel_tasks"),
                ids(args, "retry_tasks"), ids(args, "replace_tasks"), ids(args, "keep_changes"),
                args.path("reason").asText(""), outcome);
    }

    List<String> problems(ObjectNode args) {
        List<String> problems = new ArrayList<>();
        Action action = action(args);
        if (action == null) {
            problems.add("action must be continue, adjust or stop, not '" + args.path("action").asText() + "'");
            return problems;
        }
        if (args.path("reason").asText("").isBlank()) {
            problems.add("give a reason: one or two sentences a person can check");
        }
        Map<Integer, Task> tasks = new HashMap<>();
        kit.store().tasks().forEach(t -> tasks.put(t.id(), t));
        Plan added = PlanBook.parse(kit.json(), args, "add_tasks");
        List<Integer> cancel = ids(args, "cancel_tasks");
        List<Integer> retry = ids(args, "retry_tasks");
        List<Integer> replace = ids(args, "replace_tasks");
        List<Integer> keep = ids(args, "keep_changes");
        if (action != Action.ADJUST) {
            if (!added.tasks().isEmpty() || !cancel.isEmpty() || !retry.isEmpty() || !replace.isEmpty()
                    || !keep.isEmpty()) {
                problems.add("add_tasks, cancel_tasks, replace_tasks, retry_tasks and keep_changes go with action "
                        + "adjust; use adjust or leave them out");
            }
            return problems;
        }
        if (added.tasks().isEmpty() && cancel.isEmpty() && retry.isEmpty()) {
            problems.add("adjust must add, cancel or retry at least one task; use continue or stop otherwise");
        }
        if (!added.tasks().isEmpty()) {
            problems.addAll(kit.validator().problems(added, tasks.keySet()));
        }
        for (int id : cancel) {
            Task t = tasks.get(id);
            if (t == null || t.status() != TaskStatus.PENDING) {
                problems.add("cancel_tasks: #" + id + (t == null ? " does not exist" : " is " + t.status().wire())
                        + "; only pending tasks can be cancelled");
            }
        }
        if (!replace.isEmpty() && added.tasks().isEmpty()) {
            problems.add("replace_tasks needs add_tasks: the new tasks that redo their work");
        }
        for (int id : replace) {
            Task t = tasks.get(id);
            if (t == null || t.status() != TaskStatus.PENDING && t.status() != TaskStatus.FAILED) {
                problems.add("replace_tasks: #" + id + (t == null ? " does not exist" : " is " + t.status().wire())
                        + "; only failed or pending tasks can be replaced");
            } else if (cancel.contains(id) || retry.contains(id)) {
                problems.add("replace_tasks: #" + id + " is also in cancel_tasks or retry_tasks; name it once");
            }
        }
        for (int id : keep) {
            if (!cancel.contains(id) && !replace.contains(id)) {
                problems.add("keep_changes: #" + id + " is in neither cancel_tasks nor replace_tasks");
            }
        }
        for (int id : retry) {
            Task t = tasks.get(id);
            if (t == null || t.status() != TaskStatus.FAILED) {
                problems.add("retry_tasks: #" + id + (t == null ? " does not exist" : " is " + t.status().wire())
                        + "; only failed tasks can be retried");
            }
        }
        return problems;
    }

    private String brief(String goal, String occasion, int round, int maxRounds) {
        StringBuilder b = new StringBuilder();
        b.append("The goal of the run:\n\n").append(goal.strip()).append("\n\n");
        b.append("Why you are consulted: ").append(occasion).append("\n");
        b.append("This is round ").append(round).append(" of at most ").append(maxRounds)
                .append("; each consultation opens a round, so adjust only when it clearly helps.\n\n");
        // Consulted on a failure while other tasks run, the director sees the graph of that moment: marked as such.
        b.append("The graph now:\n");
        b.append(AsOf.block("task_graph", "when you were consulted",
                GraphListing.of(kit.store().tasks(), kit.book().resultPathPattern(), graphBudget()))).append('\n');
        b.append("\nWith adjust you may add tasks (add_tasks), cancel pending ones (cancel_tasks), replace failed or ")
                .append("pending ones by the tasks you add (replace_tasks) and run failed ones again unchanged ")
                .append("(retry_tasks). What a cancelled or replaced task changed in the workspace is undone before ")
                .append("the new tasks run, unless you keep it (keep_changes). Tasks are named by the number after ")
                .append("#. Agents you may ")
                .append("assign to new tasks:\n").append(TaskAgents.catalogue(kit.agents()));
        b.append("\nRead the result files that matter before you decide. Then call decide.\n");
        return b.toString();
    }

    /** Characters the graph may take of the director's window: a quarter, the rest is for reading and deciding. */
    private int graphBudget() {
        int window = kit.runner().contextWindow(kit.agents().require("director").model());
        return (int) Math.min(Integer.MAX_VALUE, (long) window * GRAPH_CHARS_PER_TOKEN / 4);
    }

    private static Action action(JsonNode args) {
        String a = args.path("action").asText("").strip().toUpperCase(java.util.Locale.ROOT);
        for (Action action : Action.values()) {
            if (action.name().equals(a)) {
                return action;
            }
        }
        return null;
    }

    private static List<Integer> ids(JsonNode args, String field) {
        List<Integer> ids = new ArrayList<>();
        for (JsonNode n : args.path(field)) {
            if (n.canConvertToInt()) {
                ids.add(n.asInt());
            } else {
                String digits = n.asText().replaceAll("\\D", "");
                if (!digits.isEmpty() && digits.length() < 9) {
                    ids.add(Integer.parseInt(digits));
                }
            }
        }
        return ids.stream().distinct().toList();
    }
}
