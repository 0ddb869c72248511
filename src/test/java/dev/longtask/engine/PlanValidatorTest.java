package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

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
