package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finishing is never lost: the agent learns how many steps are left when few remain, its last step forces the
 * terminal tool, and every call of an answer gets an answer even when an earlier one ends the task.
 */
class FinishingTest {
    @TempDir
    Path dir;
    LoopFixture f;

    @BeforeEach
    void setUp() throws Exception {
        f = new LoopFixture(Files.createDirectory(dir.resolve("ws")));
        Files.writeString(f.root.resolve("a.txt"), "alpha\n");
    }

    @Test
    void theLastStepsSayHowManyAreLeftAndTheLastOneForcesTheTerminalTool() {
        for (int i = 0; i < 5; i++) {
            f.model.call("write", "{\"path\":\"draft-" + i + ".md\",\"content\":\"part " + i + "\"}");
        }
        f.model.submit(false, "ran out of room");

        AgentOutcome outcome = f.run(LoopFixture.agent(6, "write"), "Write drafts");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        List<ChatRequest> requests = f.model.requests();
        assertThat(requests).hasSize(6);
        assertThat(requests).allSatisfy(r -> assertThat(r.finishingTool()).isEqualTo("submit_result"));
        assertThat(requests.subList(0, 5)).allSatisfy(r -> assertThat(r.forcedTool()).isNull());
        assertThat(requests.get(5).forcedTool()).isEqualTo("submit_result");
        // results of steps 1 and 2 (4 and 5 left) carry no count; 3 left after step 3, 2 after step 4
        assertThat(lastResultBefore(requests.get(2))).doesNotContain("steps left");
        assertThat(lastResultBefore(requests.get(3))).contains("[3 steps left]", "call submit_result");
        assertThat(lastResultBefore(requests.get(4))).contains("[2 steps left]");
        assertThat(lastResultBefore(requests.get(5))).contains("[last step]", "can only call submit_result",
                "success=false");
    }

    @Test
    void aPlainReplyNearTheEndIsNudgedWithTheStepsLeft() {
        f.model.say("Thinking about it.").submit(true, "done");

        f.run(LoopFixture.agent(3, "ls"), "Explore");

        ChatMessage last = f.model.last().messages().get(f.model.last().messages().size() - 1);
        assertThat(((ChatMessage.User) last).text()).contains("plain replies reach nobody", "[2 steps left]");
    }

    @Test
    void callsAfterAnAcceptedSubmitAreAnsweredAsNotRunAndNeverExecuted() {
        f.model.calls(f.model.toolCall("submit_result", "{\"success\":true,\"summary\":\"done\"}"),
                f.model.toolCall("write", "{\"path\":\"late.txt\",\"content\":\"x\"}"));

        AgentOutcome outcome = f.run(LoopFixture.agent(5, "write"), "Finish");

        assertThat(outcome.success()).isTrue();
        assertThat(Files.exists(f.root.resolve("late.txt"))).isFalse();
        List<ObjectNode> results = f.transcript.entries().stream()
                .filter(e -> e.path("kind").asText().equals("tool_result")).toList();
        assertThat(results).extracting(e -> e.path("tool").asText()).containsExactly("submit_result", "write");
        assertThat(results.get(1).path("error").asBoolean()).isTrue();
        assertThat(results.get(1).path("content").asText())
                .isEqualTo("not run: the submit_result call before it ended the task");
        assertThat(f.transcript.kinds()).last().isEqualTo("outcome");
    }

    @Test
    void parallelWorkCallsAreAllExecutedAndAnsweredInOrder() throws Exception {
        f.model.calls(f.model.toolCall("write", "{\"path\":\"one.txt\",\"content\":\"1\"}"),
                f.model.toolCall("write", "{\"path\":\"two.txt\",\"content\":\"2\"}"),
                f.model.toolCall("read", "{\"path\":\"a.txt\"}"))
                .submit(true, "done");

        f.run(LoopFixture.agent(5, "write", "read"), "Write two files");

        assertThat(Files.readString(f.root.resolve("one.txt"))).isEqualTo("1");
        assertThat(Files.readString(f.root.resolve("two.txt"))).isEqualTo("2");
        List<ChatMessage.ToolResult> answered = ScriptedModel.results(f.model.last());
        List<String> asked = ((ChatMessage.Assistant) f.model.last().messages().get(2)).toolCalls().stream()
                .map(c -> c.id()).toList();
        assertThat(answered).extracting(ChatMessage.ToolResult::toolCallId).containsExactlyElementsOf(asked);
        assertThat(answered.get(2).content()).contains("alpha");
    }

    @Test
    void filePathIsTakenForPathWithTheSameChecks() throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "top secret");
        f.model.call("read", "{\"file_path\":\"a.txt\"}")
                .call("read", "{\"file_path\":\"../secret.txt\"}")
                .call("write", "{\"file_path\":\"b.txt\",\"content\":\"bee\"}")
                .call("read", "{\"file_path\":\"a.txt\",\"path\":\"b.txt\"}")
                .submit(true, "done");

        f.run(LoopFixture.agent(10, "read", "write"), "Read with Claude Code's names");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.get(0).error()).isFalse();
        assertThat(results.get(0).content()).contains("alpha");
        assertThat(results.get(1).error()).isTrue();
        assertThat(results.get(1).content()).contains("refused path").doesNotContain("top secret");
        assertThat(Files.readString(f.root.resolve("b.txt"))).isEqualTo("bee");
        assertThat(results.get(3).error()).isTrue();
        assertThat(results.get(3).content()).contains("path or as file_path, not both");
    }

    private static String lastResultBefore(ChatRequest request) {
        return ScriptedModel.lastResult(request).content();
    }
}
