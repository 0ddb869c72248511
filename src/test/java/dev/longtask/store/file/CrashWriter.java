package dev.longtask.store.file;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreException;
import dev.longtask.store.StoreFixtures;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The writer {@link CrashTest} kills with SIGKILL: opens a run and works its graph from several threads forever,
 * printing {@code ACK <seq> <type> <task>} after each change returns (so the event is acknowledged durable).
 * Args: workspace, run id, fsync policy, threads, seed.
 */
public final class CrashWriter {
    private CrashWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path workspace = Path.of(args[0]);
        String runId = args[1];
        FsyncPolicy policy = FsyncPolicy.fromWire(args[2]);
        int threads = Integer.parseInt(args[3]);
        long seed = Long.parseLong(args[4]);
        PrintStream out = System.out;
        FileRunStore store = FileRunStore.open(workspace, runId, CrashTest.options(policy));
        ThreadLocal<Event> appended = new ThreadLocal<>();
        store.subscribe(appended::set);
        out.println("READY " + ProcessHandle.current().pid());
        out.flush();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Random random = new Random(seed + t);
            Thread worker = new Thread(() -> {
                while (true) {
                    appended.remove();
                    try {
                        step(store, random);
                    } catch (StoreException | IllegalArgumentException refusedOnStaleView) {
                        continue;
                    } catch (RuntimeException e) {
                        out.println("ERROR " + e);
                        e.printStackTrace();
                        out.flush();
                        System.exit(1);
                    }
                    Event event = appended.get();
                    if (event != null) {
                        out.println("ACK " + event.seq() + " " + event.type() + " " + event.task());
                        out.flush();
                    }
                }
            }, "crash-writer-" + t);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join();
        }
    }

    private static void step(FileRunStore store, Random random) {
        List<Task> tasks = store.tasks();
        int n = tasks.size();
        int choice = n == 0 ? 0 : random.nextInt(11);
        switch (choice) {
            case 0, 1 -> {
                List<Integer> blockers = new ArrayList<>();
                for (int i = 0; i < random.nextInt(3) && n > 0; i++) {
                    blockers.add(1 + random.nextInt(n));
                }
                store.createTask(StoreFixtures.draft("task " + (n + 1), blockers));
            }
            case 2 -> pick(tasks, random, TaskStatus.PENDING).ifPresent(t -> store.claim(t.id(), Thread.currentThread().getName()));
            case 3 -> pick(tasks, random, TaskStatus.IN_PROGRESS).ifPresent(t -> store.complete(t.id(), "done"));
            case 4 -> pick(tasks, random, TaskStatus.IN_PROGRESS).ifPresent(t -> store.fail(t.id(), "gave up"));
            case 5 -> pick(tasks, random, TaskStatus.FAILED).ifPresent(t -> store.requeue(t.id(), "retry"));
            case 6 -> store.append(EventType.LLM_CALL, 1 + random.nextInt(n),
                    StoreFixtures.llmCall(random.nextInt(5000), random.nextInt(800), "0.00" + random.nextInt(100)));
            case 7 -> store.append(EventType.PROGRESS_NOTE, null, StoreFixtures.note("x".repeat(1 + random.nextInt(3000))));
            case 8 -> store.append(EventType.FINDING_ADDED, 1 + random.nextInt(n), StoreFixtures.note("finding " + random.nextInt()));
            case 9 -> {
                int id = 1 + random.nextInt(n);
                store.transcript(id).append(StoreFixtures.note("y".repeat(random.nextInt(5000))));
                store.writeResult(id, StoreFixtures.note("result of " + id));
            }
            default -> store.append(EventType.ROUND_STARTED, null, StoreFixtures.JSON.createObjectNode()
                    .put("objective", "round " + random.nextInt(100)));
        }
    }

    private static java.util.Optional<Task> pick(List<Task> tasks, Random random, TaskStatus status) {
        List<Task> matching = tasks.stream().filter(t -> t.status() == status && (status != TaskStatus.PENDING || t.isReady())).toList();
        return matching.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(matching.get(random.nextInt(matching.size())));
    }
}
