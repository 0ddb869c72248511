package dev.longtask.cli.command;

import dev.longtask.api.RecordedChanges;
import dev.longtask.api.RunDiff;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.cli.view.Palette;
import dev.longtask.model.run.FileDiff;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.TaskDiff;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Show what each task of a run changed in the workspace, as a unified diff.")
final class DiffCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "RUN_ID", description = "The run.")
    String runId;

    @Mixin
    RunAccess.Workdir workdir;

    @Option(names = "--task", paramLabel = "N", description = "Only task N.")
    Integer task;

    @Option(names = "--stat", description = "A line per file with the lines added and removed, not the diff.")
    boolean stat;

    @Option(names = "--json", description = "The changes as JSON (with --stat, each file's counts alone).")
    boolean json;

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        RunSnapshot run = RunAccess.read(workspace, runId);
        if (task != null) {
            RunAccess.call(() -> run.task(task));
        }
        List<TaskDiff> diffs;
        Map<String, List<Integer>> shared;
        try (RecordedChanges changes = RunDiff.changes(workspace, runId)) {
            diffs = changes.diff(task);
            shared = changes.sharedFiles();
        } catch (IOException e) {
            throw new CliFailure(ExitCode.FAILED, "cannot read the changes of run " + runId + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Object tasks = stat ? diffs.stream().map(DiffCommand::withoutText).toList() : diffs;
            out.println(JsonOutput.pretty(Map.of("run_id", runId, "tasks", tasks, "shared_files", shared)));
            out.flush();
            return ExitCode.OK;
        }
        if (diffs.isEmpty()) {
            out.println(task == null ? "run " + runId + " recorded no changes to the workspace"
                    : "task #" + task + " of run " + runId + " has no recorded changes");
            out.flush();
            return ExitCode.OK;
        }
        Palette palette = Palette.forCommand(spec);
        for (TaskDiff diff : diffs) {
            out.println(palette.bold("task #" + diff.task() + " (attempt " + diff.attempt()
                    + (diff.ended() ? "" : ", not finished") + "): " + diff.files().size()
                    + (diff.files().size() == 1 ? " file" : " files")));
            for (FileDiff file : diff.files()) {
                if (stat) {
                    out.println("  " + file.path() + " | " + palette.green("+" + file.added()) + " "
                            + palette.red("-" + file.removed()) + (file.change().equals("modified") ? ""
                            : " (" + file.change() + ")"));
                    continue;
                }
                file.unified().lines().forEach(line -> out.println(colour(palette, line)));
            }
        }
        if (!shared.isEmpty() && task == null) {
            out.println(palette.yellow("changed by more than one task:"));
            shared.forEach((path, tasks) -> out.println("  " + path + ": tasks " + tasks.stream()
                    .map(t -> "#" + t).reduce((a, b) -> a + ", " + b).orElse("")));
        }
        out.flush();
        return ExitCode.OK;
    }

    /** A task's changes as {@code --stat} shows them: each file's counts without its diff. */
    record TaskStat(int task, int attempt, boolean ended, List<FileStat> files) {
    }

    record FileStat(String path, String change, int added, int removed) {
    }

    private static TaskStat withoutText(TaskDiff diff) {
        return new TaskStat(diff.task(), diff.attempt(), diff.ended(), diff.files().stream()
                .map(file -> new FileStat(file.path(), file.change(), file.added(), file.removed())).toList());
    }

    private static String colour(Palette palette, String line) {
        if (line.startsWith("+++") || line.startsWith("---")) {
            return palette.bold(line);
        }
        if (line.startsWith("@@")) {
            return palette.dim(line);
        }
        if (line.startsWith("+")) {
            return palette.green(line);
        }
        return line.startsWith("-") ? palette.red(line) : line;
    }
}
