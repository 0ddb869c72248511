package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.JsonMapping;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server under load: {@code --runs} runs of {@code --tasks} tasks each submitted at once to a server with a
 * simulated model (a fixed latency per call, no network), at each {@code --max-runs}; every run followed by its own
 * SSE stream while a client reads the API. Prints a Markdown table: runs per minute, API latency while loaded,
 * memory, and events lost or repeated on SSE (compared with each run's log).
 *
 * <pre>mvn -q -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.longtask.server.ServerBench -Dexec.args="--runs 200 --tasks 5 --latency 100 --max-runs 4,16,64"</pre>
 */
public final class ServerBench {
    private static final AtomicLong TOTAL_EVENTS = new AtomicLong();

    public static void main(String[] args) throws Exception {
        int runs = 200;
        int tasks = 5;
        long latency = 100;
        List<Integer> pools = List.of(4, 16, 64);
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--tasks" -> tasks = Integer.parseInt(args[i + 1]);
                case "--latency" -> latency = Long.parseLong(args[i + 1]);
                case "--max-runs" -> pools = java.util.Arrays.stream(args[i + 1].split(",")).map(Integer::parseInt)
                        .toList();
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        System.out.printf("%d runs of %d tasks, model latency %d ms per call, %d cores, Java %s%n%n", runs, tasks,
                latency, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        System.out.println("| --max-runs | runs/min | wall | GET run p50 / p99 | GET runs (list) p50 / p99 "
                + "| POST submit p50 / p99 | heap after GC | peak RSS | SSE events | lost | repeated |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int pool : pools) {
            measure(runs, tasks, latency, pool);
        }
    }

    private static void measure(int runCount, int tasks, long latency, int maxRuns) throws Exception {
        Path dir = Files.createTempDirectory("longtask-server-bench");
        Jobs jobs = new Jobs(tasks, latency, true);
        List<Long> submitMs = Collections.synchronizedList(new ArrayList<>());
        List<Long> getMs = Collections.synchronizedList(new ArrayList<>());
        List<Long> listMs = Collections.synchronizedList(new ArrayList<>());
        Map<String, List<Long>> seen = new ConcurrentHashMap<>();
        long peakRss = 0;
        ExecutorService followers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "bench-sse");
            t.setDaemon(true);
            return t;
        });
        long started;
        long finished;
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o.withMaxRuns(maxRuns))) {
            List<String> ids = new ArrayList<>();
            started = System.nanoTime();
            for (int i = 0; i < runCount; i++) {
                long t0 = System.nanoTime();
                String id = f.submit(String.format("job-%04d: benchmark run", i), Map.of("concurrency", 3));
                submitMs.add((System.nanoTime() - t0) / 1_000_000);
                ids.add(id);
                List<Long> got = Collections.synchronizedList(new ArrayList<>());
                seen.put(id, got);
                followers.execute(() -> follow(f, id, got));
            }
            AtomicBoolean done = new AtomicBoolean();
            Random random = new Random(7);
            while (!done.get()) {
                long t0 = System.nanoTime();
                f.get("/api/runs/" + ids.get(random.nextInt(ids.size())));
                getMs.add((System.nanoTime() - t0) / 1_000_000);
                t0 = System.nanoTime();
                JsonNode completed = f.json(f.get("/api/runs?status=completed&limit=500"));
                listMs.add((System.nanoTime() - t0) / 1_000_000);
                peakRss = Math.max(peakRss, rssKb());
                if (completed.path("runs").size() == runCount) {
                    done.set(true);
                }
                Thread.sleep(100);
            }
            finished = System.nanoTime();
            followers.shutdown();
            followers.awaitTermination(60, java.util.concurrent.TimeUnit.SECONDS);
            int lost = 0;
            int repeated = 0;
            long events = 0;
            RunFiles files = new RunFiles(JsonMapping.newMapper());
            for (String id : ids) {
                List<Long> log = files.eventsAfter(f.workspace, id, 0, Integer.MAX_VALUE).stream().map(Event::seq)
                        .toList();
                List<Long> got = seen.get(id);
                events += got.size();
                repeated += got.size() - (int) got.stream().distinct().count();
                lost += (int) log.stream().filter(seq -> !got.contains(seq)).count();
            }
            System.gc();
            long heapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024 * 1024);
            double minutes = (finished - started) / 60e9;
            System.out.printf("| %d | %.1f | %.1f s | %s | %s | %s | %d MB | %d MB | %d | %d | %d |%n", maxRuns,
                    runCount / minutes, (finished - started) / 1e9, percentiles(getMs), percentiles(listMs),
                    percentiles(submitMs), heapMb, peakRss / 1024, events, lost, repeated);
        }
    }

    /** Follows a run's SSE stream from its start to its end event; reconnects with Last-Event-ID if cut. */
    private static void follow(ServerFixture f, String runId, List<Long> into) {
        String last = null;
        for (int attempt = 0; attempt < 20; attempt++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(f.url("/api/runs/" + runId + "/events")))
                    .header("Authorization", "Bearer " + f.server.token()).header("Accept", "text/event-stream");
            if (last != null) {
                request.header("Last-Event-ID", last);
            }
            try {
                HttpResponse<java.io.InputStream> response = f.http.send(request.build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(),
                        StandardCharsets.UTF_8))) {
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        if (line.startsWith("id:")) {
                            last = line.substring(3).strip();
                            into.add(Long.parseLong(last));
                            TOTAL_EVENTS.incrementAndGet();
                        } else if (line.equals("event: end")) {
                            return;
                        }
                    }
                }
            } catch (IOException e) {
                // cut: reconnect from the last id
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String percentiles(List<Long> millis) {
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        if (sorted.isEmpty()) {
            return "-";
        }
        return sorted.get(sorted.size() / 2) + " / " + sorted.get(Math.min(sorted.size() - 1,
                (int) Math.ceil(sorted.size() * 0.99) - 1)) + " ms";
    }

    private static long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private ServerBench() {
    }

}
