package dev.longtask.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.McpServerSpec;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MCP servers of .mcp.json (Claude Code's format) and of mcp_servers: in the config files. */
class McpServersConfigTest {
    @TempDir
    Path dir;
    private Path workspace;
    private Path userFile;

    @BeforeEach
    void files() throws Exception {
        workspace = Files.createDirectories(dir.resolve("ws"));
        userFile = dir.resolve("user-config.yaml");
    }

    private Map<String, McpServerSpec> load(Map<String, String> env) {
        return McpServersConfig.load(new Environment(env, userFile), workspace);
    }

    @Test
    void claudeCodesFormatGivesStdioAndHttpServersWithVariablesReplaced() throws Exception {
        Files.writeString(workspace.resolve(".mcp.json"), """
                {"mcpServers": {
                  "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                             "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}},
                  "tracker": {"type": "http", "url": "${TRACKER_URL:-https://tracker.example/mcp}",
                              "headers": {"Authorization": "Bearer ${TRACKER_KEY}"}},
                  "local": {"type": "stdio", "command": "./server", "args": ["--root", "${HOME_DIR}/data"]}}}
                """);
        Map<String, McpServerSpec> servers = load(Map.of("GITHUB_TOKEN", "ghp_x", "HOME_DIR", "/home/me"));

        McpServerSpec github = servers.get("github");
        assertThat(github.transport()).isEqualTo(McpServerSpec.Transport.STDIO);
        assertThat(github.command()).isEqualTo("npx");
        assertThat(github.args()).containsExactly("-y", "@modelcontextprotocol/server-github");
        assertThat(github.env()).containsEntry("GITHUB_PERSONAL_ACCESS_TOKEN", "ghp_x");
        assertThat(github.problem()).isNull();
        assertThat(github.prefix()).isEqualTo("mcp__github");
        assertThat(github.startupTimeout()).isEqualTo(McpServerSpec.DEFAULT_STARTUP_TIMEOUT);

        McpServerSpec tracker = servers.get("tracker");
        assertThat(tracker.transport()).isEqualTo(McpServerSpec.Transport.HTTP);
        assertThat(tracker.url()).isEqualTo("https://tracker.example/mcp");
        assertThat(tracker.problem()).contains("TRACKER_KEY is not set").contains("mcpServers.tracker")
                .contains(".mcp.json");

        assertThat(servers.get("local").args()).containsExactly("--root", "/home/me/data");
        assertThat(servers.get("local").source()).endsWith(".mcp.json");
    }

    @Test
    void theWorkspacesConfigWinsOverMcpJsonWhichWinsOverTheUsersConfig() throws Exception {
        Files.writeString(userFile, """
                mcp_servers:
                  a: {command: user-a}
                  b: {command: user-b}
                """);
        Files.writeString(workspace.resolve(".mcp.json"), """
                {"mcpServers": {"b": {"command": "json-b"}, "c": {"command": "json-c"}}}
                """);
        Files.createDirectories(workspace.resolve(".longtask"));
        Files.writeString(workspace.resolve(".longtask/config.yaml"), """
                model: openai:gpt-4.1
                mcp_servers:
                  c:
                    command: project-c
                    startup_timeout: 2m
                    tool_timeout: 45
                """);
        Map<String, McpServerSpec> servers = load(Map.of());
        assertThat(servers).containsOnlyKeys("a", "b", "c");
        assertThat(servers.get("a").command()).isEqualTo("user-a");
        assertThat(servers.get("b").command()).isEqualTo("json-b");
        assertThat(servers.get("c").command()).isEqualTo("project-c");
        assertThat(servers.get("c").startupTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(servers.get("c").callTimeout()).isEqualTo(Duration.ofSeconds(45));
        // The settings of that file are read as before: mcp_servers is not a setting.
        assertThat(SettingsLoader.load(new Environment(Map.of(), userFile), workspace, Flags.none()).model().orElseThrow().value())
                .isEqualTo("openai:gpt-4.1");
    }

    @Test
    void badEntriesAreRefusedNamingTheFileAndTheEntry() throws Exception {
        Path json = workspace.resolve(".mcp.json");
        for (List<String> bad : List.of(
                List.of("{\"mcpServers\": {\"x\": {\"command\": \"a\",}}}", "not valid JSON at line 1"),
                List.of("{\"mcpServers\": {\"x\": {\"command\": \"a\", \"cwd\": \"/\"}}}", "mcpServers.x: unknown key 'cwd'"),
                List.of("{\"mcpServers\": {\"x\": {\"type\": \"sse\", \"url\": \"http://h/sse\"}}}", "type 'sse' is not supported"),
                List.of("{\"mcpServers\": {\"x\": {\"type\": \"http\"}}}", "an http server needs a url"),
                List.of("{\"mcpServers\": {\"x\": {\"args\": [\"a\"]}}}", "a stdio server needs a command"),
                List.of("{\"mcpServers\": {\"a__b\": {\"command\": \"a\"}}}", "server name"),
                List.of("{\"mcpServers\": []}", "'mcpServers' must map server names"))) {
            Files.writeString(json, bad.get(0));
            assertThatThrownBy(() -> load(Map.of())).as(bad.get(0)).isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith(json.toString()).hasMessageContaining(bad.get(1));
        }
    }

    @Test
    void longtasksOwnEntryInMcpJsonIsNeverGivenToItsAgents() throws Exception {
        // As `claude mcp add -s project` writes it, and two spellings of the same server under other names.
        Files.writeString(workspace.resolve(".mcp.json"), """
                {"mcpServers": {
                  "longtask": {"command": "longtask", "args": ["mcp"]},
                  "lt": {"command": "/opt/longtask/longtask", "args": ["mcp", "--workdir", "."]},
                  "ltjar": {"command": "java", "args": ["-jar", "/opt/lt/longtask-1.0.jar", "mcp"]},
                  "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},
                  "status": {"command": "longtask", "args": ["status"]}}}
                """);
        assertThat(load(Map.of())).containsOnlyKeys("github", "status");
    }

    @Test
    void noFilesMeanNoServers() {
        assertThat(load(Map.of())).isEmpty();
    }
}
