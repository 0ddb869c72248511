package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds Python's classes, functions, methods and module-level constants in blanked source, following
 * indentation. Lines inside open brackets or after a backslash continue the statement above and are not
 * statements of their own. Definitions inside a function do not count; definitions inside {@code if},
 * {@code try} and {@code with} at module or class level do.
 */
final class PythonStructure {
    private static final Pattern CLASS = Pattern.compile("^class\\s+([A-Za-z_]\\w*)");
    private static final Pattern DEF = Pattern.compile("^(?:async\\s+)?def\\s+([A-Za-z_]\\w*)");
    private static final Pattern TRANSPARENT = Pattern.compile("^(?:if|elif|else|try|except|finally|with)\\b.*:\\s*$");
    private static final Pattern CODE_BLOCK = Pattern.compile("^(?:for|while|match|async\\s+for|async\\s+with)\\b.*:\\s*$");
    private static final Pattern CONSTANT = Pattern.compile("^([A-Z][A-Z0-9_]*)\\s*(?::[^=]*)?=(?!=)");

    private enum Kind { CLASS, FUNCTION, TRANSPARENT, CODE }

    private record Block(int indent, Kind kind, String name) {
    }

    private PythonStructure() {
    }

    static List<Definition> scan(Lexer.Blanked source) {
        String blanked = source.text();
        List<Definition> definitions = new ArrayList<>();
        List<Block> stack = new ArrayList<>();
        int depth = 0;
        boolean continued = false;
        String[] lines = blanked.split("\n", -1);
        int offset = 0;
        for (int index = 0; index < lines.length; index++) {
            String line = lines[index];
            boolean statementStart = depth == 0 && !continued && !source.continues(offset);
            offset += line.length() + 1;
            continued = line.stripTrailing().endsWith("\\");
            depth = Math.max(0, depth + bracketDelta(line));
            if (!statementStart || line.isBlank()) {
                continue;
            }
            int indent = indentOf(line);
            while (!stack.isEmpty() && stack.get(stack.size() - 1).indent() >= indent) {
                stack.remove(stack.size() - 1);
            }
            Block owner = null;
            boolean declarative = true;
            for (Block block : stack) {
                if (block.kind() == Kind.FUNCTION || block.kind() == Kind.CODE) {
                    declarative = false;
                } else if (block.kind() == Kind.CLASS) {
                    owner = block;
                }
            }
            if (!declarative) {
                continue;
            }
            String code = line.strip();
            String parent = owner == null ? null : owner.name();
            Matcher m;
            if ((m = CLASS.matcher(code)).find()) {
                definitions.add(new Definition("class", m.group(1), parent, index + 1));
                stack.add(new Block(indent, Kind.CLASS, m.group(1)));
            } else if ((m = DEF.matcher(code)).find()) {
                definitions.add(new Definition(parent == null ? "function" : "method", m.group(1), parent, index + 1));
                stack.add(new Block(indent, Kind.FUNCTION, m.group(1)));
            } else if (TRANSPARENT.matcher(code).find()) {
                stack.add(new Block(indent, Kind.TRANSPARENT, null));
            } else if (CODE_BLOCK.matcher(code).find()) {
                stack.add(new Block(indent, Kind.CODE, null));
            } else if (parent == null && (m = CONSTANT.matcher(code)).find()) {
                definitions.add(new Definition("constant", m.group(1), null, index + 1));
            }
        }
        return definitions;
    }

    private static int bracketDelta(String line) {
        int delta = 0;
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '(' || c == '[' || c == '{') {
                delta++;
            } else if (c == ')' || c == ']' || c == '}') {
                delta--;
            }
        }
        return delta;
    }

    private static int indentOf(String line) {
        int width = 0;
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == ' ') {
                width++;
            } else if (c == '\t') {
                width = (width / 8 + 1) * 8;
            } else {
                break;
            }
        }
        return width;
    }
}
