package dev.longtask.review;

import java.util.List;
import java.util.Map;

/**
 * What the lexical extractor found in one file. {@code cutLines} are the lines where a chunk may start when
 * the file must be split: each definition's first line, moved up over its doc comment, annotations and
 * blank lines. {@code identifiers} counts every identifier used outside comments and strings, minus the
 * definition sites themselves; {@code calls} counts the uses followed by '(' (a call).
 */
record Extraction(
        List<Definition> definitions,
        List<Import> imports,
        String packageName,
        Map<String, Integer> identifiers,
        Map<String, Integer> calls,
        int[] cutLines) {
}
