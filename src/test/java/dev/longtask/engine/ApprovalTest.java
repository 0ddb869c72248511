package dev.longtask.engine;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs in {@code --approval ask}: without anyone to answer, the run pauses with the question open; an answer given
 * meanwhile (as {@code longtask approve} gives it) is found by the resumed task's identical call; a denial reaches
 * the model; and a process killed while it waits loses neither the question nor the answer given after.
 */
class ApprovalTest {
    @TempDir
    Path dir;

    private static Permissions ask(Approver approver) {
        return Permissions.AUTO.withMode(ApprovalMode.ASK).withApprover(approver);
    }

    private static void answer(Path ws, String runId, ApprovalAnswer answer) {
        try (FileRunStore store = FileRunStore.open(ws, runId, StoreOptions.defaults())) {
            store.answerApproval(answer);
        }
    }

    @Test
    void withNobodyToAskTheRunPausesWithTheQuestionOpenAndGoesOnOnceItIsAnswered() {
        Path ws = EngineFixture.workspace(dir);
        ScriptedModel model = new ScriptedModel(ApprovingRun::answer);
        RunEngine engine = EngineFixture.engine(ws, model, EngineConfig.defaults(), RunObserver.NONE,
                ask(Approver.NOBODY));

        RunOutcome paused = engine.start("write one file", "run-a", Budget.UNLIMITED);

        assertThat(paused.status()).isEqualTo(RunStatus.PAUSED);
        assertThat(paused.reason()).isEqualTo("waiting for approval: question #1 of task #1 (write); answer it with "
                + "'longtask approve run-a' (or --deny REASON), then resume");
        RunSnapshot mid = FileRunStore.read(ws, "run-a");
        assertThat(mid.task(1).status()).isEqualTo(TaskStatus.PENDING);
        assertThat(mid.openApprovals()).singleElement().satisfies(a -> {
            assertThat(a.question().tool()).isEqualTo("write");
            assertThat(a.question().preview()).startsWith("new file out/result.md");
        });
        assertThat(mid.permissions().approval()).isEqualTo(ApprovalMode.ASK);
        assertThat(ws.resolve("out/result.md")).doesNotExist();

        // resuming before anyone answered asks again (nobody) and pauses again, with no second question
        assertThat(engine.resume("run-a", Budget.UNLIMITED).status()).isEqualTo(RunStatus.PAUSED);
        assertThat(FileRunStore.read(ws, "run-a").approvals()).hasSize(1);

        answer(ws, "run-a", ApprovalAnswer.allowOnce(1, "longtask approve"));
        RunOutcome done = engine.resume("run-a", Budget.UNLIMITED);

        assertThat(done.status()).as(done.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(ws.resolve("out/result.md")).hasContent("the result");
        RunSnapshot end = FileRunStore.read(ws, "run-a");
        assertThat(end.approvals()).singleElement().extracting(Approval::open).isEqualTo(false);
    }

    @Test
    void aDenialsReasonReachesTheModelAsTheToolsError() {
        Path ws = EngineFixture.workspace(dir);
        ScriptedModel model = new ScriptedModel(ApprovingRun::answer);
        RunEngine engine = EngineFixture.engine(ws, model, EngineConfig.defaults(), RunObserver.NONE,
                ask((runId, q) -> java.util.Optional.of(ApprovalAnswer.deny(q.id(), "write to build/ instead", "me"))));

        RunOutcome outcome = engine.start("write one file", "run-d", Budget.UNLIMITED);

        assertThat(outcome.status()).isEqualTo(RunStatus.FAILED);
        assertThat(ws.resolve("out/result.md")).doesNotExist();
        assertThat(model.turns).anySatisfy(t -> assertThat(t.lastResult())
                .startsWith("denied by the user: write to build/ instead."));
        assertThat(FileRunStore.read(ws, "run-d").task(1).error()).contains("write to build/ instead");
    }

    @Test
    void aKilledProcessLosesNeitherTheOpenQuestionNorTheAnswerGivenAfter() throws Exception {
        Path ws = EngineFixture.workspace(dir);
        Process child = new ProcessBuilder(ChildJvm.testMain(ApprovingRun.class, List.of("-Xmx256m"), ws.toString()))
                .redirectErrorStream(true).start();
        try {
            CompletableFuture<String> asked = CompletableFuture.supplyAsync(() -> firstLineStartingWith(child, "ASKED"));
            assertThat(asked.get(60, TimeUnit.SECONDS)).isEqualTo("ASKED 1");
        } finally {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }

        RunSnapshot killed = FileRunStore.read(ws, "run-ask");
        assertThat(killed.openApprovals()).singleElement().satisfies(a -> assertThat(a.question().tool())
                .isEqualTo("write"));
        answer(ws, "run-ask", ApprovalAnswer.allowOnce(1, "longtask approve"));

        RunOutcome done = EngineFixture.engine(ws, new ScriptedModel(ApprovingRun::answer), EngineConfig.defaults(),
                RunObserver.NONE, ask(Approver.NOBODY)).resume("run-ask", Budget.UNLIMITED);

        assertThat(done.status()).as(done.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(ws.resolve("out/result.md")).hasContent("the result");
        List<String> approvalEvents;
        try (FileRunStore store = FileRunStore.open(ws, "run-ask", StoreOptions.defaults())) {
            approvalEvents = store.eventsAfter(0).stream().map(Event::type)
                    .filter(t -> t.startsWith("approval.")).toList();
        }
        assertThat(approvalEvents).containsExactly(EventType.APPROVAL_REQUESTED, EventType.APPROVAL_ANSWERED);
    }

    private static String firstLineStartingWith(Process child, String prefix) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            StringBuilder seen = new StringBuilder();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith(prefix)) {
                    return line;
                }
                seen.append(line).append('\n');
            }
            return "the child ended without asking:\n" + seen;
        } catch (IOException e) {
            return "cannot read the child: " + e;
        }
    }
}
