package dev.longtask.cli;

import dev.longtask.api.Longtask;
import dev.longtask.api.Outcome;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.api.Stores;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunStores;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.Waiting;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The processor time longtask spends per task, warm: the engine, the store, the agent loop and the tools, not the model
 * (the scripted model answers from a process of its own over real HTTP, at once). Every process is started once and
 * works {@code --warmup} runs before the measured ones, so a process's start-up and JIT warm-up are paid once, as by a
 * long-lived {@code serve} or {@code worker}, and not counted per run.
 *
 * <ul>
 *   <li>files: one in-process runtime (the library's {@code Longtask}, as {@code serve} builds one) on the file store;
 *       this JVM's processor time over a run, per task.</li>
 *   <li>postgres: W {@code longtask worker} processes of S slots each, and an in-process scheduling runtime without
 *       slots ({@code workersOnly}, as {@code serve --store URL --slots 0}); the workers' processor time over a run
 *       (from /proc), per task, and the scheduler's (this JVM's) beside it. PostgreSQL's own is not counted.</li>
 * </ul>
 * Prints a line per run and {@code name=value} medians for PairedBench.
 *
 * <pre>java [-Dcpubench.jfr=DIR] -cp ... dev.longtask.cli.CpuPerTaskBench [--store files|postgres|both] [--tasks 48]
 *     [--runs 3] [--warmup 20] [--workers 8] [--slots 2] [--concurrency 8]</pre>
 * Warm means the JIT has settled: on two cores a runtime's compilers take over half of its processor time for its first
 * 20 runs of 48 tasks (C2 is still compiling the wide code of the agents, the store and the HTTP client), and each
 * line shows their share, so a figure taken before they settle can be told apart.
 * {@code -Dcpubench.jfr=DIR} has every worker write a flight recording into DIR ({@code -Dcpubench.jfrOptions=
 * ,jdk.ExecutionSample#period=4ms} adds to its options); {@code -Dcpubench.java=PATH}
 * starts the workers with another {@code java}, {@code -Dcpubench.workerOptions="..."} gives them more JVM options
 * (after the launcher's, which the workers get as {@code longtask worker} does: see {@link #startWorker}).
 */
public final class CpuPerTaskBench {
    private static final String GOAL = "Summarise the notes";

    public static void main(String[] args) throws Exception {
        String store = "both";
        int tasks = 48;
        int runs = 3;
        int warmup = 20;
        int workers = 8;
        int slots = 2;
        int concurrency = 8;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--store" -> store = args[i + 1];
                case "--tasks" -> tasks = Integer.parseInt(args[i + 1]);
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
                case "--workers" -> workers = Integer.parseInt(args[i + 1]);
                case "--slots" -> slots = Integer.parseInt(args[i + 1]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory(Path.of("/var/tmp"), "longtask-cpu-bench");
        Process model = startModel(tasks);
        try {
            String baseUrl = baseUrl(model);
            System.out.printf(Locale.ROOT, "%d tasks a run, %d warm-up runs, %d measured; %d cores, Java %s; load %s%n",
                    tasks, warmup, runs, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    load());
            if (!store.equals("postgres")) {
                List<Double> perTask = onFiles(dir, baseUrl, tasks, warmup, runs, concurrency);
                System.out.printf(Locale.ROOT, "cpu_ms_per_task_files=%.2f%n", median(perTask));
            }
            if (!store.equals("files")) {
                List<double[]> perTask = onPostgres(dir, baseUrl, tasks, warmup, runs, workers, slots);
                System.out.printf(Locale.ROOT, "cpu_ms_per_task_postgres_workers=%.2f%n",
                        median(perTask.stream().map(m -> m[0]).toList()));
                System.out.printf(Locale.ROOT, "cpu_ms_per_task_postgres_scheduler=%.2f%n",
                        median(perTask.stream().map(m -> m[1]).toList()));
            }
            System.out.printf("load after: %s%n", load());
        } finally {
            model.destroy();
            model.waitFor();
        }
        System.exit(0); // the embedded PostgreSQL stops with the JVM
    }

    private static List<Double> onFiles(Path dir, String baseUrl, int tasks, int warmup, int runs, int concurrency)
            throws Exception {
        Path ws = workspace(dir);
        List<Double> perTask = new ArrayList<>();
        try (Longtask runtime = Longtask.builder().workspace(ws).environment(Map.of()).home(dir.resolve("home"))
                .model("openai:scripted").baseUrl(baseUrl).concurrency(concurrency).build()) {
            List<Long> self = List.of(ProcessHandle.current().pid());
            for (int run = 0; run < warmup + runs; run++) {
                long before = processCpuNanos();
                long compilersBefore = compilersCpuMs(self);
                work(runtime, "files-" + run);
                double ms = (processCpuNanos() - before) / 1e6 / tasks;
                double compilersMs = (compilersCpuMs(self) - compilersBefore) / (double) tasks;
                if (run >= warmup) {
                    perTask.add(ms);
                }
                System.out.printf(Locale.ROOT, "files, run %d%s: %.2f CPU-ms a task (its JIT compilers %.2f)%n", run,
                        run < warmup ? " (warm-up)" : "", ms, compilersMs);
            }
        }
        return perTask;
    }

    /** Per measured run: the workers' CPU ms per task and the scheduler's. */
    private static List<double[]> onPostgres(Path dir, String baseUrl, int tasks, int warmup, int runs, int count,
                                             int slots) throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace(dir);
        Path home = dir.resolve("home");
        List<Process> workers = new ArrayList<>();
        List<double[]> perTask = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                workers.add(startWorker(dir, home, url, slots, i));
            }
            for (int i = 0; i < count; i++) {
                Path log = dir.resolve("worker-" + i + ".log");
                Waiting.until(() -> Files.exists(log) && read(log).contains("Ctrl-C or SIGTERM stops it"),
                        "a worker is up");
            }
            try (RunStores stores = Stores.of(url, Map.of(), 8);
                 Longtask scheduler = Longtask.builder().workspace(ws).environment(Map.of()).home(home).stores(stores)
                         .workersOnly(true).model("openai:scripted").baseUrl(baseUrl).concurrency(count * slots)
                         .build()) {
                for (int run = 0; run < warmup + runs; run++) {
                    long workersBefore = childrenCpuMs(workers);
                    long compilersBefore = compilersCpuMs(pids(workers));
                    long schedulerBefore = processCpuNanos();
                    work(scheduler, "pg-" + run);
                    double workerMs = (childrenCpuMs(workers) - workersBefore) / (double) tasks;
                    double compilersMs = (compilersCpuMs(pids(workers)) - compilersBefore) / (double) tasks;
                    double schedulerMs = (processCpuNanos() - schedulerBefore) / 1e6 / tasks;
                    if (run >= warmup) {
                        perTask.add(new double[] {workerMs, schedulerMs});
                    }
                    System.out.printf(Locale.ROOT, "postgres, %d workers of %d slots, run %d%s: %.2f CPU-ms a task in"
                            + " the workers (%.2f per worker a task; their JIT compilers %.2f), %.2f in the scheduler;"
                            + " load %s%n", count, slots, run, run < warmup ? " (warm-up)" : "", workerMs,
                            workerMs / count, compilersMs, schedulerMs, load());
                }
            }
        } finally {
            workers.forEach(Process::destroy); // SIGTERM: a worker hands back what it holds and ends
            for (Process worker : workers) {
                worker.waitFor();
            }
        }
        return perTask;
    }

    /**
     * {@code longtask worker} with the JVM options the launcher gives it (its options for the commands of kind
     * {@code read}: the serial collector, C1 alone, reflection through native accessors), without the launcher's
     * start-up cache (which is made for the jar, not these class directories). {@code -Dcpubench.workerOptions=
     * -XX:TieredStopAtLevel=4} gives the workers C2 back.
     */
    private static Process startWorker(Path dir, Path home, String url, int slots, int index) throws Exception {
        String classPath = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes")).collect(java.util.stream.Collectors.joining(
                        java.io.File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(System.getProperty("cpubench.java",
                        dev.longtask.testing.ChildJvm.javaBinary()), "-XX:+UseSerialGC", "-XX:-UsePerfData",
                "-XX:TieredStopAtLevel=1", "-Djdk.reflect.useNativeAccessorOnly=true", "-Duser.home=" + home));
        String options = System.getProperty("cpubench.workerOptions");
        if (options != null && !options.isBlank()) {
            // -Dcpubench.workerOptions="...": more JVM options for the workers, after the launcher's (C2 back...)
            command.addAll(List.of(options.trim().split("\\s+")));
        }
        String jfr = System.getProperty("cpubench.jfr");
        if (jfr != null) {
            // -Dcpubench.jfr=DIR: each worker writes a flight recording (profile settings) to see where its time goes
            command.add("-XX:StartFlightRecording=filename=" + Path.of(jfr, "worker-" + index + ".jfr")
                    + ",settings=profile" + System.getProperty("cpubench.jfrOptions", ""));
        }
        command.addAll(List.of("-cp", classPath, "dev.longtask.cli.Main", "worker", "--store", url, "--slots",
                String.valueOf(slots)));
        return new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(dir.resolve("worker-" + index + ".log").toFile()).start();
    }

    private static void work(Longtask runtime, String runId) throws Exception {
        RunHandle run = runtime.start(RunRequest.goal(GOAL).withRunId(runId));
        Outcome outcome = run.await();
        if (outcome.status() != RunStatus.COMPLETED) {
            throw new IllegalStateException("run " + runId + " ended " + outcome.status());
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The live workers' user + system time in ms, from /proc (clock ticks of 10 ms). */
    private static long childrenCpuMs(List<Process> workers) throws Exception {
        long ticks = 0;
        for (Process worker : workers) {
            String stat = Files.readString(Path.of("/proc", Long.toString(worker.pid()), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14 and 15)
        }
        return ticks * 10;
    }

    private static List<Long> pids(List<Process> processes) {
        return processes.stream().map(Process::pid).toList();
    }

    /**
     * The JIT compiler threads' user + system time in ms of the live processes {@code pids}, from /proc (a compiler
     * thread that ended since is not counted: a floor).
     */
    private static long compilersCpuMs(List<Long> pids) throws Exception {
        long ticks = 0;
        for (long pid : pids) {
            try (java.util.stream.Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
                for (Path thread : threads.toList()) {
                    try {
                        if (!Files.readString(thread.resolve("comm")).startsWith("C")
                                || !Files.readString(thread.resolve("comm")).contains("CompilerThre")) {
                            continue;
                        }
                        String stat = Files.readString(thread.resolve("stat"));
                        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    } catch (java.io.IOException ended) {
                        // the thread ended meanwhile (NoSuchFileException, or ESRCH while its file is read)
                    }
                }
            }
        }
        return ticks * 10;
    }

    /** The scripted model in a JVM of its own, so that its work is not counted as longtask's. */
    private static Process startModel(int tasks) throws Exception {
        return new ProcessBuilder("java", "-cp", System.getProperty("java.class.path"),
                "dev.longtask.testing.ScriptedProvider", "--port", "0", "--tasks", String.valueOf(tasks))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static String baseUrl(Process model) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(model.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.contains("listening on ")) {
            throw new IllegalStateException("the scripted model did not start: " + line);
        }
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // its usage lines
                }
            } catch (java.io.IOException gone) {
                // the model ended
            }
        });
        drain.setDaemon(true);
        drain.start();
        return line.substring(line.indexOf("listening on ") + "listening on ".length()).trim();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path workspace(Path dir) throws Exception {
        Path ws = Files.createTempDirectory(dir, "ws");
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws.toRealPath();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String load() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }
}
