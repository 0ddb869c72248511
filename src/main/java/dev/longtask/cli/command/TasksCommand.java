package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStores;
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
                + "[-] cancelled, [~] interrupted (its process is gone), with (blocked by: ...).")
final class TasksCommand implements Callable<ExitCode> {
    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    StoreOption store = new StoreOption();

    @Parameters(arity = "0..1", paramLabel = "RUN_ID", description = "The run (default: the newest).")
    String runId;

    @Option(names = "--json", description = "Print the tasks as one JSON array, each as its tasks/task_<id>.json holds it (the owner only while"
            + " the task runs).")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * The tasks as their files hold them, but for the owner: the process that claimed a task is named only while the
     * task runs, and a running task whose process is gone says its owner is stale.
     */
    private static ArrayNode asShown(RunSnapshot run, boolean writerLives) {
        ArrayNode tasks = JsonOutput.mapper().valueToTree(run.tasks());
        for (JsonNode node : tasks) {
            ObjectNode task = (ObjectNode) node;
            if (!TaskStatus.IN_PROGRESS.wire().equals(task.path("status").asText())) {
                task.remove("owner");
            } else if (!writerLives) {
                task.put("owner_stale", true);
            }
        }
        return tasks;
    }

    /**
     * The line in {@code columns}, cut in its subject rather than its end: what a task waits for is the part a
     * person reads the graph for, so "(blocked by: ...)" stays whole while it takes at most half the line.
     */
    static String fit(String line, int columns) {
        int blockers = line.lastIndexOf(" (blocked by: ");
        if (columns <= 0 || blockers < 0 || TextWidth.of(line) < columns) {
            return TextWidth.fit(line, columns);
        }
        String tail = line.substring(blockers);
        int room = columns - 1 - TextWidth.of(tail);
        return room < columns / 2 ? TextWidth.fit(line, columns) : TextWidth.cut(line.substring(0, blockers), room) + tail;
    }

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        RunSnapshot run;
        boolean shared;
        try (RunStores stores = store.open(workspace)) {
            run = RunAccess.read(stores, workspace, RunAccess.runOrNewest(stores, workspace, runId));
            shared = stores.shared();
        }
        PrintWriter out = spec.commandLine().getOut();
        boolean writerLives = Runs.of(Stores.files(), workspace).writerPid(run.run().id()).isPresent();
        if (json) {
            out.println(JsonOutput.pretty(asShown(run, writerLives)));
            return ExitCode.OK;
        }
        if (run.tasks().isEmpty()) {
            out.println("(no tasks yet in run " + run.run().id() + ")");
        }
        // As status says: a run recorded as running whose process is gone (kill -9, a crash) runs no task. A shared
        // store's tasks are worked on other machines, where no pid here tells.
        RunStatus status = run.run().status();
        boolean gone = !writerLives && !shared && (status == RunStatus.RUNNING || status == RunStatus.PLANNING);
        int columns = TerminalSize.columnsOfStdout();
        for (Task task : run.tasks()) {
            String line = gone && task.status() == TaskStatus.IN_PROGRESS
                    ? task.line().replaceFirst("^\\[>\\]", "[~]") : task.line();
            out.println(fit(line, columns));
        }
        if (gone && run.tasks().stream().anyMatch(t -> t.status() == TaskStatus.IN_PROGRESS)) {
            out.println("[~] interrupted: the process running the run is gone");
            out.println("    resume with: " + RunAccess.resumeCommand(run.run().id(), workdir.path));
        }
        return ExitCode.OK;
    }
}
