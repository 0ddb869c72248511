package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.Tape;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextProtocolTest {
    private static final Set<String> TOOLS = Set.of("read", "ls");

    /** Answers with the given texts in turn and keeps every request it saw. */
    private static final class Scripted implements LlmClient {
        final Deque<String> answers;
        final List<ChatRequest> seen = new ArrayList<>();

        Scripted(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public ChatResponse chat(ChatRequest request) {
            seen.add(request);
            return new ChatResponse(new ChatMessage.Assistant(answers.remove(), List.of()),
                    Usage.unpriced(100, 10, 0, 0), "stop");
        }

        @Override
        public String modelSpec() {
            return "ollama:llama3.1";
        }

        @Override
        public int contextWindowTokens() {
            return 8192;
        }
    }

    private static ChatRequest request(ChatMessage... messages) {
        return new ChatRequest(List.of(messages), List.of(
                new ToolSpec("read", "Read a file", Wire.readSchema()),
                new ToolSpec("ls", "List a directory", Wire.JSON.createObjectNode().put("type", "object"))), null);
    }

    @Test
    void parsesToolCallsWithArgumentsAndTheTextBefore() {
        TextProtocol.Parsed p = TextProtocol.parse("""
                Let me look.
                TOOL_CALL {"name": "read", "arguments": {"path": "a.txt", "limit": 20}}
                TOOL_CALL {"name":"ls","arguments":{}}
                """, TOOLS, null, 4);

        assertThat(p.ok()).isTrue();
        assertThat(p.text()).isEqualTo("Let me look.");
        assertThat(p.calls()).extracting(ToolCall::id).containsExactly("call_4", "call_5");
        assertThat(p.calls().get(0).arguments().get("path").asText()).isEqualTo("a.txt");
        assertThat(p.calls().get(0).arguments().get("limit").asInt()).isEqualTo(20);
        assertThat(p.calls().get(1).name()).isEqualTo("ls");
    }

    @Test
    void readsFinalAnswersAndToleratesCodeFences() {
        assertThat(TextProtocol.parse("Done.\nFINAL {\"answer\": \"42 files\"}", TOOLS, null, 1).text()).isEqualTo("42 files");
        TextProtocol.Parsed fenced = TextProtocol.parse("```\nTOOL_CALL {\"name\":\"ls\",\"arguments\":{\"path\":\"src\"}}\n```",
                TOOLS, null, 1);
        assertThat(fenced.calls()).singleElement().satisfies(c -> assertThat(c.arguments().get("path").asText())
                .isEqualTo("src"));
    }

    @Test
    void namesWhatIsWrongWithAMalformedLine() {
        assertThat(TextProtocol.parse("TOOL_CALL {\"name\": \"read\", \"arguments\": {\"path\": ", TOOLS, null, 1).problem())
                .startsWith("the TOOL_CALL line is not valid JSON");
        assertThat(TextProtocol.parse("TOOL_CALL {\"name\": \"write\", \"arguments\": {}}", TOOLS, null, 1).problem())
                .isEqualTo("there is no tool named \"write\"; the tools are: ls, read");
        assertThat(TextProtocol.parse("TOOL_CALL {\"name\": \"read\", \"arguments\": [1]}", TOOLS, null, 1).problem())
                .startsWith("the \"arguments\" of read must be a JSON object");
        assertThat(TextProtocol.parse("I think the answer is 4.", TOOLS, null, 1).problem())
                .isEqualTo("the answer has neither a TOOL_CALL line nor a FINAL line, and plain text reaches nobody");
    }

    @Test
    void aMalformedAnswerIsCorrectedAndTheSecondAnswerUsed() {
        Scripted model = new Scripted(
                "TOOL_CALL {name: read}",
                "TOOL_CALL {\"name\": \"read\", \"arguments\": {\"path\": \"a.txt\"}}");
        TextProtocolLlmClient client = new TextProtocolLlmClient(model, 2);

        ChatResponse response = client.chat(request(new ChatMessage.System("Be brief."), new ChatMessage.User("go")));

        assertThat(response.message().toolCalls()).singleElement()
                .satisfies(c -> assertThat(c.arguments().get("path").asText()).isEqualTo("a.txt"));
        assertThat(response.finishReason()).isEqualTo("tool_calls");
        assertThat(response.usage().inputTokens()).isEqualTo(200);
        assertThat(model.seen).hasSize(2);
        List<ChatMessage> retry = model.seen.get(1).messages();
        assertThat(retry.get(retry.size() - 2)).isEqualTo(new ChatMessage.Assistant("TOOL_CALL {name: read}", List.of()));
        assertThat(((ChatMessage.User) retry.get(retry.size() - 1)).text())
                .startsWith("Your last answer could not be read: the TOOL_CALL line is not valid JSON");
        assertThat(model.seen).allSatisfy(r -> assertThat(r.tools()).isEmpty());
    }

    @Test
    void correctionsAreBoundedAndThenTheTextIsReturnedAsIs() {
        Scripted model = new Scripted("hmm", "still thinking", "no idea", "never asked");
        TextProtocolLlmClient client = new TextProtocolLlmClient(model, 2);

        ChatResponse response = client.chat(request(new ChatMessage.User("go")));

        assertThat(model.seen).hasSize(3);
        assertThat(response.message().text()).isEqualTo("no idea");
        assertThat(response.message().toolCalls()).isEmpty();
        assertThat(response.usage().outputTokens()).isEqualTo(30);
    }

    @Test
    void toolsGoIntoTheSystemPromptAndHistoryIntoText() {
        Scripted model = new Scripted("FINAL {\"answer\": \"a.txt says hi\"}");
        ToolCall earlier = new ToolCall("call_1", "read", Wire.JSON.createObjectNode().put("path", "a.txt"));

        ChatResponse response = new TextProtocolLlmClient(model, 2).chat(request(
                new ChatMessage.System("Be brief."),
                new ChatMessage.User("what does a.txt say?"),
                new ChatMessage.Assistant("Reading.", List.of(earlier)),
                new ChatMessage.ToolResult("call_1", "read", "hi", false)));

        assertThat(response.message().text()).isEqualTo("a.txt says hi");
        List<ChatMessage> sent = model.seen.get(0).messages();
        String system = ((ChatMessage.System) sent.get(0)).text();
        assertThat(system).startsWith("Be brief.").contains("TOOL_CALL {\"name\"")
                .contains("- read: Read a file").contains("\"required\":[\"path\"]");
        assertThat(((ChatMessage.Assistant) sent.get(2)).text())
                .isEqualTo("Reading.\nTOOL_CALL {\"name\":\"read\",\"arguments\":{\"path\":\"a.txt\"}}");
        assertThat(((ChatMessage.User) sent.get(3)).text())
                .isEqualTo("TOOL_RESULT {\"id\":\"call_1\",\"name\":\"read\"}\nhi");
    }

    @Test
    void newCallIdsContinueAfterTheOnesInTheConversation() {
        Scripted model = new Scripted("TOOL_CALL {\"name\":\"ls\",\"arguments\":{}}");
        ToolCall earlier = new ToolCall("call_1", "ls", Wire.JSON.createObjectNode());

        ChatResponse response = new TextProtocolLlmClient(model, 2).chat(request(
                new ChatMessage.User("go"), new ChatMessage.Assistant("", List.of(earlier)),
                new ChatMessage.ToolResult("call_1", "ls", "a.txt", false)));

        assertThat(response.message().toolCalls()).extracting(ToolCall::id).containsExactly("call_2");
    }

    private static final ToolSpec SUBMIT = new ToolSpec("submit_result", "Finish the task", Wire.parse("{\"type\":\"object\",\"properties\":{\"success\":{\"type\":\"boolean\"},"
                    + "\"summary\":{\"type\":\"string\"},\"findings\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},"
                    + "\"required\":[\"success\",\"summary\"]}"));

    private static ChatRequest finishing(boolean now, ChatMessage... messages) {
        return new ChatRequest(List.of(messages), List.of(
                new ToolSpec("read", "Read a file", Wire.readSchema()), SUBMIT), null, "submit_result", now);
    }

    @Test
    void finalIsTheFinishingCallWhereverItStandsAndMayRunOverSeveralLines() {
        Set<String> tools = Set.of("read", "submit_result");

        TextProtocol.Parsed alone = TextProtocol.parse("All done.\nFINAL {\"success\": true,\n  \"summary\": \"it works\"}\n",
                tools, "submit_result", 3);
        TextProtocol.Parsed after = TextProtocol.parse("""
                TOOL_CALL {"name": "read", "arguments": {"path": "a.txt"}}
                FINAL {"name": "submit_result", "arguments": {"success": false, "summary": "blocked"}}""",
                tools, "submit_result", 1);

        assertThat(alone.calls()).singleElement().satisfies(c -> {
            assertThat(c.id()).isEqualTo("call_3");
            assertThat(c.name()).isEqualTo("submit_result");
            assertThat(c.arguments().get("summary").asText()).isEqualTo("it works");
        });
        assertThat(alone.text()).isEqualTo("All done.");
        assertThat(after.calls()).extracting(ToolCall::name).containsExactly("read", "submit_result");
        assertThat(after.calls().get(1).arguments().get("summary").asText()).isEqualTo("blocked");
        assertThat(TextProtocol.parse("FINAL done", tools, "submit_result", 1).problem())
                .startsWith("after FINAL must come the JSON object of submit_result's arguments");
    }

    @Test
    void aPlainReplyIsCorrectedWithTheExactSyntaxOfACallAndOfTheFinish() {
        Scripted model = new Scripted("I looked at it and it seems fine.", "FINAL {\"success\": true, \"summary\": \"fine\"}");

        ChatResponse response = new TextProtocolLlmClient(model, 2).chat(finishing(false, new ChatMessage.User("go")));

        assertThat(response.message().toolCalls()).singleElement()
                .satisfies(c -> assertThat(c.name()).isEqualTo("submit_result"));
        String correction = ((ChatMessage.User) model.seen.get(1).messages().get(3)).text();
        assertThat(correction).contains("plain text reaches nobody",
                "TOOL_CALL {\"name\":\"read\",\"arguments\":{\"path\":\"<path>\"}}",
                "FINAL {\"success\":true,\"summary\":\"<summary>\"}");
        String system = ((ChatMessage.System) model.seen.get(0).messages().get(0)).text();
        assertThat(system).contains("To finish, call submit_result. A line FINAL {<its arguments>} does the same");
    }

    @Test
    void onTheLastStepTheLastMessageSaysToFinish() {
        Scripted model = new Scripted("FINAL {\"success\": false, \"summary\": \"out of steps\"}");

        new TextProtocolLlmClient(model, 2).chat(finishing(true, new ChatMessage.User("go"),
                new ChatMessage.Assistant("", List.of(new ToolCall("call_1", "read",
                        Wire.JSON.createObjectNode().put("path", "a.txt")))),
                new ChatMessage.ToolResult("call_1", "read", "alpha", false)));

        List<ChatMessage> sent = model.seen.get(0).messages();
        assertThat(((ChatMessage.User) sent.get(sent.size() - 1)).text()).startsWith("TOOL_RESULT")
                .endsWith("This is your last step: answer only with one FINAL line carrying the arguments of "
                        + "submit_result, for example:\nFINAL {\"success\":true,\"summary\":\"<summary>\"}");
    }

    @Test
    void configuredModelSpeaksTheTextProtocolOverTheWire(@TempDir Path home) throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            server.enqueue(Wire.json(200, "ollama-text-protocol.json"));
            java.nio.file.Files.writeString(home.resolve("user-config.yaml"), "text_protocol: [ollama:llama3.1]\n");
            ModelClient client = Wire.noWaiting(new ArrayList<>()).build(
                    Wire.settings(home, Map.of(), "ollama:llama3.1", server.url("/v1").toString()),
                    Tape.NONE, AttemptListener.NONE);

            ChatResponse response = client.chat(request(new ChatMessage.User("what is in src?")));

            assertThat(response.message().toolCalls()).singleElement().satisfies(c -> {
                assertThat(c.name()).isEqualTo("ls");
                assertThat(c.arguments().get("path").asText()).isEqualTo("src");
            });
            String body = server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8();
            assertThat(Wire.JSON.readTree(body).has("tools")).isFalse();
            assertThat(body).contains("TOOL_CALL");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
