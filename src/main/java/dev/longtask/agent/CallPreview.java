package dev.longtask.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.tools.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * What a person is shown for a call that waits for approval: the command of {@code bash}, a unified diff of what
 * {@code write} or {@code edit} would change, the arguments of anything else. Cut to a size a terminal can show;
 * the question also carries the arguments.
 */
final class CallPreview {
    static final int MAX_CHARS = 8_000;
    /** Argument strings longer than this are cut in the question's copy of the arguments. */
    static final int MAX_ARGUMENT_CHARS = 2_000;

    private final Workspace workspace;

    CallPreview(Workspace workspace) {
        this.workspace = workspace;
    }

    String of(String tool, ObjectNode args) {
        String preview = switch (tool) {
            case "bash" -> "$ " + args.path("command").asText("");
            case "write" -> write(args.path("path").asText(""), args.path("content").asText(""));
            case "edit" -> edit(args);
            default -> Json.pretty(args);
        };
        return cut(preview, MAX_CHARS);
    }

    /** The arguments with very long strings cut, for the log and a person (the call key keeps the whole). */
    static ObjectNode shown(ObjectNode args) {
        ObjectNode copy = args.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = copy.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getValue().isTextual() && field.getValue().asText().length() > MAX_ARGUMENT_CHARS) {
                field.setValue(copy.textNode(cut(field.getValue().asText(), MAX_ARGUMENT_CHARS)));
            }
        }
        return copy;
    }

    private String write(String path, String content) {
        String before = current(path);
        if (before == null) {
            return diff(path, "", content, "new file " + path);
        }
        return diff(path, before, content, "replace " + path);
    }

    private String edit(ObjectNode args) {
        String path = args.path("path").asText("");
        String before = current(path);
        String old = args.path("old_string").asText("");
        String replacement = args.path("new_string").asText("");
        if (before == null || old.isEmpty() || !before.contains(old)) {
            return "edit " + path + ": the text to replace is not in the file (the call will fail)\n--- old_string\n"
                    + old + "\n+++ new_string\n" + replacement;
        }
        String after = args.path("replace_all").asBoolean(false) ? before.replace(old, replacement)
                : before.replaceFirst(java.util.regex.Pattern.quote(old),
                        java.util.regex.Matcher.quoteReplacement(replacement));
        return diff(path, before, after, "edit " + path);
    }

    /** The file's text now, or null when there is none (or it cannot be read). */
    private String current(String path) {
        try {
            Path file = workspace.resolveInside(path);
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        } catch (IOException | RuntimeException e) {
            // outside the workspace, unreadable, not UTF-8: the call itself will say what is wrong
            return null;
        }
    }

    private static String diff(String path, String before, String after, String title) {
        RawText a = new RawText(before.getBytes(StandardCharsets.UTF_8));
        RawText b = new RawText(after.getBytes(StandardCharsets.UTF_8));
        EditList edits = new HistogramDiff().diff(RawTextComparator.DEFAULT, a, b);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DiffFormatter formatter = new DiffFormatter(out)) {
            formatter.setContext(3);
            formatter.format(edits, a, b);
        } catch (IOException e) {
            return title + ": no diff (" + e.getMessage() + ")";
        }
        String body = out.toString(StandardCharsets.UTF_8);
        return title + "\n--- a/" + path + "\n+++ b/" + path + "\n" + (body.isEmpty() ? "(no change)\n" : body);
    }

    private static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        return text.substring(0, max) + "\n[... " + (text.length() - max) + " more characters]";
    }
}
