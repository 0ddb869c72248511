package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which commands have the JSON readers of a run's state made on a second core as they start. */
class CommandsTest {
    @Test
    void theCommandsThatReadOneRunsStatePrepareItsReadersAndNoOtherDoes() {
        assertThat(Commands.ALL.stream().filter(Commands::readsRuns)).containsExactlyInAnyOrder(StatusCommand.class,
                TasksCommand.class, ResumeCommand.class, ReportCommand.class, TaskCommand.class, ApproveCommand.class,
                CancelCommand.class);
        // a server, an MCP server or a new run read no run's state as they start: the work would be spent for nothing
        assertThat(Commands.readsRuns(ServeCommand.class)).isFalse();
        assertThat(Commands.readsRuns(McpCommand.class)).isFalse();
        assertThat(Commands.readsRuns(RunCommand.class)).isFalse();
        assertThat(Commands.readsRuns(RunsCommand.class)).isFalse();
    }
}
