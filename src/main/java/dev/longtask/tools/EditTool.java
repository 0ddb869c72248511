package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.store.AtomicFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code edit {path, old_string, new_string, replace_all?}}: replaces an exact piece of text. The piece must occur
 * exactly once unless replace_all is set, so an edit never lands somewhere the model did not mean.
 */
final class EditTool implements Tool {
    private final Schema schema = Schema.object()
            .string("path", "File to change", true)
            .string("old_string", "The exact text to replace, whitespace included", true)
            .string("new_string", "The text to put in its place", true)
            .bool("replace_all", "Replace every occurrence, not exactly one (default false)", false);
    private final ProtectedPaths protectedPaths;

    EditTool(ProtectedPaths protectedPaths) {
        this.protectedPaths = protectedPaths;
    }

    @Override
    public String name() {
        return "edit";
    }

    @Override
    public String description() {
        return "Replaces old_string with new_string in a text file. old_string must match exactly and occur once "
                + "(include surrounding lines to make it unique) unless replace_all is set. Read the file first.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> edit(new Arguments(arguments), context));
    }

    private ToolResult edit(Arguments args, ToolContext context) throws IOException {
        Workspace workspace = context.workspace();
        String path = args.string("path");
        String oldString = args.string("old_string");
        String newString = args.string("new_string");
        boolean replaceAll = args.flag("replace_all", false);
        Path file = workspace.resolveInside(path);
        String shown = workspace.relative(file);
        WriteTool.refuseProtected(protectedPaths, context, file);
        if (oldString.isEmpty()) {
            return ToolResult.error("old_string is empty; to create a file or replace all of it use write");
        }
        if (oldString.equals(newString)) {
            return ToolResult.error("old_string and new_string are the same; nothing would change");
        }
        if (Files.isDirectory(file)) {
            return ToolResult.error(shown + " is a directory; edit changes files");
        }
        if (!Files.isRegularFile(file)) {
            return ToolResult.error("no such file: " + shown + "; use glob or ls to find it, or write to create it");
        }
        String text = readStrictly(file, shown);
        int count = occurrences(text, oldString);
        if (count == 0) {
            return ToolResult.error("old_string was not found in " + shown + hint(text, oldString)
                    + "; read the file again and copy the exact text, whitespace and indentation included");
        }
        if (count > 1 && !replaceAll) {
            return ToolResult.error("old_string occurs " + count + " times in " + shown
                    + "; add surrounding lines to old_string so it matches exactly one place, "
                    + "or set replace_all=true to replace all " + count);
        }
        String changed = replace(text, oldString, newString, replaceAll ? Integer.MAX_VALUE : 1);
        context.checkpoints().beforeChange(context.taskId(), file, "edit");
        AtomicFiles.write(file, changed.getBytes(StandardCharsets.UTF_8), true);
        context.checkpoints().afterChange(context.taskId(), file);
        int made = replaceAll ? count : 1;
        return ToolResult.ok("replaced " + made + (made == 1 ? " occurrence" : " occurrences") + " in " + shown);
    }

    /** Editing must write back every byte it did not mean to change, so text that is not UTF-8 is refused, not mangled. */
    private static String readStrictly(Path file, String shown) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < Math.min(bytes.length, TextFiles.SNIFF_BYTES); i++) {
            if (bytes[i] == 0) {
                throw new ToolMistake(shown + " is a binary file; edit changes text files only");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ToolMistake(shown + " is not valid UTF-8 text; edit would damage it: use bash (e.g. sed) instead");
        }
    }

    static int occurrences(String text, String piece) {
        int count = 0;
        for (int at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + piece.length())) {
            count++;
        }
        return count;
    }

    private static String replace(String text, String oldString, String newString, int times) {
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        int done = 0;
        for (int at = text.indexOf(oldString); at >= 0 && done < times; at = text.indexOf(oldString, from)) {
            out.append(text, from, at).append(newString);
            from = at + oldString.length();
            done++;
        }
        return out.append(text, from, text.length()).toString();
    }

    /** Names the likely reason for a near miss, which is usually line endings or surrounding whitespace. */
    private static String hint(String text, String oldString) {
        if (text.contains("\r\n") && !oldString.contains("\r\n") && oldString.contains("\n")
                && text.contains(oldString.replace("\n", "\r\n"))) {
            return " (the file has CRLF line endings: use \\r\\n in old_string)";
        }
        if (!oldString.strip().isEmpty() && text.contains(oldString.strip())) {
            return " (it does occur without its leading/trailing whitespace)";
        }
        return "";
    }
}
