package dev.longtask.cli;

import dev.longtask.api.Longtask;
import dev.longtask.api.Outcome;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.api.Stores;
import dev.longtask.cli.view.Figures;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunStores;
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
 * {@code --tasks 48 --latency 100 --slots 2 --workers 1,2,4,8 --runs 1,10,100 --run-tasks 5 --run-workers 4}; {@code
 * --workers none} or {@code --runs none} leaves a table out, {@code --files off} the file store's side, and {@code --jfr
 * DIR} has every child process write a flight recording (JFR, profile settings) into DIR.
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
    /** What the children get as JAVA_TOOL_OPTIONS (a flight recording when {@code --jfr DIR}), or nothing. */
    private final Map<String, String> childEnv;

    private ScaleOutBench(Path dir, ScriptedProvider model, int slotsPerWorker, Map<String, String> childEnv) {
        this.dir = dir;
        this.home = dir.resolve("home");
        this.model = model;
        this.slotsPerWorker = slotsPerWorker;
        this.childEnv = childEnv;
    }

    /** What one run's log shows, and what the database did for it (per task; null for the file store). */
    record Figures(int tasks, double tasksPerSecond, List<Double> claimMs, DatabaseWork work) {
        Figures withWork(DatabaseWork work) {
            return new Figures(tasks, tasksPerSecond, claimMs, work);
        }
    }

    /**
     * The database's own counters (pg_stat_database) over a run, per task of the run, and the CPU time per task of the
     * longtask processes (the scheduling process and the workers) and of PostgreSQL's backends: a busy machine slows
     * every process alike, but the CPU a task costs changes little with the load.
     */
    record DatabaseWork(double commits, double rollbacks, double rowsRead, double rowsWritten, double longtaskCpuMs,
                        double postgresCpuMs) {
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
        boolean withFiles = true;
        String jfr = null;
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
                case "--files" -> withFiles = !"off".equals(args[i + 1]);
                case "--jfr" -> jfr = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory(Path.of("/var/tmp"), "longtask-scale-bench");
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, tasks,
                Duration.ofMillis(latency), null, 0, 0, null))) {
            System.out.printf("%d cores, Java %s, model latency %d ms per call (3 calls a task), %d slots a worker;"
                    + " load %s%n%n", Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    latency, slots, load());
            Map<String, String> childEnv = jfr == null ? Map.of() : Map.of("JAVA_TOOL_OPTIONS",
                    "-XX:StartFlightRecording=filename=" + Files.createDirectories(Path.of(jfr)).toAbsolutePath()
                            + ",settings=profile");
            ScaleOutBench bench = new ScaleOutBench(dir, model, slots, childEnv);
            if (!workerCounts.isEmpty()) {
                bench.workers(workerCounts, tasks, rounds, withFiles);
                System.out.println();
            }
            if (!runCounts.isEmpty()) {
                try (ScriptedProvider small = new ScriptedProvider(new ScriptedProvider.Options(0, runTasks,
                        Duration.ofMillis(latency), null, 0, 0, null))) {
                    new ScaleOutBench(dir, small, slots * 2, childEnv).concurrentRuns(runCounts, runTasks, runWorkers,
                            Math.max(1, rounds - 1));
                }
            }
        }
        System.exit(0); // the embedded PostgreSQL stops with the JVM
    }

    // ---------------------------------------------------------------- workers against the file store

    private void workers(List<Integer> counts, int tasks, int rounds, boolean withFiles) throws Exception {
        System.out.printf("One run of %d tasks; PostgreSQL: W worker processes of %d slots and a scheduling process "
                + "with none (run --slots 0); files: one run --concurrency S process. %d rounds, the two in turn.%n%n",
                tasks, slotsPerWorker, rounds);
        System.out.println("| workers W | slots S | PostgreSQL tasks/s | files tasks/s | ratio PG/files "
                + "| PG claim p50 / p90 | files claim p50 / p90 | PG commits / rows read a task "
                + "| CPU ms a task: longtask / PostgreSQL | load |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        for (int w : counts) {
            int slots = w * slotsPerWorker;
            List<Double> pg = new ArrayList<>();
            List<Double> files = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            List<Double> pgP50 = new ArrayList<>();
            List<Double> pgP90 = new ArrayList<>();
            List<Double> fileP50 = new ArrayList<>();
            List<Double> fileP90 = new ArrayList<>();
            List<Double> commits = new ArrayList<>();
            List<Double> rowsRead = new ArrayList<>();
            List<Double> longtaskCpu = new ArrayList<>();
            List<Double> postgresCpu = new ArrayList<>();
            String before = load();
            for (int round = 0; round < rounds; round++) {
                Figures a;
                Figures b = null;
                if (round % 2 == 0 || !withFiles) {
                    a = onPostgres(w, slots);
                    b = withFiles ? onFiles(slots) : null;
                } else {
                    b = onFiles(slots);
                    a = onPostgres(w, slots);
                }
                pg.add(a.tasksPerSecond());
                pgP50.add(percentile(a.claimMs(), 50));
                pgP90.add(percentile(a.claimMs(), 90));
                commits.add(a.work().commits());
                rowsRead.add(a.work().rowsRead());
                longtaskCpu.add(a.work().longtaskCpuMs());
                postgresCpu.add(a.work().postgresCpuMs());
                if (b != null) {
                    files.add(b.tasksPerSecond());
                    ratios.add(a.tasksPerSecond() / b.tasksPerSecond());
                    fileP50.add(percentile(b.claimMs(), 50));
                    fileP90.add(percentile(b.claimMs(), 90));
                }
            }
            System.out.printf("| %d | %d | %s | %s | %s | %s / %s ms | %s / %s ms | %s / %s | %s / %s | %s → %s |%n",
                    w, slots, spread(pg, "%.2f"), spread(files, "%.2f"), spread(ratios, "%.2f"), spread(pgP50, "%.0f"),
                    spread(pgP90, "%.0f"), spread(fileP50, "%.0f"), spread(fileP90, "%.0f"), spread(commits, "%.0f"),
                    spread(rowsRead, "%.0f"), spread(longtaskCpu, "%.0f"), spread(postgresCpu, "%.0f"), before, load());
        }
    }

    private Figures onPostgres(int workerCount, int slots) throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace();
        List<Child> workers = startWorkers(url, workerCount);
        Figures figures;
        DatabaseCounters counters = DatabaseCounters.of(url);
        try {
            Child.Result run = Child.run(home, childEnv, "run", "Summarise the notes", "--run-id", "bench", "--store",
                    url, "--slots", "0", "--concurrency", String.valueOf(slots), "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());
            ended(run);
            try (RunStores stores = Stores.of(url, Map.of(), 2)) {
                figures = figures(List.of(new RunLog(stores.events(ws, "bench", 0))), slots);
            }
        } finally {
            stop(workers);
        }
        return figures.withWork(counters.since(figures.tasks()));
    }

    private Figures onFiles(int slots) throws Exception {
        Path ws = workspace();
        Child.Result run = Child.run(home, Map.of(), "run", "Summarise the notes", "--run-id", "bench",
                "--concurrency", String.valueOf(slots), "--base-url", model.baseUrl(), "--model", "openai:scripted",
                "-C", ws.toString());
        ended(run);
        return figures(List.of(new RunLog(Stores.files().events(ws, "bench", 0))), slots);
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
                try (RunStores stores = Stores.of(url, Map.of(), 8);
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
            workers.add(Child.start(home, childEnv, "worker", "--store", url, "--slots",
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

    /** pg_stat_database's counters of one database, read before a run and after its processes ended. */
    private record DatabaseCounters(String url, long[] start, long[] cpuStart) {
        static DatabaseCounters of(String url) throws Exception {
            return new DatabaseCounters(url, read(url), cpu(url));
        }

        /**
         * CPU ms of this JVM's ended children (the longtask processes, once reaped) and of PostgreSQL's ended backends
         * (reaped by its postmaster): /proc's cutime + cstime.
         */
        private static long[] cpu(String url) throws Exception {
            java.net.URI uri = java.net.URI.create(url);
            String jdbc = "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath();
            long postmaster;
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(jdbc, uri.getUserInfo(), "");
                 java.sql.Statement s = c.createStatement();
                 java.sql.ResultSet row = s.executeQuery("SELECT pg_backend_pid()")) {
                row.next();
                // while the connection is open, its backend lives
                postmaster = ProcessHandle.of(row.getLong(1)).flatMap(ProcessHandle::parent).orElseThrow().pid();
            }
            return new long[] {childTicks("self") * 10, childTicks(Long.toString(postmaster)) * 10};
        }

        private static long childTicks(String pid) throws Exception {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[13]) + Long.parseLong(fields[14]); // cutime, cstime (fields 16 and 17)
        }

        /** Per task; waits until the counters settle (the ended backends' last figures reach the collector). */
        DatabaseWork since(int tasks) throws Exception {
            long[] now = read(url);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (System.nanoTime() < deadline) {
                Thread.sleep(600); // PostgreSQL reports a backend's counters every 500 ms at most
                long[] next = read(url);
                if (Arrays.equals(next, now)) {
                    break;
                }
                now = next;
            }
            long[] cpu = cpu(url);
            return new DatabaseWork((now[0] - start[0]) / (double) tasks, (now[1] - start[1]) / (double) tasks,
                    (now[2] - start[2]) / (double) tasks, (now[3] - start[3]) / (double) tasks,
                    (cpu[0] - cpuStart[0]) / (double) tasks, (cpu[1] - cpuStart[1]) / (double) tasks);
        }

        private static long[] read(String url) throws Exception {
            java.net.URI uri = java.net.URI.create(url);
            String jdbc = "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath();
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(jdbc, uri.getUserInfo(), "");
                 java.sql.Statement s = c.createStatement();
                 java.sql.ResultSet row = s.executeQuery("SELECT xact_commit, xact_rollback, tup_returned + "
                         + "tup_fetched, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
                         + "WHERE datname = current_database()")) {
                row.next();
                return new long[] {row.getLong(1), row.getLong(2), row.getLong(3), row.getLong(4)};
            }
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
        return new Figures(tasks, tasksPerSecond(merged.stream().map(At::event).toList(), tasks), claims, null);
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
        if (values.isEmpty()) {
            return "-";
        }
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
        return "none".equals(list) ? List.of() : Arrays.stream(list.split(",")).map(Integer::parseInt).toList();
    }
}
