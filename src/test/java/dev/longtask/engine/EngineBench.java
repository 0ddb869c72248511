package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.FsyncPolicy;
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
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * The scheduler's quality and the engine's own cost, with a simulated model (a fixed latency per call, no
 * network) over generated graphs. Prints a Markdown table:
 * makespan / lower bound, where the lower bound is max(critical path, total work / concurrency), and the
 * engine's overhead per task (a task's wall time minus its model latency).
 *
 * <pre>mvn -q -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.longtask.engine.EngineBench</pre>
 */
public final class EngineBench {
    static final long[] LATENCIES_MS = {40, 400};
    static final int CALLS_PER_TASK = 2;

    record Shape(String name, int tasks, int concurrency, Map<Integer, List<Integer>> deps) {
    }

    public static void main(String[] args) throws Exception {
        Random random = new Random(42);
        List<Shape> shapes = List.of(
                new Shape("chain of 12", 12, 4, chain(12)),
                new Shape("40 independent", 40, 4, Map.of()),
                new Shape("layered 48 (width 8)", 48, 4, layered(48, 8, random)),
                new Shape("random DAG 60", 60, 6, randomDag(60, 0.05, random)),
                new Shape("fan-in 30 -> 1", 31, 8, fanIn(30)));
        System.out.println("| graph | tasks | concurrency | critical path | model ms/call | makespan | lower bound "
                + "| makespan / bound | engine overhead per task | makespan / bound at observed task time |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (long latency : LATENCIES_MS) {
            for (Shape shape : shapes) {
                measure(shape, latency);
            }
        }
        System.out.println();
        System.out.println(CALLS_PER_TASK + " model calls per task (write, submit_result); fsync always; "
                + Runtime.getRuntime().availableProcessors() + " cores. The last column divides the makespan by the "
                + "bound computed with the tasks' observed wall time (model + engine), so it isolates the scheduling.");
    }

    private static void measure(Shape shape, long latencyMs) throws Exception {
        Path ws = Files.createTempDirectory("longtask-bench");
        EngineFixture.workspace(ws);
        ScriptedModel model = new ScriptedModel(turn -> {
            if (turn.role().equals("task")) {
                LockSupport.parkNanos(Duration.ofMillis(latencyMs).toNanos());
            }
            return answer(shape, turn);
        });
        RunEngine engine = EngineFixture.engine(ws, model,
                new EngineConfig(shape.concurrency(), 1, 0, "bench"), RunObserver.NONE, FsyncPolicy.ALWAYS);
        engine.start("bench", "bench", Budget.UNLIMITED);
        RunSnapshot run = FileRunStore.read(ws, "bench");
        try (FileRunStore store = FileRunStore.open(ws, "bench", dev.longtask.store.StoreOptions.defaults())) {
            List<Event> events = store.eventsAfter(0);
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
            int critical = criticalPath(shape);
            double bound = Math.max(critical * taskWork, shape.tasks() * taskWork / shape.concurrency());
            double wall = run.tasks().stream().mapToLong(t -> Duration.between(t.started(), t.finished()).toMillis())
                    .average().orElse(0);
            double observedBound = Math.max(critical * wall, shape.tasks() * wall / shape.concurrency());
            System.out.printf("| %s | %d | %d | %d | %d | %.0f ms | %.0f ms | %.2f | %.1f ms | %.2f |%n", shape.name(),
                    shape.tasks(), shape.concurrency(), critical, latencyMs, makespan, bound, makespan / bound,
                    wall - taskWork, makespan / observedBound);
        }
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
