package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentProblem;
import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentDiscoveryTest {
    @TempDir
    Path dir;

    private Path workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws"));
    }

    private Path home() throws Exception {
        return Files.createDirectories(dir.resolve("home"));
    }

    private static Path write(Path agentsDir, String file, String text) throws Exception {
        Files.createDirectories(agentsDir);
        return Files.writeString(agentsDir.resolve(file), text);
    }

    private static String agent(String name, String tools, String body) {
        return "---\nname: " + name + "\ndescription: " + name + " agent\ntools: " + tools + "\n---\n" + body + "\n";
    }

    private AgentCatalog discover() throws Exception {
        return AgentDiscovery.discover(workspace(), home(), AgentDiscovery.BUILT_IN_TOOLS);
    }

    @Test
    void theBuiltInsAllLoadCleanly() throws Exception {
        AgentCatalog catalog = discover();

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.agents()).extracting(AgentSpec::name).containsExactlyInAnyOrderElementsOf(AgentDiscovery.BUILT_IN);
        assertThat(catalog.agents()).allSatisfy(a -> {
            assertThat(a.source()).isEqualTo(AgentSource.BUILT_IN);
            assertThat(a.description()).isNotBlank();
            assertThat(a.systemPrompt()).hasSizeGreaterThan(500);
            assertThat(a.tools()).isNotEmpty().isSubsetOf(AgentDiscovery.BUILT_IN_TOOLS);
        });
        assertThat(catalog.require("planner").systemPrompt()).contains("submit_plan");
        assertThat(catalog.require("director").systemPrompt()).contains("decide");
        assertThat(catalog.require("synthesizer").systemPrompt()).contains("submit_report");
        assertThat(catalog.require("reviewer").tools()).doesNotContain("bash", "edit");
        assertThat(catalog.require("general").tools()).contains("bash", "edit");
    }

    @Test
    void laterSourcesOverrideEarlierOnesByName() throws Exception {
        Path user = write(home().resolve(".longtask/agents"), "r.md", agent("reviewer", "read", "user reviewer"));
        write(home().resolve(".longtask/agents"), "a.md", agent("analyzer", "read", "user analyzer"));
        Path claude = write(workspace().resolve(".claude/agents"), "a.md", agent("analyzer", "Read, Grep", "claude analyzer"));
        write(workspace().resolve(".claude/agents"), "s.md", agent("summarizer", "Read", "claude summarizer"));
        Path project = write(workspace().resolve(".longtask/agents"), "s.md",
                agent("summarizer", "[read, grep]", "project summarizer"));

        AgentCatalog catalog = discover();

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.require("reviewer").systemPrompt()).isEqualTo("user reviewer");
        assertThat(catalog.require("reviewer").source()).isEqualTo(AgentSource.USER);
        assertThat(catalog.require("reviewer").file()).isEqualTo(user);
        assertThat(catalog.require("analyzer").systemPrompt()).isEqualTo("claude analyzer");
        assertThat(catalog.require("analyzer").file()).isEqualTo(claude);
        assertThat(catalog.require("analyzer").tools()).containsExactly("read", "grep");
        assertThat(catalog.overridden("analyzer")).extracting(AgentSpec::source)
                .containsExactly(AgentSource.BUILT_IN, AgentSource.USER);
        assertThat(catalog.require("summarizer").systemPrompt()).isEqualTo("project summarizer");
        assertThat(catalog.require("summarizer").file()).isEqualTo(project);
        assertThat(catalog.require("summarizer").tools()).containsExactly("read", "grep");
        assertThat(catalog.overridden("summarizer")).extracting(AgentSpec::source)
                .containsExactly(AgentSource.BUILT_IN, AgentSource.CLAUDE);
        assertThat(catalog.require("general").source()).isEqualTo(AgentSource.BUILT_IN);
    }

    @Test
    void claudeCodeDefinitionsAreMappedToLongtaskTools() throws Exception {
        write(workspace().resolve(".claude/agents"), "cr.md", """
                ---
                name: code-reviewer
                description: Expert code review specialist.
                tools: Read, Grep, Glob, Bash, MultiEdit, WebFetch, TodoWrite
                model: sonnet
                color: red
                ---
                You are a senior code reviewer.
                """);

        AgentCatalog catalog = discover();

        AgentSpec spec = catalog.require("code-reviewer");
        assertThat(spec.source()).isEqualTo(AgentSource.CLAUDE);
        assertThat(spec.tools()).containsExactly("read", "grep", "glob", "bash", "edit");
        assertThat(spec.model()).isNull();
        assertThat(catalog.problems()).extracting(AgentProblem::field, AgentProblem::skipped)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("tools", false),
                        org.assertj.core.groups.Tuple.tuple("model", false));
        assertThat(catalog.problems()).anySatisfy(p -> assertThat(p.message()).contains("WebFetch", "TodoWrite"));
    }

    @Test
    void builtInsParsedOnceStillAnswerEachToolSetAndTheWorkspacesFilesAreReadEachTime() throws Exception {
        AgentDiscovery.BuiltIns builtIns = new AgentDiscovery.BuiltIns();
        java.util.Set<String> noBash = new java.util.HashSet<>(AgentDiscovery.BUILT_IN_TOOLS);
        noBash.remove("bash");
        java.util.Set<String> withMcp = new java.util.HashSet<>(AgentDiscovery.BUILT_IN_TOOLS);
        withMcp.add("mcp__github");

        AgentCatalog full = AgentDiscovery.discover(workspace(), home(), AgentDiscovery.BUILT_IN_TOOLS, builtIns);
        AgentCatalog lacking = AgentDiscovery.discover(workspace(), home(), noBash, builtIns);
        AgentCatalog lackingFresh = AgentDiscovery.discover(workspace(), home(), noBash);
        write(workspace().resolve(".longtask/agents"), "triage.md", agent("triage", "read, mcp__github", "Triage."));
        AgentCatalog withServer = AgentDiscovery.discover(workspace(), home(), withMcp, builtIns);
        AgentCatalog again = AgentDiscovery.discover(workspace(), home(), AgentDiscovery.BUILT_IN_TOOLS, builtIns);

        assertThat(full.problems()).isEmpty();
        assertThat(full.find("triage")).isEmpty();
        // the built-ins checked against a set without bash are those a fresh discovery gives, not the first set's
        assertThat(lacking.agents()).isEqualTo(lackingFresh.agents());
        assertThat(lacking.problems()).isEqualTo(lackingFresh.problems())
                .anySatisfy(p -> assertThat(p.message()).contains("bash"));
        assertThat(withServer.require("triage").tools()).containsExactly("read", "mcp__github");
        assertThat(withServer.agents()).isEqualTo(AgentDiscovery.discover(workspace(), home(), withMcp).agents());
        assertThat(again.find("triage")).isEmpty();
        assertThat(again.problems()).anySatisfy(p -> assertThat(p.message()).contains("mcp__github"));
        assertThat(again.agents()).isEqualTo(full.agents());
    }

    @Test
    void mcpToolsOfConfiguredServersMayBeWhitelistedAsClaudeCodeNamesThem() throws Exception {
        java.util.Set<String> known = new java.util.HashSet<>(AgentDiscovery.BUILT_IN_TOOLS);
        known.add("mcp__github");
        known.add("mcp__my-db");
        write(workspace().resolve(".longtask/agents"), "triage.md", agent("triage",
                "read, mcp__github, mcp__my-db__run_Query", "Triage."));
        write(workspace().resolve(".longtask/agents"), "stray.md", agent("stray", "read, mcp__jira__search", "No."));
        write(workspace().resolve(".longtask/agents"), "all.md", "---\nname: all\ndescription: all\n---\nAll.\n");
        write(workspace().resolve(".claude/agents"), "claude.md", agent("claude-side",
                "Read, mcp__github__create_issue, mcp__slack__post", "From Claude Code."));

        AgentCatalog catalog = AgentDiscovery.discover(workspace(), home(), known);

        assertThat(catalog.require("triage").tools()).containsExactly("read", "mcp__github", "mcp__my-db__run_Query");
        assertThat(catalog.find("stray")).isEmpty();
        assertThat(catalog.problems()).anySatisfy(p -> assertThat(p.message()).contains("mcp__jira__search")
                .contains("needs that server in .mcp.json or mcp_servers:"));
        assertThat(catalog.require("all").tools()).contains("mcp__github", "mcp__my-db", "bash");
        assertThat(catalog.require("claude-side").tools()).containsExactly("read", "mcp__github__create_issue");
        assertThat(catalog.problems()).anySatisfy(p -> assertThat(p.message()).contains("mcp__slack__post")
                .contains("MCP server not configured here"));
    }

    @Test
    void omittedToolsMeanEveryWorkToolAndFieldsAreRead() throws Exception {
        write(workspace().resolve(".longtask/agents"), "x.md", """
                ---
                name: fixer
                description: >
                  Fixes things
                  carefully.
                model: openai:gpt-4.1
                max_steps: 12
                ---
                Fix it.
                """);

        AgentSpec spec = discover().require("fixer");

        assertThat(spec.tools()).containsExactlyInAnyOrderElementsOf(AgentDiscovery.BUILT_IN_TOOLS);
        assertThat(spec.description()).isEqualTo("Fixes things carefully.");
        assertThat(spec.model()).isEqualTo("openai:gpt-4.1");
        assertThat(spec.maxSteps()).isEqualTo(12);
        assertThat(spec.systemPrompt()).isEqualTo("Fix it.");
    }

    @Test
    void eachBadDefinitionIsReportedWithFileAndFieldAndSkippedWithoutHarmingOthers() throws Exception {
        Path agents = workspace().resolve(".longtask/agents");
        Path noName = write(agents, "1-noname.md", "---\ndescription: d\ntools: read\n---\nbody\n");
        Path badTool = write(agents, "2-badtool.md", agent("badtool", "read, fly", "body"));
        Path badYaml = write(agents, "3-badyaml.md", "---\nname: y\ntools: [read\n---\nbody\n");
        Path noFront = write(agents, "4-nofront.md", "just text\n");
        Path badSteps = write(agents, "5-steps.md", "---\nname: s\ndescription: d\nmax_steps: many\n---\nbody\n");
        Path badModel = write(agents, "6-model.md", "---\nname: m\ndescription: d\nmodel: gpt4\n---\nbody\n");
        Path noBody = write(agents, "7-nobody.md", "---\nname: e\ndescription: d\n---\n\n");
        Path unclosed = write(agents, "8-unclosed.md", "---\nname: u\n");
        write(agents, "9-good.md", agent("good", "read", "fine"));
        Path dup = write(agents, "9-good2.md", agent("good", "grep", "second"));
        Path noDesc = write(agents, "a-nodesc.md", "---\nname: quiet\n---\nbody\n");

        AgentCatalog catalog = discover();

        assertThat(catalog.problems()).extracting(p -> p.file() + "|" + p.field() + "|" + p.skipped())
                .containsExactlyInAnyOrder(
                        noName + "|name|true",
                        badTool + "|tools|true",
                        badYaml + "|yaml|true",
                        noFront + "|frontmatter|true",
                        badSteps + "|max_steps|true",
                        badModel + "|model|true",
                        noBody + "|body|true",
                        unclosed + "|frontmatter|true",
                        dup + "|name|true",
                        noDesc + "|description|false");
        assertThat(catalog.problems()).filteredOn(p -> p.field().equals("tools"))
                .singleElement().satisfies(p -> assertThat(p.message()).contains("fly", "known tools"));
        assertThat(catalog.problems()).filteredOn(p -> p.field().equals("yaml"))
                .singleElement().satisfies(p -> assertThat(p.message()).contains("line"));
        assertThat(catalog.find("badtool")).isEmpty();
        assertThat(catalog.find("y")).isEmpty();
        assertThat(catalog.require("good").systemPrompt()).isEqualTo("fine");
        assertThat(catalog.require("quiet").description()).isEmpty();
        assertThat(catalog.agents()).hasSize(AgentDiscovery.BUILT_IN.size() + 2);
    }

    @Test
    void anUnknownAgentNamesTheKnownOnes() throws Exception {
        AgentCatalog catalog = discover();

        assertThatThrownBy(() -> catalog.require("wizard")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown agent 'wizard'").hasMessageContaining("analyzer, director");
    }

    @Test
    void aMissingHomeOrAgentsDirectoryIsFine() throws Exception {
        AgentCatalog catalog = AgentDiscovery.discover(workspace(), null, AgentDiscovery.BUILT_IN_TOOLS);

        assertThat(catalog.agents()).hasSize(AgentDiscovery.BUILT_IN.size());
        assertThat(catalog.problems()).isEmpty();
    }

    @Test
    void theToolRegistryDecidesWhatIsKnown() throws Exception {
        write(workspace().resolve(".longtask/agents"), "t.md", agent("t", "read, bash", "b"));

        AgentCatalog catalog = AgentDiscovery.discover(workspace(), home(), java.util.Set.of("read", "grep", "glob", "ls",
                "write", "edit", "task_list", "task_get"));

        assertThat(catalog.find("t")).isEmpty();
        assertThat(catalog.problems()).extracting(AgentProblem::field).contains("tools");
        assertThat(catalog.find("general")).isEmpty();
        assertThat(List.of("analyzer", "reviewer", "planner")).allSatisfy(n -> assertThat(catalog.find(n)).isPresent());
    }
}
