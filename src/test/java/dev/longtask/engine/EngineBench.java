package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * The scheduler's quality and the engine's own cost, with a simulated model (a fixed latency per call, no
 * network) over generated graphs, on the store's default fsync policy (durable). Prints a Markdown table, then
 * the same figures as {@code name=value} lines for the paired driver:
 * makespan / lower bound, and the engine's overhead per task (a task's wall time minus its model latency).
 *
 * <p>The lower bound counts waves of equal tasks on {@code k} workers: at least the critical path, at least
 * ceil(n / k), and for every task, ceil(its ancestors / k) waves before it can start plus the longest chain from it
 * (30 tasks feeding one on 8 workers: ceil(30 / 8) + 1 = 5 waves, not 31 / 8).
 *
 * <pre>mvn -q -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.longtask.engine.EngineBench \
 *     [-Dexec.args="[--warmup N] LATENCY_MS..." | -Dexec.args="big 1000"]</pre>
 * {@code --warmup N} runs the 5 graphs N times before the measured round, so that it shows a warm JVM.
 * {@code big N} runs N independent tasks on 4 workers with an instant model and prints the heap it needed.
 */
public final class EngineBench {
    static final long[] LATENCIES_MS = {40, 400};
    static final int CALLS_PER_TASK = 2;

    record Shape(String name, int tasks, int concurrency, Map<Integer, List<Integer>> deps) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("big")) {
            big(Integer.parseInt(args[1]));
            return;
        }
        int warmup = 0;
        if (args.length >= 2 && args[0].equals("--warmup")) {
            warmup = Integer.parseInt(args[1]);
            args = java.util.Arrays.copyOfRange(args, 2, args.length);
        }
        long[] latencies = args.length == 0 ? LATENCIES_MS
                : java.util.Arrays.stream(args).mapToLong(Long::parseLong).toArray();
        Random random = new Random(42);
        List<Shape> shapes = List.of(
                new Shape("chain of 12", 12, 4, chain(12)),
                new Shape("40 independent", 40, 4, Map.of()),
                new Shape("layered 48 (width 8)", 48, 4, layered(48, 8, random)),
                new Shape("random DAG 60", 60, 6, randomDag(60, 0.05, random)),
                new Shape("fan-in 30 -> 1", 31, 8, fanIn(30)));
        // A run is minutes to hours of the same few code paths: warm-up rounds let the JIT compile them first, so the
        // measured round shows the engine as a long run sees it (without them, as the first tasks of a process do).
        for (int round = 0; round < warmup; round++) {
            for (Shape shape : shapes) {
                measure(shape, latencies[0], false);
            }
        }
        System.out.println("| graph | tasks | concurrency | bound (waves) | model ms/call | makespan | lower bound "
                + "| makespan / bound | engine overhead per task | makespan / bound at observed task time |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        List<String> figures = new ArrayList<>();
        for (long latency : latencies) {
            List<double[]> perShape = new ArrayList<>();
            for (Shape shape : shapes) {
                double[] measured = measure(shape, latency, true);
                perShape.add(measured);
                String key = shape.name().replaceAll("[^a-z0-9]+", "_").replaceAll("_+$", "") + "_" + latency;
                figures.add(String.format(Locale.ROOT, "overhead_ms_%s=%.2f", key, measured[0]));
                figures.add(String.format(Locale.ROOT, "makespan_ms_%s=%.0f", key, measured[2]));
                figures.add(String.format(Locale.ROOT, "bound_ratio_%s=%.3f", key, measured[3]));
                figures.add(String.format(Locale.ROOT, "overhead_by_makespan_ms_%s=%.2f", key, measured[4]));
                figures.add(String.format(Locale.ROOT, "observed_ratio_%s=%.3f", key, measured[1]));
            }
            // The two figures: the engine's cost per task and the schedule's quality, each the median over
            // the graphs.
            figures.add(0, String.format(Locale.ROOT, "observed_ratio_median_%d=%.3f", latency,
                    median(perShape.stream().mapToDouble(m -> m[1]).toArray())));
            figures.add(0, String.format(Locale.ROOT, "overhead_ms_median_%d=%.2f", latency,
                    median(perShape.stream().mapToDouble(m -> m[0]).toArray())));
        }
        System.out.println();
        System.out.println((warmup == 0 ? "A fresh JVM (no warm-up); " : warmup + " warm-up rounds of the 5 graphs "
                + "before these; ") + CALLS_PER_TASK + " model calls per task (write, submit_result); fsync "
                + StoreOptions.defaults().fsync().wire() + "; " + Runtime.getRuntime().availableProcessors()
                + " cores. The last column divides the makespan by the bound computed with the tasks' observed wall "
                + "time (model + engine), so it isolates the scheduling.");
        figures.forEach(System.out::println);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Runs {@code shape} and prints its row; returns the median engine overhead per task, makespan / bound at
     * observed task time, the makespan, makespan / bound, and the overhead per task as the makespan shows it (makespan
     * / bound waves - model time per task: everything a wave spends beyond its model calls, between tasks too; the
     * figure src/test/langgraph/bench.mjs computes the same way for LangGraph.js). */
    private static double[] measure(Shape shape, long latencyMs, boolean print) throws Exception {
        Path ws = Files.createTempDirectory("longtask-bench");
        EngineFixture.workspace(ws);
        ScriptedModel model = new ScriptedModel(turn -> {
            if (turn.role().equals("task") && latencyMs > 0) {
                LockSupport.parkNanos(Duration.ofMillis(latencyMs).toNanos());
            }
            return answer(shape, turn);
        });
        RunEngine engine = EngineFixture.engine(ws, model,
                new EngineConfig(shape.concurrency(), 1, 0, "bench"), RunObserver.NONE, StoreOptions.defaults().fsync());
        engine.start("bench", "bench", Budget.UNLIMITED);
        RunSnapshot run = FileRunStore.read(ws, "bench");
        List<Event> events = FileRunStore.events(ws, "bench", 0);
        Instant first = null;
        Instant last = null;
        for (Event e : events) {
            if (EventType.TASK_CLAIMED.equals(e.type()) && first == null) {
                first = e.time();
            }
            if (EventType.TASK_COMPLETED.equals(e.type())) {
                last = e.time();
            }
        }
        double makespan = Duration.between(first, last).toMillis();
        double taskWork = latencyMs * CALLS_PER_TASK;
        int waves = boundWaves(shape);
        double bound = waves * taskWork;
        List<Double> walls = run.tasks().stream()
                .map(t -> (double) Duration.between(t.started(), t.finished()).toMillis()).sorted().toList();
        double meanWall = walls.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double medianOverhead = walls.get(walls.size() / 2) - taskWork;
        double observedBound = waves * meanWall;
        if (print) {
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %d | %.0f ms | %.0f ms | %.2f | %.1f ms | %.3f |%n",
                    shape.name(), shape.tasks(), shape.concurrency(), waves, latencyMs, makespan, bound,
                    makespan / bound, medianOverhead, makespan / observedBound);
        }
        return new double[] {medianOverhead, makespan / observedBound, makespan, makespan / bound,
            makespan / waves - taskWork};
    }

    /** N independent tasks on 4 workers, an instant model: prints the peak heap and the heap held at the end. */
    private static void big(int tasks) throws Exception {
        Path ws = Files.createTempDirectory("longtask-bench");
        EngineFixture.workspace(ws);
        Shape shape = new Shape(tasks + " independent", tasks, 4, Map.of());
        ScriptedModel model = new ScriptedModel(turn -> answer(shape, turn));
        RunEngine engine = EngineFixture.engine(ws, model, new EngineConfig(4, 1, 0, "bench"), RunObserver.NONE,
                StoreOptions.defaults().fsync());
        long start = System.nanoTime();
        engine.start("bench", "bench", Budget.UNLIMITED);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        double after = (runtime.totalMemory() - runtime.freeMemory()) / 1048576.0;
        double peak = java.lang.management.ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == java.lang.management.MemoryType.HEAP)
                .mapToLong(pool -> pool.getPeakUsage().getUsed()).sum() / 1048576.0;
        System.out.printf(Locale.ROOT, "run_s=%.1f%nheap_peak_mb=%.1f%nheap_after_mb=%.1f%nmax_heap_mb=%.0f%n",
                seconds, peak, after, runtime.maxMemory() / 1048576.0);
    }

    /** The lower bound of the makespan in task times: see the class comment. */
    static int boundWaves(Shape shape) {
        int k = shape.concurrency();
        int waves = Math.max(criticalPath(shape), (shape.tasks() + k - 1) / k);
        Map<Integer, java.util.Set<Integer>> ancestors = new HashMap<>();
        Map<Integer, Integer> tail = new HashMap<>();
        for (int i = shape.tasks(); i >= 1; i--) {
            int longest = 0;
            for (int j = i + 1; j <= shape.tasks(); j++) {
                if (shape.deps().getOrDefault(j, List.of()).contains(i)) {
                    longest = Math.max(longest, tail.get(j));
                }
            }
            tail.put(i, 1 + longest);
        }
        for (int i = 1; i <= shape.tasks(); i++) {
            java.util.Set<Integer> mine = new java.util.HashSet<>();
            for (int dep : shape.deps().getOrDefault(i, List.of())) {
                mine.add(dep);
                mine.addAll(ancestors.get(dep));
            }
            ancestors.put(i, mine);
            waves = Math.max(waves, (mine.size() + k - 1) / k + tail.get(i));
        }
        return waves;
    }

    private static ChatMessage.Assistant answer(Shape shape, ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> {
                List<ObjectNode> tasks = new ArrayList<>();
                for (int i = 1; i <= shape.tasks(); i++) {
                    tasks.add(EngineFixture.task("t" + i, "Task " + i, "general",
                            shape.deps().getOrDefault(i, List.of()).stream().map(d -> "t" + d).toList(), Map.of()));
                }
                yield call("submit_plan", EngineFixture.plan(tasks.toArray(new ObjectNode[0])));
            }
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("bench", "# bench");
            default -> turn.step() == 1 ? write("out/" + turn.subject().replace(' ', '_') + ".txt", "x")
                    : submitResult(true, "ok");
        };
    }

    static int criticalPath(Shape shape) {
        Map<Integer, Integer> depth = new HashMap<>();
        int longest = 0;
        for (int i = 1; i <= shape.tasks(); i++) {
            int d = 1;
            for (int dep : shape.deps().getOrDefault(i, List.of())) {
                d = Math.max(d, depth.get(dep) + 1);
            }
            depth.put(i, d);
            longest = Math.max(longest, d);
        }
        return longest;
    }

    static Map<Integer, List<Integer>> chain(int n) {
        Map<Integer, List<Integer>> deps = new HashMap<>();
        for (int i = 2; i <= n; i++) {
            deps.put(i, List.of(i - 1));
        }
        return deps;
    }

    static Map<Integer, List<Integer>> fanIn(int n) {
        List<Integer> all = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            all.add(i);
        }
        return Map.of(n + 1, all);
    }

    static Map<Integer, List<Integer>> layered(int n, int width, Random random) {
        Map<Integer, List<Integer>> deps = new HashMap<>();
        for (int i = width + 1; i <= n; i++) {
            int layerStart = ((i - 1) / width - 1) * width + 1;
            List<Integer> d = new ArrayList<>();
            d.add(layerStart + random.nextInt(width));
            if (random.nextBoolean()) {
                d.add(layerStart + random.nextInt(width));
            }
            deps.put(i, d.stream().distinct().toList());
        }
        return deps;
    }

    static Map<Integer, List<Integer>> randomDag(int n, double p, Random random) {
        Map<Integer, List<Integer>> deps = new HashMap<>();
        for (int i = 2; i <= n; i++) {
            List<Integer> d = new ArrayList<>();
            for (int j = 1; j < i; j++) {
                if (random.nextDouble() < p) {
                    d.add(j);
                }
            }
            deps.put(i, d);
        }
        return deps;
    }
}
