package dev.longtask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.RestartablePostgres;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The soak: {@code longtask serve --store URL --slots 0} with a pool of runs (some of 200 tasks) carried out by
 * {@code longtask worker} processes against the scripted model over HTTP, which answers slowly and now and then with
 * a 429 or a 500, while a chaos loop, at random from a printed seed, kills the server and workers with SIGKILL,
 * freezes them with SIGSTOP past their leases, and restarts PostgreSQL. It checks as it goes and at the end (see
 * {@link SoakChecks}): every run ends completed; no completed task is started again (counted at the model); no
 * event of a run's log is lost or out of order, in the database and on its event stream across reconnects;
 * webhooks come once each, in order; the server's RSS, threads and descriptors stay under their bounds (sampled
 * from /proc into {@code soak.csv}, which {@code src/test/scripts/soak-plot} draws). {@link SoakTest} runs a short
 * one in the suite; {@code src/test/scripts/soak --duration 2h} runs a long one.
 */
final class Soak {
    /** How the soak goes; {@link #parse} reads them from the command line. */
    record Settings(Duration duration, long seed, Path dir, int workers, int slots, int maxRuns, int inflight,
                    int bigTasks, int bigEvery, Duration latency, double faultRate, Duration chaosEvery,
                    Duration lease, Duration sampleEvery, Duration drain, Duration stall, long rssLimitKb,
                    int threadLimit, int fdLimit) {
        /** The suite's: a few minutes, two workers, one run of 200 tasks first. */
        static Settings brief(Path dir, Duration duration) {
            return new Settings(duration, new Random().nextLong(), dir, 2, 4, 3, 4, 200, 12,
                    Duration.ofMillis(100), 0.05, Duration.ofSeconds(15), Duration.ofSeconds(4),
                    Duration.ofSeconds(2), Duration.ofMinutes(6), Duration.ofMinutes(4), 1_500_000, 250, 400);
        }

        static Settings parse(String[] args) {
            Map<String, String> given = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i += 2) {
                if (!args[i].startsWith("--") || i + 1 >= args.length) {
                    throw new IllegalArgumentException("usage: soak [--duration 2h] [--dir DIR] [--seed N]"
                            + " [--workers 3] [--chaos-every 40s] [--sample-every 10s]");
                }
                given.put(args[i].substring(2), args[i + 1]);
            }
            Path dir = Path.of(given.getOrDefault("dir", "target/soak"));
            Settings b = brief(dir, duration(given.getOrDefault("duration", "2h")));
            return new Settings(b.duration, given.containsKey("seed") ? Long.parseLong(given.get("seed")) : b.seed,
                    dir, Integer.parseInt(given.getOrDefault("workers", "3")), b.slots,
                    Integer.parseInt(given.getOrDefault("max-runs", "3")), b.inflight, b.bigTasks,
                    Integer.parseInt(given.getOrDefault("big-every", "6")), b.latency, b.faultRate,
                    duration(given.getOrDefault("chaos-every", "40s")), b.lease,
                    duration(given.getOrDefault("sample-every", "10s")), Duration.ofMinutes(20),
                    Duration.ofMinutes(10), b.rssLimitKb, b.threadLimit, b.fdLimit);
        }

        static Duration duration(String text) {
            Matcher m = Pattern.compile("(\\d+)(ms|s|m|h)").matcher(text.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a duration (like 90s, 3m, 2h): " + text);
            }
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
    }

    /** What a soak did and found; {@code violations} is empty when every check held. */
    record Outcome(long seed, int runs, int tasks, Map<String, Integer> chaos, int webhooks, int redelivered,
                   long modelRequests, long modelFaults, int staleStarts, long maxRssKb, int maxThreads, int maxFds,
                   List<String> violations) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String CSV_HEADER = "elapsed_s,runs_submitted,runs_finished,tasks_completed,serve_rss_kb,"
            + "serve_threads,serve_fds,serve_kills,serve_freezes,worker_kills,worker_freezes,pg_restarts,"
            + "model_requests,model_faults,webhooks";

    private final Settings settings;
    private final PrintStream log;
    private final Random random;
    private final Queue<String> violations = new ConcurrentLinkedQueue<>();
    private final Map<String, AtomicInteger> chaos = Collections.synchronizedMap(new LinkedHashMap<>());
    private final HttpClient http = SoakStream.client();
    private final AtomicInteger logs = new AtomicInteger();
    /**
     * Kills of the server counted the moment each lands, before the next server starts: the next one may deliver a
     * webhook again as soon as it is up, before {@code serve_kills} (counted when the action is over) says so.
     */
    private final AtomicInteger serverKillsLanded = new AtomicInteger();
    /** When each frozen worker was woken and the database came back (epoch millis). */
    private final List<Long> thawed = Collections.synchronizedList(new ArrayList<>());
    private final long started = System.nanoTime();
    private final int port;
    private final Path home;
    private final Path root;
    private final Path routes;
    private String store;
    private ScriptedProvider model;
    private volatile Child server;
    private final List<Child> workers = new ArrayList<>();
    private volatile int runsSubmitted;
    private volatile int tasksCompleted;
    private long maxRssKb;
    private int maxThreads;
    private int maxFds;

    Soak(Settings settings, PrintStream log) throws IOException {
        this.settings = settings;
        this.log = log;
        this.random = new Random(settings.seed());
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            this.port = probe.getLocalPort();
        }
        Files.createDirectories(settings.dir());
        this.home = Files.createDirectories(settings.dir().resolve("home"));
        this.root = Files.createDirectories(settings.dir().resolve("ws")).toRealPath();
        this.routes = settings.dir().resolve("routes.yaml");
        for (String action : List.of("serve_kills", "serve_freezes", "worker_kills", "worker_freezes", "pg_restarts")) {
            chaos.put(action, new AtomicInteger());
        }
    }

    public static void main(String[] args) throws Exception {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("soak: " + e.getMessage());
            System.exit(2);
            return;
        }
        Outcome outcome = new Soak(settings, System.out).run();
        System.exit(outcome.violations().isEmpty() ? 0 : 1);
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    int count(String action) {
        return chaos.get(action).get();
    }

    private double elapsedSeconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    private void say(String line) {
        log.printf("[soak %7.1fs] %s%n", elapsedSeconds(), line);
        log.flush();
    }

    Outcome run() throws Exception {
        say("seed " + settings.seed() + " (rerun with --seed " + settings.seed() + "); " + settings);
        SoakChecks checks = null;
        Thread sampler = null;
        try (RestartablePostgres pg = new RestartablePostgres(settings.dir().resolve("pg"));
             ScriptedProvider scripted = new ScriptedProvider(new ScriptedProvider.Options(0, 4,
                     settings.latency(), null, 0, 0, null));
             SoakWebhooks webhooks = new SoakWebhooks(serverKillsLanded::get, violations);
             Writer csv = Files.newBufferedWriter(settings.dir().resolve("soak.csv"), StandardCharsets.UTF_8)) {
            this.model = scripted;
            this.store = pg.newDatabase("soak");
            SoakDatabase db = new SoakDatabase(store);
            checks = new SoakChecks(db, webhooks, http, url(), violations, this::say, this::justThawed);
            scripted.flaky(new ScriptedProvider.Flaky(settings.faultRate(), settings.latency().multipliedBy(3),
                    settings.seed()));
            scripted.observe(checks.model());
            Files.writeString(routes, """
                    routes:
                      - name: soak
                        url: %s
                        events: [%s]
                    """.formatted(webhooks.url(), String.join(", ", SoakChecks.ROUTED)));
            startServer();
            for (int w = 0; w < settings.workers(); w++) {
                workers.add(startWorker());
            }
            csv.write(CSV_HEADER + "\n");
            SoakChecks sampled = checks;
            sampler = new Thread(() -> sample(csv, db, sampled, webhooks), "soak-sampler");
            sampler.setDaemon(true);
            sampler.start();
            List<Runnable> firstRound = new ArrayList<>(List.of(this::killWorker, this::freezeWorker,
                    this::killServer, this::freezeServer, () -> restartDatabase(pg)));
            Collections.shuffle(firstRound, random);
            long end = started + settings.duration().toNanos();
            long nextChaos = System.nanoTime() + pause();
            int lastCompleted = 0;
            long progressAt = System.nanoTime();
            // Until the duration is over and each kind of chaos happened once: on a loaded machine a restart of the
            // server alone can take minutes.
            while ((System.nanoTime() < end || !firstRound.isEmpty()) && violations.isEmpty()) {
                while (checks.unfinished() < settings.inflight()) {
                    submit(checks);
                }
                checks.look(this::poolState);
                if (tasksCompleted != lastCompleted || checks.unfinished() == 0) {
                    lastCompleted = tasksCompleted;
                    progressAt = System.nanoTime();
                } else if (System.nanoTime() - progressAt > settings.stall().toNanos()) {
                    violations.add("no task completed for " + settings.stall() + " with " + checks.unfinished()
                            + " runs unfinished");
                }
                if (System.nanoTime() >= nextChaos) {
                    (firstRound.isEmpty() ? randomAction(pg) : firstRound.remove(0)).run();
                    nextChaos = System.nanoTime() + pause();
                }
                Thread.sleep(1000); // the pace of the soak's looking and submitting, not a synchronisation
            }
            say("chaos over; waiting for every run to end (" + checks.unfinished() + " unfinished)");
            long drained = System.nanoTime() + settings.drain().toNanos();
            while (violations.isEmpty() && !checks.allEnded(this::poolState)) {
                if (System.nanoTime() > drained) {
                    violations.add("runs still unfinished " + settings.drain() + " after the chaos ended: "
                            + checks.unfinishedIds());
                }
                Thread.sleep(1000); // polling the database for the runs' ends, with the deadline above
            }
            if (violations.isEmpty()) {
                checks.awaitWebhooks(Duration.ofMinutes(3));
            }
            if (violations.isEmpty()) {
                stopInOrder();
            }
            sampler.interrupt();
            sampler.join();
        } finally {
            if (sampler != null) {
                sampler.interrupt();
            }
            if (checks != null) {
                checks.stop();
            }
            for (Child worker : workers) {
                forceStop(worker);
            }
            if (server != null) {
                forceStop(server);
            }
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        chaos.forEach((k, v) -> counts.put(k, v.get()));
        Outcome outcome = new Outcome(settings.seed(), checks.finished(), tasksCompleted, counts,
                checks.webhooks().deliveries(), checks.webhooks().redelivered(), model.requests(),
                checks.modelFaults(), checks.staleStarts(), maxRssKb, maxThreads, maxFds, List.copyOf(violations));
        say((outcome.violations().isEmpty() ? "PASSED " : "FAILED ") + outcome);
        return outcome;
    }

    private long pause() {
        long every = settings.chaosEvery().toMillis();
        return Duration.ofMillis(every / 2 + (long) (random.nextDouble() * every)).toNanos();
    }

    private Runnable randomAction(RestartablePostgres pg) {
        int pick = random.nextInt(9);
        return pick < 3 ? this::killWorker : pick < 5 ? this::freezeWorker : pick < 6 ? this::killServer
                : pick < 7 ? this::freezeServer : () -> restartDatabase(pg);
    }

    // ------------------------------------------------------------------ the processes

    private Path logFile(String name) throws IOException {
        return Files.createDirectories(settings.dir().resolve("logs")).resolve(name + "-" + logs.incrementAndGet()
                + ".log");
    }

    private void startServer() throws Exception {
        Child child = Child.startLogging(logFile("serve"), home, Map.of(), "serve", "--store", store, "--slots", "0", "--port",
                Integer.toString(port), "--no-token", "--root", root.toString(), "--state-dir",
                settings.dir().resolve("state").toString(), "--base-url", model.baseUrl(), "--model",
                "openai:scripted", "--max-runs", Integer.toString(settings.maxRuns()), "--retries", "2",
                "--retry-delay", "2s", "--config", routes.toString());
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (!child.outSoFar().contains("listening on")) {
            if (!child.alive()) {
                violations.add("the server did not start: " + child.await());
                break;
            }
            if (System.nanoTime() > deadline) {
                violations.add("the server did not listen within 10 minutes of its start");
                break;
            }
            Thread.sleep(100); // polling the child's output for its banner, with the deadline above
        }
        server = child;
    }

    private Child startWorker() throws IOException {
        return Child.startLogging(logFile("worker"), home, Map.of(), "worker", "--store", store, "--slots", Integer.toString(settings.slots()),
                "--lease", settings.lease().toMillis() + "ms");
    }

    private void killWorker() {
        act("worker_kills", () -> {
            int victim = random.nextInt(workers.size());
            workers.get(victim).kill();
            workers.set(victim, startWorker());
            return "killed worker " + victim + " (SIGKILL) and started another";
        });
    }

    private void freezeWorker() {
        act("worker_freezes", () -> {
            int victim = random.nextInt(workers.size());
            long frozen = settings.lease().toMillis() + 500 + random.nextInt(1500);
            try {
                freeze(workers.get(victim), frozen);
            } finally {
                thawed.add(System.currentTimeMillis());
            }
            return "froze worker " + victim + " for " + frozen + " ms (lease " + settings.lease().toMillis() + " ms)";
        });
    }

    private void killServer() {
        act("serve_kills", () -> {
            server.kill();
            serverKillsLanded.incrementAndGet();
            startServer();
            return "killed the server (SIGKILL) and started it again";
        });
    }

    private void freezeServer() {
        act("serve_freezes", () -> {
            long frozen = settings.lease().toMillis() + 500 + random.nextInt(1500);
            freeze(server, frozen);
            return "froze the server for " + frozen + " ms";
        });
    }

    private void restartDatabase(RestartablePostgres pg) {
        act("pg_restarts", () -> {
            try {
                pg.restart();
            } finally {
                thawed.add(System.currentTimeMillis());
            }
            return "restarted PostgreSQL (fast shutdown: every connection cut)";
        });
    }

    private static void freeze(Child child, long millis) throws Exception {
        child.signal("STOP");
        try {
            Thread.sleep(millis); // frozen past its lease, on purpose
        } finally {
            child.signal("CONT");
        }
    }

    /**
     * Whether {@code millis} (the epoch) is just after a worker woke from a freeze or the database came back: then an
     * agent whose claim lapsed meanwhile may go on (its worker waited for the database with a backoff of up to 10 s,
     * or was frozen) until its heartbeat finds the lease gone, a third of a lease later.
     */
    private boolean justThawed(long millis) {
        long window = settings.lease().toMillis() * 2 + 12_000;
        synchronized (thawed) {
            return thawed.stream().anyMatch(at -> millis >= at && millis <= at + window);
        }
    }

    private interface Action {
        String run() throws Exception;
    }

    private void act(String counter, Action action) {
        try {
            String done = action.run();
            chaos.get(counter).incrementAndGet();
            say(done);
        } catch (Exception e) {
            violations.add("the chaos could not " + counter + ": " + e);
        }
    }

    private void stopInOrder() throws Exception {
        if (!server.alive()) {
            violations.add("the server had ended by itself before the stop:\n" + tail(server.outSoFar() + server.errSoFar()));
        } else {
            server.signal("TERM");
            Child.Result ended = server.await();
            if (ended.exit() != 143) {
                violations.add("the server ended with " + ended.exit() + " on SIGTERM, not 143:\n" + tail(ended.err()));
            }
        }
        for (Child worker : workers) {
            if (!worker.alive()) {
                violations.add("a worker had ended by itself before the stop:\n" + tail(worker.outSoFar()
                        + worker.errSoFar()));
                continue;
            }
            worker.signal("TERM");
            Child.Result out = worker.await();
            if (out.exit() != 143) {
                violations.add("a worker ended with " + out.exit() + " on SIGTERM, not 143:\n" + tail(out.out()));
            }
        }
    }

    private static String tail(String text) {
        return text.length() > 3000 ? "..." + text.substring(text.length() - 3000) : text;
    }

    private static void forceStop(Child child) {
        try {
            if (child.alive()) {
                child.signal("CONT");
                child.kill();
            }
        } catch (Exception e) {
            // already gone
        }
    }

    // ------------------------------------------------------------------ runs

    private void submit(SoakChecks checks) throws Exception {
        int n = runsSubmitted + 1;
        boolean big = (n - 1) % settings.bigEvery() == 0;
        int tasks = big ? settings.bigTasks() : 2 + random.nextInt(9);
        Path ws = Files.createDirectories(root.resolve("run-" + n));
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        String goal = "Soak run " + n + " in " + tasks + " tasks: summarise the notes";
        runsSubmitted = n;
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url() + "/api/runs"))
                    .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("goal", goal,
                            "workdir", ws.toString(), "concurrency", big ? 8 : 2)))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 201) {
                checks.track(JSON.readTree(r.body()).path("run_id").asText(), tasks);
                return;
            }
            say("submit of run " + n + " answered " + r.statusCode() + ": " + r.body());
        } catch (IOException e) {
            say("submit of run " + n + " failed (" + e + "); the server may have taken it: the end checks every run"
                    + " of the database");
        }
        Thread.sleep(1000); // the server is away or busy: try the next one a moment later
    }

    /** The run's pool state as the server says it ("done" once nothing will continue it), or null while away. */
    private String poolState(String run) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url() + "/api/runs/" + run))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(r.body());
            return r.statusCode() == 200 ? body.path("pool").path("state").asText() + " "
                    + body.path("status_reason").asText() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    // ------------------------------------------------------------------ sampling

    private void sample(Writer csv, SoakDatabase db, SoakChecks checks, SoakWebhooks webhooks) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(settings.sampleEvery().toMillis()); // the sampling period
            } catch (InterruptedException e) {
                return;
            }
            try {
                tasksCompleted = db.completedTasks();
            } catch (SQLException e) {
                // the database is restarting: the last count stands
            }
            Child serving = server;
            long[] proc = ProcSample.of(serving.pid());
            if (proc == null || !serving.alive()) {
                proc = new long[3]; // between a kill and the next start: no server, a row of zeros
            }
            maxRssKb = Math.max(maxRssKb, proc[0]);
            maxThreads = Math.max(maxThreads, (int) proc[1]);
            maxFds = Math.max(maxFds, (int) proc[2]);
            if (proc[0] > settings.rssLimitKb() || proc[1] > settings.threadLimit() || proc[2] > settings.fdLimit()) {
                violations.add("the server holds rss " + proc[0] + " kB, " + proc[1] + " threads, " + proc[2]
                        + " descriptors; the bounds are " + settings.rssLimitKb() + " kB, " + settings.threadLimit()
                        + ", " + settings.fdLimit());
            }
            try {
                csv.write(String.format(java.util.Locale.ROOT, "%.1f,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d%n",
                        elapsedSeconds(), runsSubmitted, checks.finished(), tasksCompleted, proc[0], proc[1], proc[2],
                        count("serve_kills"), count("serve_freezes"), count("worker_kills"), count("worker_freezes"),
                        count("pg_restarts"), model.requests(), checks.modelFaults(), webhooks.deliveries()));
                csv.flush();
            } catch (IOException e) {
                violations.add("cannot write the samples: " + e);
                return;
            }
        }
    }

    /** RSS (kB), threads and open descriptors of a process, from /proc; null when it is gone. */
    static final class ProcSample {
        private ProcSample() {
        }

        static long[] of(long pid) {
            Path proc = Path.of("/proc", Long.toString(pid));
            try {
                long rss = 0;
                long threads = 0;
                for (String line : Files.readAllLines(proc.resolve("status"))) {
                    if (line.startsWith("VmRSS:")) {
                        rss = Long.parseLong(line.replaceAll("\\D", ""));
                    } else if (line.startsWith("Threads:")) {
                        threads = Long.parseLong(line.replaceAll("\\D", ""));
                    }
                }
                long fds;
                try (var entries = Files.list(proc.resolve("fd"))) {
                    fds = entries.count();
                }
                return rss == 0 ? null : new long[] {rss, threads, fds};
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }
}
