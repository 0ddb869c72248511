package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.api.Longtask;
import dev.longtask.api.Stores;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code GET /api/runs} over many runs: makes {@code --runs} runs of one event each through the store (files, or
 * PostgreSQL in the test tree's embedded server), starts the real server over them in this JVM, and times the first
 * page on a fresh server (nothing cached), the first page again ({@code --repeat} times), and a walk along
 * {@code next} through up to {@code --walk} pages. It asks with {@code ?limit=}; a server that does not page answers
 * every run in one response, which is what it then times. CPU is the whole process's (server and client) per
 * request, from the JVM's process CPU time.
 *
 * <pre>
 * mvn -q -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.longtask.server.RunsPageBench -Dexec.args="--runs 10000 --store files --dir /tmp/runs10k"
 * </pre>
 */
public final class RunsPageBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunsPageBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = 10_000;
        String store = "files";
        Path dir = null;
        int limit = 50;
        int repeat = 20;
        int walk = 40;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--store" -> store = args[i + 1];
                case "--dir" -> dir = Path.of(args[i + 1]);
                case "--limit" -> limit = Integer.parseInt(args[i + 1]);
                case "--repeat" -> repeat = Integer.parseInt(args[i + 1]);
                case "--walk" -> walk = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (dir == null) {
            dir = Files.createTempDirectory("runs-page-bench");
        }
        Path root = EngineFixture.workspace(Files.createDirectories(dir)).toRealPath();
        RunStores stores = store.equals("postgres") ? Stores.of(EmbeddedPostgres.newDatabase(), Map.of(), 16)
                : Stores.files();
        StoreOptions options = StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE);
        long made = System.nanoTime();
        int existing = make(stores, root, runs, options);
        System.out.printf("%s store, %d runs (%d made now in %.1f s), page limit %d, load %s%n", store, runs,
                runs - existing, (System.nanoTime() - made) / 1e9, limit, load());

        ScriptedModel model = new ScriptedModel(request -> {
            throw new IllegalStateException("the bench's runs never call the model");
        });
        Approvals approvals = new Approvals();
        try (Longtask runtime = Longtask.builder().environment(Map.of()).home(null)
                .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE).approver(approvals)
                .stores(stores).build()) {
            LongtaskServer server = LongtaskServer.start(ServerOptions.defaults(root).withPort(0)
                    .withConfigFiles(List.of()), new ApiBackend(runtime, stores, options), approvals, stores);
            try {
                HttpClient http = HttpClient.newHttpClient();
                String first = "/api/runs?limit=" + limit;
                Sample cold = get(http, server, first);
                System.out.printf("first page, fresh server: %s%n", cold);
                List<Sample> warm = new ArrayList<>();
                for (int i = 0; i < repeat; i++) {
                    warm.add(get(http, server, first));
                }
                System.out.printf("first page again x%d: %s%n", repeat, summary(warm));
                List<Sample> pages = new ArrayList<>();
                String next = cold.next;
                for (int i = 0; i < walk && next != null; i++) {
                    Sample page = get(http, server, first + "&cursor=" + next);
                    pages.add(page);
                    next = page.next;
                }
                if (!pages.isEmpty()) {
                    System.out.printf("walk along next, %d pages (fresh, then cached): %s%n", pages.size(),
                            summary(pages));
                }
            } finally {
                server.close();
            }
        } finally {
            stores.close();
        }
        System.exit(0); // the runtime's scheduler threads would keep exec:java waiting
    }

    /** Makes the runs {@code root} lacks, eight at a time; returns how many it had. */
    private static int make(RunStores stores, Path root, int runs, StoreOptions options) throws Exception {
        LocalDateTime start = LocalDateTime.of(2026, 1, 1, 0, 0);
        List<String> have = stores.list(root);
        java.util.Set<String> known = new java.util.HashSet<>(have);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                String id = ID.format(start.plusSeconds(37L * i)) + String.format("-%04x", i & 0xffff);
                if (!known.contains(id)) {
                    done.add(pool.submit(() -> stores.create(root, id, "goal of run " + id, null, null, null, options)
                            .close()));
                }
            }
            for (Future<?> f : done) {
                f.get();
            }
            return runs - done.size();
        } finally {
            pool.shutdown();
        }
    }

    private record Sample(double millis, double cpuMillis, int runs, int bytes, String next) {
        @Override
        public String toString() {
            return String.format("%.1f ms wall, %.1f ms CPU, %d runs, %d KB", millis, cpuMillis, runs, bytes / 1024);
        }
    }

    private static Sample get(HttpClient http, LongtaskServer server, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofMinutes(10))
                .header("Authorization", "Bearer " + server.token()).GET().build();
        long cpu = cpuNanos();
        long start = System.nanoTime();
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        double millis = (System.nanoTime() - start) / 1e6;
        double cpuMillis = (cpuNanos() - cpu) / 1e6;
        if (r.statusCode() != 200) {
            throw new IllegalStateException(path + ": " + r.statusCode() + " " + r.body());
        }
        JsonNode body = JSON.readTree(r.body());
        JsonNode next = body.path("next");
        return new Sample(millis, cpuMillis, body.path("runs").size(), r.body().length(),
                next.isTextual() ? next.asText() : null);
    }

    private static String summary(List<Sample> samples) {
        double[] wall = samples.stream().mapToDouble(Sample::millis).sorted().toArray();
        double[] cpu = samples.stream().mapToDouble(Sample::cpuMillis).sorted().toArray();
        return String.format("median %.1f ms wall (p90 %.1f, max %.1f), median %.1f ms CPU, %d runs a page",
                wall[wall.length / 2], wall[(int) (wall.length * 0.9)], wall[wall.length - 1], cpu[cpu.length / 2],
                samples.get(0).runs);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static String load() {
        return String.format("%.1f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
