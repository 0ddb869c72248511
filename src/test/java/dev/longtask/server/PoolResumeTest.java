package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.mcp.RunControl;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.review.ReviewFixture;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pool carries what a goal alone does not say, through a restart of the server: a code review (its plan made in
 * code, its post-run step writing the checked report) and budgets raised on resume. Each "server" is a pool over the
 * same state directory with a runtime of its own, as a new process would have.
 */
class PoolResumeTest {
    private static final ObjectMapper JSON = JsonMapping.newMapper();
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aReviewInterruptedByARestartResumesAsAReviewAndWritesItsCheckedReport() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root")).toRealPath();
        Path repo = ReviewFixture.copyTo(root.resolve("repo")).toRealPath();
        Reviews first = new Reviews(false);
        Server before = new Server(root, ServerFixture.backend(first.model, new Approvals()));
        String id = before.runs.review(new RunControl.Review(Path.of("repo"), "performance,bug"));
        // still queued is not stopped: the pool may not have started the run yet
        ServerFixture.await("the reviewer to be asked, or the run to stop", LIMIT, () -> first.reviewerCalls.get() > 0
                || before.pool.entry(id).map(e -> e.state() != PoolEntry.State.RUNNING
                        && e.state() != PoolEntry.State.QUEUED).orElse(true));
        before.pool.shutdown(LIMIT);
        assertThat(first.plannerCalls.get()).as("a review is planned in code").isZero();

        RunSnapshot stopped = FileRunStore.read(repo, id);
        assertThat(stopped.run().status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(stopped.tasks()).extracting(Task::status).as("the analysis done, the review not")
                .contains(TaskStatus.COMPLETED).containsAnyOf(TaskStatus.PENDING, TaskStatus.IN_PROGRESS);
        assertThat(new PoolBook(before.state, JSON).readAll()).singleElement()
                .satisfies(e -> assertThat(e.state()).isEqualTo(PoolEntry.State.RUNNING));
        first.release();

        Reviews second = new Reviews(true);
        Server after = new Server(root, ServerFixture.backend(second.model, new Approvals()));
        ServerFixture.await("the review to end", LIMIT, () -> after.pool.entry(id)
                .map(e -> e.state() == PoolEntry.State.DONE).orElse(false));
        after.pool.shutdown(LIMIT);

        RunSnapshot done = FileRunStore.read(repo, id);
        assertThat(done.run().status()).as(done.run().statusReason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(done.run().goal()).contains("Review the code of this repository").contains("performance, bug");
        assertThat(second.plannerCalls.get()).as("a resumed review is still planned in code").isZero();
        List<Event> log = new RunFiles(JSON).eventsAfter(repo, id, 0, Integer.MAX_VALUE);
        assertThat(log).filteredOn(e -> EventType.SESSION_STARTED.equals(e.type())).hasSize(2);
        for (Task task : done.tasks()) {
            assertThat(log).filteredOn(e -> EventType.TASK_COMPLETED.equals(e.type()) && e.task() == task.id())
                    .as("task %d completed once", task.id()).hasSize(1);
        }
        Path results = done.directory().resolve("results/review");
        String review = Files.readString(results.resolve("review.md"));
        assertThat(review).startsWith("# Review of the fixture").contains(Reviews.FINDING)
                .contains("`" + Reviews.LOCATION + "`");
        JsonNode checked = JSON.readTree(results.resolve("review.json").toFile());
        assertThat(checked.path("issues")).singleElement()
                .satisfies(issue -> assertThat(issue.path("verified").asBoolean()).isTrue());
        assertThat(after.runs.report(id, null)).hasValue(review);
    }

    @Test
    void budgetsRaisedOnResumeWaitInThePoolsRecordUntilASessionRecordsThem() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root")).toRealPath();
        Jobs jobs = new Jobs(2, 0, true);
        FailingLaunch failing = new FailingLaunch(ServerFixture.backend(jobs.model, new Approvals()));
        Server before = new Server(root, failing);
        String id = before.runs.start(new RunControl.Start("job-07: two steps", null, null,
                new Budget(1500L, null, null), 1));
        ServerFixture.await("the budget to pause the run", LIMIT, () -> before.pool.entry(id)
                .map(e -> e.state() == PoolEntry.State.HELD).orElse(false));
        assertThat(FileRunStore.read(root, id).run().status()).isEqualTo(RunStatus.PAUSED);

        failing.fail.set(true);
        Budget raised = new Budget(1_000_000L, null, null);
        assertThat(before.runs.resume(id, null, raised)).contains("queued again").contains("max_tokens 1000000");
        ServerFixture.await("the session that fails to start", LIMIT, () -> before.pool.entry(id)
                .map(e -> e.note().startsWith("could not start")).orElse(false));
        before.pool.shutdown(LIMIT);
        assertThat(new PoolBook(before.state, JSON).readAll()).singleElement()
                .satisfies(e -> assertThat(e.budgetChange()).isEqualTo(raised));
        assertThat(FileRunStore.read(root, id).run().budget().maxTokens()).as("not recorded yet").isEqualTo(1500L);

        Server after = new Server(root, ServerFixture.backend(jobs.model, new Approvals()));
        after.runs.resume(id, null, null);
        ServerFixture.await("the run to end", LIMIT, () -> after.pool.entry(id)
                .map(e -> e.state() == PoolEntry.State.DONE).orElse(false));
        after.pool.shutdown(LIMIT);

        RunSnapshot done = FileRunStore.read(root, id);
        assertThat(done.run().status()).as(done.run().statusReason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(done.run().budget().maxTokens()).isEqualTo(1_000_000L);
        assertThat(new PoolBook(after.state, JSON).readAll()).singleElement()
                .satisfies(e -> assertThat(e.budgetChange()).as("recorded once, then forgotten").isNull());
        assertThat(new RunFiles(JSON).eventsAfter(root, id, 0, Integer.MAX_VALUE))
                .filteredOn(e -> EventType.RUN_BUDGET.equals(e.type())).hasSize(1);
    }

    /** A pool with its PoolRuns over the server's state directory under {@code root}, as a server builds them. */
    private static final class Server {
        final Path state;
        final Pool pool;
        final PoolRuns runs;

        Server(Path root, RunBackend backend) {
            this.state = root.resolve(".longtask/server");
            RunFiles files = new RunFiles(JSON);
            this.pool = new Pool(new PoolBook(state, JSON), backend, files, new EventHub(), 1,
                    new PoolRetries(0, Duration.ZERO), dev.longtask.model.run.RunSlots.UNLIMITED, List.of(root), Clock.systemUTC(), new PoolListener() {
            }, new Approvals());
            this.runs = new PoolRuns(pool, files, new Submissions(List.of(root)), root, Clock.systemUTC());
            pool.recover();
        }
    }

    /** A runtime whose sessions fail to start while {@link #fail} is set, as one whose model key went missing. */
    private static final class FailingLaunch implements RunBackend {
        final RunBackend inner;
        final AtomicBoolean fail = new AtomicBoolean();

        FailingLaunch(RunBackend inner) {
            this.inner = inner;
        }

        @Override
        public void create(String runId, Submission request) {
            inner.create(runId, request);
        }

        @Override
        public LiveRun launch(String runId, Submission request, Budget budgetChange, long afterSeq,
                              Consumer<Event> events) {
            if (fail.get()) {
                throw new IllegalArgumentException("no API key for the run's model");
            }
            return inner.launch(runId, request, budgetChange, afterSeq, events);
        }

        @Override
        public void setStatus(Path workspace, String runId, RunStatus status, String reason) {
            inner.setStatus(workspace, runId, status, reason);
        }

        @Override
        public dev.longtask.model.Approval answerApproval(Path workspace, String runId,
                                                         dev.longtask.model.ApprovalAnswer answer) {
            return inner.answerApproval(workspace, runId, answer);
        }

        @Override
        public List<Integer> retryTask(Path workspace, String runId, int taskId, String by) {
            return inner.retryTask(workspace, runId, taskId, by);
        }
    }
}
