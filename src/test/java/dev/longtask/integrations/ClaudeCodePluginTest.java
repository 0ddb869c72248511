package dev.longtask.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.NodePeers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Claude Code plugin of integrations/claude-code and the repository's marketplace file, checked by the real
 * Claude Code from npm ({@code claude plugin validate}), and its MCP entry checked to start longtask's own server.
 */
class ClaudeCodePluginTest {
    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Path PLUGIN = ROOT.resolve("integrations/claude-code");

    @TempDir
    Path home;

    @Test
    void claudeCodeValidatesThePluginAndTheMarketplace() throws Exception {
        NodePeers.require("@anthropic-ai/claude-code");
        String claude = NodePeers.FOLDER.resolve("node_modules/.bin/claude").toString();
        Map<String, String> env = Map.of("HOME", home.toString(), "DISABLE_AUTOUPDATER", "1");
        NodePeers.Output plugin = NodePeers.run(List.of(claude, "plugin", "validate", PLUGIN.toString()), env, 120);
        assertThat(plugin.exit()).as(plugin.stdout() + plugin.stderr()).isZero();
        assertThat(plugin.stdout()).contains("Validation passed");
        NodePeers.Output marketplace = NodePeers.run(List.of(claude, "plugin", "validate", ROOT.toString()), env, 120);
        assertThat(marketplace.exit()).as(marketplace.stdout() + marketplace.stderr()).isZero();
        assertThat(marketplace.stdout()).contains("marketplace").contains("Validation passed");
    }

    @Test
    void thePluginsMcpEntryStartsLongtasksServerAndItsSkillNamesTheTools() throws Exception {
        JsonNode entry = new ObjectMapper().readTree(PLUGIN.resolve(".mcp.json").toFile()).path("mcpServers")
                .path("longtask");
        assertThat(entry.path("command").asText()).isEqualTo("longtask");
        assertThat(entry.path("args").toString()).isEqualTo("[\"mcp\"]");
        String skill = Files.readString(PLUGIN.resolve("skills/longtask/SKILL.md"));
        for (String tool : List.of("longtask_start", "longtask_status", "longtask_report", "longtask_resume",
                "longtask_review")) {
            assertThat(skill).contains(tool);
        }
        JsonNode market = new ObjectMapper().readTree(ROOT.resolve(".claude-plugin/marketplace.json").toFile());
        assertThat(market.path("plugins").get(0).path("source").asText()).isEqualTo("./integrations/claude-code");
    }
}
