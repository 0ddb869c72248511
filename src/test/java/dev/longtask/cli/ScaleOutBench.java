package dev.longtask.cli;

import dev.longtask.api.Longtask;
import dev.longtask.api.Outcome;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.store.RunStores;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.Waiting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Scale-out measured (BENCHMARKS.md, "Scale-out"): on a simulated model (the scripted model behind a real HTTP server,
 * sleeping a fixed time per call), one run of {@code --tasks} tasks carried out by 1, 2, 4, 8 {@code longtask worker}
 * processes on PostgreSQL, each against {@code longtask run} on the file store with the same slots, the two in turn
 * round after round; then 1, 10, 100 runs at once on PostgreSQL, scheduled by one process with no slots of its own and
 * worked by the same workers. Prints Markdown tables: medians with min-max, and the median of the pair-by-pair ratios.
 *
 * <pre>mvn -q -DskipTests test-compile dependency:build-classpath -Dmdep.includeScope=test \
 *     -Dmdep.outputFile=target/test.cp
 * java -cp target/test-classes:target/classes:$(cat target/test.cp) dev.longtask.cli.ScaleOutBench --rounds 3</pre>
 * (with {@code java}, not {@code exec:java}: the worker processes are started on this JVM's class path). Options:
 * {@code --tasks 48 --latency 100 --slots 2 --workers 1,2,4,8 --runs 1,10,100 --run-tasks 5 --run-workers 4}.
 *
 * Figures come from the runs' logs: tasks/s is the tasks over the time from the first claim to the last completion;
 * a claim's latency is the time from the moment a task could start (it was ready and fewer tasks than the slots were
 * in progress) to its {@code task.claimed}.
 */
public final class ScaleOutBench {
    private final Path dir;
    private final Path home;
    private final ScriptedProvider model;
    private final int slotsPerWorker;

    private ScaleOutBench(Path dir, ScriptedProvider model, int slotsPerWorker) {
        this.dir = dir;
        this.home = dir.resolve("home");
        this.model = model;
        this.slotsPerWorker = slotsPerWorker;
    }

    /** What one run's log shows. */
    record Figures(double tasksPerSecond, List<Double> claimMs) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 3;
        int tasks = 48;
        int latency = 100;
        int slots = 2;
        List<Integer> workerCounts = List.of(1, 2, 4, 8);
        List<Integer> runCounts = List.of(1, 10, 100);
        int runTasks = 5;
        int runWorkers = 4;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--tasks" -> tasks = Integer.parseInt(args[i + 1]);
                case "--latency" -> latency = Integer.parseInt(args[i + 1]);
                case "--slots" -> slots = Integer.parseInt(args[i + 1]);
                case "--workers" -> workerCounts = numbers(args[i + 1]);
                case "--runs" -> runCounts = numbers(args[i + 1]);
                case "--run-tasks" -> runTasks = Integer.parseInt(args[i + 1]);
                case "--run-workers" -> runWorkers = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory(Path.of("/var/tmp"), "longtask-scale-bench");
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, tasks,
                Duration.ofMillis(latency), null, 0, 0, null))) {
            System.out.printf("%d cores, Java %s, model latency %d ms per call (3 calls a task), %d slots a worker;"
                    + " load %s%n%n", Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    latency, slots, load());
            ScaleOutBench bench = new ScaleOutBench(dir, model, slots);
            bench.workers(workerCounts, tasks, rounds);
            System.out.println();
            try (ScriptedProvider small = new ScriptedProvider(new ScriptedProvider.Options(0, runTasks,
                    Duration.ofMillis(latency), null, 0, 0, null))) {
                new ScaleOutBench(dir, small, slots * 2).concurrentRuns(runCounts, runTasks, runWorkers,
                        Math.max(1, rounds - 1));
            }
        }
        System.exit(0); // the embedded PostgreSQL stops with the JVM
    }

    // ---------------------------------------------------------------- workers against the file store

    private void workers(List<Integer> counts, int tasks, int rounds) throws Exception {
        System.out.printf("One run of %d tasks; PostgreSQL: W worker processes of %d slots and a scheduling process "
                + "with none (run --slots 0); files: one run --concurrency S process. %d rounds, the two in turn.%n%n",
                tasks, slotsPerWorker, rounds);
        System.out.println("| workers W | slots S | PostgreSQL tasks/s | files tasks/s | ratio PG/files "
                + "| PG claim p50 / p90 | files claim p50 / p90 | load |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---|");
        for (int w : counts) {
            int slots = w * slotsPerWorker;
            List<Double> pg = new ArrayList<>();
            List<Double> files = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            List<Double> pgP50 = new ArrayList<>();
            List<Double> pgP90 = new ArrayList<>();
            List<Double> fileP50 = new ArrayList<>();
            List<Double> fileP90 = new ArrayList<>();
            String before = load();
            for (int round = 0; round < rounds; round++) {
                Figures a;
                Figures b;
                if (round % 2 == 0) {
                    a = onPostgres(w, slots);
                    b = onFiles(slots);
                } else {
                    b = onFiles(slots);
                    a = onPostgres(w, slots);
                }
                pg.add(a.tasksPerSecond());
                files.add(b.tasksPerSecond());
                ratios.add(a.tasksPerSecond() / b.tasksPerSecond());
                pgP50.add(percentile(a.claimMs(), 50));
                pgP90.add(percentile(a.claimMs(), 90));
                fileP50.add(percentile(b.claimMs(), 50));
                fileP90.add(percentile(b.claimMs(), 90));
            }
            System.out.printf("| %d | %d | %s | %s | %s | %s / %s ms | %s / %s ms | %s → %s |%n", w, slots,
                    spread(pg, "%.2f"), spread(files, "%.2f"), spread(ratios, "%.2f"), spread(pgP50, "%.0f"),
                    spread(pgP90, "%.0f"), spread(fileP50, "%.0f"), spread(fileP90, "%.0f"), before, load());
        }
    }

    private Figures onPostgres(int workerCount, int slots) throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace();
        List<Child> workers = startWorkers(url, workerCount);
        try {
            Child.Result run = Child.run(home, Map.of(), "run", "Summarise the notes", "--run-id", "bench", "--store",
                    url, "--slots", "0", "--concurrency", String.valueOf(slots), "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());
            ended(run);
            try (RunStores stores = RunStores.of(url, Map.of(), 2)) {
                return figures(List.of(new RunLog(stores.events(ws, "bench", 0))), slots);
            }
        } finally {
            stop(workers);
        }
    }

    private Figures onFiles(int slots) throws Exception {
        Path ws = workspace();
        Child.Result run = Child.run(home, Map.of(), "run", "Summarise the notes", "--run-id", "bench",
                "--concurrency", String.valueOf(slots), "--base-url", model.baseUrl(), "--model", "openai:scripted",
                "-C", ws.toString());
        ended(run);
        return figures(List.of(new RunLog(RunStores.files().events(ws, "bench", 0))), slots);
    }

    // ---------------------------------------------------------------- concurrent runs

    private void concurrentRuns(List<Integer> counts, int tasks, int workerCount, int rounds) throws Exception {
        int slots = workerCount * slotsPerWorker;
        System.out.printf("K runs of %d tasks started at once on PostgreSQL by one scheduling runtime with no slots "
                + "(the library's Longtask, workersOnly), each run at concurrency %d, worked by %d worker processes of "
                + "%d slots (%d in all). %d rounds.%n%n", tasks, slots, workerCount, slotsPerWorker, slots, rounds);
        System.out.println("| runs K | tasks | tasks/s | runs/min | wall | claim p50 / p90 | load |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---|");
        for (int k : counts) {
            List<Double> rates = new ArrayList<>();
            List<Double> runsPerMinute = new ArrayList<>();
            List<Double> walls = new ArrayList<>();
            List<Double> p50 = new ArrayList<>();
            List<Double> p90 = new ArrayList<>();
            String before = load();
            for (int round = 0; round < rounds; round++) {
                String url = EmbeddedPostgres.newDatabase();
                Path ws = workspace();
                List<Child> workers = startWorkers(url, workerCount);
                long started = System.nanoTime();
                List<String> ids = new ArrayList<>();
                try (RunStores stores = RunStores.of(url, Map.of(), 8);
                     Longtask scheduler = Longtask.builder().workspace(ws).environment(Map.of()).home(home)
                             .stores(stores).workersOnly(true).model("openai:scripted").baseUrl(model.baseUrl())
                             .concurrency(slots).build()) {
                    List<RunHandle> runs = new ArrayList<>();
                    for (int r = 0; r < k; r++) {
                        runs.add(scheduler.start(RunRequest.goal("Summarise the notes").withRunId("bench-" + r)));
                    }
                    for (RunHandle run : runs) {
                        Outcome outcome = run.await();
                        if (outcome.status() != RunStatus.COMPLETED) {
                            throw new IllegalStateException("run " + run.runId() + " ended " + outcome.status());
                        }
                        ids.add(run.runId());
                    }
                    double wall = (System.nanoTime() - started) / 1e9;
                    List<RunLog> logs = new ArrayList<>();
                    for (String id : ids) {
                        logs.add(new RunLog(stores.events(ws, id, 0)));
                    }
                    Figures figures = figures(logs, slots);
                    List<Double> claims = figures.claimMs();
                    rates.add(figures.tasksPerSecond());
                    runsPerMinute.add(k / wall * 60);
                    walls.add(wall);
                    p50.add(percentile(claims, 50));
                    p90.add(percentile(claims, 90));
                } finally {
                    stop(workers);
                }
            }
            System.out.printf("| %d | %d | %s | %s | %s s | %s / %s ms | %s → %s |%n", k, k * tasks,
                    spread(rates, "%.2f"), spread(runsPerMinute, "%.1f"), spread(walls, "%.1f"), spread(p50, "%.0f"),
                    spread(p90, "%.0f"), before, load());
        }
    }

    // ---------------------------------------------------------------- processes

    private List<Child> startWorkers(String url, int count) throws Exception {
        List<Child> workers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            workers.add(Child.start(home, Map.of(), "worker", "--store", url, "--slots",
                    String.valueOf(slotsPerWorker)));
        }
        for (Child worker : workers) {
            // every worker is up before the run starts, so none joins late
            Waiting.until(() -> worker.outSoFar().contains("Ctrl-C or SIGTERM stops it"), "a worker is up");
        }
        return workers;
    }

    private static void stop(List<Child> workers) throws Exception {
        for (Child worker : workers) {
            worker.signal("TERM");
        }
        for (Child worker : workers) {
            worker.await();
        }
    }

    private Path workspace() throws Exception {
        Path ws = Files.createTempDirectory(dir, "ws");
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws.toRealPath();
    }

    private static void ended(Child.Result run) {
        if (run.exit() != 0) {
            throw new IllegalStateException("the run did not complete: " + run);
        }
    }

    // ---------------------------------------------------------------- figures from a log

    /** A run's log, as a store read it. */
    record RunLog(List<Event> events) {
    }

    /**
     * Tasks per second from the first claim to the last completion, and each claim's latency: from when the task
     * could start (ready, and fewer than {@code slots} tasks of all the runs in progress) to its claim.
     */
    static Figures figures(List<RunLog> runs, int slots) {
        record At(int run, Event event) {
        }
        List<At> merged = new ArrayList<>();
        Map<String, List<Integer>> blockers = new HashMap<>();
        int tasks = 0;
        for (int r = 0; r < runs.size(); r++) {
            for (Event event : runs.get(r).events()) {
                merged.add(new At(r, event));
            }
        }
        merged.sort(Comparator.comparing(at -> at.event().time()));
        Map<String, Instant> completed = new HashMap<>();
        Map<Integer, Instant> running = new HashMap<>();
        Instant slotFree = Instant.MIN;
        int inProgress = 0;
        List<Double> claims = new ArrayList<>();
        for (At at : merged) {
            Event event = at.event();
            switch (event.type()) {
                case EventType.TASK_CREATED -> {
                    List<Integer> blockedBy = new ArrayList<>();
                    event.data().path("blockedBy").forEach(id -> blockedBy.add(id.asInt()));
                    blockers.put(at.run() + "/" + event.task(), blockedBy);
                    tasks++;
                }
                case EventType.RUN_STATUS -> {
                    if ("running".equals(event.data().path("status").asText())) {
                        running.putIfAbsent(at.run(), event.time());
                    }
                }
                case EventType.TASK_CLAIMED -> {
                    Instant ready = running.getOrDefault(at.run(), event.time());
                    for (int blocker : blockers.getOrDefault(at.run() + "/" + event.task(), List.of())) {
                        Instant done = completed.get(at.run() + "/" + blocker);
                        ready = done != null && done.isAfter(ready) ? done : ready;
                    }
                    Instant could = slotFree.isAfter(ready) ? slotFree : ready;
                    claims.add(Duration.between(could, event.time()).toNanos() / 1e6);
                    inProgress++;
                }
                case EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.TASK_REQUEUED -> {
                    if (EventType.TASK_COMPLETED.equals(event.type())) {
                        completed.put(at.run() + "/" + event.task(), event.time());
                    }
                    if (inProgress-- == slots) {
                        slotFree = event.time();
                    }
                }
                default -> {
                }
            }
        }
        return new Figures(tasksPerSecond(merged.stream().map(At::event).toList(), tasks), claims);
    }

    private static double tasksPerSecond(List<Event> events, int tasks) {
        Instant first = events.stream().filter(e -> EventType.TASK_CLAIMED.equals(e.type())).map(Event::time)
                .min(Comparator.naturalOrder()).orElseThrow();
        Instant last = events.stream().filter(e -> EventType.TASK_COMPLETED.equals(e.type())).map(Event::time)
                .max(Comparator.naturalOrder()).orElseThrow();
        return tasks / (Duration.between(first, last).toNanos() / 1e9);
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    /** The median, with the min and max when there are several. */
    private static String spread(List<Double> values, String format) {
        List<Double> sorted = values.stream().sorted().toList();
        double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
        String m = String.format(Locale.ROOT, format, median);
        return sorted.size() == 1 ? m : m + " (" + String.format(Locale.ROOT, format, sorted.get(0)) + "-"
                + String.format(Locale.ROOT, format, sorted.get(sorted.size() - 1)) + ")";
    }

    private static String load() throws Exception {
        return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 1));
    }

    private static List<Integer> numbers(String list) {
        return Arrays.stream(list.split(",")).map(Integer::parseInt).toList();
    }
}
