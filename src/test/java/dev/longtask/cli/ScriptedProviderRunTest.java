package dev.longtask.cli;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run as a user starts it: `longtask run` in a child JVM against the scripted model behind a real HTTP
 * server, once over the OpenAI protocol and once over the Anthropic one; every task writes its output, the
 * director continues and the report is written.
 */
class ScriptedProviderRunTest {
    @TempDir
    Path dir;

    @Test
    void aWholeRunOverTheOpenAiProtocolCompletes() throws Exception {
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            Path ws = workspace("openai");
            Result r = longtask(ws, List.of(), "run", "Summarise the notes", "--run-id", "e2e",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted");
            assertCompleted(ws, r);
            assertThat(model.seen).extracting(ScriptedProvider.Seen::protocol).containsOnly("openai");
        }
    }

    @Test
    void aWholeRunOverTheAnthropicProtocolCompletes() throws Exception {
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            Path ws = workspace("anthropic");
            Result r = longtask(ws, List.of("ANTHROPIC_API_KEY=not-a-real-key"), "run", "Summarise the notes",
                    "--run-id", "e2e", "--base-url", model.baseUrl().replaceAll("/v1$", ""),
                    "--model", "anthropic:scripted");
            assertCompleted(ws, r);
            assertThat(model.seen).extracting(ScriptedProvider.Seen::protocol).containsOnly("anthropic");
        }
    }

    @Test
    void aWholeRunOnTheTextProtocolEndsEveryRoleWithItsFinalLine() throws Exception {
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            Path ws = workspace("text");
            Files.createDirectories(ws.resolve(".longtask"));
            Files.writeString(ws.resolve(".longtask/config.yaml"), "text_protocol: [\"openai:scripted\"]\n");
            Result r = longtask(ws, List.of(), "run", "Summarise the notes", "--run-id", "e2e",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted");
            assertCompleted(ws, r);
            assertThat(model.seen).allSatisfy(s -> assertThat(s.body().has("tools")).isFalse());
            assertThat(model.seen).extracting(ScriptedProvider.Seen::role)
                    .contains("planner", "task", "director", "synthesizer");
        }
    }

    @Test
    void aForcedFinishIsAnsweredWithTheFinishingCallAsARealModelMakesIt() throws Exception {
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 1, java.time.Duration.ZERO,
                null, 0, 0, null))) {
            Path ws = workspace("short");
            Files.createDirectories(ws.resolve(".longtask/agents"));
            Path general = ws.resolve(".longtask/agents/general.md");
            Files.writeString(general, "---\nname: general\ndescription: A worker with few steps.\n"
                    + "tools: read, write, ls\nmax_steps: 2\n---\nDo the task.\n");
            Result two = longtask(ws, List.of(), "run", "Summarise the notes", "--run-id", "two",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted");
            assertThat(two.exit()).as(two.output()).isZero();
            assertThat(FileRunStore.read(ws, "two").tasks()).singleElement()
                    .matches(t -> t.status() == TaskStatus.COMPLETED, "completed in its two steps");
            assertThat(model.seen).as("the last step forced submit_result, and it was answered with it")
                    .filteredOn(s -> "submit_result".equals(ScriptedProvider.forcedTool(s.body()))).isNotEmpty();

            Files.writeString(general, Files.readString(general).replace("max_steps: 2", "max_steps: 1"));
            Result one = longtask(ws, List.of(), "run", "Summarise the notes", "--run-id", "one",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted");
            assertThat(one.exit()).as(one.output()).isEqualTo(ExitCode.FAILED.code());
            assertThat(FileRunStore.read(ws, "one").task(1).error()).as("one step: made to finish before it could"
                    + " write, it says so").contains("the agent reported failure: ran out of steps before writing");
        }
        assertThat(ScriptedProvider.forcedTool(new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                "{\"tool_choice\": {\"type\": \"tool\", \"name\": \"submit_result\"}}")))
                .as("Anthropic's form").isEqualTo("submit_result");
    }

    @Test
    void aRecordedRunReplaysAsANewRunOfItsWorkspaceWithNoModelConfigured() throws Exception {
        Path tape = dir.resolve("calls.jsonl");
        Path ws = workspace("recorded");
        // one task: a whole run of every role (planner, task, director, synthesizer) is recorded and replayed
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 1, java.time.Duration.ZERO,
                null, 0, 0, null))) {
            Result recorded = longtask(ws, List.of(), "run", "Summarise the notes", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "--record", tape.toString());
            assertThat(recorded.exit()).as(recorded.output()).isZero();
        }
        // the workspace as the recording found it (its listing is in the planner's request), at the same path
        Files.move(ws, dir.resolve("recorded-after"));
        workspace("recorded");
        // another run id, other times, no key, no server, no --model: the recording names its model and answers
        Result replayed = longtask(ws, List.of(), "run", "Summarise the notes", "--replay", tape.toString());
        assertThat(replayed.exit()).as(replayed.output()).isZero();
        assertThat(FileRunStore.list(ws)).hasSize(1)
                .allMatch(id -> FileRunStore.readRun(ws, id).status() == RunStatus.COMPLETED);
    }

    private void assertCompleted(Path ws, Result r) throws IOException {
        assertThat(r.exit()).as(r.output()).isZero();
        RunSnapshot run = FileRunStore.read(ws, "e2e");
        assertThat(run.run().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tasks()).hasSize(3).allMatch(t -> t.status() == TaskStatus.COMPLETED);
        for (var task : run.tasks()) {
            for (String output : task.outputs().values()) {
                assertThat(ws.resolve(output)).as("output of task #" + task.id()).isRegularFile();
            }
        }
        assertThat(Files.readString(run.directory().resolve("report.md"))).contains("Scripted report");
    }

    private Path workspace(String name) throws IOException {
        Path ws = Files.createDirectories(dir.resolve(name));
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws;
    }

    private record Result(int exit, String output) {
    }

    private Result longtask(Path ws, List<String> env, String... args) throws Exception {
        List<String> command = ChildJvm.testMain(Main.class, List.of("-Duser.home=" + dir.resolve("home")));
        command.addAll(List.of(args));
        command.addAll(List.of("--workdir", ws.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL"));
        for (String kv : env) {
            String[] p = kv.split("=", 2);
            pb.environment().put(p[0], p[1]);
        }
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), new String(out));
    }
}
