package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every tool that takes a path refuses every way out of the workspace, as a tool error, and touches nothing outside. */
class EscapeTest {
    @TempDir
    Path temp;
    ToolFixture fx;

    @BeforeEach
    void setUp() throws IOException {
        fx = new ToolFixture(temp);
        Files.createSymbolicLink(fx.root.resolve("link-out.txt"), fx.outside.resolve("secret.txt"));
        Files.createSymbolicLink(fx.root.resolve("dir-out"), fx.outside);
        Files.createSymbolicLink(fx.root.resolve("dangling-out.txt"), fx.outside.resolve("new.txt"));
    }

    /** Paths as the model would write them; {@code %s} is the outside directory. */
    static Stream<String> escapes() {
        return Stream.of("../elsewhere/secret.txt", "/etc/passwd", "%s/secret.txt", "link-out.txt",
                "dir-out/secret.txt", "dir-out/new/created.txt", "dangling-out.txt", "../x");
    }

    static Stream<Arguments> toolsAndEscapes() {
        List<String> tools = List.of("read", "write", "edit", "ls", "glob", "grep");
        return tools.stream().flatMap(tool -> escapes().map(path -> Arguments.of(tool, path)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("toolsAndEscapes")
    void refused(String toolName, String pathTemplate) throws IOException {
        String path = pathTemplate.formatted(fx.outside);
        Tool tool = Toolbox.builtIn(Map.of(), Sandbox.unconfined("test")).get(toolName);
        Map<String, String> arguments = switch (toolName) {
            case "write" -> Map.of("path", path, "content", "pwned");
            case "edit" -> Map.of("path", path, "old_string", "top secret", "new_string", "pwned");
            case "glob" -> Map.of("path", path, "pattern", "**/*");
            case "grep" -> Map.of("path", path, "pattern", "secret");
            default -> Map.of("path", path);
        };

        ToolResult result = fx.call(tool, arguments);

        assertThat(result.error()).as(result.content()).isTrue();
        assertThat(result.content()).contains("refused path").doesNotContain("top secret");
        assertThat(Files.readString(fx.outside.resolve("secret.txt"))).isEqualTo("top secret\n");
        try (Stream<Path> files = Files.walk(fx.outside)) {
            assertThat(files).containsExactlyInAnyOrder(fx.outside, fx.outside.resolve("secret.txt"));
        }
    }

    @Test
    void aSymlinkCreatedThroughBashIsRefusedWhenRead() {
        Tool bash = new BashTool(Map.of("PATH", "/usr/bin:/bin"), Sandbox.unconfined("test"));
        ToolResult made = fx.call(bash, Map.of("command", "ln -s " + fx.outside + "/secret.txt sneaky.txt && ln -s "
                + fx.outside + " sneaky-dir"));
        assertThat(made.error()).as(made.content()).isFalse();

        ToolResult read = fx.call(new ReadTool(), Map.of("path", "sneaky.txt"));
        ToolResult write = fx.call(new WriteTool(ProtectedPaths.of(Map.of())), Map.of("path", "sneaky-dir/planted.txt", "content", "x"));

        assertThat(read.error()).isTrue();
        assertThat(read.content()).contains("refused path 'sneaky.txt'").doesNotContain("top secret");
        assertThat(write.error()).isTrue();
        assertThat(fx.outside.resolve("planted.txt")).doesNotExist();
    }

    @Test
    void linksThatStayInsideWork() throws IOException {
        fx.write("real/notes.txt", "inside\n");
        Files.createSymbolicLink(fx.root.resolve("alias"), fx.root.resolve("real"));

        ToolResult read = fx.call(new ReadTool(), Map.of("path", "alias/notes.txt"));
        ToolResult write = fx.call(new WriteTool(ProtectedPaths.of(Map.of())), Map.of("path", "alias/more.txt", "content", "more\n"));

        assertThat(read.error()).isFalse();
        assertThat(read.content()).contains("inside");
        assertThat(write.error()).isFalse();
        assertThat(fx.content("real/more.txt")).isEqualTo("more\n");
    }
}
