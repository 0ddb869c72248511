package dev.longtask.cli;

import dev.longtask.model.Task;
import dev.longtask.store.RunSnapshot;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code longtask tasks RUN_ID}: the run's graph, one marker line a task. */
@Command(name = "tasks", mixinStandardHelpOptions = true,
        description = "Show a run's task graph as lines: [ ] pending, [>] running, [x] completed, [!] failed, "
                + "[-] cancelled, with (blocked by: ...).")
final class TasksCommand implements Callable<ExitCode> {
    @Mixin
    RunAccess.Workdir workdir;

    @Parameters(arity = "0..1", paramLabel = "RUN_ID", description = "The run (default: the newest).")
    String runId;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        RunSnapshot run = RunAccess.read(workspace, RunAccess.runOrNewest(workspace, runId));
        PrintWriter out = spec.commandLine().getOut();
        if (run.tasks().isEmpty()) {
            out.println("(no tasks yet in run " + run.run().id() + ")");
        }
        for (Task task : run.tasks()) {
            out.println(task.line());
        }
        return ExitCode.OK;
    }
}
