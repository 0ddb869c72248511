package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What makes a run replayable when its tasks run side by side: every model call says who makes it (agent, task, step
 * and what for), and the run's memory, which other tasks change as they go, is marked as of the agent's start.
 */
class CallOriginTest {
    @TempDir
    Path dir;

    @Test
    void theRunsMemoryIsMarkedAsOfTheStartAndTheContractFollowsIt() {
        LoopFixture f = new LoopFixture(dir);
        f.memory = new RunMemory("# Task plan\n[x] #1: Map\n[>] #2: Read", "- #1 found the entry point",
                "- task #1 completed");
        f.model.submit(true, "done");

        f.run(LoopFixture.agent(5, "read"), new TaskContract("Read", "Read src/core.", Map.of(), Map.of(), List.of(),
                2, 3));

        String system = ScriptedModel.systemPrompt(f.model.requests().get(0));
        String block = system.substring(system.indexOf("<run_memory as_of=\"when you started; tasks running beside you"
                + " may have changed these files since\">\n"), system.indexOf("</run_memory>"));
        assertThat(block).contains("# The run's plan (head of task_plan.md)", "[>] #2: Read",
                "# Recent findings (tail of findings.md)", "- #1 found the entry point",
                "# Recent progress (tail of progress.md)", "- task #1 completed");
        assertThat(system.substring(system.indexOf("</run_memory>"))).contains("task 2 of 3", "Read src/core.");
    }

    @Test
    void withNoMemoryThereIsNoBlock() {
        LoopFixture f = new LoopFixture(dir);
        f.model.submit(true, "done");

        f.run(LoopFixture.agent(5, "read"), "Read src/core.");

        assertThat(ScriptedModel.systemPrompt(f.model.requests().get(0))).doesNotContain("run_memory", "as_of");
    }

    @Test
    void everyCallSaysWhichAgentTaskAndStepMakesItAndWhatFor() throws Exception {
        LoopFixture f = new LoopFixture(dir, new ScriptedModel(2_000));
        String words = IntStream.range(0, 120).mapToObj(n -> "word" + n).collect(Collectors.joining(" "));
        for (int i = 1; i <= 5; i++) {
            Files.writeString(dir.resolve("f" + i + ".txt"), "FILE" + i + " " + words + "\n");
            f.model.call("read", "{\"path\":\"f" + i + ".txt\"}");
        }
        f.model.submit(true, "done");
        f.model.onCompaction(r -> new ChatMessage.Assistant("- read some of the files", List.of()));
        f.settings = new LoopSettings(20_000, 2, 1_000_000, 3, 0.75, 0.25, null);

        f.run(LoopFixture.agent(20, "read"), "Compare the files");

        List<ChatRequest.Origin> origins = f.model.requests().stream().map(ChatRequest::origin).toList();
        assertThat(origins).allMatch(o -> o.agent().equals("tester") && o.task() == 1);
        assertThat(origins.stream().filter(o -> o.purpose().equals(ChatRequest.Origin.STEP)))
                .extracting(ChatRequest.Origin::step).containsExactly(1, 2, 3, 4, 5, 6);
        // a compaction is made before a step, and named by it
        List<Integer> compactions = IntStream.range(0, origins.size())
                .filter(i -> origins.get(i).purpose().equals(ChatRequest.Origin.COMPACTION)).boxed().toList();
        assertThat(compactions).isNotEmpty().allSatisfy(i -> assertThat(origins.get(i).step())
                .isEqualTo(origins.subList(i, origins.size()).stream()
                        .filter(o -> o.purpose().equals(ChatRequest.Origin.STEP)).findFirst().orElseThrow().step()));
        assertThat(origins.get(compactions.get(0)).describe()).matches("task #1, tester, compaction before step \\d");
    }
}
