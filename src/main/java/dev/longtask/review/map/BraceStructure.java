package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the declarations of a brace language in blanked source: walks it line by line keeping a stack of
 * open blocks (type body, namespace, code), and tries the language's rules on each line that starts where
 * declarations live. Nothing inside a function body or other code block counts.
 */
final class BraceStructure {
    /** Lines longer than this are minified or generated; regexes on them would only cost time. */
    private static final int MAX_RULE_LINE = 600;

    private static final Set<String> NOT_NAMES = Set.of("if", "for", "while", "switch", "catch", "return",
            "throw", "else", "do", "try", "synchronized", "sizeof", "case", "super", "this",
            "assert", "typeof", "function", "defined", "static_assert", "alignof",
            "decltype", "__attribute__", "__declspec", "elif", "with", "foreach", "using", "goto", "throws", "alignas",
            "noexcept", "requires", "co_return", "co_await", "co_yield", "_Static_assert", "__asm__", "asm", "void");
    private static final Set<String> NOT_RETURN_TYPES = Set.of("return", "new", "throw", "else", "case", "yield",
            "goto", "delete", "typedef", "using", "co_return", "co_yield", "await", "throws");
    private static final Pattern TYPEDEF_FUNCTION_POINTER = Pattern.compile("\\(\\s*\\*\\s*([A-Za-z_]\\w*)\\s*\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");
    private static final Pattern REQUIRE = Pattern.compile("\\s*(?:await\\s+)?(?:require|import)\\s*\\(");
    private static final Pattern HEADER_GUARD = Pattern.compile(".*_(?:H|HPP|HH|HXX|H_|INCLUDED|INCLUDED_)_*");

    /** An open brace block; {@code outerParens} is the parenthesis depth around it, restored when it closes. */
    private record Block(Rule.Opens kind, String name, boolean typedefPending, int typedefLine, int outerParens) {
        Block at(int parens) {
            return new Block(kind, name, typedefPending, typedefLine, parens);
        }
    }

    private final List<Rule> rules;
    private final String text;
    private final List<Definition> definitions = new ArrayList<>();
    private final List<Block> stack = new ArrayList<>();
    private Block pending;
    private int pendingDepth = -1;
    /** Open parentheses in the current block: a line that starts inside them continues a declaration's header. */
    private int parens;
    /** Inside a Go {@code const (...)}-style group: the kind of entries, and the block depth it sits at. */
    private String groupKind;
    private int groupDepth;

    private BraceStructure(List<Rule> rules, String blanked) {
        this.rules = rules;
        this.text = blanked;
    }

    static List<Definition> scan(Language language, String blanked) {
        BraceStructure scanner = new BraceStructure(BraceRules.of(language), blanked);
        scanner.run();
        return scanner.definitions;
    }

    private void run() {
        int lineStart = 0;
        int lineNo = 1;
        int length = text.length();
        while (lineStart <= length) {
            int end = text.indexOf('\n', lineStart);
            if (end < 0) {
                end = length;
            }
            String line = text.substring(lineStart, end);
            if (groupKind != null) {
                groupLine(line, lineNo);
            } else if (parens == 0 && line.length() <= MAX_RULE_LINE && declarative() && !line.isBlank()) {
                matchRules(line, lineNo, lineStart);
            }
            track(lineStart, end, lineNo);
            lineStart = end + 1;
            lineNo++;
        }
    }

    /** True when every open block is a type body or a namespace: declarations here are top level or members. */
    private boolean declarative() {
        for (Block block : stack) {
            if (block.kind() != Rule.Opens.TYPE && block.kind() != Rule.Opens.TRANSPARENT) {
                return false;
            }
        }
        return true;
    }

    private Block innermostType() {
        for (int k = stack.size() - 1; k >= 0; k--) {
            if (stack.get(k).kind() == Rule.Opens.TYPE) {
                return stack.get(k);
            }
        }
        return null;
    }

    private void matchRules(String line, int lineNo, int lineOffset) {
        Block type = innermostType();
        for (Rule rule : rules) {
            if ((rule.where() == Rule.Where.TOP && type != null) || (rule.where() == Rule.Where.MEMBER && type == null)) {
                continue;
            }
            if (!rule.mayMatch(line)) {
                continue;
            }
            Matcher m = rule.pattern().matcher(line);
            if (!m.lookingAt()) {
                continue;
            }
            String name = group(m, "name");
            String kind = kindOf(rule, m, line);
            String parent = type != null ? type.name() : cleanParent(group(m, "parent"));
            if (name != null && name.contains("::")) {
                String qualified = withoutTemplateArguments(name);
                int cut = qualified.lastIndexOf("::");
                if (cut > 0) {
                    parent = lastSegment(qualified.substring(0, cut));
                    name = qualified.substring(cut + 2);
                } else {
                    name = qualified.replace("::", "");
                }
            }
            if (name != null && name.contains("<") && !name.startsWith("operator")) {
                name = name.substring(0, name.indexOf('<')).trim();
            }
            Verdict verdict = check(rule, m, line, lineOffset, name, type);
            if (!verdict.accept()) {
                continue;
            }
            if (verdict.name() != null) {
                name = verdict.name();
            }
            if (verdict.kind() != null) {
                kind = verdict.kind();
            }
            if (rule.emit() && name != null && !name.isEmpty()) {
                if ("function".equals(kind) && parent != null) {
                    kind = "method";
                }
                definitions.add(new Definition(kind, name, parent, lineNo));
            }
            if (rule.opens() == Rule.Opens.PAREN_GROUP) {
                groupKind = switch (group(m, "kw")) {
                    case "const" -> "constant";
                    case "var" -> "variable";
                    default -> "type";
                };
                groupDepth = stack.size();
                pending = null;
            } else if (rule.opens() == Rule.Opens.CODE) {
                pending = null;
            } else {
                boolean typedef = rule.check() == Rule.Check.C_TYPE && group(m, "td") != null;
                pending = new Block(rule.opens(), name, typedef, lineNo, 0);
                pendingDepth = stack.size();
            }
            return;
        }
    }

    /** A Go group line: a name at the group's own depth is an entry; a lone ')' closes the group. */
    private void groupLine(String line, int lineNo) {
        String trimmed = line.trim();
        if (stack.size() != groupDepth) {
            return;
        }
        if (trimmed.startsWith(")")) {
            groupKind = null;
            return;
        }
        Matcher m = BraceRules.GO_GROUP_ENTRY.pattern().matcher(line);
        if (m.lookingAt() && !trimmed.isEmpty()) {
            String kw = group(m, "kw");
            String kind = "type".equals(groupKind) && kw != null ? kw : groupKind;
            definitions.add(new Definition(kind, m.group("name"), null, lineNo));
            if ("type".equals(groupKind)) {
                pending = new Block(Rule.Opens.TYPE, m.group("name"), false, lineNo, 0);
                pendingDepth = stack.size();
            }
        }
    }

    /** Follows braces and semicolons through one line, opening and closing blocks. */
    private void track(int from, int to, int lineNo) {
        for (int k = from; k < to; k++) {
            char c = text.charAt(k);
            if (c == '{') {
                if (pending != null && pendingDepth == stack.size()) {
                    stack.add(pending.at(parens));
                } else {
                    stack.add(new Block(Rule.Opens.CODE, null, false, lineNo, parens));
                }
                pending = null;
                parens = 0;
            } else if (c == '}') {
                if (!stack.isEmpty()) {
                    Block closed = stack.remove(stack.size() - 1);
                    parens = closed.outerParens();
                    if (closed.typedefPending()) {
                        typedefNameAfter(k + 1, closed.typedefLine());
                    }
                }
            } else if (c == '(') {
                parens++;
            } else if (c == ')') {
                parens = Math.max(0, parens - 1);
            } else if (c == ';' && pending != null && pendingDepth == stack.size()) {
                pending = null;
            }
        }
    }

    /** {@code typedef struct { ... } name;}: the name follows the closing brace. */
    private void typedefNameAfter(int from, int line) {
        int end = text.indexOf(';', from);
        if (end < 0 || end - from > 300) {
            return;
        }
        Matcher m = IDENTIFIER.matcher(text.substring(from, end).replaceAll("__attribute__\\s*\\(\\(.*?\\)\\)", ""));
        if (m.find()) {
            definitions.add(new Definition("typedef", m.group(), null, line));
        }
    }

    private record Verdict(boolean accept, String name, String kind) {
        static final Verdict YES = new Verdict(true, null, null);
        static final Verdict NO = new Verdict(false, null, null);
    }

    private Verdict check(Rule rule, Matcher m, String line, int lineOffset, String name, Block type) {
        if (name != null && NOT_NAMES.contains(name)) {
            return Verdict.NO;
        }
        return switch (rule.check()) {
            case NONE -> Verdict.YES;
            case JS_MEMBER -> Verdict.YES;
            // const x = require('./x') names an import, not a definition of x
            case JS_VARIABLE -> REQUIRE.matcher(line).region(m.end(), line.length()).lookingAt() ? Verdict.NO : Verdict.YES;
            case C_MACRO -> HEADER_GUARD.matcher(name).matches() ? Verdict.NO : Verdict.YES;
            case JAVA_METHOD -> javaMethod(m, name, type);
            case C_TYPE -> cType(m, line, lineOffset);
            case C_TYPEDEF -> cTypedef(lineOffset);
            case C_FUNCTION -> cFunction(m, lineOffset, name, type);
        };
    }

    private static Verdict javaMethod(Matcher m, String name, Block type) {
        String ret = group(m, "ret");
        if (ret == null) {
            return type != null && name.equals(type.name()) ? new Verdict(true, null, "constructor") : Verdict.NO;
        }
        return NOT_RETURN_TYPES.contains(ret.trim()) ? Verdict.NO : Verdict.YES;
    }

    /** A struct/class/enum definition: the name is followed by a body or base list, not by a variable or call. */
    private Verdict cType(Matcher m, String line, int lineOffset) {
        int k = skipSpace(lineOffset + m.end());
        if (k >= text.length()) {
            return Verdict.NO;
        }
        char next = text.charAt(k);
        if (next == '{' || (next == ':' && !text.startsWith("::", k)) || text.startsWith("final", k)) {
            return Verdict.YES;
        }
        return Verdict.NO;
    }

    /** {@code typedef T name;} or {@code typedef R (*name)(args);} on one statement. */
    private Verdict cTypedef(int lineOffset) {
        int end = text.indexOf(';', lineOffset);
        int brace = text.indexOf('{', lineOffset);
        if (end < 0 || (brace >= 0 && brace < end) || end - lineOffset > 400) {
            return Verdict.NO;
        }
        String statement = text.substring(lineOffset, end).replaceAll("(?m)^[ \\t]*#.*$", " ");
        Matcher pointer = TYPEDEF_FUNCTION_POINTER.matcher(statement);
        if (pointer.find()) {
            return new Verdict(true, pointer.group(1), "typedef");
        }
        String cleaned = statement.replaceAll("\\[[^\\]]*\\]", " ");
        Matcher ids = IDENTIFIER.matcher(cleaned);
        String last = null;
        while (ids.find()) {
            last = ids.group();
        }
        return last == null || last.equals("typedef") ? Verdict.NO : new Verdict(true, last, "typedef");
    }

    /**
     * A function definition or declaration: after the balanced parameter list come qualifiers and then a body,
     * a ';' (a prototype, which needs a return type), '= 0/default/delete' or a constructor's ':' list.
     */
    private Verdict cFunction(Matcher m, int lineOffset, String name, Block type) {
        String ret = group(m, "ret");
        if (ret != null && NOT_RETURN_TYPES.contains(ret.trim())) {
            return Verdict.NO;
        }
        boolean member = type != null;
        int open = lineOffset + m.end() - 1;
        int close = matchingParen(open);
        if (close < 0) {
            return Verdict.NO;
        }
        int k = skipQualifiers(close + 1);
        if (k >= text.length()) {
            return Verdict.NO;
        }
        char next = text.charAt(k);
        boolean qualified = group(m, "name").contains("::");
        boolean constructorLike = qualified || name.startsWith("~") || (member && name.equals(type.name()));
        if (next == '{') {
            return Verdict.YES;
        }
        if (next == ';') {
            return ret != null || constructorLike ? Verdict.YES : Verdict.NO;
        }
        if (next == '=') {
            int value = skipSpace(k + 1);
            boolean special = text.startsWith("delete", value) || text.startsWith("default", value);
            return member || (constructorLike || ret != null) && special ? Verdict.YES : Verdict.NO;
        }
        if (next == ':' && !text.startsWith("::", k)) {
            return constructorLike ? Verdict.YES : Verdict.NO;
        }
        return Verdict.NO;
    }

    private int matchingParen(int open) {
        int depth = 0;
        int limit = Math.min(text.length(), open + 4000);
        for (int k = open; k < limit; k++) {
            char c = text.charAt(k);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (--depth == 0) {
                    return k;
                }
            } else if (c == '{' || c == ';' || c == '}') {
                return -1;
            }
        }
        return -1;
    }

    private int skipSpace(int k) {
        while (k < text.length() && Character.isWhitespace(text.charAt(k))) {
            k++;
        }
        return k;
    }

    private static final Pattern QUALIFIER = Pattern.compile(
            "\\G(?:const|volatile|override|final|mutable|try|noexcept(?:\\s*\\([^)]*\\))?|throw\\s*\\([^)]*\\)"
                    + "|__attribute__\\s*\\(\\(.*?\\)\\)|&&|&|->\\s*[^{;=]+|[A-Z][A-Z0-9_]{2,}(?:\\s*\\([^)]*\\))?)");

    private int skipQualifiers(int k) {
        Matcher q = QUALIFIER.matcher(text);
        while (true) {
            k = skipSpace(k);
            if (k >= text.length()) {
                return k;
            }
            q.region(k, Math.min(text.length(), k + 400));
            if (!q.lookingAt() || q.end() == k) {
                return k;
            }
            k = q.end();
        }
    }

    private static final Pattern FUNCTION_VALUE = Pattern.compile(
            "=\\s*(?:async\\s+)?(?:function\\b|\\([^)]*\\)\\s*(?::[^=]*)?=>|[A-Za-z_$][\\w$]*\\s*=>)");

    private static String kindOf(Rule rule, Matcher m, String line) {
        if (rule.kind().equals("variable") && FUNCTION_VALUE.matcher(line).find()) {
            return "function";
        }
        String kw = group(m, "kw");
        if (kw == null) {
            return rule.kind();
        }
        String k = kw.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        return switch (k) {
            case "enum class", "enum struct", "const enum" -> "enum";
            case "annotation class", "@ interface", "@interface" -> "annotation";
            case "fun interface" -> "interface";
            case "const", "static" -> rule.kind().equals("variable") ? "constant" : rule.kind();
            case "var", "let" -> rule.kind();
            default -> k;
        };
    }

    /** {@code Map<K, std::vector<V>>::find} becomes {@code Map::find}; innermost brackets first. */
    private static String withoutTemplateArguments(String name) {
        String current = name;
        while (true) {
            String next = current.replaceAll("<[^<>]*>", "");
            if (next.equals(current)) {
                return next.replace("<", "").replace(">", "").trim();
            }
            current = next;
        }
    }

    private static String cleanParent(String parent) {
        if (parent == null) {
            return null;
        }
        String p = parent.replaceAll("<.*>", "").replace("?", "").trim();
        return lastSegment(p);
    }

    private static String lastSegment(String qualified) {
        int dot = Math.max(qualified.lastIndexOf('.'), qualified.lastIndexOf("::") >= 0 ? qualified.lastIndexOf("::") + 1 : -1);
        return dot >= 0 ? qualified.substring(dot + 1) : qualified;
    }

    private static String group(Matcher m, String name) {
        return m.pattern().pattern().contains("(?<" + name + ">") ? m.group(name) : null;
    }
}
