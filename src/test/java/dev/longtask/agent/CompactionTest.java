package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactionTest {
    static final String CONTRACT_MARK = "Compare the five files and report the odd one out";

    @TempDir
    Path dir;

    private LoopFixture fixture(int window) throws Exception {
        LoopFixture f = new LoopFixture(dir, new ScriptedModel(window));
        for (int i = 1; i <= 5; i++) {
            String words = IntStream.range(0, 120).mapToObj(n -> "word" + n).collect(Collectors.joining(" "));
            Files.writeString(dir.resolve("f" + i + ".txt"), "FILE" + i + "-MARK " + words + "\n");
        }
        f.settings = new LoopSettings(20_000, 2, 1_000_000, 3, 0.75, 0.25, null);
        return f;
    }

    private static String text(ChatRequest request) {
        return request.messages().stream().map(Compactor::render).collect(Collectors.joining("\n"))
                + ((ChatMessage.System) request.messages().get(0)).text();
    }

    @Test
    void olderTurnsAreSummarisedWhileSystemPromptContractAndRecentTurnsStay() throws Exception {
        LoopFixture f = fixture(2_000);
        f.model.onCompaction(r -> new ChatMessage.Assistant("- SUMMARY-MARK: read f1..f3, all alike", List.of()));
        for (int i = 1; i <= 5; i++) {
            f.model.call("read", "{\"path\":\"f" + i + ".txt\"}");
        }
        f.model.submit(true, "done");
        TaskContract contract = new TaskContract("odd one", CONTRACT_MARK, Map.of(), Map.of(), List.of(), 1, 1);

        AgentOutcome outcome = f.run(LoopFixture.agent(20, "read"), contract);

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        List<ChatRequest> summarising = f.model.requests().stream().filter(r -> r.tools().isEmpty()).toList();
        assertThat(summarising).isNotEmpty();
        assertThat(text(summarising.get(0))).contains("FILE1-MARK", "compact the working memory");
        assertThat(f.calls).anyMatch(c -> c.purpose() == ModelCall.Purpose.COMPACTION);

        ChatRequest last = f.model.last();
        String system = ((ChatMessage.System) last.messages().get(0)).text();
        String head = ((ChatMessage.User) last.messages().get(1)).text();
        assertThat(system).contains(CONTRACT_MARK, "You are a test agent.");
        assertThat(head).contains("Begin task 1 of 1", Conversation.SUMMARY_HEADING, "SUMMARY-MARK");
        String all = text(last);
        assertThat(all).doesNotContain("FILE1-MARK").contains("FILE5-MARK");
        assertThat(last.messages().get(2)).isInstanceOf(ChatMessage.Assistant.class);
        int estimate = last.messages().stream().mapToInt(LoopFixture.TOKENS::count).sum()
                + last.tools().stream().mapToInt(LoopFixture.TOKENS::count).sum();
        assertThat(estimate).isLessThanOrEqualTo(1_500);

        assertThat(f.transcript.kinds()).contains("compaction");
        assertThat(outcome.steps()).isEqualTo(6);
        assertThat(outcome.usage().inputTokens()).isEqualTo(100L * (6 + summarising.size()));
    }

    @Test
    void aRuntimesRememberingCounterCompactsWhenTheSharedOneDoes() throws Exception {
        // The same task with the shared counter, then twice with one counter that remembers: the second time it starts
        // from what it remembered of the first (the prompt's pieces, the tools), and decides from that without counting.
        TokenCounter remembering = TokenCounter.rememberingTools();
        List<List<String>> requests = new ArrayList<>();
        for (TokenCounter counter : List.of(LoopFixture.TOKENS, remembering, remembering)) {
            LoopFixture f = fixture(2_000);
            f.tokens = counter;
            f.model.onCompaction(r -> new ChatMessage.Assistant("- SUMMARY-MARK: read f1..f3, all alike", List.of()));
            for (int i = 1; i <= 5; i++) {
                f.model.call("read", "{\"path\":\"f" + i + ".txt\"}");
            }
            f.model.submit(true, "done");

            f.run(LoopFixture.agent(20, "read"), CONTRACT_MARK);

            requests.add(f.model.requests().stream().map(r -> (r.tools().isEmpty() ? "compaction " : "step ")
                    + r.messages().size()).toList());
        }
        assertThat(requests.get(0)).contains("compaction 2");
        assertThat(requests.get(1)).isEqualTo(requests.get(0));
        assertThat(requests.get(2)).isEqualTo(requests.get(0));
    }

    @Test
    void theSummariserIsToldTheTaskAndItsRequiredOutputs() throws Exception {
        LoopFixture f = fixture(2_000);
        f.model.onCompaction(r -> new ChatMessage.Assistant("- SUMMARY-MARK", List.of()));
        for (int i = 1; i <= 5; i++) {
            f.model.call("read", "{\"path\":\"f" + i + ".txt\"}");
        }
        f.model.submit(false, "not written");
        TaskContract contract = new TaskContract("odd one", CONTRACT_MARK, Map.of(), Map.of("report", "out/odd.md"),
                List.of("the odd file is named"), 1, 1);

        f.run(LoopFixture.agent(20, "read"), contract);

        ChatRequest summarising = f.model.requests().stream().filter(r -> r.tools().isEmpty()).findFirst().orElseThrow();
        String system = ((ChatMessage.System) summarising.messages().get(0)).text();
        String user = ((ChatMessage.User) summarising.messages().get(1)).text();
        assertThat(system).contains("You get its task", "which of the task's required outputs are written");
        assertThat(user).startsWith("The agent's task:\n# Your task (task 1 of 1)")
                .contains(CONTRACT_MARK, "- report: out/odd.md", "- the odd file is named", "Newer turns:")
                .containsSubsequence(CONTRACT_MARK, "Summary so far", "FILE1-MARK");
    }

    @Test
    void aSecondCompactionFoldsTheEarlierSummaryIn() throws Exception {
        LoopFixture f = fixture(1_600);
        int[] n = {0};
        f.model.onCompaction(r -> {
            n[0]++;
            return new ChatMessage.Assistant("- SUMMARY-" + n[0] + " covers " + (n[0] > 1 ? "SUMMARY-1 and more" : "the start"),
                    List.of());
        });
        for (int i = 1; i <= 5; i++) {
            f.model.call("read", "{\"path\":\"f" + i + ".txt\"}");
        }
        f.model.submit(true, "done");

        f.run(LoopFixture.agent(20, "read"), CONTRACT_MARK);

        assertThat(n[0]).isGreaterThanOrEqualTo(2);
        List<ChatRequest> summarising = f.model.requests().stream().filter(r -> r.tools().isEmpty()).toList();
        assertThat(text(summarising.get(1))).contains("Summary so far:\n- SUMMARY-1");
        String head = ((ChatMessage.User) f.model.last().messages().get(1)).text();
        assertThat(head).contains("SUMMARY-" + n[0]).doesNotContain("the start");
        assertThat(((ChatMessage.System) f.model.last().messages().get(0)).text()).contains(CONTRACT_MARK);
    }

    @Test
    void aTaskThatCannotFitTheWindowEndsWithContextOverflow() throws Exception {
        LoopFixture f = fixture(400);

        AgentOutcome outcome = f.run(LoopFixture.agent(5, "read"), CONTRACT_MARK);

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.CONTEXT_OVERFLOW);
        assertThat(outcome.reason()).contains("context window of 400 tokens");
        assertThat(f.model.requests()).isEmpty();
    }
}
