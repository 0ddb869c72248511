package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import java.util.List;
import java.util.Map;

/**
 * What extraction found in one file. {@code cutLines} are the lines where a chunk may start when the file must
 * be split: each definition's first line, moved up over its doc comment, annotations and blank lines.
 * {@code identifiers} counts every identifier used outside comments and strings, minus the definition sites
 * themselves; {@code calls} counts the uses followed by '(' (a call). {@code uses} says, per name, how the
 * file uses it ({@link UseKind}, counts indexed by ordinal): from the syntax tree, or the lexical counts when
 * the file was mapped lexically. {@code fallback} is null when tree-sitter mapped the file, else why the
 * lexical extractor did.
 */
record Extraction(
        List<Definition> definitions,
        List<Import> imports,
        String packageName,
        Map<String, Integer> identifiers,
        Map<String, Integer> calls,
        int[] cutLines,
        Map<String, int[]> uses,
        String fallback) {

    /** A lexical extraction: its uses are the lexical counts. */
    static Extraction lexical(List<Definition> definitions, List<Import> imports, String packageName,
            Map<String, Integer> identifiers, Map<String, Integer> calls, int[] cutLines, String fallback) {
        Map<String, int[]> uses = new java.util.HashMap<>();
        identifiers.forEach((name, count) -> {
            int[] u = new int[UseKind.COUNT];
            int called = calls.getOrDefault(name, 0);
            u[UseKind.LEXICAL_CALL.ordinal()] = called;
            u[UseKind.LEXICAL_NAME.ordinal()] = Math.max(0, count - called);
            uses.put(name, u);
        });
        return new Extraction(definitions, imports, packageName, identifiers, calls, cutLines, uses, fallback);
    }

    Extraction withFallback(String reason) {
        return new Extraction(definitions, imports, packageName, identifiers, calls, cutLines, uses, reason);
    }
}
