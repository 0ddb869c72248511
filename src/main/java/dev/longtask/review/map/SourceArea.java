package dev.longtask.review.map;

import java.util.Locale;
import java.util.Set;

/**
 * Which part of a repository a file belongs to: the library or application itself, its auxiliary code
 * (examples, samples, demos, documentation, tutorials, benchmarks, fuzz targets, build logic), or its tests (in
 * scope only when asked for). Code refers to auxiliary code and tests only from within its own kind, and only the
 * library's own code is where a reader is sent first.
 */
enum SourceArea {
    CORE, AUXILIARY, TEST;

    private static final Set<String> AUXILIARY_DIRS = Set.of("example", "examples", "_example", "_examples",
            "sample", "samples", "demo", "demos", "doc", "docs", "_docs", "tutorial", "tutorials", "benchmark",
            "benchmarks", "bench", "playground", "playgrounds", "cookbook", "fuzz", "fuzzing", "buildsrc",
            "build-support", "build-logic", "gradle");

    static SourceArea of(ParsedFile file) {
        if (file.test()) {
            return TEST;
        }
        return ofPath(file.path());
    }

    static SourceArea ofPath(String path) {
        String[] parts = path.split("/");
        for (int k = 0; k < parts.length - 1; k++) {
            if (AUXILIARY_DIRS.contains(parts[k].toLowerCase(Locale.ROOT))) {
                return AUXILIARY;
            }
        }
        return path.endsWith(".gradle.kts") ? AUXILIARY : CORE;
    }

    /** Whether code of this area may refer to a definition in {@code target}: the library, or its own kind. */
    boolean mayReferTo(SourceArea target) {
        return target == CORE || target == this;
    }
}
