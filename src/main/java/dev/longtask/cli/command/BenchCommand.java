package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import picocli.CommandLine.Command;

/** {@code longtask bench ...}: measurements of this machine, printed as Markdown tables (not tests). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure parts of longtask on this machine; prints Markdown tables.",
        subcommands = {StoreBenchCommand.class, CheckpointBenchCommand.class})
final class BenchCommand implements Runnable {
    @Override
    public void run() {
        throw CliFailure.usage("bench needs a subcommand: store or checkpoints (see `longtask bench --help`)");
    }
}
