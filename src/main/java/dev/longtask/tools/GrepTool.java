package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code grep {pattern, path?, glob?}}: lines of text files matching a Java regular expression, as
 * {@code path:line: text}, files in path order, at most {@value #MAX_RESULTS} lines with a note on the rest.
 * Binary files, links, {@code .git} and {@code .longtask/runs} are skipped; a search is stopped after a time limit,
 * so a pathological pattern cannot hang the agent.
 */
final class GrepTool implements Tool {
    static final int MAX_RESULTS = 200;
    static final int MAX_LINE_CHARS = 300;
    static final long MAX_FILE_BYTES = 10L * 1024 * 1024;

    private final Schema schema = Schema.object()
            .string("pattern", "Java regular expression, e.g. class\\s+\\w+Tool, or (?i)todo ignoring case", true)
            .string("path", "File or directory to search (default: the root)", false)
            .string("glob", "Only files matching it: *.java by name anywhere, src/**/*.java by path below path",
                    false);
    private final Duration timeLimit;

    GrepTool() {
        this(Duration.ofSeconds(30));
    }

    GrepTool(Duration timeLimit) {
        this.timeLimit = timeLimit;
    }

    @Override
    public String name() {
        return "grep";
    }

    @Override
    public String description() {
        return "Searches text files for a Java regular expression; shows matching lines as path:line: text, at most "
                + MAX_RESULTS + ". Skips binary files, .git and .longtask/runs.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> grep(new Arguments(arguments), context.workspace()));
    }

    private ToolResult grep(Arguments args, Workspace workspace) throws IOException {
        String regex = args.string("pattern");
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return ToolResult.error("pattern is not a valid Java regular expression: " + e.getDescription()
                    + " near index " + e.getIndex() + "; escape special characters such as ( [ { . * + ? with \\");
        }
        GlobPattern glob = args.optionalString("glob").map(GlobPattern::new).orElse(null);
        Path base = workspace.resolveInside(args.optionalString("path").orElse("."));
        String shownBase = workspace.relative(base);
        if (!Files.exists(base)) {
            return ToolResult.error("no such file or directory: " + shownBase + "; use ls or glob to find the path");
        }
        if (Files.isRegularFile(base) && TextFiles.isBinary(base)) {
            return ToolResult.error(shownBase + " is a binary file; grep searches text files only");
        }
        List<FileWalk.Entry> files = Files.isDirectory(base)
                ? FileWalk.files(workspace, base)
                : List.of(new FileWalk.Entry(base, false, Files.size(base)));
        Search search = new Search(pattern, System.nanoTime() + timeLimit.toNanos());
        for (FileWalk.Entry entry : files) {
            if (entry.symlink() || !selected(glob, base, entry.path())) {
                continue;
            }
            if (entry.size() > MAX_FILE_BYTES) {
                search.skippedLarge++;
                continue;
            }
            if (!search.file(entry.path(), workspace.relative(entry.path()))) {
                break;
            }
        }
        return ToolResult.ok(search.report(regex, shownBase));
    }

    private static boolean selected(GlobPattern glob, Path base, Path file) {
        if (glob == null) {
            return true;
        }
        boolean byPath = glob.hasSlash() && !base.equals(file);
        return glob.matches(byPath ? base.relativize(file) : file.getFileName());
    }

    /** One search's state: the lines found so far, the counts, the deadline. */
    private static final class Search {
        private final Pattern pattern;
        private final long deadline;
        private final StringBuilder out = new StringBuilder();
        private int shown;
        private int matchedLines;
        private int matchedFiles;
        private int skippedLarge;
        private boolean timedOut;

        Search(Pattern pattern, long deadline) {
            this.pattern = pattern;
            this.deadline = deadline;
        }

        /** Searches one file; false once the time is up. */
        boolean file(Path file, String shownPath) throws IOException {
            if (TextFiles.isBinary(file)) {
                return true;
            }
            boolean any = false;
            try (BufferedReader reader = TextFiles.lenientReader(file)) {
                int number = 0;
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    number++;
                    if (!pattern.matcher(new DeadlineText(line, deadline)).find()) {
                        continue;
                    }
                    any = true;
                    matchedLines++;
                    if (shown < MAX_RESULTS) {
                        shown++;
                        out.append(shownPath).append(':').append(number).append(": ")
                                .append(TextFiles.cutLine(line, MAX_LINE_CHARS)).append('\n');
                    }
                }
            } catch (DeadlineText.Expired e) {
                timedOut = true;
            }
            if (any) {
                matchedFiles++;
            }
            if (System.nanoTime() > deadline) {
                timedOut = true;
            }
            return !timedOut;
        }

        String report(String regex, String shownBase) {
            StringBuilder note = new StringBuilder();
            if (matchedLines == 0) {
                note.append("no lines match /").append(regex).append("/ under ").append(shownBase);
            } else if (shown < matchedLines) {
                note.append("(showing ").append(shown).append(" of ").append(matchedLines).append(" matching lines in ")
                        .append(matchedFiles).append(" files; narrow the pattern, path or glob)");
            } else {
                note.append("(").append(matchedLines).append(matchedLines == 1 ? " matching line" : " matching lines")
                        .append(" in ").append(matchedFiles).append(matchedFiles == 1 ? " file)" : " files)");
            }
            if (skippedLarge > 0) {
                note.append("\n(skipped ").append(skippedLarge).append(" files over ")
                        .append(MAX_FILE_BYTES / (1024 * 1024)).append(" MiB; search them with bash)");
            }
            if (timedOut) {
                note.append("\n(the search ran out of time and is incomplete; narrow the path or glob, or simplify the "
                        + "pattern)");
            }
            return out.append(note).toString();
        }
    }

    /** Text whose reading gives up after a deadline, which is how a runaway regular expression gets stopped. */
    static final class DeadlineText implements CharSequence {
        static final class Expired extends RuntimeException {
            Expired() {
                super("deadline passed", null, false, false);
            }
        }

        private final String text;
        private final long deadline;
        private int reads;

        DeadlineText(String text, long deadline) {
            this.text = text;
            this.deadline = deadline;
        }

        @Override
        public char charAt(int index) {
            if ((++reads & 0x3FFF) == 0 && System.nanoTime() > deadline) {
                throw new Expired();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new DeadlineText(text.substring(start, end), deadline);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
