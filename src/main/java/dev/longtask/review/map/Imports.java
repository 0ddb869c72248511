package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds each file's imports and package declaration. Patterns run on the blanked text, so a commented-out
 * import does not count; a quoted module path is read from the original text between the quotes the
 * blanked text kept.
 */
final class Imports {
    private Imports() {
    }

    private static final Pattern JAVA_IMPORT = Pattern.compile("(?m)^[ \\t]*import\\s+(?:static\\s+)?([\\w$.]+(?:\\.\\*)?)\\s*;");
    private static final Pattern JAVA_PACKAGE = Pattern.compile("(?m)^[ \\t]*package\\s+([\\w.]+)\\s*;");
    private static final Pattern KOTLIN_IMPORT = Pattern.compile("(?m)^[ \\t]*import\\s+([\\w.`]+(?:\\.\\*)?)");
    private static final Pattern KOTLIN_PACKAGE = Pattern.compile("(?m)^[ \\t]*package\\s+([\\w.`]+)");
    private static final Pattern PY_FROM = Pattern.compile("(?m)^[ \\t]*from[ \\t]+(\\.*[\\w.]*)[ \\t]+import[ \\t]+(\\([^)]*\\)|[^\\n]*)");
    private static final Pattern PY_IMPORT = Pattern.compile("(?m)^[ \\t]*import[ \\t]+([^\\n]+)");
    private static final Pattern JS_SPEC = Pattern.compile(
            "(?:\\bfrom\\s*|^[ \\t]*import\\s*|\\brequire\\s*\\(\\s*|\\bimport\\s*\\(\\s*|^[ \\t]*export\\s*\\*\\s*from\\s*)(['\"`])",
            Pattern.MULTILINE);
    private static final Pattern GO_SINGLE = Pattern.compile("(?m)^import\\s+(?:[\\w.]+\\s+)?(\")");
    private static final Pattern GO_GROUP = Pattern.compile("(?ms)^import\\s*\\((.*?)^\\)");
    private static final Pattern GO_PACKAGE = Pattern.compile("(?m)^package\\s+(\\w+)");
    private static final Pattern QUOTE = Pattern.compile("[\"`]");
    private static final Pattern RUST_USE = Pattern.compile("(?m)^[ \\t]*(?:pub(?:\\s*\\([^)]*\\))?\\s+)?use\\s+([^;]+);");
    private static final Pattern RUST_MOD = Pattern.compile(
            "(?m)^[ \\t]*(?:#\\[[^\\]]*\\]\\s*)*(?:pub(?:\\s*\\([^)]*\\))?\\s+)?mod\\s+([A-Za-z_]\\w*)\\s*;");
    private static final Pattern RUST_CRATE = Pattern.compile("(?m)^[ \\t]*extern\\s+crate\\s+(\\w+)");
    private static final Pattern C_INCLUDE = Pattern.compile("(?m)^[ \\t]*#\\s*(?:include|import)\\s*([\"<])");

    static String packageName(Language language, String blanked) {
        Pattern p = switch (language) {
            case JAVA -> JAVA_PACKAGE;
            case KOTLIN -> KOTLIN_PACKAGE;
            case GO -> GO_PACKAGE;
            default -> null;
        };
        if (p == null) {
            return null;
        }
        String[] name = new String[1];
        atLineStarts(p, "package", blanked, m -> {
            name[0] = m.group(1).replace("`", "");
            return false;
        });
        return name[0];
    }

    static List<Import> find(Language language, String source, String blanked) {
        List<Import> found = new ArrayList<>();
        switch (language) {
            case JAVA -> eachAtLineStart(JAVA_IMPORT, "import", blanked, m -> found.add(new Import(m.group(1))));
            case KOTLIN -> eachAtLineStart(KOTLIN_IMPORT, "import", blanked, m -> found.add(new Import(m.group(1).replace("`", ""))));
            case PYTHON -> python(blanked, found);
            case JAVASCRIPT, TYPESCRIPT -> each(JS_SPEC, blanked, m -> quoted(source, blanked, m.start(1))
                    .ifPresent(spec -> found.add(new Import(spec))));
            case GO -> go(source, blanked, found);
            case RUST -> rust(blanked, found);
            case C, CPP -> eachAtLineStart(C_INCLUDE, "#", blanked, m -> {
                int at = m.start(1);
                if (blanked.charAt(at) == '"') {
                    quoted(source, blanked, at).ifPresent(path -> found.add(new Import(path)));
                } else {
                    int close = source.indexOf('>', at);
                    int eol = source.indexOf('\n', at);
                    if (close > at && (eol < 0 || close < eol)) {
                        found.add(new Import(source.substring(at, close + 1)));
                    }
                }
            });
        }
        return found;
    }

    private static void python(String blanked, List<Import> found) {
        eachAtLineStart(PY_FROM, "from", blanked, m -> {
            List<String> names = new ArrayList<>();
            for (String part : m.group(2).replace("(", " ").replace(")", " ").replace("\\", " ").split(",")) {
                String name = part.trim().split("\\s+")[0];
                if (name.matches("[A-Za-z_]\\w*")) {
                    names.add(name);
                }
            }
            found.add(new Import(m.group(1), names));
        });
        eachAtLineStart(PY_IMPORT, "import", blanked, m -> {
            for (String part : m.group(1).split(",")) {
                String module = part.trim().split("\\s+")[0];
                if (module.matches("[A-Za-z_][\\w.]*")) {
                    found.add(new Import(module));
                }
            }
        });
    }

    private static void go(String source, String blanked, List<Import> found) {
        eachAtLineStart(GO_SINGLE, "import", blanked, m -> quoted(source, blanked, m.start(1)).ifPresent(p -> found.add(new Import(p))));
        eachAtLineStart(GO_GROUP, "import", blanked, m -> {
            Matcher q = QUOTE.matcher(blanked);
            q.region(m.start(1), m.end(1));
            while (q.find()) {
                int open = q.start();
                java.util.Optional<String> path = quoted(source, blanked, open);
                path.ifPresent(p -> found.add(new Import(p)));
                int close = blanked.indexOf(blanked.charAt(open), open + 1);
                if (close < 0 || close >= m.end(1)) {
                    break;
                }
                q.region(close + 1, m.end(1));
            }
        });
    }

    private static void rust(String blanked, List<Import> found) {
        each(RUST_USE, blanked, m -> {
            String tree = m.group(1).replaceAll("\\s+", " ").trim();
            int brace = tree.indexOf('{');
            String base = withoutAlias(brace >= 0 ? tree.substring(0, brace) : tree).replace(" ", "");
            if (base.endsWith("::")) {
                base = base.substring(0, base.length() - 2);
            }
            List<String> names = new ArrayList<>();
            if (brace >= 0) {
                for (String part : tree.substring(brace + 1).replace("{", ",").replace("}", ",").split(",")) {
                    String name = withoutAlias(part).split("::")[0].trim();
                    if (name.matches("[A-Za-z_]\\w*")) {
                        names.add(name);
                    }
                }
            }
            found.add(new Import(base, names));
        });
        each(RUST_MOD, blanked, m -> found.add(new Import("mod " + m.group(1))));
        each(RUST_CRATE, blanked, m -> found.add(new Import(m.group(1))));
    }

    private static String withoutAlias(String path) {
        return path.replaceAll("\\s+as\\s+\\w+\\s*$", "").trim();
    }

    /** The literal that opens at {@code quoteAt}: its text in the original, up to the quote the blanked text kept. */
    private static java.util.Optional<String> quoted(String source, String blanked, int quoteAt) {
        char quote = blanked.charAt(quoteAt);
        int close = blanked.indexOf(quote, quoteAt + 1);
        int eol = blanked.indexOf('\n', quoteAt + 1);
        if (close < 0 || (eol >= 0 && eol < close)) {
            return java.util.Optional.empty();
        }
        String text = source.substring(quoteAt + 1, close).trim();
        return text.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(text);
    }

    private static void each(Pattern pattern, String text, java.util.function.Consumer<Matcher> action) {
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            action.accept(m);
        }
    }

    /**
     * Each match of {@code pattern}, as {@link Matcher#find()} finds them, for a pattern that matches only at the start
     * of a line ({@code (?m)^}), after spaces and tabs, with {@code keyword}: the pattern is tried only where the
     * keyword opens a line, not at every character of the text (which made the imports a tenth of a large map's
     * time).
     */
    private static void eachAtLineStart(Pattern pattern, String keyword, String text,
            java.util.function.Consumer<Matcher> action) {
        atLineStarts(pattern, keyword, text, m -> {
            action.accept(m);
            return true;
        });
    }

    /** As {@link #eachAtLineStart}, while {@code action} returns true. */
    private static void atLineStarts(Pattern pattern, String keyword, String text,
            java.util.function.Predicate<Matcher> action) {
        Matcher m = pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        int from = 0;
        for (int at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + 1)) {
            int start = at;
            while (start > from && (text.charAt(start - 1) == ' ' || text.charAt(start - 1) == '\t')) {
                start--;
            }
            if (start < from || !lineStart(text, start)) {
                continue;
            }
            m.region(start, text.length());
            if (m.lookingAt()) {
                if (!action.test(m)) {
                    return;
                }
                from = m.end();
            }
        }
    }

    /** Whether {@code at} is where {@code (?m)^} matches: the text's start or just after a line terminator. */
    private static boolean lineStart(String text, int at) {
        if (at == 0) {
            return true;
        }
        char before = text.charAt(at - 1);
        return before == '\n' || before == '\u0085' || before == '\u2028' || before == '\u2029'
                || before == '\r' && text.charAt(at) != '\n';
    }
}
