package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an agent starts from of the run's memory files: what they say, not the headings of what is still empty. */
class RunMemoryTest {
    @TempDir
    Path run;

    @Test
    void headingsWithoutContentAndSectionsThatSayNoneAreLeftOut() throws Exception {
        Files.writeString(run.resolve("task_plan.md"), """
                # Task plan

                Run r1: running

                ## Tasks

                [>] #1: Map the store

                ## Errors

                (none)
                """);
        Files.writeString(run.resolve("findings.md"), "# Findings\n");
        Files.writeString(run.resolve("progress.md"), "# Progress\n\n## Session 2026-11-26T07:11:03Z\n\n### Round 1: carry out the plan\n");

        RunMemory memory = RunMemory.read(run);

        assertThat(memory.planHead()).contains("Run r1: running", "[>] #1: Map the store").doesNotContain("Errors", "(none)");
        assertThat(memory.findingsTail()).isEmpty();
        assertThat(memory.progressTail()).isEmpty();
    }

    @Test
    void memoryWithContentIsKeptWhole() throws Exception {
        Files.writeString(run.resolve("findings.md"), "# Findings\n\n## Task 1: Map\n\n- src/a.java:3 holds the entry\n");
        Files.writeString(run.resolve("task_plan.md"), "# Task plan\n\n## Errors\n\n- #2 failed: no input\n");

        RunMemory memory = RunMemory.read(run);

        assertThat(memory.findingsTail()).isEqualTo("# Findings\n\n## Task 1: Map\n\n- src/a.java:3 holds the entry");
        assertThat(memory.planHead()).contains("## Errors", "- #2 failed: no input");
        assertThat(memory.progressTail()).isEmpty();
    }

    @Test
    void fittingKeepsThePlanHeadAndTheNewestFindingsAndProgress() {
        RunMemory memory = new RunMemory("goal\nplan line 2\nplan line 3", "old finding\nnew finding",
                "old step\nnew step");
        RunMemory fitted = memory.fitTo(12);
        assertThat(fitted.planHead()).isEqualTo("goal\n[... the rest of the file is not shown]");
        assertThat(fitted.findingsTail()).isEqualTo("[... earlier lines are not shown]\nnew finding");
        assertThat(fitted.progressTail()).isEqualTo("[... earlier lines are not shown]\nnew step");
        assertThat(memory.fitTo(1_000)).isEqualTo(memory);
        assertThat(LoopSettings.memoryCharsPerSection(8_192)).isLessThan(RunMemory.MAX_CHARS);
        assertThat(LoopSettings.memoryCharsPerSection(200_000)).isEqualTo(RunMemory.MAX_CHARS);
    }
}
