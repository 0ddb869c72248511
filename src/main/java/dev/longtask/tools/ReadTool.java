package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Counts;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code read {path, offset?, limit?}}: a text file's lines numbered like {@code cat -n} (from 1), a window of at
 * most {@value #MAX_LINES} lines or {@value #MAX_CHARS} characters, ending with a line that says what was shown and
 * how to get the rest.
 */
final class ReadTool implements Tool {
    static final int MAX_LINES = 2000;
    static final int MAX_CHARS = 50_000;
    static final int MAX_LINE_CHARS = 2000;

    private final Schema schema = Schema.object()
            .string("path", "File to read", true)
            .integer("offset", "First line to show, from 1 (default 1)", false)
            .integer("limit", "Lines to show (default and at most " + MAX_LINES + ")", false);

    @Override
    public String name() {
        return "read";
    }

    @Override
    public String description() {
        return "Reads a text file with its lines numbered from 1 (like cat -n), up to " + MAX_LINES + " lines at a "
                + "time; the last line says how to read on with offset. Lines over " + MAX_LINE_CHARS
                + " characters are cut. Refuses binary files and directories.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> read(new Arguments(arguments), context));
    }

    private ToolResult read(Arguments args, ToolContext context) throws IOException {
        Workspace workspace = context.workspace();
        String path = args.string("path");
        int offset = args.optionalInt("offset").orElse(1);
        int limit = args.optionalInt("limit").orElse(MAX_LINES);
        if (offset < 1) {
            return ToolResult.error("offset must be 1 or more (the first line is 1), got " + offset);
        }
        if (limit < 1) {
            return ToolResult.error("limit must be 1 or more, got " + limit);
        }
        Path file = workspace.resolveInside(path);
        String shown = workspace.relative(file);
        if (Files.isDirectory(file)) {
            return ToolResult.error(shown + " is a directory; use ls to list it or glob to find files in it");
        }
        if (!Files.exists(file)) {
            return ToolResult.error("no such file: " + shown + "; use glob or ls to find the right path");
        }
        if (!Files.isRegularFile(file)) {
            return ToolResult.error(shown + " is not a regular file (a device, pipe or socket); read shows files only");
        }
        if (TextFiles.isBinary(file)) {
            return ToolResult.error(shown + " is a binary file (" + Files.size(file)
                    + " bytes); read shows text only: inspect it with bash (e.g. file, xxd | head) instead");
        }
        context.checkpoints().noteRead(context.taskId(), file);
        return ToolResult.ok(window(file, shown, offset, Math.min(limit, MAX_LINES)));
    }

    private static String window(Path file, String shown, int offset, int limit) throws IOException {
        StringBuilder out = new StringBuilder();
        int total = 0;
        int last = offset - 1;
        boolean cutForSize = false;
        try (BufferedReader reader = TextFiles.lenientReader(file)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                total++;
                if (total < offset || total >= offset + limit || cutForSize) {
                    continue;
                }
                String numbered = String.format("%6d\t%s\n", total, TextFiles.cutLine(line, MAX_LINE_CHARS));
                if (out.length() + numbered.length() > MAX_CHARS && total > offset) {
                    cutForSize = true;
                    continue;
                }
                out.append(numbered);
                last = total;
            }
        }
        if (total == 0) {
            return "(" + shown + " is empty)";
        }
        if (offset > total) {
            throw new ToolMistake("offset " + offset + " is past the end of " + shown + ", which has " + total
                    + " lines; use an offset from 1 to " + total);
        }
        if (last < total) {
            out.append("(lines ").append(offset).append('-').append(last).append(" of ").append(total)
                    .append(" shown; ").append(total - last).append(" more: call read with offset=").append(last + 1)
                    .append(")");
        } else {
            out.append("(end of ").append(shown).append(": ").append(Counts.plural(total, "line")).append(")");
        }
        return out.toString();
    }
}
