package dev.longtask.cli.command;

import dev.longtask.api.Benchmarks;
import dev.longtask.cli.ExitCode;
import dev.longtask.model.bench.CheckpointFigures;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code longtask bench checkpoints}: what recording each task's changes costs, against workspace size. */
@Command(name = "checkpoints", mixinStandardHelpOptions = true,
        description = "Cost per task of checkpoints on a generated workspace, and the shadow repository's size.")
final class CheckpointBenchCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--files", defaultValue = "10000", description = "Files in the workspace (default ${DEFAULT-VALUE}).")
    int files;

    @Option(names = "--mb", defaultValue = "200", description = "Megabytes in the workspace (default ${DEFAULT-VALUE}).")
    int megabytes;

    @Option(names = "--tasks", defaultValue = "1000", description = "Tasks to record (default ${DEFAULT-VALUE}).")
    int tasks;

    @Option(names = "--shells", defaultValue = "100", description = "Tasks that also run a shell command "
            + "(default ${DEFAULT-VALUE}).")
    int shells;

    @Option(names = "--dir", description = "Where to build the workspace (default: a temporary directory).")
    Path dir;

    @Override
    public ExitCode call() throws IOException {
        Path where = dir != null ? dir : Files.createTempDirectory("longtask-bench-checkpoints");
        CheckpointFigures f = Benchmarks.checkpoints(where.resolve("ws"), files, (long) megabytes << 20, tasks,
                Math.min(shells, tasks));
        PrintWriter out = spec.commandLine().getOut();
        out.println("| files | MB | first read | next open | per task, median (start / end) | per task, p90 "
                + "| shell call, median | shadow after " + tasks + " tasks | after gc |");
        out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        out.printf("| %,d | %d | %,d ms | %,d ms | %.1f ms (%.1f / %.1f) | %.1f ms | %.1f ms | %.1f MB | %.1f MB |%n",
                f.files(), megabytes, f.firstReadMs(), f.secondOpenMs(), f.medianTaskMs(), f.medianStartMs(),
                f.medianEndMs(), f.p90TaskMs(), f.medianShellMs(), f.shadowBytes() / 1048576.0,
                f.shadowBytesAfterGc() / 1048576.0);
        out.flush();
        return ExitCode.OK;
    }
}
