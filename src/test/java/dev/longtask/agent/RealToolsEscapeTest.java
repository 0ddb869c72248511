package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Toolbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The loop with the real work tools: every way out of the workspace is a tool error, and the loop goes on. */
class RealToolsEscapeTest {
    @TempDir
    Path dir;

    @Test
    void everyEscapeThroughEveryFileToolIsRefusedAndTheTaskStillFinishes() throws Exception {
        Path ws = Files.createDirectory(dir.resolve("ws"));
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET\n");
        Files.createSymbolicLink(ws.resolve("out"), dir);
        Files.createSymbolicLink(ws.resolve("secret-link.txt"), secret);
        Files.writeString(ws.resolve("inside.txt"), "fine\n");
        LoopFixture f = new LoopFixture(ws);
        f.tools = new ArrayList<>(Toolbox.builtIn(Map.of(), Sandbox.unconfined("not needed in this test")).all());
        String abs = ScriptedModel.quote(secret.toString());
        f.model.call("read", "{\"path\":\"../secret.txt\"}")
                .call("read", "{\"path\":" + abs + "}")
                .call("read", "{\"path\":\"out/secret.txt\"}")
                .call("read", "{\"path\":\"secret-link.txt\"}")
                .call("write", "{\"path\":\"out/planted.txt\",\"content\":\"x\"}")
                .call("write", "{\"path\":\"../planted.txt\",\"content\":\"x\"}")
                .call("edit", "{\"path\":\"out/secret.txt\",\"old_string\":\"TOP\",\"new_string\":\"OWNED\"}")
                .call("ls", "{\"path\":\"..\"}")
                .call("glob", "{\"pattern\":\"*.txt\",\"path\":\"out\"}")
                .call("grep", "{\"pattern\":\"SECRET\",\"path\":\"..\"}")
                .call("read", "{\"path\":\"inside.txt\"}")
                .submit(true, "done");
        f.settings = new LoopSettings(20_000, 2, 1_000_000, 3, 0.75, 0.25, null);

        AgentOutcome outcome = f.run(LoopFixture.agent(20, "read", "write", "edit", "ls", "glob", "grep"), "Escape");

        List<ChatMessage.ToolResult> results = ScriptedModel.results(f.model.last());
        assertThat(results).hasSize(11);
        assertThat(results.subList(0, 10)).allSatisfy(r -> {
            assertThat(r.error()).as(r.toolName() + ": " + r.content()).isTrue();
            assertThat(r.content()).doesNotContain("TOP-SECRET");
        });
        assertThat(results.get(10).error()).isFalse();
        assertThat(results.get(10).content()).contains("fine");
        assertThat(Files.readString(secret)).isEqualTo("TOP-SECRET\n");
        assertThat(dir.resolve("planted.txt")).doesNotExist();
        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(outcome.success()).isTrue();
    }
}
