package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code ls {path?}}: one directory's entries sorted by name, directories with a trailing "/", files with their
 * size in bytes, links as {@code name -> target}; at most {@value #MAX_ENTRIES}.
 */
final class LsTool implements Tool {
    static final int MAX_ENTRIES = 500;

    private final Schema schema = Schema.object()
            .string("path", "Directory to list (default: the root)", false);

    @Override
    public String name() {
        return "ls";
    }

    @Override
    public String description() {
        return "Lists one directory: subdirectories end with /, files show their size in bytes, links their target.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> list(new Arguments(arguments), context.workspace()));
    }

    private static ToolResult list(Arguments args, Workspace workspace) throws IOException {
        Path dir = workspace.resolveInside(args.optionalString("path").orElse("."));
        String shown = workspace.relative(dir);
        if (!Files.exists(dir)) {
            return ToolResult.error("no such directory: " + shown + "; list its parent to see what is there");
        }
        if (!Files.isDirectory(dir)) {
            return ToolResult.error(shown + " is a file (" + Files.size(dir) + " bytes), not a directory; use read "
                    + "to see its content");
        }
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        }
        entries.sort(Comparator.comparing(p -> p.getFileName().toString()));
        StringBuilder out = new StringBuilder(shown.equals(".") ? "./" : shown + "/")
                .append(" (").append(entries.size()).append(entries.size() == 1 ? " entry)\n" : " entries)\n");
        for (Path entry : entries.subList(0, Math.min(entries.size(), MAX_ENTRIES))) {
            out.append(describe(entry)).append('\n');
        }
        if (entries.size() > MAX_ENTRIES) {
            out.append("(showing ").append(MAX_ENTRIES).append(" of ").append(entries.size())
                    .append(" entries; use glob to find what you need)\n");
        }
        return ToolResult.ok(out.toString().stripTrailing());
    }

    private static String describe(Path entry) {
        String name = entry.getFileName().toString();
        try {
            BasicFileAttributes attrs = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isSymbolicLink()) {
                return name + " -> " + Files.readSymbolicLink(entry);
            }
            if (attrs.isDirectory()) {
                return name + "/";
            }
            return name + "  " + attrs.size() + " bytes";
        } catch (IOException e) {
            return name + "  (unreadable: " + e.getMessage() + ")";
        }
    }
}
