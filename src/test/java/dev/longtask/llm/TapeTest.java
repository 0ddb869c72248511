package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.config.ConfigException;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.llm.Tape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TapeTest {
    private static final String KEY = "sk-ant-api03-secret-value-for-tape";

    @TempDir
    Path dir;

    @Test
    void recordedCallsReplayWithoutNetworkAndWithoutKeys() throws Exception {
        Path tape = dir.resolve("calls.jsonl");
        ChatResponse first;
        ChatResponse second;
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            server.enqueue(Wire.json(200, "anthropic-tool-use.json"));
            server.enqueue(Wire.json(200, "anthropic-text.json"));
            ModelClient recording = Wire.noWaiting(new ArrayList<>()).build(Wire.settings(dir,
                            Map.of("ANTHROPIC_API_KEY", KEY), "anthropic:claude-sonnet-4-5", server.url("/v1/").toString()),
                    Tape.record(tape), AttemptListener.NONE);
            first = recording.chat(Wire.toolRequest());
            second = recording.chat(Wire.simple("ping"));
        }
        assertThat(Files.readAllLines(tape)).hasSize(2);
        assertThat(Files.readString(tape)).doesNotContain(KEY);

        // no key, no server: only the tape answers
        ModelClient replaying = Wire.noWaiting(new ArrayList<>()).build(
                Wire.settings(dir, Map.of(), null, null), Tape.replay(tape), AttemptListener.NONE);

        assertThat(replaying.modelSpec()).isEqualTo("anthropic:claude-sonnet-4-5");
        assertThat(replaying.chat(Wire.toolRequest())).isEqualTo(first);
        assertThat(replaying.chat(Wire.simple("ping"))).isEqualTo(second);
        assertThatThrownBy(() -> replaying.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("all 2 recorded exchanges are used");
    }

    @Test
    void aRequestThatDiffersIsReportedWithTheExchangeAndThePlace() throws Exception {
        Path tape = writeTape(Wire.simple("ping"), Wire.simple("pong"));
        ModelClient replaying = replay(tape);

        assertThatThrownBy(() -> replaying.chat(Wire.simple("PING")))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("request does not match recorded exchange #1")
                .hasMessageContaining("messages[0].text differs at character 1: was \"ping\", now \"PING\"");
    }

    @Test
    void aLongTextThatDiffersIsShownWhereItDiffers() throws Exception {
        String prefix = "You are the planner. ".repeat(10);
        ModelClient replaying = replay(writeTape(Wire.simple(prefix + "Summarise the notes")));

        assertThatThrownBy(() -> replaying.chat(Wire.simple(prefix + "Summarise the code")))
                .hasMessageContaining("differs at character " + (prefix.length() + "Summarise the ".length() + 1))
                .hasMessageContaining("planner. Summarise the notes\", now \"...")
                .hasMessageEndingWith("planner. Summarise the code\"");
    }

    @Test
    void whatChangesFromRunToRunOfTheSameJobIsNotADifference() throws Exception {
        ModelClient replaying = replay(writeTape(Wire.simple(
                "results at .longtask/runs/20261126-131225-5b76/results; session 2026-11-26T13:12:25.301Z; took 1.2s")));

        assertThat(replaying.chat(Wire.simple(
                "results at .longtask/runs/20261127-090000-0a1b/results; session 2026-11-27T09:00:00Z; took 3s"))
                .message().text()).startsWith("answer to results at");
        ModelClient again = replay(writeTape(Wire.simple("results at .longtask/runs/20261126-131225-5b76/results")));
        assertThatThrownBy(() -> again.chat(Wire.simple("results at .longtask/runs/my-run/results")))
                .hasMessageContaining("request does not match recorded exchange #1");
    }

    @Test
    void requestsOfParallelTasksMayArriveInAnotherOrder() throws Exception {
        Path tape = writeTape(Wire.simple("task 1"), Wire.simple("task 2"));
        ModelClient replaying = replay(tape);

        assertThat(replaying.chat(Wire.simple("task 2")).message().text()).isEqualTo("answer to task 2");
        assertThat(replaying.chat(Wire.simple("task 1")).message().text()).isEqualTo("answer to task 1");
    }

    @Test
    void aCallIsAnsweredWithTheRecordedAnswerOfItsOwnTaskAndStepWhateverTheOrder() throws Exception {
        // two tasks side by side ask the same thing at their first step; each must get its own answer, and a task's
        // second step comes after its first
        Path tape = writeTape(List.of(
                exchange(fromTask(1, 1, "look around"), "task 1 looks"),
                exchange(fromTask(2, 1, "look around"), "task 2 looks"),
                exchange(fromTask(2, 2, "write it"), "task 2 writes"),
                exchange(fromTask(1, 2, "write it"), "task 1 writes")));
        ModelClient replaying = replay(tape);

        assertThat(replaying.chat(fromTask(2, 1, "look around")).message().text()).isEqualTo("task 2 looks");
        assertThatThrownBy(() -> replaying.chat(fromTask(2, 2, "write that")))
                .as("compared with the call recorded for it, not with the first unused one")
                .hasMessageContaining("request does not match recorded exchange #3 (task #2, general, step 2): "
                        + "messages[0].text differs at character 7: was \"write it\", now \"write that\"");
        assertThat(replaying.chat(fromTask(2, 2, "write it")).message().text()).isEqualTo("task 2 writes");
        assertThat(replaying.chat(fromTask(1, 1, "look around")).message().text()).isEqualTo("task 1 looks");
        assertThat(replaying.chat(fromTask(1, 2, "write it")).message().text()).isEqualTo("task 1 writes");
        assertThatThrownBy(() -> replaying.chat(fromTask(1, 2, "write it")))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("the call of task #1, general, step 2 was not recorded (its recorded calls are "
                        + "used)");
        assertThatThrownBy(() -> replaying.chat(fromTask(3, 1, "look around")))
                .hasMessageContaining("the call of task #3, general, step 1 was not recorded (the recording has no "
                        + "such call)");
    }

    @Test
    void whatAPromptShowsAsOfTheCallIsNotComparedAndTheRestIs() throws Exception {
        String memory = AsOf.block("run_memory", "when you started", "[>] #2: Map the store\n[ ] #3: Read it");
        Path tape = writeTape(List.of(exchange(fromTask(3, 1, "Plan:\n" + memory + "\nYour task: read the store"),
                "read")));

        String later = AsOf.block("run_memory", "when you started", "[x] #2: Map the store\n[>] #3: Read it\n"
                + "- finding of task 2");
        assertThat(replay(tape).chat(fromTask(3, 1, "Plan:\n" + later + "\nYour task: read the store")).message()
                .text()).isEqualTo("read");
        assertThatThrownBy(() -> replay(tape).chat(fromTask(3, 1, "Plan:\n" + later + "\nYour task: read all of it")))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("request does not match recorded exchange #1 (task #3, general, step 1): "
                        + "messages[0].text differs at character ")
                .hasMessageContaining("compared)\\n</run_memory>\\nYour task: read the store\", now \"...compared)")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aMissingOrBrokenTapeIsAConfigurationError() throws Exception {
        assertThatThrownBy(() -> replay(dir.resolve("none.jsonl"))).isInstanceOf(ConfigException.class)
                .hasMessageEndingWith("none.jsonl: no such file");
        Path broken = dir.resolve("broken.jsonl");
        Files.writeString(broken, "{\"model\":\"openai:gpt-4o\"\n");
        assertThatThrownBy(() -> replay(broken)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("broken.jsonl: line 1 is not a recorded exchange");
    }

    private ModelClient replay(Path tape) {
        return Wire.noWaiting(new ArrayList<>()).build(Wire.settings(dir, Map.of(), "openai:gpt-4o", null),
                Tape.replay(tape), AttemptListener.NONE);
    }

    private static ChatRequest fromTask(int task, int step, String text) {
        return new ChatRequest(List.of(new ChatMessage.User(text)), List.of(), 16, null, false,
                new ChatRequest.Origin("general", task, step, ChatRequest.Origin.STEP));
    }

    private static LlmJson.Exchange exchange(ChatRequest request, String answer) {
        return new LlmJson.Exchange("openai:gpt-4o", request, new ChatResponse(new ChatMessage.Assistant(answer,
                List.of()), dev.longtask.model.Usage.unpriced(5, 3, 0, 0), "stop"));
    }

    private Path writeTape(List<LlmJson.Exchange> exchanges) throws Exception {
        Path tape = dir.resolve("tape.jsonl");
        List<String> lines = new ArrayList<>();
        for (LlmJson.Exchange e : exchanges) {
            lines.add(LlmJson.MAPPER.writeValueAsString(e));
        }
        Files.write(tape, lines);
        return tape;
    }

    private Path writeTape(ChatRequest... requests) throws Exception {
        List<LlmJson.Exchange> exchanges = new ArrayList<>();
        for (ChatRequest r : requests) {
            exchanges.add(exchange(r, "answer to " + ((ChatMessage.User) r.messages().get(0)).text()));
        }
        return writeTape(exchanges);
    }
}
