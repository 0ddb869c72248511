package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.ScriptedProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code longtask serve} started as a user starts it (the launcher, {@code ./longtask serve}, a process of its
 * own) carrying {@code --runs} runs submitted through its API at once, against the test tree's scripted model over
 * HTTP at no latency, with {@code --viewers} SSE viewers each following one run (every other run, from right after
 * its submission to its {@code end}). Prints what issue 31 items 4 and 5 ask of it: runs per second from the first
 * submission to the last run's end; per event the delay from its append (the event's own time, written before its
 * fsync) to its arrival at a viewer; the server's CPU over the load; its RSS and heap after a full GC once every run
 * ended: while it idles ({@code --idle} seconds, 60 unless told, sampled every 10 s) and then after a full GC.
 *
 * <pre>mvn -q -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.longtask.server.ServeLoadBench -Dexec.args="--runs 1000 --viewers 500 --tasks 2"</pre>
 *
 * {@code --longtask PATH} runs another checkout's launcher (the main before a change, say); {@code --max-runs N} is
 * given to {@code serve}; {@code --java-opts} goes to the server's JVM through {@code LONGTASK_JAVA_OPTS}.
 */
public final class ServeLoadBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("listening on (http://[0-9.]+:\\d+)");

    private final List<Long> delays = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong backlog = new AtomicLong();
    private final AtomicLong gaps = new AtomicLong();
    private final AtomicLong cut = new AtomicLong();

    public static void main(String[] args) throws Exception {
        int runs = 1000;
        int viewers = 500;
        int tasks = 2;
        int maxRuns = 8;
        int idle = 60;
        String longtask = "./longtask";
        String javaOpts = "";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--viewers" -> viewers = Integer.parseInt(args[i + 1]);
                case "--tasks" -> tasks = Integer.parseInt(args[i + 1]);
                case "--max-runs" -> maxRuns = Integer.parseInt(args[i + 1]);
                case "--longtask" -> longtask = args[i + 1];
                case "--java-opts" -> javaOpts = args[i + 1];
                case "--idle" -> idle = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        new ServeLoadBench().measure(runs, viewers, tasks, maxRuns, idle, Path.of(longtask).toAbsolutePath(),
                javaOpts);
        System.exit(0);
    }

    private void measure(int runCount, int viewerCount, int tasks, int maxRuns, int idle, Path longtask,
                         String javaOpts) throws Exception {
        Path dir = Files.createTempDirectory("longtask-serve-load");
        Path work = Files.createDirectories(dir.resolve("work"));
        Path home = Files.createDirectories(dir.resolve("home"));
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, tasks, Duration.ZERO,
                null, 0, 0, null))) {
            model.observe((request, status, arrived) -> { });
            ProcessBuilder pb = new ProcessBuilder(longtask.toString(), "serve", "--port", "0", "--no-token",
                    "--root", work.toString(), "--max-runs", Integer.toString(maxRuns), "--base-url", model.baseUrl(),
                    "--model", "openai:scripted").directory(work.toFile()).redirectErrorStream(true);
            pb.environment().put("LONGTASK_JAVA_OPTS", ("-Duser.home=" + home + " " + javaOpts).strip());
            Process serve = pb.start();
            try {
                String url = awaitListening(serve);
                long pid = serve.pid();
                System.out.printf("serve pid %d (%s) at %s, %d runs of %d tasks, %d viewers, --max-runs %d, "
                                + "%d cores, load %s%n", pid, ProcessHandle.of(pid).flatMap(p -> p.info().command())
                                .orElse("?"), url, runCount, tasks, viewerCount, maxRuns,
                        Runtime.getRuntime().availableProcessors(), load());
                run(url, pid, work, runCount, viewerCount, idle);
            } finally {
                serve.destroy();
                if (!serve.waitFor(30, TimeUnit.SECONDS)) {
                    serve.destroyForcibly();
                }
            }
        }
    }

    private void run(String url, long pid, Path work, int runCount, int viewerCount, int idle) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(30)).build();
        double cpuBefore = cpuSeconds(pid);
        double benchCpuBefore = ownCpuSeconds();
        long rssBefore = status(pid, "VmRSS");
        List<String> ids = new ArrayList<>();
        CountDownLatch ended = new CountDownLatch(Math.min(viewerCount, runCount));
        int every = viewerCount == 0 ? Integer.MAX_VALUE : Math.max(1, runCount / viewerCount);
        int viewing = 0;
        Instant first = Instant.now();
        for (int i = 0; i < runCount; i++) {
            String body = JSON.writeValueAsString(Map.of("goal", String.format("job %04d: load", i), "workdir",
                    work.toString()));
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 201) {
                throw new IllegalStateException("submit answered " + r.statusCode() + ": " + r.body());
            }
            String id = JSON.readTree(r.body()).path("run_id").asText();
            ids.add(id);
            if (i % every == 0 && viewing < viewerCount) {
                viewing++;
                Thread viewer = new Thread(() -> view(url, id, ended), "viewer-" + i);
                viewer.setDaemon(true);
                viewer.start();
            }
        }
        Instant submitted = Instant.now();
        // every run ended: no run queued or running is left
        while (true) {
            JsonNode page = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(url
                    + "/api/runs?status=queued,running&limit=1")).build(), HttpResponse.BodyHandlers.ofString()).body());
            if (page.path("runs").isEmpty()) {
                break;
            }
            Thread.sleep(200);
        }
        boolean viewersDone = ended.await(120, TimeUnit.SECONDS);
        double cpu = cpuSeconds(pid) - cpuBefore;
        double benchCpu = ownCpuSeconds() - benchCpuBefore;
        Instant last = Instant.MIN;
        int completed = 0;
        for (String id : ids) {
            JsonNode end = endOf(work.resolve(".longtask/runs").resolve(id).resolve("events.jsonl"));
            Instant at = Instant.parse(end.path("time").asText());
            last = at.isAfter(last) ? at : last;
            if ("run.status".equals(end.path("type").asText())
                    && "completed".equals(end.path("data").path("status").asText())) {
                completed++;
            }
        }
        long peak = status(pid, "VmHWM");
        long rssEnded = status(pid, "VmRSS");
        // what a server left alone keeps: its RSS while it idles, before anyone forces a collection
        StringBuilder idling = new StringBuilder();
        for (int waited = 0; waited < idle; waited += 10) {
            Thread.sleep(10_000);
            idling.append(String.format(" %d s: %d MB;", waited + 10, status(pid, "VmRSS") / 1024));
        }
        long rssIdle = status(pid, "VmRSS");
        String jcmd = ProcessHandle.of(pid).flatMap(p -> p.info().command()).map(c -> Path.of(c).resolveSibling("jcmd"))
                .map(Path::toString).orElse("jcmd");
        String gc = exec(jcmd, Long.toString(pid), "GC.run");
        Thread.sleep(2000);
        long rssAfterGc = status(pid, "VmRSS");
        String heap = exec(jcmd, Long.toString(pid), "GC.heap_info");
        double seconds = Duration.between(first, last).toMillis() / 1000.0;
        List<Long> sorted = new ArrayList<>(delays);
        Collections.sort(sorted);
        System.out.printf("%nsubmitting %d runs took %.1f s; the last ended %.1f s after the first submission%n",
                runCount, Duration.between(first, submitted).toMillis() / 1000.0, seconds);
        System.out.printf("runs/s                  %.1f  (%d of %d completed)%n", runCount / seconds, completed,
                runCount);
        System.out.printf("serve CPU               %.1f s  (%.0f ms a run); this harness (model, clients) %.1f s%n",
                cpu, cpu * 1000 / runCount, benchCpu);
        System.out.printf("SSE viewers             %d, all saw their end: %s; gaps %d, cut %d%n", viewing, viewersDone,
                gaps.get(), cut.get());
        System.out.printf("event delay, ms         p50 %s  p99 %s  max %s  (%d events; %d appended before the "
                + "viewer connected, not counted); over 1 s: %d%n", at(sorted, 0.5), at(sorted, 0.99),
                sorted.isEmpty() ? "-" : sorted.get(sorted.size() - 1), sorted.size(), backlog.get(),
                sorted.stream().filter(d -> d > 1000).count());
        System.out.printf("serve RSS               %d MB at start, %d MB peak, %d MB when every run ended, "
                + "%d MB after a full GC%n", rssBefore / 1024, peak / 1024, rssEnded / 1024, rssAfterGc / 1024);
        System.out.printf("serve RSS idle          %d MB after %d s without a forced GC (%s)%n", rssIdle / 1024,
                idle, idling.toString().strip());
        System.out.printf("serve RSS after GC      anonymous %d MB, files %d MB; threads %d%n", status(pid, "RssAnon") / 1024,
                status(pid, "RssFile") / 1024, status(pid, "Threads"));
        System.out.printf("load                    %s%n", load());
        System.out.println(gc.isBlank() ? "" : "heap after GC:\n" + heap.strip());
    }

    /** Follows one run's SSE stream to its end event, noting each event's delay from its time to now. */
    private void view(String url, String runId, CountDownLatch ended) {
        long lastSeq = 0;
        try {
            HttpURLConnection c = (HttpURLConnection) new URL(url + "/api/runs/" + runId + "/events").openConnection();
            c.setRequestProperty("Accept", "text/event-stream");
            c.setReadTimeout(600_000);
            try (InputStream in = c.getInputStream();
                 BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                long connected = System.currentTimeMillis();
                String event = null;
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    if (line.startsWith("event:")) {
                        event = line.substring(6).strip();
                    } else if (line.startsWith("data:")) {
                        long now = System.currentTimeMillis();
                        JsonNode data = JSON.readTree(line.substring(5).strip());
                        if ("end".equals(event)) {
                            if (data.path("last_seq").asLong() != lastSeq) {
                                gaps.incrementAndGet();
                            }
                            ended.countDown();
                            return;
                        }
                        long seq = data.path("seq").asLong();
                        if (seq != lastSeq + 1) {
                            gaps.incrementAndGet();
                        }
                        lastSeq = seq;
                        long appended = Instant.parse(data.path("time").asText()).toEpochMilli();
                        if (appended < connected) {
                            backlog.incrementAndGet();
                        } else {
                            delays.add(now - appended);
                        }
                    }
                }
            }
            cut.incrementAndGet();
        } catch (IOException e) {
            cut.incrementAndGet();
        }
    }

    private static String awaitListening(Process serve) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            seen.append(line).append('\n');
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> {
                    try {
                        while (out.readLine() != null) {
                            // the server's later output is not needed
                        }
                    } catch (IOException ignored) {
                        // the server ended
                    }
                }, "serve-output");
                drain.setDaemon(true);
                drain.start();
                return m.group(1);
            }
        }
        throw new IllegalStateException("serve did not start:\n" + seen);
    }

    /**
     * A run's last event once its {@code run.status} is in its log: the API shows a run ended as soon as the server
     * knows it, and its log takes that event a moment later (written behind), so read too early it ends one before.
     */
    private static JsonNode endOf(Path log) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plusSeconds(30);
        JsonNode last = lastEvent(log);
        while (!"run.status".equals(last.path("type").asText()) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
            last = lastEvent(log);
        }
        return last;
    }

    private static JsonNode lastEvent(Path log) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long end = f.length() - 1;
            long from = Math.max(0, end - 65_536);
            byte[] tail = new byte[(int) (end - from)];
            f.seek(from);
            f.readFully(tail);
            String text = new String(tail, StandardCharsets.UTF_8);
            return JSON.readTree(text.substring(text.lastIndexOf('\n') + 1));
        }
    }

    private static String at(List<Long> sorted, double q) {
        return sorted.isEmpty() ? "-" : Long.toString(sorted.get(Math.min(sorted.size() - 1,
                (int) Math.ceil(sorted.size() * q) - 1)));
    }

    /** user + system CPU seconds of the process, from /proc (clock ticks of 1/100 s). */
    private static double cpuSeconds(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    }

    private static double ownCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e9;
    }

    /** A figure of /proc/PID/status in kB. */
    private static long status(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return 0;
    }

    private static String load() throws IOException {
        return Files.readString(Path.of("/proc/loadavg")).split(" ", 4)[0];
    }

    private static String exec(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private ServeLoadBench() {
    }
}
