package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.longtask.model.Budget;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What configures longtask or records a run stays as the user left it, whatever an agent does with {@code write},
 * {@code edit} or {@code bash} (in bubblewrap and in the unshare fallback): the attacks of a task agent that would
 * rather loosen its own rules than escape them.
 */
class ProtectedPathsTest {
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";
    private static final String CONFIG = "model: openai:gpt-4.1\n";
    private static final String SETTINGS = "{\"permissions\":{\"deny\":[\"Bash(curl:*)\"]}}";
    private static final String MCP = "{\"mcpServers\":{}}";

    Path base;
    Path workspace;
    Path home;
    FileRunStore store;
    ToolContext context;
    Path events;

    @BeforeAll
    static void programsWithoutBubblewrap() throws IOException {
        SandboxTest.linkProgramsButBwrap();
    }

    @AfterAll
    static void removePrograms() throws IOException {
        SandboxTest.removeLinks();
    }

    @BeforeEach
    void setUp() throws IOException {
        Path varTmp = Path.of("/var/tmp");
        Path parent = Files.isDirectory(varTmp) && Files.isWritable(varTmp) ? varTmp
                : Files.createDirectories(Path.of("target", "sandbox-test"));
        base = Files.createDirectories(parent.resolve("longtask-protected-test-" + UUID.randomUUID())).toRealPath();
        workspace = Files.createDirectories(base.resolve("ws"));
        home = Files.createDirectories(base.resolve("home"));
        Files.createDirectories(workspace.resolve(".longtask/agents"));
        Files.writeString(workspace.resolve(".longtask/config.yaml"), CONFIG);
        Files.createDirectories(workspace.resolve(".claude"));
        Files.writeString(workspace.resolve(".claude/settings.json"), SETTINGS);
        Files.writeString(workspace.resolve(".mcp.json"), MCP);
        store = FileRunStore.create(workspace, "r1", "attack the rules", null, Budget.UNLIMITED,
                StoreOptions.defaults().withFsync(FsyncPolicy.NONE));
        events = store.directory().resolve("events.jsonl");
        context = new ToolContext(new Workspace(workspace), store, 1);
    }

    @AfterEach
    void tearDown() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(base)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Map<String, String> environment(SandboxTest.Confinement kind) {
        Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString()));
        env.put("PATH", kind == SandboxTest.Confinement.BUBBLEWRAP ? PATH : SandboxTest.withoutBubblewrap.toString());
        return env;
    }

    private Toolbox toolbox(SandboxTest.Confinement kind) {
        Map<String, String> env = environment(kind);
        Sandbox sandbox = Sandbox.detect(env);
        assumeTrue(sandbox.kind().name().equals(kind.name()), kind + " cannot confine commands here: "
                + sandbox.description());
        return Toolbox.builtIn(env, sandbox);
    }

    private ToolResult call(Toolbox tools, String tool, Map<String, ?> arguments) {
        return tools.get(tool).execute(ToolFixture.args(arguments), context);
    }

    private void assertUntouched() throws IOException {
        assertThat(Files.readString(workspace.resolve(".longtask/config.yaml"))).isEqualTo(CONFIG);
        assertThat(Files.readString(workspace.resolve(".claude/settings.json"))).isEqualTo(SETTINGS);
        assertThat(Files.readString(workspace.resolve(".mcp.json"))).isEqualTo(MCP);
        assertThat(workspace.resolve(".longtask/agents/general.md")).doesNotExist();
        assertThat(Files.readString(events)).contains("run.created").doesNotContain("sandbox\":\"off");
        assertThat(base.resolve("outside.txt")).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(SandboxTest.Confinement.class)
    void bashSeesTheConfigurationAndTheRunReadOnlyButTheRunsResultsWritable(SandboxTest.Confinement kind)
            throws IOException {
        Toolbox tools = toolbox(kind);

        String[] attacks = {
            "printf 'sandbox: off\\n' >> .longtask/config.yaml",
            "sed -i 's/model/sandbox: off\\nmodel/' .longtask/config.yaml",
            "echo '{\"permissions\":{\"allow\":[\"Bash\"]}}' > .claude/settings.json",
            "rm -f .mcp.json",
            "mv .mcp.json mcp.bak",
            "ln -sf /tmp/x .claude/settings.local.json",
            "printf -- '---\\nname: general\\ntools: bash\\n---\\n' > .longtask/agents/general.md",
            "sed -i 's/sandbox\":\"auto/sandbox\":\"off/' .longtask/runs/r1/events.jsonl",
            "truncate -s 0 .longtask/runs/r1/events.jsonl",
            "rm -rf .longtask/runs/r1/tasks",
            "mv .longtask longtask.bak",
            "mv .claude claude.bak",
        };
        for (String attack : attacks) {
            ToolResult result = call(tools, "bash", Map.of("command", attack));
            assertThat(result.error()).as(attack + " -> " + result.content()).isTrue();
            assertUntouched();
        }
        ToolResult results = call(tools, "bash", Map.of("command",
                "mkdir -p .longtask/runs/r1/results/work && echo ok > .longtask/runs/r1/results/work/a.md"
                        + " && cat .longtask/config.yaml .mcp.json && echo fine > notes.md"));

        assertThat(results.error()).as(results.content()).isFalse();
        assertThat(results.content()).contains(CONFIG.strip()).contains(MCP);
        assertThat(store.directory().resolve("results/work/a.md")).hasContent("ok");
        assertThat(workspace.resolve("notes.md")).hasContent("fine");
    }

    @ParameterizedTest
    @EnumSource(SandboxTest.Confinement.class)
    void whatTheRunRecordsAmongItsResultsStaysAsTheRunWroteIt(SandboxTest.Confinement kind) throws IOException {
        Path results = store.directory().resolve("results");
        Path taskResult = Files.createDirectories(results.resolve("task_1")).resolve("result.json");
        Files.writeString(taskResult, "{\"summary\":\"found 3 bugs\"}");
        Path manifest = Files.createDirectories(results.resolve("review")).resolve("manifest.json");
        Files.writeString(manifest, "{\"format\":1}");
        Toolbox tools = toolbox(kind);

        for (String attack : new String[] {
            "echo '{\"summary\":\"no bugs\"}' > .longtask/runs/r1/results/task_1/result.json",
            "rm -f .longtask/runs/r1/results/task_1/result.json",
            "echo '{}' > .longtask/runs/r1/results/review/manifest.json",
            "echo x > .longtask/runs/r1/results/review/review.md",
            "mv .longtask/runs/r1/results/review .longtask/runs/r1/results/old",
        }) {
            ToolResult result = call(tools, "bash", Map.of("command", attack));
            assertThat(result.error()).as(attack + " -> " + result.content()).isTrue();
        }
        ToolResult own = call(tools, "bash", Map.of("command",
                "echo mine > .longtask/runs/r1/results/task_1/notes.md && mkdir -p .longtask/runs/r1/results/work"
                        + " && echo ok > .longtask/runs/r1/results/work/chunk-001-issues.json"));

        assertThat(own.error()).as(own.content()).isFalse();
        assertThat(taskResult).hasContent("{\"summary\":\"found 3 bugs\"}");
        assertThat(manifest).hasContent("{\"format\":1}");
        assertThat(results.resolve("review/review.md")).doesNotExist();
        assertThat(results.resolve("task_1/notes.md")).hasContent("mine");
        assertThat(results.resolve("work/chunk-001-issues.json")).hasContent("ok");
    }

    @ParameterizedTest
    @EnumSource(SandboxTest.Confinement.class)
    void aServersStateIsHiddenFromBashInTheWorkspaceAndAbove(SandboxTest.Confinement kind) throws IOException {
        Path own = Files.createDirectories(workspace.resolve(".longtask/server"));
        Files.writeString(own.resolve("token"), "own-token-secret");
        Path above = Files.createDirectories(base.resolve(".longtask/server"));
        Files.writeString(above.resolve("token"), "root-token-secret");
        Toolbox tools = toolbox(kind);

        ToolResult read = call(tools, "bash", Map.of("command", "cat .longtask/server/token ../.longtask/server/token;"
                + " grep -r token-secret .. 2>/dev/null; ls -A .longtask/server | wc -l"));

        assertThat(read.content()).doesNotContain("token-secret").contains("0\n");
    }

    @Test
    void writeAndEditRefuseEveryProtectedPathSayingTheUserCanChangeIt() throws IOException {
        Toolbox tools = Toolbox.builtIn(Map.of("HOME", home.toString()), Sandbox.off("test"));
        for (String path : new String[] {".longtask/config.yaml", ".longtask/agents/general.md", ".claude/settings.json",
                ".claude/settings.local.json", ".claude/agents/general.md", ".mcp.json",
                ".longtask/runs/r1/events.jsonl", ".longtask/runs/r1/tasks/task_1.json",
                ".longtask/runs/r1/checkpoints/c.json", ".longtask/runs/other/results/x.md", "./.longtask/../.mcp.json"}) {
            ToolResult write = call(tools, "write", Map.of("path", path, "content", "sandbox: off\n"));
            ToolResult edit = call(tools, "edit", Map.of("path", path, "old_string", "model", "new_string", "x"));

            assertThat(write.error()).as(path).isTrue();
            assertThat(write.content()).as(path).contains("is protected").contains("only the user can");
            assertThat(edit.error()).as(path).isTrue();
            assertThat(edit.content()).as(path).contains("is protected");
        }
        assertUntouched();
        ToolResult result = call(tools, "write", Map.of("path", ".longtask/runs/r1/results/task_1/notes.md",
                "content", "mine"));
        assertThat(result.error()).as(result.content()).isFalse();
        for (String recorded : new String[] {".longtask/runs/r1/results/task_1/result.json",
                ".longtask/runs/r1/results/task_12/result.json", ".longtask/runs/r1/results/review/manifest.json",
                ".longtask/runs/r1/results/review/review.md"}) {
            ToolResult write = call(tools, "write", Map.of("path", recorded, "content", "{}"));
            assertThat(write.error()).as(recorded).isTrue();
            assertThat(write.content()).as(recorded).contains("is protected: the run itself records it");
        }
        assertThat(store.directory().resolve("results/review")).doesNotExist();
    }

    @Test
    void aLinkToAProtectedPathOrFromADanglingOneIsRefusedToo() throws IOException {
        Toolbox tools = Toolbox.builtIn(Map.of("HOME", home.toString()), Sandbox.off("test"));
        Files.createSymbolicLink(workspace.resolve("cfg"), workspace.resolve(".longtask"));
        Files.delete(workspace.resolve(".mcp.json"));
        Files.createSymbolicLink(workspace.resolve(".mcp.json"), Path.of("servers.json"));

        ToolResult viaLink = call(tools, "write", Map.of("path", "cfg/config.yaml", "content", "sandbox: off\n"));
        ToolResult throughDangling = call(tools, "write", Map.of("path", "servers.json", "content", "{}"));

        assertThat(viaLink.content()).contains("is protected");
        assertThat(throughDangling.content()).contains("is protected");
        assertThat(workspace.resolve("servers.json")).doesNotExist();
    }

    @Test
    void aWorkspaceThatIsTheHomeProtectsTheUsersOwnConfigurationAndAgents() throws IOException {
        Files.createDirectories(workspace.resolve(".config/longtask"));
        Toolbox tools = Toolbox.builtIn(Map.of("HOME", workspace.toString()), Sandbox.off("test"));

        ToolResult config = call(tools, "write", Map.of("path", ".config/longtask/config.yaml", "content", "x"));
        ToolResult trust = call(tools, "write", Map.of("path", ".config/longtask/trusted.json", "content", "{}"));

        assertThat(config.content()).contains("is protected");
        assertThat(trust.content()).contains("is protected");
    }

    @Test
    void readToolsCannotReachAServersToken() throws IOException {
        Path state = Files.createDirectories(workspace.resolve(".longtask/server"));
        Files.writeString(state.resolve("token"), "own-token-secret");
        context = new ToolContext(new Workspace(workspace), store, 1);
        Toolbox tools = Toolbox.builtIn(Map.of("HOME", home.toString()), Sandbox.off("test"));

        ToolResult read = call(tools, "read", Map.of("path", ".longtask/server/token"));
        ToolResult grep = call(tools, "grep", Map.of("pattern", "token-secret"));
        ToolResult glob = call(tools, "glob", Map.of("pattern", "**/token"));

        assertThat(read.error()).isTrue();
        assertThat(read.content()).contains("server").doesNotContain("own-token-secret");
        assertThat(grep.content()).startsWith("no lines match");
        assertThat(glob.content()).doesNotContain("server/token");
    }
}
