package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.TaskDraft;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** Whatever arguments a model sends, a tool answers with a result, never an exception. */
class NeverThrowsProperties {
    static Path temp;
    static ToolFixture fx;
    static final Toolbox TOOLBOX = Toolbox.builtIn(Map.of("PATH", "/usr/bin:/bin"), Sandbox.unconfined("test"));
    /** bash is left out: random commands are not something to run; its argument errors are tested in BashToolTest. */
    static final List<String> TOOLS = TOOLBOX.names().stream().filter(n -> !n.equals("bash")).toList();
    static final List<String> FIELDS = List.of("path", "offset", "limit", "content", "old_string", "new_string",
            "replace_all", "pattern", "glob", "id", "status", "subject", "add_blocked_by", "add_blocks", "blocked_by",
            "owner", "other");

    static FileRunStore store;
    static ToolContext inRun;

    @BeforeContainer
    static void workspace() throws IOException {
        temp = Files.createTempDirectory("lt-never-throws");
        fx = new ToolFixture(temp);
        fx.write("a.txt", "alpha\nbeta\n");
        fx.write("dir/b.md", "# b\n");
        store = FileRunStore.create(fx.root, null, "goal", null, Budget.UNLIMITED,
                StoreOptions.defaults().withFsync(FsyncPolicy.NONE));
        inRun = new ToolContext(fx.workspace, store, 1);
        store.createTask(TaskDraft.of("first"));
    }

    @AfterContainer
    static void cleanUp() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(temp)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Property(tries = 400)
    void anyArgumentsGiveAResult(@ForAll("toolNames") String tool, @ForAll("argumentObjects") ObjectNode arguments) {
        ToolResult result = TOOLBOX.get(tool).execute(arguments, fx.context);
        assertThat(result).isNotNull();
        assertThat(result.content()).isNotNull();
        if (result.error()) {
            assertThat(result.content()).doesNotContain("failed unexpectedly");
        }
    }

    /** The task tools against a real store: its refusals (unknown ids, cycles, status rules) are tool errors too. */
    @Property(tries = 150)
    void anyArgumentsGiveATaskGraphResult(@ForAll("taskToolNames") String tool,
                                          @ForAll("argumentObjects") ObjectNode arguments) {
        ToolResult result = TOOLBOX.get(tool).execute(arguments, inRun);
        assertThat(result.content()).isNotNull();
        if (result.error()) {
            assertThat(result.content()).doesNotContain("failed unexpectedly");
        }
    }

    @Provide
    Arbitrary<String> taskToolNames() {
        return Arbitraries.of("task_create", "task_update", "task_list", "task_get");
    }

    @Provide
    Arbitrary<String> toolNames() {
        return Arbitraries.of(TOOLS);
    }

    @Provide
    Arbitrary<ObjectNode> argumentObjects() {
        return Arbitraries.maps(Arbitraries.of(FIELDS), jsonValues()).ofMaxSize(5).map(map -> {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            map.forEach(node::set);
            return node;
        });
    }

    Arbitrary<JsonNode> jsonValues() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        Arbitrary<JsonNode> strings = Arbitraries.oneOf(
                Arbitraries.of("a.txt", "dir", "dir/b.md", "../x", "/etc/passwd", "", "~", "*", "**/*", "(", "[",
                        "alpha", "beta\n", "new/file.txt", "completed", "cancelled", "pending", "in_progress", "7", "#1",
                        "2"),
                Arbitraries.strings().ofMaxLength(12)).map(f::textNode);
        Arbitrary<JsonNode> numbers = Arbitraries.oneOf(
                Arbitraries.integers().between(-1, 4).map(i -> (JsonNode) f.numberNode(i)),
                Arbitraries.of((JsonNode) f.numberNode(Long.MAX_VALUE), f.numberNode(1.5), f.numberNode(-0.0)));
        Arbitrary<JsonNode> others = Arbitraries.of(f.booleanNode(true), f.nullNode(), f.arrayNode().add(1).add("x"),
                f.objectNode().put("k", "v"), f.arrayNode(), f.arrayNode().add(1).add(2), f.arrayNode().add(3));
        return Combinators.combine(Arbitraries.integers().between(0, 2), strings, numbers, others)
                .as((which, s, n, o) -> which == 0 ? s : which == 1 ? n : o);
    }
}
