package dev.longtask.engine;

import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.store.RunLayout;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.agent.TaskContract;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Counts;
import dev.longtask.tools.OutsideWorkspaceException;
import dev.longtask.tools.Workspace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToIntFunction;

/**
 * Checks a plan before any of it runs: known agents, known dependency keys, no cycle, paths inside the
 * workspace, not empty. Problems are sentences addressed to the planner, who gets them back to fix.
 */
public final class PlanValidator {
    /** The most tasks a plan may hold. */
    public static final int MAX_TASKS = 200;

    private final Set<String> knownAgents;
    private final Workspace workspace;
    private final TokenCounter tokens;
    private final ToIntFunction<String> windowOfAgent;
    private final String runPath;

    public PlanValidator(Set<String> knownAgents, Workspace workspace) {
        this(knownAgents, workspace, null, null, null);
    }

    /**
     * A validator that also refuses a task whose own text cannot leave its agent room to work: {@code windowOfAgent}
     * gives the context window of an agent's model; {@code runPath} is the run directory relative to the workspace
     * (null before the run exists: a path as long is assumed).
     */
    PlanValidator(Set<String> knownAgents, Workspace workspace, TokenCounter tokens, ToIntFunction<String> windowOfAgent,
            String runPath) {
        this.knownAgents = new TreeSet<>(knownAgents);
        this.workspace = workspace;
        this.tokens = tokens;
        this.windowOfAgent = windowOfAgent;
        this.runPath = runPath != null ? runPath : RunLayout.RUNS + "/yyyyMMdd-HHmmss-xxxx";
    }

    /**
     * A validator that also refuses a task whose text takes more than a quarter of its agent's window, before the
     * run exists: what a run's start checks, for a plan made outside a session (a code review's).
     */
    public static PlanValidator sized(Set<String> knownAgents, Workspace workspace, TokenCounter tokens,
            ToIntFunction<String> windowOfAgent) {
        return new PlanValidator(knownAgents, workspace, tokens, windowOfAgent, null);
    }

    /** The most of its agent's context window a task's own text may take: a quarter (see {@link #checkSize}). */
    public static int taskTextLimit(int window) {
        return window / 4;
    }

    /**
     * The tokens of each task's text, by key, as the size check counts them (the instruction, the inputs its
     * dependencies add, outputs, criteria) for a run that does not exist yet.
     */
    public static Map<String, Integer> textTokens(Plan plan, TokenCounter tokens) {
        PlanValidator sizing = new PlanValidator(Set.of(), null, tokens, null, null);
        Map<String, PlannedTask> byKey = new LinkedHashMap<>();
        plan.tasks().forEach(task -> byKey.putIfAbsent(task.key(), task));
        List<String> keys = new ArrayList<>(byKey.keySet());
        Map<String, Integer> sizes = new LinkedHashMap<>();
        for (PlannedTask task : byKey.values()) {
            sizes.put(task.key(), tokens.count(sizing.text(task, sizing.inputs(task, keys, 1, byKey, Set.of()))));
        }
        return sizes;
    }

    /** The validator of a session: the agents of {@code setup}, their models' windows, the run's directory. */
    static PlanValidator of(EngineSetup setup, String runPath) {
        Map<String, Integer> windows = new java.util.concurrent.ConcurrentHashMap<>();
        return new PlanValidator(TaskAgents.names(setup.agents()), setup.workspace(), setup.tokens(),
                agent -> windows.computeIfAbsent(agent, name -> setup.models().client(setup.agents().find(name)
                        .map(AgentSpec::model).orElse(null), AttemptListener.NONE).contextWindowTokens()), runPath);
    }

    /** Problems of a whole plan; empty when it can run. */
    public List<String> problems(Plan plan) {
        return problems(plan, Set.of());
    }

    /**
     * Problems of a plan, or of tasks added to a running graph: {@code existingIds} are tasks already in the
     * graph, which a dependency may name as "3" or "#3".
     */
    public List<String> problems(Plan plan, Set<Integer> existingIds) {
        List<String> problems = new ArrayList<>();
        if (plan.tasks().isEmpty()) {
            problems.add("the plan has no tasks: submit at least one task");
            return problems;
        }
        if (plan.tasks().size() > MAX_TASKS) {
            problems.add("the plan has " + Counts.full(plan.tasks().size()) + " tasks; at most " + MAX_TASKS
                    + " are allowed: group the work into larger tasks");
        }
        Map<String, PlannedTask> byKey = new LinkedHashMap<>();
        for (int i = 0; i < plan.tasks().size(); i++) {
            PlannedTask task = plan.tasks().get(i);
            String label = task.key().isEmpty() ? "task #" + (i + 1) : "task '" + task.key() + "'";
            if (task.key().isEmpty()) {
                problems.add(label + " has no key: give every task a unique key");
            } else if (byKey.putIfAbsent(task.key(), task) != null) {
                problems.add("the key '" + task.key() + "' is used by more than one task: keys must be unique");
            }
            checkFields(task, label, problems);
        }
        for (PlannedTask task : byKey.values()) {
            for (String dep : task.dependsOn()) {
                if (!byKey.containsKey(dep) && existingId(dep, existingIds).isEmpty()) {
                    problems.add("task '" + task.key() + "' depends on '" + dep + "', which is not a key of this plan"
                            + (existingIds.isEmpty() ? "" : " nor an existing task id")
                            + "; known keys: " + String.join(", ", byKey.keySet()));
                }
            }
        }
        if (windowOfAgent != null) {
            List<String> keys = new ArrayList<>(byKey.keySet());
            int firstId = existingIds.stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
            for (PlannedTask task : byKey.values()) {
                if (knownAgents.contains(task.agent())) {
                    checkSize(task, keys, firstId, byKey, existingIds, problems);
                }
            }
        }
        findCycle(byKey).ifPresent(cycle -> problems.add("the plan has a dependency cycle: "
                + String.join(" -> ", cycle) + "; remove one of these dependencies"));
        return problems;
    }

    /** A dependency naming an existing task: "3", "#3" or "task_3". */
    static Optional<Integer> existingId(String dep, Set<Integer> existingIds) {
        String digits = dep.strip().replaceFirst("^(#|task_)", "");
        if (!digits.matches("\\d{1,9}")) {
            return Optional.empty();
        }
        int id = Integer.parseInt(digits);
        return existingIds.contains(id) ? Optional.of(id) : Optional.empty();
    }

    private void checkFields(PlannedTask task, String label, List<String> problems) {
        if (task.subject().isEmpty()) {
            problems.add(label + " has no subject");
        }
        if (task.instruction().isBlank()) {
            problems.add(label + " has no instruction: say what the agent must do");
        }
        if (!knownAgents.contains(task.agent())) {
            problems.add(label + " uses the unknown agent '" + task.agent() + "'; known agents: "
                    + String.join(", ", knownAgents));
        }
        checkPaths(label, "input", task.inputs(), problems);
        checkPaths(label, "output", task.outputs(), problems);
    }

    /**
     * The task's text (instruction, inputs, outputs, criteria) is in its agent's prompt on every call and is never
     * compacted. The rest of that prompt (the run's plan, findings and progress, the tools: a few thousand tokens) and
     * the work itself need the other three quarters of the window: a task whose text takes more would fail when it
     * starts, after its dependencies ran, as an 8k-token model showed with a task of 199 inputs.
     */
    private void checkSize(PlannedTask task, List<String> keys, int firstId, Map<String, PlannedTask> byKey,
            Set<Integer> existingIds, List<String> problems) {
        Map<String, String> inputs = inputs(task, keys, firstId, byKey, existingIds);
        String label = "task '" + task.key() + "'";
        String text = text(task, inputs);
        int window = windowOfAgent.applyAsInt(task.agent());
        int limit = taskTextLimit(window);
        // A byte-level tokenizer never makes more tokens than bytes: a short text needs no counting.
        if (text.getBytes(StandardCharsets.UTF_8).length <= limit) {
            return;
        }
        int size = tokens.count(text);
        if (size > limit) {
            problems.add(label + " is too large for its agent's model: its text (instruction, "
                    + Counts.plural(inputs.size(), "input") + ", " + Counts.plural(task.outputs().size(), "output")
                    + ", criteria) takes " + Counts.plural(size, "token") + ", more than a quarter of the "
                    + Counts.full(window) + "-token context window, which leaves too little room to work: split it into tasks"
                    + " with fewer inputs or dependencies (each dependency adds its result file and outputs), for"
                    + " example tasks that each combine a group of results into one file, and a task that reads those");
        }
    }

    /** The inputs as the task will be created with them: each dependency adds its result file and outputs. */
    private Map<String, String> inputs(PlannedTask task, List<String> keys, int firstId, Map<String, PlannedTask> byKey,
            Set<Integer> existingIds) {
        Map<String, String> inputs = new LinkedHashMap<>(task.inputs());
        for (String dep : task.dependsOn()) {
            int id = byKey.containsKey(dep) ? firstId + keys.indexOf(dep) : existingId(dep, existingIds).orElse(0);
            PlannedTask planned = byKey.get(dep);
            PlanBook.dependencyInputs(inputs, id, runPath + "/" + RunLayout.resultName(id),
                    planned == null ? Map.of() : planned.outputs());
        }
        return inputs;
    }

    /** The task's text as its agent's prompt carries it on every call. */
    private static String text(PlannedTask task, Map<String, String> inputs) {
        return new TaskContract(task.subject(), task.instruction(), inputs, task.outputs(), task.successCriteria(), 1, 1)
                .render("submit_result");
    }

    private void checkPaths(String label, String kind, Map<String, String> paths, List<String> problems) {
        for (Map.Entry<String, String> entry : paths.entrySet()) {
            String path = entry.getValue();
            if (path == null || path.isBlank()) {
                problems.add(label + ": " + kind + " '" + entry.getKey() + "' has no path");
                continue;
            }
            try {
                workspace.resolveInside(path);
            } catch (OutsideWorkspaceException e) {
                problems.add(label + ": " + kind + " '" + entry.getKey() + "' = '" + path
                        + "' is outside the workspace; use a path relative to the workspace root");
            }
        }
    }

    /** The first cycle found by depth-first search, as keys from its start back to it. */
    private static Optional<List<String>> findCycle(Map<String, PlannedTask> byKey) {
        Map<String, Integer> state = new HashMap<>(); // 1 = on the stack, 2 = done
        for (String start : byKey.keySet()) {
            List<String> path = new ArrayList<>();
            Optional<List<String>> cycle = visit(start, byKey, state, path, new HashSet<>());
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        return Optional.empty();
    }

    private static Optional<List<String>> visit(String key, Map<String, PlannedTask> byKey,
            Map<String, Integer> state, List<String> path, Set<String> onPath) {
        Integer seen = state.get(key);
        if (seen != null && seen == 2) {
            return Optional.empty();
        }
        if (onPath.contains(key)) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(key), path.size()));
            cycle.add(key);
            return Optional.of(cycle);
        }
        PlannedTask task = byKey.get(key);
        if (task == null) {
            return Optional.empty();
        }
        onPath.add(key);
        path.add(key);
        for (String dep : task.dependsOn()) {
            Optional<List<String>> cycle = visit(dep, byKey, state, path, onPath);
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        onPath.remove(key);
        state.put(key, 2);
        return Optional.empty();
    }
}
