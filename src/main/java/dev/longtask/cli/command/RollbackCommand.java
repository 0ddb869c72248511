package dev.longtask.cli.command;

import dev.longtask.api.RecordedChanges;
import dev.longtask.api.RunDiff;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.model.EventData;
import dev.longtask.model.run.Rollback;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.undo.Checkpoints;
import dev.longtask.model.run.RunSnapshot;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "rollback", mixinStandardHelpOptions = true,
        description = {"Undo what a task, the tasks after one, or a whole run changed in the workspace.",
                "The workspace is kept first, so changes you made meanwhile are never lost."})
final class RollbackCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "RUN_ID", description = "The run.")
    String runId;

    @Mixin
    RunAccess.Workdir workdir;

    static final class Scope {
        @Option(names = "--task", paramLabel = "N", description = "Only task N's changes.")
        Integer task;

        @Option(names = "--after", paramLabel = "N", description = "The changes of the tasks that started after "
                + "task N finished.")
        Integer after;
    }

    @ArgGroup(exclusive = true)
    Scope scope = new Scope();

    @Option(names = "--force", description = "Undo even where a later change touched the same lines.")
    boolean force;

    private static Set<Integer> tasksAfter(RecordedChanges changes, int task) {
        try {
            return changes.tasksAfter(task);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        RunSnapshot run = RunAccess.read(workspace, runId);
        // A task the run does not have is a typo: --after of one would otherwise undo every task of the run.
        Integer named = scope.task != null ? scope.task : scope.after;
        if (named != null) {
            RunAccess.call(() -> run.task(named));
        }
        PrintWriter out = spec.commandLine().getOut();
        // Held open for writing meanwhile (refused while the run runs): no session starts it while files go back.
        try (RunStore store = RunAccess.openForWriting(workspace, runId, spec.commandLine().getErr());
             RecordedChanges changes = RunDiff.changes(workspace, runId)) {
            Set<Integer> tasks = scope.task != null ? Set.of(scope.task)
                    : scope.after != null ? RunAccess.call(() -> tasksAfter(changes, scope.after)) : changes.tasks();
            String what = scope.task != null ? "task #" + scope.task : scope.after != null
                    ? "the tasks after #" + scope.after : "run " + runId;
            Rollback result = changes.rollback(tasks, force);
            if (!result.refused().isEmpty() && result.stash() == null) {
                throw new CliFailure(ExitCode.FAILED, "nothing rolled back: later changes touch the same lines of "
                        + String.join("; ", result.refused()) + ". Look with 'longtask diff " + runId
                        + "', or use --force (your files are kept first either way)");
            }
            if (!result.restored().isEmpty()) {
                RunAccess.run(() -> store.append(null, new EventData.RunRolledBack(what, result.tasks(),
                        result.restored(), result.stash(), "cli")));
            }
            if (result.restored().isEmpty()) {
                out.println("nothing to roll back: " + what + (scope.after != null ? " have" : " has")
                        + " no changes that still stand");
            } else {
                out.println("rolled back " + what + ": " + result.restored().size()
                        + (result.restored().size() == 1 ? " file" : " files") + " restored ("
                        + String.join(", ", result.restored()) + ")");
                out.println("the workspace as it was is kept as " + result.stash().substring(0, 12)
                        + "; get a file back with:");
                out.println("  git --git-dir " + workspace.resolve(Checkpoints.DIRECTORY) + " show " + result.stash().substring(0, 12)
                        + ":PATH > PATH");
            }
            out.flush();
            return ExitCode.OK;
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new CliFailure(ExitCode.FAILED, "cannot roll back run " + runId + ": " + e.getMessage());
        }
    }
}
