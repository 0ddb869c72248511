package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.view.TextWidth;
import org.junit.jupiter.api.Test;

/** A task's line in {@code longtask tasks} at a terminal's width. */
class TasksLineTest {
    @Test
    void aLongSubjectIsCutBeforeWhatTheTaskWaitsFor() {
        String line = "[ ] #12: Review the store's file backend and its crash handling in depth (blocked by: 3, 7, 9)";
        String shown = TasksCommand.fit(line, 80);
        assertThat(shown).endsWith("… (blocked by: 3, 7, 9)").startsWith("[ ] #12: Review the store's");
        assertThat(TextWidth.of(shown)).isEqualTo(79);
    }

    @Test
    void aLineThatFitsIsWholeAndOneWithoutBlockersIsCutAtItsEnd() {
        assertThat(TasksCommand.fit("[x] #1: Map the modules", 80)).isEqualTo("[x] #1: Map the modules");
        String plain = "[ ] #2: " + "a very long subject ".repeat(6);
        assertThat(TasksCommand.fit(plain, 80)).endsWith("…").hasSize(79);
    }

    @Test
    void blockersLongerThanHalfTheLineAreCutLikeAnyText() {
        String line = "[ ] #40: Write the report (blocked by: " + "1, ".repeat(30) + "2)";
        assertThat(TasksCommand.fit(line, 80)).startsWith("[ ] #40: Write the report (blocked by: 1, ").endsWith("…");
    }
}
