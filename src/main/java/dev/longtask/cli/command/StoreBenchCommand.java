package dev.longtask.cli.command;

import dev.longtask.api.Benchmarks;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.model.bench.StoreAppendFigures;
import dev.longtask.model.bench.StoreTaskFigures;
import dev.longtask.model.run.FsyncPolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code longtask bench store}: how fast the run store appends with each fsync policy, measured in one process
 * on this machine's disk. Each row is a fresh run in a scratch directory under the workspace (the workspace's
 * disk is the one runs use; /tmp may be memory), measured by {@link Benchmarks#storeAppends}.
 *
 * <p>A second table measures the store's share of an engine task: the calls a task's agent makes on the store,
 * in the engine's order and way (a claim and 2 llm.call records written behind, transcript lines, then result.json
 * with finding.added, progress.note and the completion in one batch), by worker threads taking the tasks of a run
 * one after another.
 */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Append throughput and latency of the run store with fsync always, grouped and none.")
final class StoreBenchCommand implements Callable<ExitCode> {
    private static final int TASKS = 8;

    @Mixin
    RunAccess.Workdir workdir;

    @Option(names = "--events", defaultValue = "1000", description = "Events per row (default: ${DEFAULT-VALUE}).")
    int events;

    @Option(names = "--threads", defaultValue = "8",
            description = "Appending threads of the concurrent rows (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--rounds", defaultValue = "3",
            description = "Each row is measured this many times, interleaved; the median round is shown "
                    + "(default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--tasks", defaultValue = "120",
            description = "Tasks per row of the engine-like table; 0 leaves the table out (default: ${DEFAULT-VALUE}).")
    int tasks;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public ExitCode call() throws Exception {
        if (events < threads || threads < 1 || rounds < 1) {
            throw CliFailure.usage("--events must be at least --threads, and --threads and --rounds at least 1");
        }
        if (tasks != 0 && tasks < threads) {
            throw CliFailure.usage("--tasks must be 0 or at least --threads");
        }
        Path workspace = workdir.workspace();
        Path scratch = Files.createTempDirectory(ensureDirectory(workspace.resolve(".longtask")), "bench-");
        PrintWriter out = spec.commandLine().getOut();
        List<FsyncPolicy> policies = List.of(FsyncPolicy.ALWAYS, FsyncPolicy.ALWAYS, FsyncPolicy.GROUPED,
                FsyncPolicy.GROUPED, FsyncPolicy.NONE);
        List<Integer> threadCounts = List.of(1, threads, 1, threads, threads);
        try {
            Benchmarks.storeAppends(scratch, FsyncPolicy.GROUPED, threads, Math.min(events, 500), TASKS);
            List<List<StoreAppendFigures>> byConfig = new ArrayList<>();
            policies.forEach(p -> byConfig.add(new ArrayList<>()));
            for (int round = 0; round < rounds; round++) {
                for (int c = 0; c < policies.size(); c++) {
                    byConfig.get(c).add(Benchmarks.storeAppends(scratch, policies.get(c), threadCounts.get(c), events,
                            TASKS));
                }
            }
            List<StoreAppendFigures> rows = new ArrayList<>();
            for (List<StoreAppendFigures> measured : byConfig) {
                measured.sort(Comparator.comparingDouble(StoreAppendFigures::perSecond));
                rows.add(measured.get(measured.size() / 2));
            }
            print(out, workspace, rows);
            if (tasks > 0) {
                out.println();
                printTasks(out, measureTasks(scratch));
            }
        } finally {
            deleteTree(scratch);
        }
        return ExitCode.OK;
    }

    private static Path ensureDirectory(Path dir) throws IOException {
        Files.createDirectories(dir);
        return dir;
    }

    private List<StoreTaskFigures> measureTasks(Path scratch) throws Exception {
        List<FsyncPolicy> policies = List.of(FsyncPolicy.ALWAYS, FsyncPolicy.ALWAYS, FsyncPolicy.GROUPED,
                FsyncPolicy.GROUPED);
        List<Integer> threadCounts = List.of(1, threads, 1, threads);
        Benchmarks.storeTasks(scratch, FsyncPolicy.GROUPED, threads, Math.min(tasks, 40));
        List<List<StoreTaskFigures>> byConfig = new ArrayList<>();
        policies.forEach(p -> byConfig.add(new ArrayList<>()));
        for (int round = 0; round < rounds; round++) {
            for (int c = 0; c < policies.size(); c++) {
                byConfig.get(c).add(Benchmarks.storeTasks(scratch, policies.get(c), threadCounts.get(c), tasks));
            }
        }
        List<StoreTaskFigures> rows = new ArrayList<>();
        for (List<StoreTaskFigures> measured : byConfig) {
            measured.sort(Comparator.comparingDouble(StoreTaskFigures::tasksPerSecond));
            rows.add(measured.get(measured.size() / 2));
        }
        return rows;
    }

    private void printTasks(PrintWriter out, List<StoreTaskFigures> rows) {
        out.printf(Locale.ROOT, "Engine-like tasks: %d tasks per row, each a claim and 2 `llm.call` written behind, "
                + "6 transcript lines, then result.json, `finding.added`, `progress.note` and the completion in one "
                + "batch (6 events, 4 commits); worker threads take the tasks one after another; median of %d "
                + "interleaved rounds.%n%n", tasks, rounds);
        out.println("| fsync | threads | tasks/s | median store time per task (ms) | p99 (ms) | log fsyncs per task "
                + "| projection files per task |");
        out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (StoreTaskFigures r : rows) {
            out.printf(Locale.ROOT, "| %s | %d | %,.1f | %,.1f | %,.1f | %.2f | %.2f |%n", r.policy().wire(),
                    r.threads(), r.tasksPerSecond(), r.medianNanos() / 1e6, r.p99Nanos() / 1e6,
                    (double) r.fsyncs() / r.tasks(), (double) r.projectionFiles() / r.tasks());
        }
    }

    private void print(PrintWriter out, Path workspace, List<StoreAppendFigures> rows) throws IOException {
        out.printf(Locale.ROOT, "Store append benchmark: %d `llm.call` events per row on %d tasks, median of %d "
                        + "interleaved rounds, %d cores, Java %s, %s file system at %s.%n%n", events, TASKS, rounds,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                Files.getFileStore(workspace).type(), workspace);
        out.println("| fsync | threads | events/s | median append (µs) | p99 append (µs) | fsyncs | events per fsync |");
        out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (StoreAppendFigures r : rows) {
            out.printf(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %,.0f | %s | %s |%n", r.policy().wire(), r.threads(),
                    r.perSecond(), r.medianNanos() / 1e3, r.p99Nanos() / 1e3,
                    String.format(Locale.ROOT, "%,d", r.fsyncs()),
                    r.fsyncs() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", (double) r.events() / r.fsyncs()));
        }
        out.println();
        StoreAppendFigures always1 = rows.get(0);
        StoreAppendFigures alwaysN = rows.get(1);
        StoreAppendFigures grouped1 = rows.get(2);
        StoreAppendFigures groupedN = rows.get(3);
        StoreAppendFigures noneN = rows.get(4);
        out.printf(Locale.ROOT, "- grouped / always, %d threads: %.2f× the events/s%n", threads,
                groupedN.perSecond() / alwaysN.perSecond());
        out.printf(Locale.ROOT, "- grouped / always, 1 thread: %.2f× the events/s (no concurrency, nothing to share)%n",
                grouped1.perSecond() / always1.perSecond());
        out.printf(Locale.ROOT, "- none / grouped, %d threads: %.2f× the events/s (the price of durability)%n", threads,
                noneN.perSecond() / groupedN.perSecond());
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
