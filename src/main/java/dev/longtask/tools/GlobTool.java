package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code glob {pattern, path?}}: files whose path below {@code path} matches the pattern, as workspace-relative
 * paths sorted by path (stable from call to call, so a repeated call is recognisably the same), at most
 * {@value #MAX_RESULTS} with a note on how many more there were.
 */
final class GlobTool implements Tool {
    static final int MAX_RESULTS = 200;

    private final Schema schema = Schema.object()
            .string("pattern", "Glob such as **/*.java or src/*.{md,txt}: * stays in a directory, ** crosses them",
                    true)
            .string("path", "Directory to search (default: the root)", false);

    @Override
    public String name() {
        return "glob";
    }

    @Override
    public String description() {
        return "Finds files by name pattern; returns their paths sorted, at most " + MAX_RESULTS
                + ". Skips .git and .longtask/runs.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> glob(new Arguments(arguments), context.workspace()));
    }

    private static ToolResult glob(Arguments args, Workspace workspace) throws IOException {
        GlobPattern pattern = new GlobPattern(args.string("pattern"));
        Path base = workspace.resolveInside(args.optionalString("path").orElse("."));
        String shownBase = workspace.relative(base);
        if (!Files.isDirectory(base)) {
            return ToolResult.error(Files.exists(base)
                    ? shownBase + " is a file, not a directory; give the directory to search as path"
                    : "no such directory: " + shownBase + "; use ls to see what is there");
        }
        List<String> matches = new ArrayList<>();
        for (FileWalk.Entry entry : FileWalk.files(workspace, base)) {
            if (pattern.matches(base.relativize(entry.path()))) {
                matches.add(workspace.relative(entry.path()));
            }
        }
        if (matches.isEmpty()) {
            return ToolResult.ok("no files match '" + pattern.text() + "' under " + shownBase
                    + (pattern.text().startsWith("**/") ? "" : " (patterns match paths relative to " + shownBase
                    + "; use **/" + pattern.text() + " to search subdirectories too)"));
        }
        StringBuilder out = new StringBuilder();
        matches.stream().limit(MAX_RESULTS).forEach(m -> out.append(m).append('\n'));
        if (matches.size() > MAX_RESULTS) {
            out.append("(showing ").append(MAX_RESULTS).append(" of ").append(matches.size())
                    .append(" matches; narrow the pattern or give a path)");
        } else {
            out.append("(").append(matches.size()).append(matches.size() == 1 ? " file)" : " files)");
        }
        return ToolResult.ok(out.toString());
    }
}
