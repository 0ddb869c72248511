package dev.longtask.cli;

import dev.longtask.model.Task;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.RunStores;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code longtask tasks RUN_ID}: the run's graph, one marker line a task, or every task file as JSON. */
@Command(name = "tasks", mixinStandardHelpOptions = true,
        description = "Show a run's task graph as lines: [ ] pending, [>] running, [x] completed, [!] failed, "
                + "[-] cancelled, with (blocked by: ...).")
final class TasksCommand implements Callable<ExitCode> {
    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    StoreOption store = new StoreOption();

    @Parameters(arity = "0..1", paramLabel = "RUN_ID", description = "The run (default: the newest).")
    String runId;

    @Option(names = "--json", description = "Print the tasks as one JSON array, each as its tasks/task_<id>.json holds it.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        RunSnapshot run;
        try (RunStores stores = store.open(workspace)) {
            run = RunAccess.read(stores, workspace, RunAccess.runOrNewest(stores, workspace, runId));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JsonOutput.pretty(run.tasks()));
            return ExitCode.OK;
        }
        if (run.tasks().isEmpty()) {
            out.println("(no tasks yet in run " + run.run().id() + ")");
        }
        int columns = TerminalSize.columnsOfStdout();
        for (Task task : run.tasks()) {
            out.println(TextWidth.fit(task.line(), columns));
        }
        return ExitCode.OK;
    }
}
