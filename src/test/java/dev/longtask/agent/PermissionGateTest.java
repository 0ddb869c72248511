package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.agent.Approver;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.TaskDraft;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.PermissionPolicy;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Toolbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate at dispatch, with real tools and a real run store: what a person is asked, that the question and its
 * answer are in the log around the call, denials back to the model, grants, and questions that outlive a session.
 */
class PermissionGateTest {
    @TempDir
    Path root;
    FileRunStore store;
    LoopFixture f;
    final List<ApprovalQuestion> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        Files.writeString(root.resolve("notes.md"), "alpha\nbeta\ngamma\n");
        store = FileRunStore.create(root, "run-1", "test goal", "test:scripted", Budget.UNLIMITED,
                StoreOptions.defaults().withSecrets(List.of()));
        store.createTask(new TaskDraft("the task", "do it", "general", List.of(), Map.of(), Map.of(), List.of()));
        f = new LoopFixture(root);
        f.tools = new ArrayList<>(Toolbox.builtIn(Map.of("PATH", "/usr/bin:/bin"), Sandbox.unconfined("test")).all());
        f.store = store;
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    private PermissionGate gate(ApprovalMode mode, Approver approver, PermissionRule... rules) {
        return new PermissionGate(PermissionPolicy.of(mode, List.of(rules), f.workspace, null), approver, store,
                f.workspace);
    }

    /** An approver that records what it was asked and answers with {@code answers} in turn. */
    private Approver answering(ApprovalAnswer... answers) {
        return (runId, question) -> {
            asked.add(question);
            return Optional.of(answers[asked.size() - 1]);
        };
    }

    private static AgentSpec agent() {
        return LoopFixture.agent(10, "read", "write", "edit", "bash");
    }

    private List<String> types() {
        return store.eventsAfter(0).stream().map(Event::type).toList();
    }

    @Test
    void aQuestionIsInTheLogBeforeAnyoneIsAskedAndTheAnswerBeforeTheCallRuns() {
        List<String> seenWhenAsked = new ArrayList<>();
        f.gate = gate(ApprovalMode.ASK, (runId, q) -> {
            seenWhenAsked.add(runId + " " + types().get(types().size() - 1) + " open="
                    + store.approvals().get(store.approvals().size() - 1).open()
                    + " file=" + Files.exists(root.resolve("out.txt")));
            asked.add(q);
            return Optional.of(ApprovalAnswer.allowOnce(q.id(), "test"));
        });
        f.model.call("edit", "{\"path\":\"notes.md\",\"old_string\":\"beta\",\"new_string\":\"BETA\"}")
                .call("write", "{\"path\":\"out.txt\",\"content\":\"one\\ntwo\\n\"}")
                .call("read", "{\"path\":\"out.txt\"}")
                .submit(true, "done");

        AgentOutcome outcome = f.run(agent(), "edit and write");

        assertThat(outcome.success()).isTrue();
        assertThat(seenWhenAsked).containsExactly("run-1 approval.requested open=true file=false",
                "run-1 approval.requested open=true file=false");
        assertThat(asked).extracting(ApprovalQuestion::tool).containsExactly("edit", "write");
        ApprovalQuestion edit = asked.get(0);
        assertThat(edit.id()).isEqualTo(1);
        assertThat(edit.task()).isEqualTo(1);
        assertThat(edit.agent()).isEqualTo("tester");
        assertThat(edit.why()).isEqualTo("the approval mode is ask");
        assertThat(edit.always()).isEqualTo("Edit(/notes.md)");
        assertThat(edit.preview()).isEqualTo("""
                edit notes.md
                --- a/notes.md
                +++ b/notes.md
                @@ -1,3 +1,3 @@
                 alpha
                -beta
                +BETA
                 gamma
                """);
        assertThat(asked.get(1).preview()).startsWith("new file out.txt\n").contains("+one\n+two\n");
        assertThat(store.approvals()).allSatisfy(a -> assertThat(a.answer().decision())
                .isEqualTo(ApprovalDecision.ALLOW_ONCE));
        assertThat(types()).containsSubsequence(EventType.APPROVAL_REQUESTED, EventType.APPROVAL_ANSWERED,
                EventType.APPROVAL_REQUESTED, EventType.APPROVAL_ANSWERED);
        assertThat(root.resolve("notes.md")).hasContent("alpha\nBETA\ngamma");
    }

    @Test
    void theReasonOfADenialGoesBackToTheModelAndTheCallDoesNotRun() {
        f.gate = gate(ApprovalMode.ASK, answering(ApprovalAnswer.deny(1, "not in the repo root, use build/", "me")));
        f.model.call("bash", "{\"command\":\"echo made > made.txt\"}").submit(true, "gave up");

        f.run(agent(), "make a file");

        assertThat(root.resolve("made.txt")).doesNotExist();
        ChatMessage.ToolResult result = ScriptedModel.results(f.model.last()).get(0);
        assertThat(result.error()).isTrue();
        assertThat(result.content()).startsWith("denied by the user: not in the repo root, use build/.");
        assertThat(asked.get(0).preview()).isEqualTo("$ echo made > made.txt");
        assertThat(store.approvals().get(0).answer()).isEqualTo(
                ApprovalAnswer.deny(1, "not in the repo root, use build/", "me"));
    }

    @Test
    void allowAlwaysGrantsTheQuestionsRuleForTheRestOfTheRunAlsoInALaterSession() {
        f.gate = gate(ApprovalMode.ASK, answering(ApprovalAnswer.allowAlways(1, "me"), ApprovalAnswer.allowOnce(2, "me")));
        f.model.call("bash", "{\"command\":\"echo one > a.txt\"}")
                .call("bash", "{\"command\":\"echo two > b.txt\"}")
                .call("bash", "{\"command\":\"ls -la\"}")
                .submit(true, "done");
        ApprovalAnswer never = ApprovalAnswer.deny(9, "not asked", "nobody");

        f.run(agent(), "echo things");

        assertThat(asked).hasSize(2);
        assertThat(asked.get(0).always()).isEqualTo("Bash(echo:*)");
        assertThat(asked.get(1).preview()).isEqualTo("$ ls -la");
        assertThat(root.resolve("b.txt")).exists();

        // a new session builds its gate from the same log: the grant holds, the allow-once answer to ls does not
        asked.clear();
        f.gate = gate(ApprovalMode.ASK, answering(never));
        f.model.call("bash", "{\"command\":\"echo three > c.txt\"}").submit(true, "done");
        f.run(agent(), "echo more");
        assertThat(asked).isEmpty();
        assertThat(root.resolve("c.txt")).exists();
    }

    @Test
    void anUnansweredQuestionStaysOpenAndTheSameCallAfterARestartFindsItsAnswer() {
        f.gate = gate(ApprovalMode.ASK, Approver.NOBODY);
        f.model.call("write", "{\"path\":\"out.txt\",\"content\":\"x\"}").submit(true, "could not");

        f.run(agent(), "write");

        assertThat(ScriptedModel.results(f.model.last()).get(0).content())
                .startsWith("this call needs a person's approval and no one can give it now");
        assertThat(store.approvals()).hasSize(1);
        assertThat(store.approvals().get(0).open()).isTrue();

        // the task starts over (a new session) and makes the same call: no second question, the open one is asked
        f.gate = gate(ApprovalMode.ASK, Approver.NOBODY);
        f.model.call("write", "{\"path\":\"out.txt\",\"content\":\"x\"}").submit(true, "could not");
        f.run(agent(), "write");
        assertThat(store.approvals()).hasSize(1);

        // someone answers it (longtask approve); the next session's identical call runs without asking anyone
        store.answerApproval(ApprovalAnswer.allowOnce(1, "longtask approve"));
        f.gate = gate(ApprovalMode.ASK, answering());
        f.model.call("write", "{\"path\":\"out.txt\",\"content\":\"x\"}").submit(true, "done");
        f.run(agent(), "write");
        assertThat(asked).isEmpty();
        assertThat(root.resolve("out.txt")).hasContent("x");

        // once used, "allow once" does not cover the same call again in that session
        f.gate = gate(ApprovalMode.ASK, answering(ApprovalAnswer.deny(2, "enough", "me")));
        f.model.call("write", "{\"path\":\"out.txt\",\"content\":\"x\"}")
                .call("write", "{\"path\":\"out.txt\",\"content\":\"x\"}").submit(true, "done");
        f.run(agent(), "write twice");
        assertThat(asked).hasSize(1);
        assertThat(store.approvals()).extracting(Approval::id).containsExactly(1, 2);
    }

    @Test
    void theWhitelistComesFirstAndReadOnlyRefusesWithAReasonTheModelCanActOn() {
        f.gate = gate(ApprovalMode.READ_ONLY, answering());
        f.model.call("bash", "{\"command\":\"ls\"}")
                .call("write", "{\"path\":\"out.txt\",\"content\":\"x\"}")
                .call("read", "{\"path\":\"notes.md\"}")
                .submit(true, "read only");

        f.run(LoopFixture.agent(10, "read", "write"), "try");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.get(0).content()).startsWith("tool 'bash' is not available to agent 'tester'");
        assertThat(results.get(1).content()).startsWith("refused: this run is read-only (--approval read-only)");
        assertThat(results.get(2).error()).isFalse();
        assertThat(asked).isEmpty();
        assertThat(store.approvals()).isEmpty();
        assertThat(root.resolve("out.txt")).doesNotExist();
    }

    @Test
    void aDenyRuleRefusesWithoutAskingAndNamesTheRule() {
        f.gate = gate(ApprovalMode.ASK, answering(), PermissionRule.parse(PermissionRule.Kind.DENY,
                "Read(./notes.md)", ".claude/settings.json"));
        f.model.call("read", "{\"path\":\"notes.md\"}").submit(true, "denied");

        f.run(agent(), "read");

        assertThat(ScriptedModel.results(f.model.last()).get(0).content())
                .isEqualTo("refused: refused by the rule Read(./notes.md) of .claude/settings.json");
        assertThat(asked).isEmpty();
    }
}
