package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.tools.OutsideWorkspaceException;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.ToolResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Minimal read/write/ls tools over {@link dev.longtask.tools.Workspace}, for loop tests that need real files
 * and the workspace's escape checks without depending on the full tool set.
 */
final class FileTools {
    private FileTools() {
    }

    static List<Tool> all() {
        return List.of(read(), write(), ls());
    }

    static Tool read() {
        return tool("read", "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                + "\"offset\":{\"type\":\"integer\"},\"limit\":{\"type\":\"integer\"}},\"required\":[\"path\"]}",
                (args, ctx) -> {
                    Path file = ctx.workspace().resolveInside(args.get("path").asText());
                    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                    int from = args.path("offset").asInt(1) - 1;
                    int to = args.has("limit") ? Math.min(lines.size(), from + args.get("limit").asInt()) : lines.size();
                    return String.join("\n", lines.subList(Math.max(0, from), Math.max(from, to)));
                });
    }

    static Tool write() {
        return tool("write", "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                + "\"content\":{\"type\":\"string\"}},\"required\":[\"path\",\"content\"]}",
                (args, ctx) -> {
                    Path file = ctx.workspace().resolveInside(args.get("path").asText());
                    Files.createDirectories(file.getParent());
                    Files.writeString(file, args.get("content").asText());
                    return "wrote " + ctx.workspace().relative(file);
                });
    }

    static Tool ls() {
        return tool("ls", "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}}",
                (args, ctx) -> {
                    Path dir = ctx.workspace().resolveInside(args.path("path").asText("."));
                    try (Stream<Path> list = Files.list(dir)) {
                        return String.join("\n", list.map(p -> p.getFileName().toString()).sorted().toList());
                    }
                });
    }

    /** A tool whose output is whatever {@code output} supplies, for output-shaping tests. */
    static Tool fixed(String name, Supplier<String> output) {
        return tool(name, "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}",
                (args, ctx) -> output.get());
    }

    interface Body {
        String run(ObjectNode args, ToolContext ctx) throws IOException;
    }

    static Tool tool(String name, String schema, Body body) {
        ObjectNode parameters = ScriptedModel.parse(schema);
        return new Tool() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "test " + name;
            }

            @Override
            public ObjectNode parameters() {
                return parameters.deepCopy();
            }

            @Override
            public ToolResult execute(ObjectNode arguments, ToolContext context) {
                try {
                    return ToolResult.ok(body.run(arguments, context));
                } catch (OutsideWorkspaceException e) {
                    return ToolResult.error(e.getMessage());
                } catch (IOException e) {
                    return ToolResult.error(name + ": " + e);
                }
            }
        };
    }
}
