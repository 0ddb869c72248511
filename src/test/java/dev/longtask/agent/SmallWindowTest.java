package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.tools.Toolbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model with an 8k window reading a file far larger than that: each read is cut at a line, with where to read
 * on, small enough to stay among the turns compaction keeps; and after a compaction the file may be read again.
 */
class SmallWindowTest {
    @TempDir
    Path dir;

    @Test
    void largeReadsArePagedToTheWindowAndTheReadGuardForgetsWhatCompactionSummarised() throws Exception {
        LoopFixture f = new LoopFixture(dir, new ScriptedModel(8_192));
        f.tools = Toolbox.builtIn().select(List.of("read"));
        Files.writeString(dir.resolve("big.txt"), IntStream.rangeClosed(1, 900)
                .mapToObj(i -> "line " + i + " of the big file, with enough words to make it a long line")
                .collect(Collectors.joining("\n", "", "\n")));
        f.model.onCompaction(r -> new ChatMessage.Assistant("- read big.txt lines 1 to 240 so far", List.of()));
        // a run memory that would take half the window is cut to a tenth of it; a long task text makes two reads
        // bring a compaction due
        String filler = IntStream.range(0, 100).mapToObj(i -> "- finding " + i + ": a fact some earlier task recorded")
                .collect(Collectors.joining("\n"));
        f.memory = new RunMemory(filler, filler, filler);
        f.model.call("read", "{\"path\":\"big.txt\"}")
                .then(r -> readOn(f, r))
                .call("read", "{\"path\":\"big.txt\"}")
                .submit(true, "done");

        AgentOutcome outcome = f.run(LoopFixture.agent(20, "read"), "Read big.txt, knowing:\n"
                + filler.replace("finding", "fact").repeat(3));

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        String system = ((ChatMessage.System) f.model.requests().get(0).messages().get(0)).text();
        assertThat(system).contains("[... earlier lines are not shown]\n", "[... the rest of the file is not shown]")
                .doesNotContain("- finding 50:");
        int memoryChars = 3 * LoopSettings.memoryCharsPerSection(8_192);
        assertThat(memoryChars).isLessThan(8_192 * LoopSettings.CHARS_PER_TOKEN / 8);
        int cutAt = LoopSettings.DEFAULTS.forWindow(8_192).maxOutputChars();
        assertThat(cutAt).isLessThan(LoopSettings.DEFAULTS.maxOutputChars());
        List<ChatRequest> steps = f.model.requests().stream().filter(r -> !r.tools().isEmpty()).toList();
        String first = ScriptedModel.lastResult(steps.get(1)).content();
        first = first.contains("\n\n[reminder]") ? first.substring(0, first.indexOf("\n\n[reminder]")) : first;
        assertThat(first.length()).isLessThanOrEqualTo(cutAt);
        assertThat(first).startsWith("     1\tline 1 of").doesNotContain("cut from the middle")
                .containsPattern("\\(lines 1-\\d+ of 900 shown, as much as fits here; \\d+ more: call read with offset=\\d+\\)$");
        assertThat(f.transcript.kinds()).contains("compaction");
        ChatRequest rereading = steps.get(3);
        assertThat(((ChatMessage.User) rereading.messages().get(1)).text()).contains(Conversation.SUMMARY_HEADING);
        ChatMessage.ToolResult again = ScriptedModel.lastResult(rereading);
        assertThat(again.error()).as(again.content()).isFalse();
        assertThat(again.content()).startsWith("     1\tline 1 of");
    }

    /** The next read of big.txt from where the last result said to read on. */
    private static ChatMessage.Assistant readOn(LoopFixture f, ChatRequest request) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("offset=(\\d+)\\)")
                .matcher(ScriptedModel.lastResult(request).content());
        String offset = m.find() ? m.group(1) : "1";
        return new ChatMessage.Assistant("", List.of(f.model.toolCall("read",
                "{\"path\":\"big.txt\",\"offset\":" + offset + "}")));
    }
}
