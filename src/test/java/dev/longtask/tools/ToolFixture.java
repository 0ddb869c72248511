package dev.longtask.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A temp-dir workspace with a sibling directory outside it, and a way to call tools with JSON arguments. */
final class ToolFixture {
    static final ObjectMapper JSON = new ObjectMapper();

    final Path root;
    final Path outside;
    final Workspace workspace;
    final ToolContext context;

    ToolFixture(Path temp) {
        try {
            root = Files.createDirectories(temp.resolve("ws")).toRealPath();
            outside = Files.createDirectories(temp.resolve("elsewhere")).toRealPath();
            Files.writeString(outside.resolve("secret.txt"), "top secret\n");
            workspace = new Workspace(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        context = ToolContext.outsideRun(workspace);
    }

    static ObjectNode args(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    static ObjectNode args(Map<String, ?> values) {
        return JSON.valueToTree(values);
    }

    ToolResult call(Tool tool, String json) {
        return tool.execute(args(json), context);
    }

    ToolResult call(Tool tool, Map<String, ?> values) {
        return tool.execute(args(values), context);
    }

    Path write(String relative, String content) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            return Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String content(String relative) {
        try {
            return Files.readString(root.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
