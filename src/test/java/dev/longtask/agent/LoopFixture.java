package dev.longtask.agent;

import dev.longtask.model.Secrets;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A workspace, a scripted model, a transcript and a listener, wired to run agent loops in tests. */
final class LoopFixture {
    static final TokenCounter TOKENS = TokenCounter.shared();

    final Path root;
    final Workspace workspace;
    final ScriptedModel model;
    final RecordingTranscript transcript = new RecordingTranscript();
    final List<ModelCall> calls = new CopyOnWriteArrayList<>();
    List<Tool> tools = new ArrayList<>(FileTools.all());
    LoopSettings settings = LoopSettings.DEFAULTS;
    Secrets redactor = Secrets.NONE;
    RunMemory memory = RunMemory.NONE;
    PermissionGate gate = PermissionGate.ALLOW_ALL;
    TokenCounter tokens = TOKENS;
    RunStore store;

    LoopFixture(Path root) {
        this(root, new ScriptedModel());
    }

    LoopFixture(Path root, ScriptedModel model) {
        this.root = root;
        try {
            this.workspace = new Workspace(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.model = model;
    }

    static AgentSpec agent(int maxSteps, String... tools) {
        return new AgentSpec("tester", "tests things", List.of(tools), null, maxSteps, "You are a test agent.",
                AgentSource.BUILT_IN, null);
    }

    AgentLoop loop() {
        return new AgentLoop(model, tools, transcript, Clock.fixed(Instant.parse("2026-11-25T21:30:00Z"),
                ZoneOffset.UTC), tokens, calls::add, settings, redactor, gate);
    }

    AgentOutcome run(AgentSpec agent, TaskContract contract) {
        return loop().run(AgentTask.submitting(agent, contract, memory, new ToolContext(workspace, store, 1)));
    }

    AgentOutcome run(AgentSpec agent, String instruction) {
        return run(agent, TaskContract.instruction(instruction));
    }

    AgentOutcome run(AgentSpec agent, Terminal terminal, String instruction) {
        return loop().run(new AgentTask(agent, TaskContract.instruction(instruction), memory,
                new ToolContext(workspace, store, 1), terminal));
    }
}
