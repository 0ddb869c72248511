package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    static final Toolbox TOOLBOX = Toolbox.builtIn(Map.of("PATH", "/usr/bin:/bin"), Sandbox.none("test"));
    /** bash is left out: random commands are not something to run; its argument errors are tested in BashToolTest. */
    static final List<String> TOOLS = TOOLBOX.names().stream().filter(n -> !n.equals("bash")).toList();
    static final List<String> FIELDS = List.of("path", "offset", "limit", "content", "old_string", "new_string",
            "replace_all", "pattern", "glob", "id", "status", "subject", "add_blocked_by", "other");

    @BeforeContainer
    static void workspace() throws IOException {
        temp = Files.createTempDirectory("lt-never-throws");
        fx = new ToolFixture(temp);
        fx.write("a.txt", "alpha\nbeta\n");
        fx.write("dir/b.md", "# b\n");
    }

    @AfterContainer
    static void cleanUp() throws IOException {
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
                        "alpha", "beta\n", "new/file.txt", "completed", "7", "#1"),
                Arbitraries.strings().ofMaxLength(12)).map(f::textNode);
        Arbitrary<JsonNode> numbers = Arbitraries.oneOf(
                Arbitraries.integers().between(-3, 5).map(i -> (JsonNode) f.numberNode(i)),
                Arbitraries.of((JsonNode) f.numberNode(Long.MAX_VALUE), f.numberNode(1.5), f.numberNode(-0.0)));
        Arbitrary<JsonNode> others = Arbitraries.of(f.booleanNode(true), f.nullNode(), f.arrayNode().add(1).add("x"),
                f.objectNode().put("k", "v"), f.arrayNode());
        return Combinators.combine(Arbitraries.integers().between(0, 2), strings, numbers, others)
                .as((which, s, n, o) -> which == 0 ? s : which == 1 ? n : o);
    }
}
