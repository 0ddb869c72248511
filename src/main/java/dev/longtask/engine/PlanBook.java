package dev.longtask.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunStore;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns accepted plans into tasks of the graph. A plan is first recorded whole ({@code plan.accepted}, with the
 * id its first task will get), then its tasks are created one by one in dependency order; a crash in between
 * is mended on resume by creating the tasks still missing, so a plan is never half there.
 */
final class PlanBook {
    private final RunStore store;
    private final ObjectMapper json;
    private final String runPath;

    /** @param runPath the run directory relative to the workspace, e.g. ".longtask/runs/20261126-101500-ab12" */
    PlanBook(RunStore store, ObjectMapper json, String runPath) {
        this.store = store;
        this.json = json;
        this.runPath = runPath;
    }

    static Plan parse(ObjectMapper json, JsonNode arguments, String field) {
        JsonNode tasks = arguments.path(field);
        List<PlannedTask> planned = new ArrayList<>();
        if (tasks.isArray()) {
            for (JsonNode t : tasks) {
                planned.add(json.convertValue(t, PlannedTask.class));
            }
        }
        return new Plan(planned);
    }

    /** Records the plan, then creates its tasks; returns the ids given, in plan order. */
    List<Integer> accept(Plan plan, String source, int round, Estimate estimate) {
        Plan ordered = inDependencyOrder(plan);
        int firstId = store.tasks().stream().mapToInt(Task::id).max().orElse(0) + 1;
        store.append(null, new EventData.PlanAccepted(firstId, source, round, json.valueToTree(ordered.tasks()),
                estimate == null ? null : json.valueToTree(estimate)));
        return materialize(ordered, firstId);
    }

    /**
     * Creates the tasks of every accepted plan that a crash left uncreated. The run's history names those plans, so
     * only a run that has one reads its log, and only from that plan on.
     */
    void mendUnfinishedPlans(RunHistory history) {
        for (RunHistory.PlanMark plan : history.unfinishedPlans()) {
            for (Event e : store.eventsAfter(plan.seq() - 1, EventType.PLAN_ACCEPTED::equals)) {
                if (e.seq() == plan.seq()) {
                    materialize(parse(json, e.data(), "tasks"), e.data().path("first_id").asInt());
                    break;
                }
            }
        }
    }

    private List<Integer> materialize(Plan ordered, int firstId) {
        Map<String, Integer> idOf = new HashMap<>();
        for (int i = 0; i < ordered.tasks().size(); i++) {
            idOf.put(ordered.tasks().get(i).key(), firstId + i);
        }
        Map<Integer, Task> existing = new HashMap<>();
        store.tasks().forEach(t -> existing.put(t.id(), t));
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < ordered.tasks().size(); i++) {
            int id = firstId + i;
            ids.add(id);
            if (existing.containsKey(id)) {
                continue;
            }
            Task created = store.createTask(draft(ordered.tasks().get(i), idOf, existing));
            if (created.id() != id) {
                throw new IllegalStateException("plan task '" + ordered.tasks().get(i).key() + "' was expected to get id "
                        + id + " but got " + created.id() + "; the graph was edited while the plan was being created");
            }
            existing.put(id, created);
        }
        return ids;
    }

    /**
     * A task of the plan as the store creates it: its dependencies as ids (completed ones are not waited for),
     * and the result file and declared outputs of every dependency added to its inputs, so downstream tasks
     * get paths, never pasted contents.
     */
    private TaskDraft draft(PlannedTask p, Map<String, Integer> idOf, Map<Integer, Task> existing) {
        List<Integer> blockedBy = new ArrayList<>();
        Map<String, String> inputs = new LinkedHashMap<>(p.inputs());
        for (String dep : p.dependsOn()) {
            Integer depId = idOf.containsKey(dep) ? idOf.get(dep)
                    : PlanValidator.existingId(dep, existing.keySet()).orElseThrow(() ->
                    new IllegalArgumentException("dependency '" + dep + "' of '" + p.key() + "' names no task"));
            Task depTask = existing.get(depId);
            if (depTask == null || depTask.status() != TaskStatus.COMPLETED) {
                blockedBy.add(depId);
            }
            dependencyInputs(inputs, depId, resultPath(depId), depTask == null ? Map.of() : depTask.outputs());
        }
        return new TaskDraft(p.subject(), p.instruction(), p.agent(), blockedBy, inputs, p.outputs(),
                p.successCriteria());
    }

    /**
     * What a task gets as inputs from one dependency: its result file and its declared outputs, each once: a path
     * the task already lists (the planner named the output as an input too) is not listed again.
     */
    static void dependencyInputs(Map<String, String> inputs, int depId, String resultPath, Map<String, String> outputs) {
        addOnce(inputs, "task_" + depId + "_result", resultPath);
        outputs.forEach((name, path) -> addOnce(inputs, "task_" + depId + "_" + name, path));
    }

    private static void addOnce(Map<String, String> inputs, String name, String path) {
        String same = normal(path);
        if (inputs.values().stream().noneMatch(listed -> normal(listed).equals(same))) {
            inputs.putIfAbsent(name, path);
        }
    }

    private static String normal(String path) {
        try {
            return java.nio.file.Path.of(path).normalize().toString();
        } catch (java.nio.file.InvalidPathException e) {
            return path;
        }
    }

    String runPath() {
        return runPath;
    }

    String resultPath(int id) {
        return resultPathPattern().replace("<id>", String.valueOf(id));
    }

    /** Where every task's result file is, with {@code <id>} for the task's number. */
    String resultPathPattern() {
        return runPath + "/" + RunLayout.RESULTS + "/task_<id>/" + RunLayout.RESULT_FILE;
    }

    /** The plan's tasks reordered so every task comes after the tasks it depends on; otherwise in plan order. */
    static Plan inDependencyOrder(Plan plan) {
        Map<String, PlannedTask> byKey = new LinkedHashMap<>();
        plan.tasks().forEach(t -> byKey.put(t.key(), t));
        List<PlannedTask> ordered = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        for (PlannedTask t : plan.tasks()) {
            place(t, byKey, placed, ordered, new ArrayDeque<>());
        }
        return new Plan(ordered);
    }

    private static void place(PlannedTask t, Map<String, PlannedTask> byKey, Set<String> placed,
            List<PlannedTask> ordered, Deque<String> visiting) {
        if (placed.contains(t.key()) || visiting.contains(t.key())) {
            return;
        }
        visiting.push(t.key());
        for (String dep : t.dependsOn()) {
            PlannedTask d = byKey.get(dep);
            if (d != null) {
                place(d, byKey, placed, ordered, visiting);
            }
        }
        visiting.pop();
        placed.add(t.key());
        ordered.add(t);
    }
}
