package dev.longtask.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.DependencyCycleException;
import dev.longtask.model.run.FencedException;
import dev.longtask.model.run.MemoryFiles;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.MemoryTexts;
import dev.longtask.testing.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only the PostgreSQL store does: many processes on one run (each store here stands for one), claims with
 * leases, fencing by attempt number, and the schema it migrates itself.
 */
class PostgresRunStoreTest {
    private static final ObjectMapper JSON = JsonMapping.newMapper();
    private static final Duration LEASE = Duration.ofSeconds(30);

    @TempDir
    Path workspace;
    private String url;
    private PostgresDatabase db;

    @BeforeEach
    void connect() {
        url = EmbeddedPostgres.newDatabase();
        db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 8);
    }

    @AfterEach
    void disconnect() {
        db.close();
    }

    private PostgresRunStore newRunningRun(int tasks) {
        PostgresRunStore store = PostgresRunStore.create(db, workspace, "run-1", "goal", null, null, null,
                StoreOptions.defaults().withSecrets(List.of()), LEASE);
        for (int i = 1; i <= tasks; i++) {
            store.createTask(new TaskDraft("t" + i, "do", "general", List.of(), Map.of(), Map.of(), List.of()));
        }
        store.setRunStatus(RunStatus.RUNNING, "");
        return store;
    }

    private PostgresRunStore another(String runId) {
        return PostgresRunStore.open(db, runId, StoreOptions.defaults().withSecrets(List.of()), LEASE);
    }

    private void expireLease(String runId, int task) throws Exception {
        try (Connection c = db.connection(); PreparedStatement expire = c.prepareStatement(
                "UPDATE longtask_tasks SET lease_expires = clock_timestamp() - interval '1 second' "
                        + "WHERE run_id = ? AND id = ?")) {
            expire.setString(1, runId);
            expire.setInt(2, task);
            assertThat(expire.executeUpdate()).isEqualTo(1);
        }
    }

    @Test
    void twoProcessesOnOneRunShareOneLogWithoutGaps() {
        try (PostgresRunStore a = newRunningRun(2); PostgresRunStore b = another("run-1")) {
            List<Long> heardByB = new CopyOnWriteArrayList<>();
            b.subscribe(e -> heardByB.add(e.seq()));
            a.createTask(new TaskDraft("from a", "do", "general", List.of(1), Map.of(), Map.of(), List.of()));
            // b has not looked yet; its next change first reads a's event and is validated against it
            b.addDependency(3, 2);
            assertThat(b.task(3).blockedBy()).containsExactly(1, 2);
            assertThat(a.refresh()).isEqualTo(1);
            assertThat(a.tasks()).isEqualTo(b.tasks());
            assertThat(a.eventsAfter(0)).extracting(Event::seq).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
            assertThat(heardByB).containsExactly(5L, 6L);
            assertThatThrownBy(() -> a.addDependency(2, 3)).isInstanceOf(DependencyCycleException.class);
        }
    }

    @Test
    void aWorkersAgentStartsFromTheMemoryOfEveryCommittedEventAsTheSchedulersFilesShowIt() throws Exception {
        try (PostgresRunStore scheduler = newRunningRun(2);
             PostgresRunStore worker = PostgresRunStore.open(db, "run-1", StoreOptions.defaults().withSecrets(List.of()),
                     LEASE, PostgresRunStore.Projections.WHEN_FLUSHED)) {
            assertThat(worker.claimNext("w slot 1", false)).map(Task::id).contains(1);
            // events the worker has not read yet, committed by the scheduling process
            scheduler.append(EventType.FINDING_ADDED, null, JSON.createObjectNode().put("text", "src/a.java:3"));
            scheduler.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode().put("text", "mapped a"));
            MemoryFiles memory = worker.memoryFiles();
            assertThat(memory.findings()).contains("src/a.java:3");
            assertThat(memory.progress()).contains("mapped a");
            assertThat(memory.plan()).contains("#1").contains("#2");
            // the same texts as the files the scheduling process writes for that state, byte for byte
            scheduler.flushProjections();
            assertThat(memory).isEqualTo(MemoryTexts.read(scheduler.directory()));
        }
    }

    @Test
    void aWorkerClosingARunThatEndedLeavesTheSchedulersFilesAsTheyAre() throws Exception {
        PostgresRunStore scheduler = newRunningRun(1);
        Path directory = scheduler.directory();
        try (PostgresRunStore worker = PostgresRunStore.open(db, "run-1", StoreOptions.defaults().withSecrets(List.of()),
                LEASE, PostgresRunStore.Projections.WHEN_FLUSHED)) {
            assertThat(worker.claimNext("w slot 1", false)).map(Task::id).contains(1);
            worker.complete(1, "done");
            // the scheduling process ends the run after the worker's last commit, and writes its files
            scheduler.refresh();
            scheduler.setRunStatus(RunStatus.COMPLETED, "");
            scheduler.close();
        }
        // the worker closed knowing the run only as it was at its own last commit: the files stay the scheduler's
        JsonNode run = JSON.readTree(directory.resolve("run.json").toFile());
        assertThat(run.get("status").asText()).isEqualTo("completed");
        assertThat(Files.readString(directory.resolve("tasks/task_1.json"))).contains("\"completed\"");
    }

    @Test
    void processesWritingOneRunAtOnceLoseNoChangeAndLeaveNoGap() throws Exception {
        int processes = 4;
        int each = 25;
        List<PostgresRunStore> stores = new ArrayList<>();
        stores.add(newRunningRun(1));
        for (int i = 1; i < processes; i++) {
            stores.add(another("run-1"));
        }
        long start = stores.get(0).run().lastSeq();
        List<Thread> writers = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        for (int p = 0; p < processes; p++) {
            PostgresRunStore store = stores.get(p);
            String who = "p" + p;
            writers.add(new Thread(() -> {
                try {
                    go.await();
                    for (int n = 0; n < each; n++) {
                        // the processes race for the same next seq: the losers read the winner's event and retry
                        store.append(null, new EventData.ProgressNote(who + " " + n));
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        writers.forEach(Thread::start);
        go.countDown();
        for (Thread writer : writers) {
            writer.join();
        }
        try {
            assertThat(failures).isEmpty();
            List<Event> log = stores.get(0).eventsAfter(start);
            assertThat(log).extracting(Event::seq)
                    .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(start + 1, start + processes * each)
                            .boxed().toList());
            for (int p = 0; p < processes; p++) {
                String who = "p" + p + " ";
                assertThat(log).filteredOn(e -> e.data().path("text").asText().startsWith(who))
                        .extracting(e -> e.data().path("text").asText())
                        .as("every change of %s, in its order", who)
                        .containsExactlyElementsOf(java.util.stream.IntStream.range(0, each)
                                .mapToObj(n -> who + n).toList());
            }
            stores.get(0).refresh();
            assertThat(stores.get(0).run().lastSeq()).isEqualTo(start + processes * each);
        } finally {
            stores.forEach(PostgresRunStore::close);
        }
    }

    @Test
    void claimsTakeTheNextReadyTaskOnceAcrossProcesses() {
        try (PostgresRunStore a = newRunningRun(3); PostgresRunStore b = another("run-1")) {
            Optional<Task> first = a.claimNext("worker-a", false);
            Optional<Task> second = b.claimNext("worker-b", false);
            Optional<Task> third = b.claimNext("worker-b", true);
            assertThat(List.of(first, second, third)).allSatisfy(t -> assertThat(t).isPresent());
            assertThat(List.of(first.get().id(), second.get().id(), third.get().id())).containsExactly(1, 2, 3);
            assertThat(a.claimNext("worker-a", false)).isEmpty();
            assertThat(a.heldTasks()).isEqualTo(Map.of(1, 1));
            assertThat(b.heldTasks()).isEqualTo(Map.of(2, 1, 3, 1));
            b.setRunStatus(RunStatus.PAUSED, "stop");
            b.requeue(2, "again");
            assertThat(a.claimNext("worker-a", false)).as("a paused run gives no work").isEmpty();
        }
    }

    @Test
    void oneClaimTakesATaskForEachFreeSlotAndACommitThatReadiesATaskWakesTheListeningWorkers() throws Exception {
        try (PostgresRunStore scheduler = newRunningRun(3);
             PostgresWorkQueue queue = new PostgresWorkQueue(db, StoreOptions.defaults().withSecrets(List.of()),
                     LEASE)) {
            scheduler.createTask(new TaskDraft("after 1", "do", "general", List.of(1), Map.of(), Map.of(), List.of()));
            assertThat(queue.awaitWork(Duration.ofSeconds(5))).as("the first wait starts listening").isTrue();

            List<PostgresWorkQueue.Claimed> claims = queue.next(List.of("w slot 1", "w slot 2", "w slot 3", "w slot 4"));
            assertThat(claims).extracting(c -> c.task().id()).containsExactly(1, 2, 3);
            assertThat(claims).extracting(c -> c.task().owner()).containsExactly("w slot 1", "w slot 2", "w slot 3");
            assertThat(claims).extracting(c -> c.task().attempts()).containsOnly(1);
            PostgresRunStore store = claims.get(0).store();
            assertThat(store.heldTasks()).containsOnlyKeys(1, 2, 3);
            assertThat(leaseOf("run-1", 3)).as("every claim of the batch has its lease").isNotNull();
            assertThat(queue.next(List.of("w slot 4"))).as("task 4 waits for task 1").isEmpty();

            store.complete(2, "not a blocker of anything");
            assertThat(queue.awaitWork(Duration.ofMillis(300))).as("nothing became ready").isFalse();
            store.complete(1, "unblocks 4");
            assertThat(queue.awaitWork(Duration.ofSeconds(5))).as("task 4 became ready").isTrue();
            assertThat(queue.next(List.of("w slot 4"))).extracting(c -> c.task().id()).containsExactly(4);
        }
    }

    /**
     * A batch of claims that fails part way (the database goes away between two runs, a run cannot be read) hands out
     * the claims it made: thrown away they would stay held, their leases renewed by the heartbeat, worked by nobody
     * and never lapsing (a served run that never ended after a PostgreSQL restart).
     */
    @Test
    void aBatchOfClaimsThatFailsPartWayHandsOutTheClaimsItMade() throws Exception {
        try (PostgresRunStore first = newRunningRun(1);
             PostgresRunStore second = PostgresRunStore.create(db, workspace, "run-2", "goal", null, null, null,
                     StoreOptions.defaults().withSecrets(List.of()), LEASE);
             PostgresWorkQueue queue = new PostgresWorkQueue(db, StoreOptions.defaults().withSecrets(List.of()),
                     LEASE)) {
            second.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            second.setRunStatus(RunStatus.RUNNING, "");
            // the database "goes away" (SQLSTATE 08006, as a restart cuts a connection) when run-2's claim is written
            try (Connection c = db.connection(); java.sql.Statement away = c.createStatement()) {
                away.execute("CREATE FUNCTION went_away() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                        + "RAISE EXCEPTION 'the connection was cut' USING ERRCODE = '08006'; END $$");
                for (String table : List.of("longtask_tasks", "longtask_events")) {
                    away.execute("CREATE TRIGGER went_away BEFORE INSERT OR UPDATE ON " + table
                            + " FOR EACH ROW WHEN (NEW.run_id = 'run-2') EXECUTE FUNCTION went_away()");
                }
            }

            List<PostgresWorkQueue.Claimed> claims = queue.next(List.of("w slot 1", "w slot 2"));
            assertThat(claims).as("run-1's claim, made before run-2's failed").hasSize(1);
            assertThat(claims.get(0).task().id()).isEqualTo(1);
            assertThat(claims.get(0).store().runId()).isEqualTo("run-1");
            assertThatThrownBy(() -> queue.next(List.of("w slot 2"))).as("with nothing claimed, the outage is told")
                    .isInstanceOf(StoreException.class).matches(e -> ((StoreException) e).unavailable());
            assertThat(queue.passedOver()).as("an outage passes over no run").isEmpty();
        }
    }

    @Test
    void aRunThatCannotBeReadIsPassedOverAndTheRunsBehindItAreStillClaimed() throws Exception {
        try (PostgresRunStore spoilt = newRunningRun(1);
             PostgresRunStore behind = PostgresRunStore.create(db, workspace, "run-2", "goal", null, null, null,
                     StoreOptions.defaults().withSecrets(List.of()), LEASE);
             PostgresWorkQueue queue = new PostgresWorkQueue(db, StoreOptions.defaults().withSecrets(List.of()),
                     LEASE)) {
            behind.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            behind.setRunStatus(RunStatus.RUNNING, "");
            try (Connection c = db.connection(); PreparedStatement spoil = c.prepareStatement(
                    "UPDATE longtask_events SET line = 'not an event' WHERE run_id = 'run-1' AND seq = 2")) {
                assertThat(spoil.executeUpdate()).isEqualTo(1);
            }

            List<PostgresWorkQueue.Claimed> claims = queue.next(List.of("w slot 1"));
            assertThat(claims).as("the oldest run cannot be read; the one behind it is worked").hasSize(1);
            assertThat(claims.get(0).store().runId()).isEqualTo("run-2");
            assertThat(queue.passedOver()).containsOnlyKeys("run-1");
            assertThat(queue.passedOver().get("run-1")).startsWith("cannot read it: ");
        }
    }

    @Test
    void theQueueClosesTheStoreOfARunThatNoLongerRunsOnceNoSlotWorksOnIt() {
        try (PostgresRunStore scheduler = newRunningRun(2);
             PostgresWorkQueue queue = new PostgresWorkQueue(db, StoreOptions.defaults().withSecrets(List.of()),
                     LEASE)) {
            List<PostgresWorkQueue.Claimed> claims = queue.next(List.of("w slot 1"));
            assertThat(claims).hasSize(1);
            assertThat(queue.closeEnded(Set.of())).as("the run still runs").isEmpty();
            claims.get(0).store().complete(claims.get(0).task().id(), "done");
            scheduler.setRunStatus(RunStatus.PAUSED, "stopped by a person");
            assertThat(queue.closeEnded(Set.of("run-1"))).as("a slot still works on it").isEmpty();
            assertThat(queue.openRuns()).isEqualTo(1);

            assertThat(queue.closeEnded(Set.of())).containsExactly("run-1");
            assertThat(queue.openRuns()).isZero();
            scheduler.setRunStatus(RunStatus.RUNNING, "resumed");
            assertThat(queue.next(List.of("w slot 1"))).as("a run that runs again is opened again")
                    .extracting(c -> c.task().id()).containsExactly(2);
        }
    }

    @Test
    void aWorkerThatLostItsLeaseCannotCompleteFailOrRecordAnything() throws Exception {
        try (PostgresRunStore stale = newRunningRun(1); PostgresRunStore fresh = another("run-1")) {
            assertThat(stale.claimNext("stale", false)).isPresent();
            stale.transcript(1).append(JSON.createObjectNode().put("role", "user").put("content", "before"));
            expireLease("run-1", 1);

            // lapsed but not yet requeued: the database already refuses the old holder
            assertThatThrownBy(() -> stale.append(1, new EventData.FindingAdded("late", "general", null)))
                    .isInstanceOf(FencedException.class).hasMessageContaining("attempt 1 no longer holds it")
                    .hasMessageContaining("lease lapsed");
            stale.claimNext("stale", false); // keeps nothing: the task is not ready
            assertThat(fresh.requeueLapsed()).containsExactly(1);
            Task again = fresh.claimNext("fresh", false).orElseThrow();
            assertThat(again.attempts()).isEqualTo(2);
            long before = fresh.run().lastSeq();

            assertThatThrownBy(() -> stale.complete(1, "mine")).isInstanceOf(FencedException.class)
                    .hasMessageContaining("attempt 1 no longer holds it (the task is in_progress at attempt 2");
            assertThatThrownBy(() -> stale.finish(1, false, "broke", List.of())).isInstanceOf(FencedException.class);
            assertThatThrownBy(() -> stale.transcript(1).append(JSON.createObjectNode().put("content", "after")))
                    .isInstanceOf(FencedException.class);
            assertThatThrownBy(() -> stale.writeResult(1, JSON.createObjectNode().put("summary", "stale")))
                    .isInstanceOf(FencedException.class);
            assertThat(fresh.eventsAfter(before)).isEmpty();
            assertThat(fresh.result(1)).isEmpty();
            assertThat(fresh.transcriptLines("task_1")).extracting(l -> l.get("content").asText())
                    .containsExactly("before");

            fresh.writeResult(1, JSON.createObjectNode().put("summary", "fresh"));
            fresh.finish(1, true, "done", List.of(new EventData.FindingAdded("found", "general", null)));
            assertThat(fresh.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
            assertThat(fresh.result(1).orElseThrow().json().get("summary").asText()).isEqualTo("fresh");
            assertThat(fresh.eventsAfter(0)).filteredOn(e -> e.type().equals(EventType.TASK_COMPLETED)).hasSize(1);
        }
    }

    @Test
    void transcriptLinesAppendedTogetherAreOneWriteInOrderAndAStaleAttemptWritesNoneOfThem() throws Exception {
        try (PostgresRunStore worker = newRunningRun(1); PostgresRunStore reader = another("run-1")) {
            assertThat(worker.claimNext("w slot 1", false)).isPresent();
            worker.transcript(1).appendAll(List.of(line("assistant", "a"), line("tool_call", "b"),
                    line("tool_call", "c")));
            worker.transcript(1).append(line("tool_result", "d"));

            assertThat(reader.transcriptLines("task_1")).extracting(l -> l.get("content").asText())
                    .containsExactly("a", "b", "c", "d");
            // one statement: the three lines came in one transaction, the fourth in its own
            assertThat(transactionsOf("run-1", "task_1")).containsExactly(3, 1);

            expireLease("run-1", 1);
            assertThatThrownBy(() -> worker.transcript(1).appendAll(List.of(line("assistant", "late"),
                    line("tool_call", "later")))).isInstanceOf(FencedException.class);
            assertThat(reader.transcriptLines("task_1")).extracting(l -> l.get("content").asText())
                    .containsExactly("a", "b", "c", "d");
        }
    }

    @Test
    void theEndOfATaskClaimsTheSlotsNextTaskInTheSameCommitAndAFencedEndClaimsNothing() throws Exception {
        try (PostgresRunStore reader = newRunningRun(4);
             PostgresRunStore worker = PostgresRunStore.open(db, "run-1", StoreOptions.defaults().withSecrets(List.of()),
                     LEASE, PostgresRunStore.Projections.WHEN_FLUSHED)) {
            assertThat(worker.claimNext(List.of("w slot 1", "w slot 2"), false)).extracting(Task::id)
                    .containsExactly(1, 2);
            List<Task> taken = new CopyOnWriteArrayList<>();
            // task 3 is busy in another slot of this process: the end of task 1 claims task 4
            worker.claimWithEnd(1, "w slot 1", () -> Set.of(3), taken::add);
            assertThat(worker.complete(1, "done").status()).isEqualTo(TaskStatus.COMPLETED);
            assertThat(taken).singleElement().satisfies(t -> {
                assertThat(t.id()).isEqualTo(4);
                assertThat(t.owner()).isEqualTo("w slot 1");
                assertThat(t.status()).isEqualTo(TaskStatus.IN_PROGRESS);
            });
            assertThat(worker.heldTasks()).containsEntry(4, 1).doesNotContainKey(1);
            reader.refresh();
            assertThat(reader.task(4).owner()).isEqualTo("w slot 1");
            // one transaction: the completion (fenced by task 1's attempt) and the claim (which starts a lease)
            assertThat(eventRows("run-1", "task.completed", 1)).isEqualTo(eventRows("run-1", "task.claimed", 4));
            assertThat(attemptOf("run-1", "task.completed", 1)).isEqualTo(1);
            assertThat(attemptOf("run-1", "task.claimed", 4)).isNull();
            assertThat(leaseOf("run-1", 4)).isNotNull();
            // the rows the commit wrote are the run and the tasks as the log makes them
            assertThat(JSON.readTree(rowText("SELECT task::text FROM longtask_tasks WHERE run_id = 'run-1' AND id = 4")))
                    .isEqualTo(JSON.readTree(JSON.writeValueAsString(reader.task(4))));
            assertThat(JSON.readTree(rowText("SELECT task::text FROM longtask_tasks WHERE run_id = 'run-1' AND id = 1")))
                    .isEqualTo(JSON.readTree(JSON.writeValueAsString(reader.task(1))));
            assertThat(JSON.readTree(rowText("SELECT run::text FROM longtask_runs WHERE id = 'run-1'")))
                    .isEqualTo(JSON.readTree(JSON.writeValueAsString(reader.run())));

            // an end the fence refuses claims nothing: the whole commit is refused
            worker.claimWithEnd(2, "w slot 2", Set::of, taken::add);
            expireLease("run-1", 2);
            assertThatThrownBy(() -> worker.complete(2, "late")).isInstanceOf(FencedException.class);
            reader.refresh();
            assertThat(reader.task(3).status()).isEqualTo(TaskStatus.PENDING);
            assertThat(taken).hasSize(1);

            // withdrawn: the end claims nothing
            worker.claimWithEnd(4, "w slot 1", Set::of, taken::add);
            worker.dropClaimWithEnd(4);
            worker.complete(4, "done");
            reader.refresh();
            assertThat(reader.task(3).status()).isEqualTo(TaskStatus.PENDING);
            assertThat(taken).hasSize(1);
        }
    }

    private String rowText(String query) throws Exception {
        try (Connection c = db.connection(); Statement select = c.createStatement();
             ResultSet row = select.executeQuery(query)) {
            assertThat(row.next()).as(query).isTrue();
            return row.getString(1);
        }
    }

    /** The transaction (xmin) that wrote the event of {@code type} about {@code task}. */
    private String eventRows(String runId, String type, int task) throws Exception {
        return eventColumn("xmin::text", runId, type, task);
    }

    private Integer attemptOf(String runId, String type, int task) throws Exception {
        String attempt = eventColumn("attempt::text", runId, type, task);
        return attempt == null ? null : Integer.valueOf(attempt);
    }

    private String eventColumn(String column, String runId, String type, int task) throws Exception {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement("SELECT " + column
                + " FROM longtask_events WHERE run_id = ? AND type = ? AND task = ?")) {
            select.setString(1, runId);
            select.setString(2, type);
            select.setInt(3, task);
            try (ResultSet row = select.executeQuery()) {
                assertThat(row.next()).as("a %s event of task %d", type, task).isTrue();
                return row.getString(1);
            }
        }
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode line(String kind, String content) {
        return JSON.createObjectNode().put("kind", kind).put("content", content);
    }

    /** How many lines of the transcript each transaction wrote, in the order of the lines. */
    private List<Integer> transactionsOf(String runId, String name) throws Exception {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT count(*) FROM longtask_transcripts WHERE run_id = ? AND name = ? GROUP BY xmin::text "
                        + "ORDER BY min(n)")) {
            select.setString(1, runId);
            select.setString(2, name);
            List<Integer> counts = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    counts.add(rows.getInt(1));
                }
            }
            return counts;
        }
    }

    @Test
    void aTaskThisProcessGaveBackCanBeRecordedByNoneOfItsEarlierAttempt() throws Exception {
        // A worker's slot stopped in the place of another (a freeze outlasted the lease, the same worker claimed the
        // task again and gave it back) leaves the first agent running: whatever it writes afterwards is refused.
        try (PostgresRunStore worker = newRunningRun(1)) {
            assertThat(worker.claimNext("w slot 2", false)).isPresent();
            assertThat(worker.release(1, "the slot stopped")).isEqualTo(PostgresRunStore.Release.REQUEUED);
            long before = worker.run().lastSeq();

            assertThatThrownBy(() -> worker.complete(1, "mine")).isInstanceOf(FencedException.class)
                    .hasMessageContaining("task 1 was given back by this process");
            assertThatThrownBy(() -> worker.finish(1, true, "done", List.of())).isInstanceOf(FencedException.class);
            assertThatThrownBy(() -> worker.transcript(1).append(JSON.createObjectNode().put("content", "late")))
                    .isInstanceOf(FencedException.class);
            assertThatThrownBy(() -> worker.writeResult(1, JSON.createObjectNode().put("summary", "late")))
                    .isInstanceOf(FencedException.class);
            try (PostgresRunStore reader = another("run-1")) {
                assertThat(reader.eventsAfter(before)).isEmpty();
                assertThat(reader.task(1).status()).isEqualTo(TaskStatus.PENDING);
            }

            Task again = worker.claimNext("w slot 3", false).orElseThrow();
            assertThat(again.attempts()).as("claimed again, the task is this process's to record").isEqualTo(2);
            assertThat(worker.complete(1, "done by the new attempt").status()).isEqualTo(TaskStatus.COMPLETED);
        }
    }

    @Test
    void aHeldLeaseIsRenewedByTheHeartbeatAndALostOneIsReported() throws Exception {
        List<String> lost = new CopyOnWriteArrayList<>();
        try (PostgresRunStore store = PostgresRunStore.create(db, workspace, "beat", "goal", null, null, null,
                StoreOptions.defaults().withSecrets(List.of()), Duration.ofMillis(600))) {
            store.onLeaseLost((task, attempt) -> lost.add("task " + task + " attempt " + attempt));
            store.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            store.createTask(new TaskDraft("u", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            store.setRunStatus(RunStatus.RUNNING, "");
            store.claimNext("w", false);
            store.claimNext("w", false);
            java.sql.Timestamp first = leaseOf("beat", 1);
            dev.longtask.testing.Waiting.until(() -> leaseOf("beat", 1).after(first), "the heartbeat renews the lease");
            expireLease("beat", 2);
            dev.longtask.testing.Waiting.until(() -> !lost.isEmpty(), "the lost lease is reported");
            assertThat(lost).as("the lost claim, by its attempt").containsExactly("task 2 attempt 1");
            assertThat(store.heldTasks()).containsOnlyKeys(1);
            store.complete(1, "held all along");
        }
    }

    @Test
    void aClaimWhoseResultCannotBeWrittenIsGivenBackAtOnce() throws Exception {
        try (PostgresRunStore store = newRunningRun(1)) {
            store.claimNext("w", false);
            refuse("NEW.type = 'task.completed'");
            assertThatThrownBy(() -> store.complete(1, "done")).isInstanceOf(StoreException.class)
                    .isNotInstanceOf(FencedException.class);
            assertThat(store.heldTasks()).as("a failed write does not drop the claim by itself").containsOnlyKeys(1);

            assertThat(store.release(1, "its result could not be written")).isEqualTo(PostgresRunStore.Release.REQUEUED);

            assertThat(store.task(1).status()).isEqualTo(TaskStatus.PENDING);
            assertThat(store.heldTasks()).isEmpty();
            assertThat(store.release(1, "again")).as("nothing left to give back")
                    .isEqualTo(PostgresRunStore.Release.NOT_HELD);
        }
    }

    @Test
    void aClaimThatCannotEvenBeGivenBackIsNoLongerRenewedAndLapses() throws Exception {
        try (PostgresRunStore store = PostgresRunStore.create(db, workspace, "zombie", "goal", null, null, null,
                StoreOptions.defaults().withSecrets(List.of()), Duration.ofMillis(600));
             PostgresRunStore other = another("zombie")) {
            store.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            store.setRunStatus(RunStatus.RUNNING, "");
            store.claimNext("w", false);
            java.sql.Timestamp first = leaseOf("zombie", 1);
            dev.longtask.testing.Waiting.until(() -> leaseOf("zombie", 1).after(first), "the heartbeat renews the lease");
            refuse("NEW.run_id = 'zombie'"); // no write of the run gets through, as with the database away

            assertThat(store.release(1, "the worker is stopping")).isEqualTo(PostgresRunStore.Release.NOT_WRITTEN);

            assertThat(store.heldTasks()).isEmpty();
            dev.longtask.testing.Waiting.until(() -> lapsed("zombie", 1), "the lease that nobody renews lapses");
            allowAll();
            dev.longtask.testing.Waiting.until(() -> other.requeueLapsed().contains(1), "another process requeues it");
            assertThat(other.task(1).status()).isEqualTo(TaskStatus.PENDING);
        }
    }

    /** Makes the database refuse every event for which {@code condition} holds (not a fencing refusal). */
    private void refuse(String condition) throws Exception {
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF "
                    + condition + " THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$");
            s.execute("CREATE TRIGGER test_refuse BEFORE INSERT ON longtask_events FOR EACH ROW EXECUTE FUNCTION "
                    + "test_refuse()");
        }
    }

    private void allowAll() throws Exception {
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER test_refuse ON longtask_events");
        }
    }

    private boolean lapsed(String runId, int task) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT lease_expires < clock_timestamp() FROM longtask_tasks WHERE run_id = ? AND id = ?")) {
            select.setString(1, runId);
            select.setInt(2, task);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getBoolean(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private java.sql.Timestamp leaseOf(String runId, int task) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT lease_expires FROM longtask_tasks WHERE run_id = ? AND id = ?")) {
            select.setString(1, runId);
            select.setInt(2, task);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getTimestamp(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theSchemaIsMigratedOnceAndAChangedScriptIsRefused() throws Exception {
        try (PostgresDatabase again = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2)) {
            assertThat(again.schemaVersion()).isEqualTo(PostgresSchema.VERSIONS.size());
        }
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            try (ResultSet rows = s.executeQuery("SELECT count(*) FROM longtask_schema")) {
                rows.next();
                assertThat(rows.getInt(1)).isEqualTo(PostgresSchema.VERSIONS.size());
            }
            s.executeUpdate("UPDATE longtask_schema SET sha256 = 'edited' WHERE version = 1");
        }
        assertThatThrownBy(() -> PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2))
                .isInstanceOf(StoreException.class).hasMessageContaining("differs from this longtask's");
    }

    @Test
    void aRunWhoseWorkspaceThisMachineCannotSeeIsRefusedClearly() throws Exception {
        newRunningRun(0).close();
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE longtask_runs SET workspace = '/nonexistent/shared/ws' WHERE id = 'run-1'");
        }
        assertThatThrownBy(() -> another("run-1")).isInstanceOf(StoreException.class)
                .hasMessageContaining("works on /nonexistent/shared/ws, which this machine cannot see")
                .hasMessageContaining("same path");
    }

    @Test
    void urlsNeverCarryAPasswordAndABadServerIsOneClearLine() {
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://me:hunter2@db/longtask", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PGPASSWORD")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> PostgresUrl.parse("postgresql://db", Map.of()))
                .hasMessageContaining("needs a host and a database");
        PostgresUrl parsed = PostgresUrl.parse("postgresql://ops@db.example:6543/runs?sslmode=require",
                Map.of("PGUSER", "other"));
        assertThat(parsed.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:6543/runs?sslmode=require");
        assertThat(parsed.user()).isEqualTo("ops");
        assertThat(PostgresUrl.parse("postgres://db/runs", Map.of("PGUSER", "other")).user()).isEqualTo("other");

        String secret = "s3cret-pass-word";
        assertThatThrownBy(() -> PostgresDatabase.connect(PostgresUrl.parse(
                url.replace("postgresql://postgres@", "postgresql://nobody@"), Map.of()),
                Map.of("PGPASSWORD", secret), 2))
                .isInstanceOf(StoreException.class).hasMessageContaining("cannot connect to PostgreSQL at localhost:")
                .hasMessageContaining("as nobody").hasMessageNotContaining(secret);
    }
}
