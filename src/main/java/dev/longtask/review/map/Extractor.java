package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lexical extraction of one source file: blank comments and literals, then find definitions, imports, the
 * package, identifier uses and the lines where a split may cut. Stateless; safe to call from many threads.
 */
final class Extractor {
    /** The fallback note of a file mapped by this extractor when no better reason is known. */
    static final String LEXICAL = "lexical";

    private Extractor() {
    }

    static Extraction extract(Language language, String source) {
        Lexer.Blanked blanked = Lexer.blank(source, Syntax.of(language));
        String text = blanked.text();
        List<Definition> definitions = language == Language.PYTHON
                ? PythonStructure.scan(blanked)
                : BraceStructure.scan(language, text);
        definitions = distinct(definitions);
        if (language == Language.RUST) {
            text = withoutRustTestModules(text);
        }
        Map<String, Integer> identifiers = new HashMap<>();
        Map<String, Integer> calls = new HashMap<>();
        identifiers(text, identifiers, calls);
        for (Definition d : definitions) {
            identifiers.computeIfPresent(d.name(), (k, v) -> v > 1 ? v - 1 : null);
            calls.computeIfPresent(d.name(), (k, v) -> v > 1 ? v - 1 : null);
        }
        return Extraction.lexical(definitions, Imports.find(language, source, text), Imports.packageName(language, text),
                identifiers, calls, cutLines(text, definitions), LEXICAL);
    }

    private static final java.util.regex.Pattern RUST_TEST_MODULE =
            java.util.regex.Pattern.compile("#\\[cfg\\(test\\)\\]\\s*(?:#\\[[^\\]]*\\]\\s*)*(?:pub(?:\\([^)]*\\))?\\s+)?mod\\s+\\w+\\s*\\{");

    /**
     * Blanks Rust's {@code #[cfg(test)] mod ... { }} blocks: their imports ({@code use super::*}) and uses are
     * test code, which would otherwise tie every module to its parent.
     */
    static String withoutRustTestModules(String blanked) {
        java.util.regex.Matcher m = RUST_TEST_MODULE.matcher(blanked);
        char[] out = null;
        while (m.find()) {
            int depth = 0;
            int end = blanked.length();
            for (int k = m.end() - 1; k < blanked.length(); k++) {
                char c = blanked.charAt(k);
                if (c == '{') {
                    depth++;
                } else if (c == '}' && --depth == 0) {
                    end = k + 1;
                    break;
                }
            }
            if (out == null) {
                out = blanked.toCharArray();
            }
            for (int k = m.start(); k < end; k++) {
                if (out[k] != '\n') {
                    out[k] = ' ';
                }
            }
        }
        return out == null ? blanked : new String(out);
    }

    /** A prototype and its definition in one file, or a name seen twice, is listed once (the first). */
    private static List<Definition> distinct(List<Definition> definitions) {
        Set<String> seen = new LinkedHashSet<>();
        List<Definition> out = new ArrayList<>();
        for (Definition d : definitions) {
            if (seen.add(d.kind() + ' ' + d.parent() + ' ' + d.name())) {
                out.add(d);
            }
        }
        return out;
    }

    static Map<String, Integer> identifiers(String blanked) {
        Map<String, Integer> counts = new HashMap<>();
        identifiers(blanked, counts, new HashMap<>());
        return counts;
    }

    /** Counts identifiers of two characters or more, and separately those followed by '(' (calls). */
    static void identifiers(String blanked, Map<String, Integer> counts, Map<String, Integer> calls) {
        int n = blanked.length();
        int k = 0;
        while (k < n) {
            char c = blanked.charAt(k);
            if (Character.isLetter(c) || c == '_' || c == '$') {
                int start = k;
                while (k < n && (Character.isLetterOrDigit(blanked.charAt(k)) || blanked.charAt(k) == '_'
                        || blanked.charAt(k) == '$')) {
                    k++;
                }
                if (k - start >= 2) {
                    String name = blanked.substring(start, k);
                    counts.merge(name, 1, Integer::sum);
                    int next = k;
                    while (next < n && (blanked.charAt(next) == ' ' || blanked.charAt(next) == '\t')) {
                        next++;
                    }
                    if (next < n && blanked.charAt(next) == '(') {
                        calls.merge(name, 1, Integer::sum);
                    }
                }
            } else if (Character.isDigit(c)) {
                while (k < n && Character.isLetterOrDigit(blanked.charAt(k))) {
                    k++;
                }
            } else {
                k++;
            }
        }
    }

    /**
     * Each definition's line, moved up over the blank lines, comments (blank once blanked), annotations and
     * attributes right above it, so a split keeps a definition together with its documentation.
     */
    static int[] cutLines(String blanked, List<Definition> definitions) {
        if (definitions.isEmpty()) {
            return new int[0];
        }
        List<String> lines = blanked.lines().toList();
        TreeSet<Integer> defLines = new TreeSet<>();
        definitions.forEach(d -> defLines.add(d.line()));
        TreeSet<Integer> cuts = new TreeSet<>();
        Integer previous = null;
        for (int line : defLines) {
            int floor = previous == null ? 1 : previous + 1;
            int cut = line;
            while (cut - 1 >= floor && cut - 2 < lines.size() && isPreamble(lines.get(cut - 2))) {
                cut--;
            }
            cuts.add(cut);
            previous = line;
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean isPreamble(String blankedLine) {
        String t = blankedLine.strip();
        return t.isEmpty() || t.startsWith("@") || t.startsWith("#[") || t.startsWith("template")
                || t.equals("\"\"\"") || t.equals("'''");
    }
}
