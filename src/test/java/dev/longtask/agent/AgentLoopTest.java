package dev.longtask.agent;

import dev.longtask.model.Secrets;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.llm.ToolSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentLoopTest {
    @TempDir
    Path dir;
    LoopFixture f;

    @BeforeEach
    void setUp() throws Exception {
        f = new LoopFixture(Files.createDirectory(dir.resolve("ws")));
        Files.writeString(f.root.resolve("a.txt"), "alpha\nbeta\ngamma\n");
    }

    @Test
    void aTaskEndsWithAnAcceptedSubmitResultAndSumsItsUsage() {
        f.model.call("read", "{\"path\":\"a.txt\"}")
                .call("submit_result", """
                        {"success": true, "summary": "Read a.txt.", "details": "It has three lines.",
                         "findings": ["a.txt lists alpha, beta, gamma"], "next_steps": ["none"]}""");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "read"), "Read a.txt");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(outcome.success()).isTrue();
        assertThat(outcome.steps()).isEqualTo(2);
        assertThat(outcome.usage().inputTokens()).isEqualTo(200);
        assertThat(outcome.usage().outputTokens()).isEqualTo(20);
        assertThat(f.calls).hasSize(2).allMatch(c -> c.purpose() == ModelCall.Purpose.STEP);
        assertThat(outcome.submitted().path("summary").asText()).isEqualTo("Read a.txt.");
        assertThat(outcome.output()).contains("Read a.txt.", "It has three lines.", "- a.txt lists alpha, beta, gamma",
                "Next steps:");
        assertThat(ScriptedModel.results(f.model.last()).get(0).content()).contains("alpha", "gamma");
    }

    @Test
    void theSystemPromptCarriesAgentMemoryAndContract() {
        f.memory = new RunMemory("# Goal: review the repo\n[ ] #1 analyse", "- finding one", "### Round 1");
        f.model.submit(true, "done");
        TaskContract contract = new TaskContract("Analyse core", "Analyse src/core.", Map.of("map", "map.md"),
                Map.of(), List.of("every class described"), 2, 5);

        f.run(LoopFixture.agent(5, "read"), contract);

        String system = ScriptedModel.systemPrompt(f.model.requests().get(0));
        assertThat(system).startsWith("You are a test agent.")
                .contains("# Goal: review the repo", "- finding one", "### Round 1", "task 2 of 5",
                        "Analyse src/core.", "- map: map.md", "- every class described");
        assertThat(f.model.requests().get(0).tools()).extracting(ToolSpec::name)
                .containsExactly("read", "note", "submit_result");
    }

    @Test
    void aToolOffTheWhitelistIsRefusedAsAToolErrorAndTheLoopGoesOn() throws Exception {
        f.model.call("write", "{\"path\":\"b.txt\",\"content\":\"x\"}").submit(true, "done");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "read"), "Look only");

        ChatMessage.ToolResult refused = ScriptedModel.lastResult(f.model.last());
        assertThat(refused.error()).isTrue();
        assertThat(refused.content()).contains("'write' is not available to agent 'tester'", "read");
        assertThat(Files.exists(f.root.resolve("b.txt"))).isFalse();
        assertThat(outcome.success()).isTrue();
    }

    @Test
    void anUnknownToolAndBadArgumentsGoBackAsToolErrors() {
        f.model.call("teleport", "{}")
                .calls(f.model.toolCall("read", null))
                .calls(new dev.longtask.model.llm.ToolCall("bad", "read", ScriptedModel.parse(
                        "{\"" + dev.longtask.model.llm.ToolCall.INVALID_ARGUMENTS + "\": \"{path: a.txt\"}")))
                .call("read", "{\"path\": 7, \"offset\": \"x\"}")
                .submit(true, "done");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "read"), "Try things");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results).hasSize(4).allMatch(ChatMessage.ToolResult::error);
        assertThat(results.get(0).content()).contains("'teleport' is not available");
        assertThat(results.get(1).content()).contains("not a valid JSON object");
        assertThat(results.get(2).content()).contains("not a valid JSON object", "you sent: {path: a.txt");
        assertThat(results.get(3).content()).contains("invalid arguments for read", "/path", "/offset");
        assertThat(outcome.success()).isTrue();
    }

    @Test
    void everyEscapeFromTheWorkspaceIsRefusedAndTheLoopGoesOn() throws Exception {
        Path outside = Files.writeString(dir.resolve("secret.txt"), "top secret");
        Files.createSymbolicLink(f.root.resolve("link"), dir);
        f.model.call("read", "{\"path\":\"../secret.txt\"}")
                .call("read", "{\"path\":" + ScriptedModel.quote(outside.toString()) + "}")
                .call("read", "{\"path\":\"link/secret.txt\"}")
                .call("write", "{\"path\":\"link/planted.txt\",\"content\":\"x\"}")
                .call("ls", "{\"path\":\"..\"}")
                .submit(true, "tried");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "read", "write", "ls"), "Escape");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results).hasSize(5).allSatisfy(r -> {
            assertThat(r.error()).isTrue();
            assertThat(r.content()).contains("refused path").doesNotContain("top secret");
        });
        assertThat(Files.exists(dir.resolve("planted.txt"))).isFalse();
        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
    }

    @Test
    void theThirdReadOfAPathIsRefusedWithAHintButANewRangeIsAllowed() {
        f.model.call("read", "{\"path\":\"a.txt\"}")
                .call("read", "{\"path\":\"./a.txt\"}")
                .call("read", "{\"path\":\"a.txt\"}")
                .call("read", "{\"path\":\"a.txt\",\"offset\":2,\"limit\":1}")
                .submit(true, "done");
        f.settings = new LoopSettings(20_000, 2, 1_000_000, 3, 0.75, 0.25, null);

        f.run(LoopFixture.agent(10, "read"), "Read");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.get(0).error()).isFalse();
        assertThat(results.get(1).error()).isFalse();
        assertThat(results.get(2).error()).isTrue();
        assertThat(results.get(2).content()).contains("already read a.txt 2 times", "grep", "offset and limit");
        assertThat(results.get(3).error()).isFalse();
        assertThat(results.get(3).content()).isEqualTo("beta");
    }

    @Test
    void maxStepsEndsTheTaskAsFailedWithAReason() {
        f.model.call("ls", "{\"path\":\".\"}").call("read", "{\"path\":\"a.txt\"}").say("thinking...");

        AgentOutcome outcome = f.run(LoopFixture.agent(3, "read", "ls"), "Never finish");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.MAX_STEPS);
        assertThat(outcome.success()).isFalse();
        assertThat(outcome.reason()).contains("max_steps (3)", "submit_result");
        assertThat(outcome.steps()).isEqualTo(3);
        assertThat(f.model.requests()).hasSize(3);
        assertThat(f.transcript.kinds()).last().isEqualTo("outcome");
    }

    @Test
    void aReplyWithoutToolCallsIsAnsweredWithANudge() {
        f.model.say("I think I am done.").submit(true, "done");

        f.run(LoopFixture.agent(5, "read"), "Do it");

        ChatMessage last = f.model.last().messages().get(f.model.last().messages().size() - 1);
        assertThat(last).isInstanceOf(ChatMessage.User.class);
        assertThat(((ChatMessage.User) last).text()).contains("without calling a tool", "submit_result");
    }

    @Test
    void longToolOutputIsCutToHeadAndTailWithANote() {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            big.append("line ").append(i).append('\n');
        }
        f.tools.add(FileTools.fixed("dump", big::toString));
        f.settings = LoopSettings.DEFAULTS.withMaxOutputChars(2_000);
        f.model.call("dump", "{}").submit(true, "done");

        f.run(LoopFixture.agent(5, "dump"), "Dump");

        String shown = ScriptedModel.lastResult(f.model.last()).content();
        assertThat(shown.length()).isLessThan(2_300);
        assertThat(shown).startsWith("line 0\nline 1\n").contains("line 4999")
                .containsPattern("\\[\\.\\.\\. \\d+ characters \\(\\d+ lines\\) cut from the middle");
    }

    @Test
    void anIdenticalResultIsShownOnceWithItsCount() {
        String longText = "x".repeat(500);
        f.tools.add(FileTools.fixed("status", () -> "queue empty"));
        f.tools.add(FileTools.fixed("dump", () -> longText));
        f.model.call("status", "{\"q\":\"a\"}").call("status", "{\"q\":\"b\"}")
                .call("dump", "{\"q\":\"1\"}").call("dump", "{\"q\":\"2\"}").call("status", "{\"q\":\"c\"}")
                .submit(true, "done");

        f.run(LoopFixture.agent(10, "status", "dump"), "Poll");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.get(0).content()).isEqualTo("queue empty");
        assertThat(results.get(1).content()).isEqualTo("queue empty (×2)");
        assertThat(results.get(2).content()).isEqualTo(longText);
        assertThat(results.get(3).content()).contains("identical to the dump result shown at step 3", "×2")
                .doesNotContain(longText);
        assertThat(results.get(4).content()).isEqualTo("queue empty (×3)");
    }

    @Test
    void theSameCallWithTheSameResultThreeTimesStopsTheTask() {
        f.model.call("ls", "{\"path\":\".\"}").call("ls", "{\"path\":\".\"}").call("ls", "{\"path\":\".\"}")
                .submit(true, "never reached");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "ls"), "Loop");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.STUCK);
        assertThat(outcome.success()).isFalse();
        assertThat(outcome.reason()).contains("stuck", "ls", "3 times");
        assertThat(f.model.requests()).hasSize(3);
    }

    @Test
    void aChangeInBetweenIsProgressSoRepeatsStartOver() {
        f.model.call("ls", "{}").call("ls", "{}")
                .call("write", "{\"path\":\"n.txt\",\"content\":\"1\"}")
                .call("ls", "{}").call("ls", "{}")
                .submit(true, "done");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "ls", "write"), "Work");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
    }

    @Test
    void afterMuchReadingTheAgentIsToldToRecordWhatItLearnedButNotAfterAFewShortReads() throws Exception {
        f.settings = new LoopSettings(20_000, 2, 3_000, 3, 0.75, 0.25, null);
        for (String name : List.of("s1.txt", "s2.txt", "s3.txt")) {
            Files.writeString(f.root.resolve(name), "one\ntwo\nthree\n");
        }
        Files.writeString(f.root.resolve("long.txt"), "a line of a long file to read\n".repeat(60));
        Files.writeString(f.root.resolve("more.txt"), "another line of another long file\n".repeat(60));
        f.model.call("read", "{\"path\":\"s1.txt\"}").call("read", "{\"path\":\"s2.txt\"}")
                .call("read", "{\"path\":\"s3.txt\"}").call("read", "{\"path\":\"long.txt\"}")
                .call("read", "{\"path\":\"more.txt\"}")
                .call("note", "{\"text\":\"long.txt repeats one line\"}")
                .call("ls", "{}")
                .submit(true, "done");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "read", "ls"), "Look");

        assertThat(ScriptedModel.systemPrompt(f.model.requests().get(0)))
                .contains("Record what you learn with note as you read").doesNotContain("every two");
        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.subList(0, 4)).extracting(ChatMessage.ToolResult::content)
                .noneMatch(c -> c.contains("[reminder]"));
        assertThat(results.get(4).content()).contains("[reminder] You have read a good deal", "note");
        assertThat(results.get(5).content()).startsWith("Noted (1 note");
        assertThat(results.get(6).content()).doesNotContain("[reminder]");
        assertThat(outcome.notes()).containsExactly("long.txt repeats one line");
    }

    @Test
    void aSubmitWhileADeclaredOutputIsMissingIsRefusedNamingThePath() throws Exception {
        TaskContract contract = new TaskContract("s", "Write the report", Map.of(),
                Map.of("report", "out/report.md", "notes", "out/notes.md"), List.of(), 1, 1);
        f.model.submit(true, "done too early")
                .call("write", "{\"path\":\"out/report.md\",\"content\":\"# Report\"}")
                .call("write", "{\"path\":\"out/notes.md\",\"content\":\"n\"}")
                .call("submit_result", "{\"success\":true,\"summary\":\"written\",\"artifacts\":{\"r\":\"out/report.md\"}}");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "write"), contract);

        ChatMessage.ToolResult refused = ScriptedModel.results(f.model.requests().get(1)).get(0);
        assertThat(refused.error()).isTrue();
        assertThat(refused.content()).contains("missing", "out/notes.md", "out/report.md");
        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(outcome.success()).isTrue();
        assertThat(outcome.submitted().path("artifacts").path("r").asText()).isEqualTo("out/report.md");
    }

    @Test
    void anHonestFailureIsAcceptedWithoutTheOutputsAndEndsFailed() {
        TaskContract contract = new TaskContract("s", "Write it", Map.of(), Map.of("report", "r.md"), List.of(), 1, 1);
        f.model.submit(false, "The input file does not exist.");

        AgentOutcome outcome = f.run(LoopFixture.agent(5, "write"), contract);

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(outcome.success()).isFalse();
        assertThat(outcome.reason()).contains("The input file does not exist.");
    }

    @Test
    void submitResultArgumentsAreCheckedAgainstItsSchema() {
        f.model.call("submit_result", "{\"summary\":\"no success flag\",\"extra\":1}")
                .call("submit_result", "{\"success\":true,\"summary\":\"ok\",\"artifacts\":{\"x\":\"nope.txt\"}}")
                .submit(true, "ok");

        AgentOutcome outcome = f.run(LoopFixture.agent(5), "Finish");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.get(0).content()).contains("refused", "success", "extra");
        assertThat(results.get(1).content()).contains("artifact 'x'", "nope.txt");
        assertThat(outcome.success()).isTrue();
    }

    @Test
    void aRoleAgentUsesItsOwnTerminalToolAndValidator() {
        ToolSpec spec = new ToolSpec("submit_plan", "Submit the plan", ScriptedModel.parse("""
                {"type":"object","properties":{"tasks":{"type":"array","items":{"type":"object",
                 "properties":{"key":{"type":"string"},"agent":{"type":"string"}},"required":["key","agent"]}}},
                 "required":["tasks"]}"""));
        Terminal terminal = Terminal.of(spec, args -> {
            for (var task : args.get("tasks")) {
                if (!task.get("agent").asText().equals("analyzer")) {
                    return List.of("task '" + task.get("key").asText() + "': unknown agent '"
                            + task.get("agent").asText() + "'");
                }
            }
            return List.of();
        });
        f.model.call("submit_plan", "{\"tasks\":[{\"key\":\"a\"}]}")
                .call("submit_plan", "{\"tasks\":[{\"key\":\"a\",\"agent\":\"wizard\"}]}")
                .call("submit_plan", "{\"tasks\":[{\"key\":\"a\",\"agent\":\"analyzer\"}]}");

        AgentOutcome outcome = f.run(LoopFixture.agent(5, "read"), terminal, "Plan the goal");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results.get(0).content()).contains("refused", "agent");
        assertThat(results.get(1).content()).contains("unknown agent 'wizard'");
        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(outcome.success()).isTrue();
        assertThat(outcome.submitted().at("/tasks/0/agent").asText()).isEqualTo("analyzer");
        assertThat(f.model.requests().get(0).tools()).extracting(ToolSpec::name).contains("submit_plan")
                .doesNotContain("submit_result");
        assertThat(ScriptedModel.systemPrompt(f.model.requests().get(0))).contains("Finish by calling submit_plan");
    }

    @Test
    void aRoleAgentGetsNoNoteToolAndNoRemindersToUseOne() {
        Terminal terminal = Terminal.of(new ToolSpec("decide", "Decide", ScriptedModel.parse(
                "{\"type\":\"object\",\"properties\":{\"action\":{\"enum\":[\"stop\"]}},\"required\":[\"action\"]}")),
                args -> List.of());
        f.settings = new LoopSettings(20_000, 2, 1, 3, 0.75, 0.25, null);
        f.model.call("read", "{\"path\":\"a.txt\"}").call("decide", "{\"action\":\"stop\"}");

        f.run(LoopFixture.agent(5, "read"), terminal, "Decide");

        assertThat(f.model.requests().get(0).tools()).extracting(ToolSpec::name).containsExactly("read", "decide");
        assertThat(ScriptedModel.systemPrompt(f.model.requests().get(0))).doesNotContain("note");
        assertThat(ScriptedModel.lastResult(f.model.last()).content()).doesNotContain("[reminder]");
    }

    @Test
    void aTerminalRefusedTooOftenEndsTheTask() {
        Terminal terminal = Terminal.of(new ToolSpec("decide", "Decide", ScriptedModel.parse(
                "{\"type\":\"object\",\"properties\":{\"action\":{\"enum\":[\"continue\",\"stop\"]}},"
                        + "\"required\":[\"action\"]}")), args -> List.of()).withMaxRejections(2);
        f.model.call("decide", "{\"action\":\"dance\"}").call("decide", "{\"action\":\"sing\"}");

        AgentOutcome outcome = f.run(LoopFixture.agent(10), terminal, "Decide");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.REJECTED);
        assertThat(outcome.reason()).contains("decide was refused 2 times");
    }

    @Test
    void aProviderErrorEndsTheTaskWithTheError() {
        LlmException error = new LlmException("401 invalid x-api-key", 401, false, null);
        f.model.call("ls", "{}").then(r -> {
            throw error;
        });

        AgentOutcome outcome = f.run(LoopFixture.agent(5, "ls"), "Go");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.PROVIDER_ERROR);
        assertThat(outcome.providerError()).isSameAs(error);
        assertThat(outcome.reason()).contains("401 invalid x-api-key");
        assertThat(outcome.usage().inputTokens()).isEqualTo(100);
    }

    @Test
    void secretsInToolOutputNeverReachTheModelOrTheTranscript() {
        f.redactor = Secrets.fromEnvironment(Map.of("OPENAI_API_KEY", "sk-live-0123456789", "HOME", "/root"));
        f.tools.add(FileTools.fixed("env", () -> "OPENAI_API_KEY=sk-live-0123456789\nHOME=/root"));
        f.model.call("env", "{}").submit(true, "done");

        f.run(LoopFixture.agent(5, "env"), "Show env");

        String shown = ScriptedModel.lastResult(f.model.last()).content();
        assertThat(shown).contains("[redacted OPENAI_API_KEY]", "HOME=/root").doesNotContain("sk-live");
        assertThat(f.transcript.entries()).noneMatch(e -> e.toString().contains("sk-live"));
    }

    @Test
    void transcriptLinesAreWrittenAsTheyHappen() {
        f.model.call("read", "{\"path\":\"a.txt\"}").then(request -> {
            // By the second model call, step 1 must already be on the transcript.
            assertThat(f.transcript.kinds()).containsExactly("system", "user", "assistant", "tool_call", "tool_result");
            return new ChatMessage.Assistant("", List.of(f.model.toolCall("submit_result",
                    "{\"success\":true,\"summary\":\"ok\"}")));
        });

        f.run(LoopFixture.agent(5, "read"), "Read");

        assertThat(f.transcript.kinds()).containsExactly("system", "user", "assistant", "tool_call", "tool_result",
                "assistant", "tool_call", "tool_result", "outcome");
        // lines that happen together are written together: a store may make them one write
        assertThat(f.transcript.writes()).containsExactly(List.of("system", "user"), List.of("assistant", "tool_call"),
                List.of("tool_result"), List.of("assistant", "tool_call"), List.of("tool_result"), List.of("outcome"));
        var call = f.transcript.entries().get(3);
        assertThat(call.path("tool").asText()).isEqualTo("read");
        assertThat(call.path("args").path("path").asText()).isEqualTo("a.txt");
        assertThat(call.path("step").asInt()).isEqualTo(1);
        assertThat(call.path("time").asText()).isEqualTo("2026-11-25T21:30:00Z");
        var result = f.transcript.entries().get(4);
        assertThat(result.path("content").asText()).contains("alpha");
        assertThat(result.path("error").asBoolean()).isFalse();
        assertThat(f.transcript.entries().get(8).path("ending").asText()).isEqualTo("submitted");
    }

    @Test
    void requestsAreBuiltFromTheWholeConversation() {
        f.model.call("read", "{\"path\":\"a.txt\"}").submit(true, "done");

        f.run(LoopFixture.agent(5, "read"), "Read");

        ChatRequest second = f.model.requests().get(1);
        assertThat(second.messages()).hasSize(4);
        assertThat(second.messages().get(2)).isInstanceOf(ChatMessage.Assistant.class);
        ChatMessage.ToolResult result = (ChatMessage.ToolResult) second.messages().get(3);
        assertThat(result.toolCallId()).isEqualTo(((ChatMessage.Assistant) second.messages().get(2)).toolCalls()
                .get(0).id());
    }
}
