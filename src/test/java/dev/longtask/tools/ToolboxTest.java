package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolboxTest {
    final Toolbox toolbox = Toolbox.builtIn(Map.of("PATH", "/usr/bin:/bin"), Sandbox.unconfined("test"));

    @Test
    void knowsEveryBuiltInToolByItsDesignName() {
        assertThat(toolbox.names()).containsExactly("read", "write", "edit", "glob", "grep", "ls", "bash",
                "task_create", "task_update", "task_list", "task_get");
        assertThat(toolbox.names()).isEqualTo(Toolbox.BUILT_IN);
    }

    @Test
    void everySchemaIsAnObjectWhoseRequiredArgumentsAreDeclared() {
        for (Tool tool : toolbox.all()) {
            ObjectNode schema = tool.parameters();
            assertThat(tool.description()).as(tool.name()).isNotBlank();
            assertThat(schema.path("type").asText()).as(tool.name()).isEqualTo("object");
            for (JsonNode required : schema.path("required")) {
                assertThat(schema.path("properties").has(required.asText())).as(tool.name() + " " + required).isTrue();
            }
        }
        assertThat(required("read")).containsExactly("path");
        assertThat(required("edit")).containsExactly("path", "old_string", "new_string");
        assertThat(required("bash")).containsExactly("command");
        assertThat(toolbox.get("edit").parameters().path("properties").has("replace_all")).isTrue();
        assertThat(toolbox.get("task_update").parameters().path("properties").path("status").path("enum")).hasSize(5);
    }

    private List<String> required(String tool) {
        List<String> names = new ArrayList<>();
        toolbox.get(tool).parameters().path("required").forEach(n -> names.add(n.asText()));
        return names;
    }

    @Test
    void aSchemaHandedOutCannotBeChangedForOthers() {
        toolbox.get("read").parameters().putObject("properties").removeAll();
        assertThat(toolbox.get("read").parameters().path("properties").has("path")).isTrue();
    }

    @Test
    void selectTurnsAWhitelistIntoToolsIgnoringCaseAndRepeats() {
        List<Tool> tools = toolbox.select(List.of("read", "Grep", "BASH", "read"));
        assertThat(tools).extracting(Tool::name).containsExactly("read", "grep", "bash");
    }

    @Test
    void unknownNamesAreReportedAllAtOnceWithTheKnownOnes() {
        assertThat(toolbox.unknown(List.of("read", "web_fetch", "MultiEdit", "web_fetch"))).containsExactly("web_fetch", "MultiEdit");
        assertThatThrownBy(() -> toolbox.select(List.of("read", "web_fetch", "MultiEdit")))
                .isInstanceOfSatisfying(UnknownToolException.class,
                        e -> assertThat(e.unknown()).containsExactly("web_fetch", "MultiEdit"))
                .hasMessageContaining("unknown tools 'web_fetch', 'MultiEdit'").hasMessageContaining("known: read, write");
        assertThatThrownBy(() -> toolbox.get("nope")).hasMessageStartingWith("unknown tool 'nope'");
        assertThat(toolbox.find(null)).isEmpty();
    }

    @Test
    void withAddsRuntimeToolsButNeverShadowsOne() {
        Tool submit = new Tool() {
            public String name() {
                return "submit_result";
            }

            public String description() {
                return "ends the task";
            }

            public ObjectNode parameters() {
                return Schema.object().build();
            }

            public ToolResult execute(ObjectNode arguments, ToolContext context) {
                return ToolResult.ok("submitted");
            }
        };
        Toolbox more = toolbox.with(submit);
        assertThat(more.names()).endsWith("submit_result");
        assertThat(toolbox.names()).doesNotContain("submit_result");
        assertThatThrownBy(() -> more.with(submit)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> toolbox.with(new ReadTool())).hasMessageContaining("'read'");
        assertThat(more.sandbox()).isSameAs(toolbox.sandbox());
    }

    @Test
    void oneToolboxServesManyAgentThreadsAtOnce(@TempDir Path temp) throws Exception {
        ToolFixture fx = new ToolFixture(temp);
        int threads = 8;
        int rounds = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<String>>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String file = "agent" + t + "/notes.txt";
            results.add(pool.submit(() -> {
                start.await();
                List<String> problems = new ArrayList<>();
                for (int i = 0; i < rounds; i++) {
                    expect(problems, fx.call(toolbox.get("write"), Map.of("path", file, "content", "v" + i + "\n")), "created|replaced");
                    expect(problems, fx.call(toolbox.get("edit"), Map.of("path", file, "old_string", "v" + i, "new_string", "w" + i)), "replaced 1");
                    expect(problems, fx.call(toolbox.get("read"), Map.of("path", file)), "1\tw" + i + "\n");
                    expect(problems, fx.call(toolbox.get("grep"), Map.of("pattern", "^w" + i + "$", "path", file)), file + ":1: w" + i);
                }
                return problems;
            }));
        }
        start.countDown();
        for (Future<List<String>> result : results) {
            assertThat(result.get(60, TimeUnit.SECONDS)).isEmpty();
        }
        pool.shutdown();
    }

    private static void expect(List<String> problems, ToolResult result, String pattern) {
        if (result.error() || !java.util.regex.Pattern.compile(pattern).matcher(result.content()).find()) {
            problems.add(result.content());
        }
    }
}
