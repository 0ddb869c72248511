package dev.longtask.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.McpServerSpec;
import dev.longtask.testing.NodePeers;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.ToolResult;
import dev.longtask.tools.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP servers of a run against a real server nobody here wrote ({@code @modelcontextprotocol/server-everything}
 * from npm), over stdio and over streamable HTTP: its tools listed under their mcp__ names, called with their results
 * as text, a secret of ours kept from it, restarted after it dies, and a server that cannot start, hangs, or returns
 * an error giving a tool error.
 */
class McpServersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EVERYTHING = "@modelcontextprotocol/server-everything";

    @TempDir
    Path dir;
    private ToolContext context;

    @BeforeEach
    void workspace() throws Exception {
        context = ToolContext.outsideRun(new Workspace(Files.createDirectories(dir.resolve("ws"))));
    }

    @Test
    void theToolsOfARealServerAreListedAndCalled() throws Exception {
        NodePeers.require(EVERYTHING);
        try (McpServers servers = servers(everything(Map.of("GREETING", "hello from the config")),
                Map.of("PATH", System.getenv("PATH"), "OPENAI_API_KEY", "sk-must-not-leak"))) {
            List<Tool> tools = servers.tools("mcp__everything");
            assertThat(tools).extracting(Tool::name).contains("mcp__everything__echo", "mcp__everything__get-sum",
                    "mcp__everything__get-env");
            Tool echo = named(tools, "mcp__everything__echo");
            assertThat(echo.description()).contains("(a tool of the MCP server everything)");
            assertThat(echo.parameters().path("required").toString()).contains("message");

            assertThat(echo.execute(args("message", "hi there"), context)).isEqualTo(ToolResult.ok("Echo: hi there"));
            ToolResult sum = named(tools, "mcp__everything__get-sum").execute(JSON.createObjectNode().put("a", 2)
                    .put("b", 3), context);
            assertThat(sum.error()).isFalse();
            assertThat(sum.content()).contains("5");
            ToolResult env = named(tools, "mcp__everything__get-env").execute(JSON.createObjectNode(), context);
            assertThat(env.content()).contains("hello from the config").doesNotContain("sk-must-not-leak");

            assertThat(servers.tools("mcp__everything__echo")).extracting(Tool::name)
                    .containsExactly("mcp__everything__echo");
            assertThat(servers.starts("everything")).isEqualTo(1);
        }
    }

    @Test
    void aServerOverStreamableHttpIsListedAndCalledAtItsUrl() throws Exception {
        NodePeers.require(EVERYTHING);
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder("node", NodePeers.file(EVERYTHING, "dist/index.js").toString(),
                "streamableHttp").redirectErrorStream(true);
        pb.environment().put("PORT", Integer.toString(port));
        Process server = pb.start();
        try {
            java.io.BufferedReader log = new java.io.BufferedReader(new java.io.InputStreamReader(
                    server.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
            java.util.concurrent.CompletableFuture<Boolean> listening = new java.util.concurrent.CompletableFuture<>();
            // Read all it says (so it never blocks on a full pipe), noting when it listens.
            java.util.concurrent.CompletableFuture.runAsync(() -> {
                log.lines().filter(line -> line.contains("listening on port " + port))
                        .forEach(line -> listening.complete(true));
                listening.complete(false);
            });
            assertThat(listening.get(60, java.util.concurrent.TimeUnit.SECONDS)).as("the server listens").isTrue();
            McpServerSpec http = new McpServerSpec("remote", McpServerSpec.Transport.HTTP, null, List.of(), Map.of(),
                    "http://127.0.0.1:" + port + "/mcp", Map.of("X-Test", "longtask"), null, null, "the test", null);
            try (McpServers servers = servers(Map.of("remote", http), Map.of())) {
                List<Tool> tools = servers.tools("mcp__remote");
                assertThat(tools).extracting(Tool::name).contains("mcp__remote__echo", "mcp__remote__get-sum");
                assertThat(named(tools, "mcp__remote__echo").execute(args("message", "over http"), context))
                        .isEqualTo(ToolResult.ok("Echo: over http"));
            }
        } finally {
            server.destroy();
            server.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void aServerThatDiesIsStartedAgainForTheNextCall() throws Exception {
        NodePeers.require(EVERYTHING);
        try (McpServers servers = servers(everything(Map.of()), Map.of("PATH", System.getenv("PATH")))) {
            Tool echo = named(servers.tools("mcp__everything"), "mcp__everything__echo");
            assertThat(echo.execute(args("message", "one"), context).content()).isEqualTo("Echo: one");
            List<ProcessHandle> server = ProcessHandle.current().descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("server-everything")).toList();
            assertThat(server).hasSize(1);
            server.get(0).destroyForcibly();
            server.get(0).onExit().get();
            assertThat(echo.execute(args("message", "two"), context)).isEqualTo(ToolResult.ok("Echo: two"));
            assertThat(servers.starts("everything")).isEqualTo(2);
        }
        assertThat(ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("server-everything"))).isEmpty();
    }

    @Test
    void anErrorResultIsAToolErrorAndAHungCallIsCutOffAndTheServerRestarted() throws Exception {
        NodePeers.require(EVERYTHING);
        McpServerSpec quick = new McpServerSpec("everything", McpServerSpec.Transport.STDIO, "node",
                List.of(NodePeers.file(EVERYTHING, "dist/index.js").toString(), "stdio"), Map.of(), null, null,
                Duration.ofSeconds(30), Duration.ofSeconds(2), "the test", null);
        try (McpServers servers = servers(Map.of("everything", quick), Map.of("PATH", System.getenv("PATH")))) {
            List<Tool> tools = servers.tools("mcp__everything");
            ToolResult refused = named(tools, "mcp__everything__echo").execute(JSON.createObjectNode(), context);
            assertThat(refused.error()).isTrue();
            assertThat(refused.content()).containsIgnoringCase("message");

            ToolResult hung = named(tools, "mcp__everything__trigger-long-running-operation")
                    .execute(JSON.createObjectNode().put("duration", 30).put("steps", 2), context);
            assertThat(hung.error()).isTrue();
            assertThat(hung.content()).contains("MCP server everything did not answer trigger-long-running-operation"
                    + " within 2 s").contains("started again");
            assertThat(named(tools, "mcp__everything__echo").execute(args("message", "after"), context))
                    .isEqualTo(ToolResult.ok("Echo: after"));
            assertThat(servers.starts("everything")).isEqualTo(2);
        }
    }

    @Test
    void aServerThatCannotStartOrNeverAnswersBecomesAToolThatSaysWhy() throws Exception {
        McpServerSpec missing = new McpServerSpec("missing", McpServerSpec.Transport.STDIO,
                "no-such-mcp-server-command", List.of(), Map.of(), null, null, null, null, ".mcp.json", null);
        McpServerSpec silent = new McpServerSpec("silent", McpServerSpec.Transport.STDIO, "sleep", List.of("60"),
                Map.of(), null, null, Duration.ofSeconds(1), null, ".mcp.json", null);
        McpServerSpec unset = new McpServerSpec("unset", McpServerSpec.Transport.STDIO, "true", List.of(), Map.of(),
                null, null, null, null, ".mcp.json", "the environment variable TOKEN is not set");
        try (McpServers servers = servers(Map.of("missing", missing, "silent", silent, "unset", unset),
                Map.of("PATH", System.getenv("PATH")))) {
            List<Tool> tools = servers.tools("mcp__missing");
            assertThat(tools).extracting(Tool::name).containsExactly("mcp__missing");
            assertThat(tools.get(0).description()).contains("Unavailable").contains("no-such-mcp-server-command");
            ToolResult called = tools.get(0).execute(JSON.createObjectNode(), context);
            assertThat(called.error()).isTrue();
            assertThat(called.content()).contains("cannot run 'no-such-mcp-server-command'")
                    .contains("go on without this server");

            List<Tool> hanging = servers.tools("mcp__silent__anything");
            assertThat(hanging).extracting(Tool::name).containsExactly("mcp__silent__anything");
            assertThat(hanging.get(0).description()).contains("did not start (initialize) within 1 s");

            assertThat(servers.tools("mcp__unset").get(0).execute(JSON.createObjectNode(), context).content())
                    .contains("TOKEN is not set");
            assertThat(servers.tools("mcp__unknown")).isEmpty();
        }
    }

    private McpServers servers(Map<String, McpServerSpec> specs, Map<String, String> env) {
        return McpServers.of(specs, context.workspace().root(), env);
    }

    private static Map<String, McpServerSpec> everything(Map<String, String> env) {
        return Map.of("everything", new McpServerSpec("everything", McpServerSpec.Transport.STDIO, "node",
                List.of(NodePeers.file(EVERYTHING, "dist/index.js").toString(), "stdio"), env, null, null, null, null,
                "the test", null));
    }

    private static Tool named(List<Tool> tools, String name) {
        return tools.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() ->
                new AssertionError("no " + name + " in " + tools.stream().map(Tool::name).toList()));
    }

    private static ObjectNode args(String name, String value) {
        return JSON.createObjectNode().put(name, value);
    }
}
