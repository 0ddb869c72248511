package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.store.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code write {path, content}}: creates or replaces a whole file atomically, creating missing parent directories. */
final class WriteTool implements Tool {
    private final ProtectedPaths protectedPaths;
    private final Schema schema = Schema.object()
            .string("path", "File to write", true)
            .string("content", "The whole new content", true);

    WriteTool(ProtectedPaths protectedPaths) {
        this.protectedPaths = protectedPaths;
    }

    @Override
    public String name() {
        return "write";
    }

    @Override
    public String description() {
        return "Creates a file or replaces its whole content, making missing directories. To change part of a file "
                + "use edit.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> write(new Arguments(arguments), context));
    }

    private ToolResult write(Arguments args, ToolContext context) throws IOException {
        Workspace workspace = context.workspace();
        String path = args.string("path");
        String content = args.string("content");
        Path file = workspace.resolveInside(path);
        String shown = workspace.relative(file);
        refuseProtected(protectedPaths, context, file);
        if (Files.isDirectory(file)) {
            return ToolResult.error(shown + " is a directory; give the path of a file inside it");
        }
        boolean existed = Files.exists(file);
        Files.createDirectories(file.getParent());
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        context.checkpoints().beforeChange(context.taskId(), file, "write");
        AtomicFiles.write(file, bytes, true);
        context.checkpoints().afterChange(context.taskId(), file);
        int lines = lineCount(content);
        return ToolResult.ok((existed ? "replaced " : "created ") + shown + ": " + bytes.length + " bytes, "
                + lines + (lines == 1 ? " line" : " lines"));
    }

    /** Refuses {@code file} when it is protected ({@link ProtectedPaths}): the tool error says why and who may change it. */
    static void refuseProtected(ProtectedPaths protectedPaths, ToolContext context, Path file) {
        String refusal = protectedPaths.refusal(context.workspace(),
                context.store() == null ? null : context.store().directory(), file);
        if (refusal != null) {
            throw new ToolMistake(refusal);
        }
    }

    static int lineCount(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        return text.endsWith("\n") ? lines : lines + 1;
    }
}
