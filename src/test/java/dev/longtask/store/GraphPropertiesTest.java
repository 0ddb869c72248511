package dev.longtask.store;

import static dev.longtask.store.StoreFixtures.draft;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.DependencyCycleException;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.TaskStateException;
import dev.longtask.store.file.FileRunStore;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Random sequences of graph operations against a real store, checking after every step the invariants of
 * the graph rules of docs/store.md, and at the end that a reopened store (checkpoint + replay) and a full replay
 * of the log both equal the live store.
 */
class GraphPropertiesTest {

    enum Kind { CREATE, DEPEND, CLAIM, COMPLETE, FAIL, CANCEL, REQUEUE, SET_STATUS, LLM_CALL, NOTE, UPDATE }

    record Op(Kind kind, int a, int b, int c) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Kind> kinds = Arbitraries.frequency(
                Tuple.of(6, Kind.CREATE), Tuple.of(6, Kind.DEPEND), Tuple.of(4, Kind.CLAIM), Tuple.of(4, Kind.COMPLETE),
                Tuple.of(2, Kind.FAIL), Tuple.of(1, Kind.CANCEL), Tuple.of(2, Kind.REQUEUE), Tuple.of(2, Kind.SET_STATUS),
                Tuple.of(2, Kind.LLM_CALL), Tuple.of(1, Kind.NOTE), Tuple.of(1, Kind.UPDATE));
        Arbitrary<Integer> n = Arbitraries.integers().between(0, 999);
        return Combinators.combine(kinds, n, n, n).as(Op::new).list().ofMinSize(1).ofMaxSize(50);
    }

    @Property(tries = 50)
    void graphInvariantsHoldOverAnySequenceOfOperations(@ForAll("operations") List<Op> ops) throws IOException {
        Path workspace = Files.createTempDirectory("graph-props");
        try {
            check(workspace, ops);
        } finally {
            try (Stream<Path> files = Files.walk(workspace)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private void check(Path workspace, List<Op> ops) throws IOException {
        StoreOptions options = StoreFixtures.fast().withCheckpointEvery(7);
        List<Task> liveTasks;
        Run liveRun;
        Path dir;
        long expectedTokens = 0;
        BigDecimal expectedCost = BigDecimal.ZERO;
        try (FileRunStore store = FileRunStore.create(workspace, "prop", "property run", null, null, options)) {
            dir = store.directory();
            for (Op op : ops) {
                List<Task> before = store.tasks();
                long seqBefore = store.run().lastSeq();
                int n = before.size();
                Kind kind = n == 0 ? Kind.CREATE : op.kind();
                int x = n == 0 ? 0 : 1 + op.a() % n;
                int y = n == 0 ? 0 : 1 + op.b() % n;
                boolean refused = false;
                switch (kind) {
                    case CREATE -> {
                        List<Integer> blockers = new ArrayList<>();
                        for (int i = 0; i < op.c() % 3 && n > 0; i++) {
                            blockers.add(1 + (i == 0 ? op.a() : op.b()) % n);
                        }
                        Task created = store.createTask(draft("t" + (n + 1), blockers));
                        assertThat(created.id()).as("ids count up and are never reused").isEqualTo(n + 1);
                        List<Integer> expectBlockedBy = new LinkedHashSet<>(blockers).stream()
                                .filter(b -> before.get(b - 1).status() != TaskStatus.COMPLETED).toList();
                        assertThat(created.blockedBy()).isEqualTo(expectBlockedBy);
                        for (int b : blockers) {
                            assertThat(store.task(b).blocks()).contains(created.id());
                        }
                    }
                    case DEPEND -> refused = depend(store, before, x, y);
                    case CLAIM -> {
                        boolean won = store.claim(x, "w");
                        assertThat(won).isEqualTo(before.get(x - 1).isReady());
                        refused = !won;
                        if (won) {
                            assertThat(store.task(x).status()).isEqualTo(TaskStatus.IN_PROGRESS);
                            assertThat(store.task(x).attempts()).isEqualTo(before.get(x - 1).attempts() + 1);
                        }
                    }
                    case COMPLETE -> {
                        if (allowed(before, x, TaskStatus.PENDING, TaskStatus.IN_PROGRESS, TaskStatus.FAILED)) {
                            store.complete(x, "done");
                            checkCompletionUnblocks(before, store.tasks(), x);
                        } else {
                            refused = refusedWithState(() -> store.complete(x, "again"));
                        }
                    }
                    case FAIL -> refused = transition(before, x, () -> store.fail(x, "boom"), TaskStatus.FAILED,
                            TaskStatus.PENDING, TaskStatus.IN_PROGRESS);
                    case CANCEL -> refused = transition(before, x, () -> store.cancel(x, "no"), TaskStatus.CANCELLED,
                            TaskStatus.PENDING, TaskStatus.IN_PROGRESS, TaskStatus.FAILED);
                    case REQUEUE -> refused = transition(before, x, () -> store.requeue(x, "again"), TaskStatus.PENDING,
                            TaskStatus.IN_PROGRESS, TaskStatus.FAILED, TaskStatus.CANCELLED);
                    case SET_STATUS -> refused = setStatus(store, before, x, TaskStatus.values()[op.c() % 5]);
                    case LLM_CALL -> {
                        ObjectNode data = StoreFixtures.llmCall(op.a(), op.b(), "0.00" + op.c());
                        store.append(EventType.LLM_CALL, op.c() % 2 == 0 ? null : x, data);
                        expectedTokens += op.a() + op.b();
                        expectedCost = expectedCost.add(new BigDecimal("0.00" + op.c()));
                    }
                    case NOTE -> store.append(op.c() % 2 == 0 ? EventType.PROGRESS_NOTE : EventType.FINDING_ADDED,
                            op.c() % 2 == 0 ? null : x, StoreFixtures.note("note " + op.a()));
                    case UPDATE -> store.updateTask(x, StoreFixtures.JSON.createObjectNode().put("subject", "s" + op.a()));
                }
                if (refused) {
                    assertThat(store.tasks()).as("a refused %s changes nothing", kind).isEqualTo(before);
                    assertThat(store.run().lastSeq()).isEqualTo(seqBefore);
                }
                checkInvariants(store.tasks());
            }
            assertThat(store.run().usage().totalTokens()).isEqualTo(expectedTokens);
            assertThat(store.run().usage().costUsd()).isEqualByComparingTo(expectedCost);
            liveTasks = store.tasks();
            liveRun = store.run();
        }
        try (FileRunStore reopened = FileRunStore.open(workspace, "prop", options)) {
            assertThat(reopened.openReport().clean()).as(reopened.openReport().toString()).isTrue();
            assertThat(reopened.tasks()).isEqualTo(liveTasks);
            assertThat(reopened.run()).isEqualTo(liveRun);
        }
        RunSnapshot read = FileRunStore.read(workspace, "prop");
        assertThat(read.tasks()).isEqualTo(liveTasks);
        assertThat(read.run()).isEqualTo(liveRun);
        RunState replayed = StoreFixtures.fullReplay(dir);
        assertThat(replayed.tasks()).isEqualTo(liveTasks);
        assertThat(replayed.run()).isEqualTo(liveRun);
        StoreFixtures.assertProjectionsMatch(dir, replayed);
    }

    /** Predicts the outcome of "x waits for y" from the graph before, independently of the store's code. */
    private boolean depend(FileRunStore store, List<Task> before, int x, int y) {
        Task dependent = before.get(x - 1);
        Task blocker = before.get(y - 1);
        if (blocker.blocks().contains(x)) {
            store.addDependency(x, y);
            return true;
        }
        if (x == y) {
            assertThatThrownBy(() -> store.addDependency(x, y)).isInstanceOf(DependencyCycleException.class);
            return true;
        }
        if (dependent.status() == TaskStatus.IN_PROGRESS || dependent.status() == TaskStatus.COMPLETED) {
            return refusedWithState(() -> store.addDependency(x, y));
        }
        if (reachable(before, x, y)) {
            assertThatThrownBy(() -> store.addDependency(x, y))
                    .isInstanceOfSatisfying(DependencyCycleException.class, e -> {
                        assertThat(e.cycle()).startsWith(x, y).endsWith(x);
                        for (int i = 0; i + 1 < e.cycle().size(); i++) {
                            int waiter = e.cycle().get(i);
                            int waitedFor = e.cycle().get(i + 1);
                            if (waiter != x || waitedFor != y) {
                                assertThat(before.get(waitedFor - 1).blocks()).contains(waiter);
                            }
                        }
                    });
            return true;
        }
        store.addDependency(x, y);
        assertThat(store.task(y).blocks()).contains(x);
        assertThat(store.task(x).blockedBy().contains(y)).isEqualTo(blocker.status() != TaskStatus.COMPLETED);
        return false;
    }

    /** Whether {@code to} already waits (transitively) for {@code from}: a path along blocks edges. */
    private static boolean reachable(List<Task> tasks, int from, int to) {
        Deque<Integer> queue = new ArrayDeque<>(List.of(from));
        Set<Integer> seen = new HashSet<>(queue);
        while (!queue.isEmpty()) {
            int at = queue.poll();
            if (at == to) {
                return true;
            }
            for (int next : tasks.get(at - 1).blocks()) {
                if (seen.add(next)) {
                    queue.add(next);
                }
            }
        }
        return false;
    }

    private boolean setStatus(FileRunStore store, List<Task> before, int x, TaskStatus target) {
        Task task = before.get(x - 1);
        if (task.status() == target) {
            store.setStatus(x, target, "same");
            return true;
        }
        boolean allowed = switch (target) {
            case PENDING -> allowed(before, x, TaskStatus.IN_PROGRESS, TaskStatus.FAILED, TaskStatus.CANCELLED);
            case IN_PROGRESS -> task.isReady();
            case COMPLETED -> allowed(before, x, TaskStatus.PENDING, TaskStatus.IN_PROGRESS, TaskStatus.FAILED);
            case FAILED -> allowed(before, x, TaskStatus.PENDING, TaskStatus.IN_PROGRESS);
            case CANCELLED -> allowed(before, x, TaskStatus.PENDING, TaskStatus.IN_PROGRESS, TaskStatus.FAILED);
        };
        if (!allowed) {
            return refusedWithState(() -> store.setStatus(x, target, "by hand"));
        }
        assertThat(store.setStatus(x, target, "by hand").status()).isEqualTo(target);
        if (target == TaskStatus.COMPLETED) {
            checkCompletionUnblocks(before, store.tasks(), x);
        }
        return false;
    }

    private boolean transition(List<Task> before, int x, Runnable change, TaskStatus to, TaskStatus... from) {
        if (!allowed(before, x, from)) {
            return refusedWithState(change);
        }
        change.run();
        return false;
    }

    private static boolean allowed(List<Task> before, int x, TaskStatus... from) {
        Set<TaskStatus> set = EnumSet.noneOf(TaskStatus.class);
        set.addAll(List.of(from));
        return set.contains(before.get(x - 1).status());
    }

    private static boolean refusedWithState(Runnable change) {
        assertThatThrownBy(change::run).isInstanceOf(TaskStateException.class);
        return true;
    }

    /** Completing x takes x out of exactly its dependents' blockedBy and touches no other task. */
    private static void checkCompletionUnblocks(List<Task> before, List<Task> after, int x) {
        assertThat(after.get(x - 1).status()).isEqualTo(TaskStatus.COMPLETED);
        Set<Integer> newlyReady = new HashSet<>();
        Set<Integer> expectedReady = new HashSet<>();
        for (Task was : before) {
            if (was.id() == x) {
                continue;
            }
            Task now = after.get(was.id() - 1);
            if (was.blockedBy().contains(x)) {
                assertThat(now.blockedBy()).isEqualTo(was.blockedBy().stream().filter(b -> b != x).toList());
            } else {
                assertThat(now).isEqualTo(was);
            }
            if (!was.isReady() && now.isReady()) {
                newlyReady.add(was.id());
            }
            if (was.status() == TaskStatus.PENDING && was.blockedBy().equals(List.of(x))) {
                expectedReady.add(was.id());
            }
        }
        assertThat(newlyReady).isEqualTo(expectedReady);
    }

    private static void checkInvariants(List<Task> tasks) {
        for (int i = 0; i < tasks.size(); i++) {
            assertThat(tasks.get(i).id()).as("ids are 1..n, nothing deleted").isEqualTo(i + 1);
        }
        for (Task a : tasks) {
            assertThat(new HashSet<>(a.blocks())).hasSameSizeAs(a.blocks());
            assertThat(new HashSet<>(a.blockedBy())).hasSameSizeAs(a.blockedBy());
            for (Task b : tasks) {
                boolean edge = a.blocks().contains(b.id());
                boolean waits = b.blockedBy().contains(a.id());
                if (a.status() == TaskStatus.COMPLETED) {
                    assertThat(waits).as("completed %d left the blockedBy of %d", a.id(), b.id()).isFalse();
                } else {
                    assertThat(waits).as("symmetry of %d blocks %d", a.id(), b.id()).isEqualTo(edge);
                }
            }
        }
        // No cycle: Kahn's algorithm over blocks edges consumes every task.
        int[] indegree = new int[tasks.size() + 1];
        for (Task t : tasks) {
            for (int d : t.blocks()) {
                indegree[d]++;
            }
        }
        Deque<Integer> free = new ArrayDeque<>();
        for (Task t : tasks) {
            if (indegree[t.id()] == 0) {
                free.add(t.id());
            }
        }
        int consumed = 0;
        while (!free.isEmpty()) {
            int at = free.poll();
            consumed++;
            for (int d : tasks.get(at - 1).blocks()) {
                if (--indegree[d] == 0) {
                    free.add(d);
                }
            }
        }
        assertThat(consumed).as("the graph has no cycle").isEqualTo(tasks.size());
    }
}
