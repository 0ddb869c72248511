package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.tools.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanValidatorTest {
    @TempDir
    Path dir;
    PlanValidator validator;

    @BeforeEach
    void setUp() throws Exception {
        validator = new PlanValidator(Set.of("general", "analyzer"), new Workspace(dir));
    }

    static PlannedTask task(String key, String agent, List<String> deps, Map<String, String> outputs) {
        return new PlannedTask(key, "subject " + key, "do " + key, agent, deps, Map.of(), outputs, List.of());
    }

    @Test
    void aSoundPlanHasNoProblems() {
        Plan plan = new Plan(List.of(task("a", "general", List.of(), Map.of("out", "notes/a.md")),
                task("b", "analyzer", List.of("a"), Map.of())));
        assertThat(validator.problems(plan)).isEmpty();
    }

    @Test
    void aTaskWhoseInputsCannotLeaveRoomInItsModelsWindowIsRefusedWithWhatToDo() throws Exception {
        PlanValidator small = new PlanValidator(Set.of("general"), new Workspace(dir), TokenCounter.shared(),
                agent -> 8_192, ".longtask/runs/20261126-101500-a1b2");
        List<String> problems = small.problems(fanIn(198));
        assertThat(problems).as("a task that combines 198 results gets 396 inputs").singleElement().asString()
                .startsWith("task 'combine' is too large for its agent's model: its text (instruction, 396 inputs,"
                        + " 1 output, criteria) takes ")
                .contains("8,192-token context window").contains("split it into tasks with fewer inputs");

        assertThat(small.problems(fanIn(10))).as("ten results fit").isEmpty();
        assertThat(new PlanValidator(Set.of("general"), new Workspace(dir), TokenCounter.shared(), agent -> 200_000,
                null).problems(fanIn(198))).as("a large window has room").isEmpty();
    }

    /** {@code parts} tasks that each write a part, and one that combines them all. */
    private static Plan fanIn(int parts) {
        List<PlannedTask> tasks = new java.util.ArrayList<>();
        List<String> keys = new java.util.ArrayList<>();
        for (int i = 1; i <= parts; i++) {
            tasks.add(task("part_" + i, "general", List.of(), Map.of("part", "out/part_" + i + ".md")));
            keys.add("part_" + i);
        }
        tasks.add(new PlannedTask("combine", "Combine the parts", "Read every part and combine them", "general", keys,
                Map.of(), Map.of("report", "out/report.md"), List.of()));
        return new Plan(tasks);
    }

    @Test
    void aPlanOverTheTaskLimitSaysItsSizeAsNumbersAreWritten() {
        List<PlannedTask> tasks = new java.util.ArrayList<>();
        for (int i = 1; i <= 1316; i++) {
            tasks.add(task("t" + i, "general", List.of(), Map.of()));
        }
        assertThat(validator.problems(new Plan(tasks))).first().asString()
                .isEqualTo("the plan has 1,316 tasks; at most 200 are allowed: group the work into larger tasks");
    }

    @Test
    void anEmptyPlanIsRefused() {
        assertThat(validator.problems(new Plan(List.of()))).singleElement().asString().contains("no tasks");
    }

    @Test
    void anUnknownAgentIsNamedWithTheKnownOnes() {
        List<String> problems = validator.problems(new Plan(List.of(task("a", "wizard", List.of(), Map.of()))));
        assertThat(problems).singleElement().asString()
                .contains("'wizard'").contains("analyzer, general");
    }

    @Test
    void anUnknownDependencyIsNamed() {
        List<String> problems = validator.problems(new Plan(List.of(task("a", "general", List.of("zz"), Map.of()))));
        assertThat(problems).singleElement().asString().contains("depends on 'zz'");
    }

    @Test
    void aCycleIsShownAsAChain() {
        Plan plan = new Plan(List.of(task("a", "general", List.of("c"), Map.of()),
                task("b", "general", List.of("a"), Map.of()),
                task("c", "general", List.of("b"), Map.of())));
        assertThat(validator.problems(plan)).singleElement().asString()
                .contains("cycle").containsPattern("(a|b|c) -> (a|b|c) -> (a|b|c) -> (a|b|c)");
    }

    @Test
    void aSelfDependencyIsACycle() {
        assertThat(validator.problems(new Plan(List.of(task("a", "general", List.of("a"), Map.of())))))
                .singleElement().asString().contains("a -> a");
    }

    @Test
    void outputsOutsideTheWorkspaceAreRefused() {
        Plan plan = new Plan(List.of(task("a", "general", List.of(), Map.of("x", "../elsewhere.md")),
                task("b", "general", List.of(), Map.of("y", "/etc/passwd"))));
        assertThat(validator.problems(plan)).hasSize(2).allMatch(p -> p.contains("outside the workspace"));
    }

    @Test
    void duplicateKeysAreRefused() {
        Plan plan = new Plan(List.of(task("a", "general", List.of(), Map.of()), task("a", "general", List.of(), Map.of())));
        assertThat(validator.problems(plan)).anyMatch(p -> p.contains("more than one task"));
    }

    @Test
    void addedTasksMayDependOnExistingIds() {
        Plan added = new Plan(List.of(task("fix", "general", List.of("#3", "task_4"), Map.of())));
        assertThat(validator.problems(added, Set.of(3, 4))).isEmpty();
        assertThat(validator.problems(added, Set.of(3))).singleElement().asString().contains("'task_4'");
    }
}
