package dev.longtask.review;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The source languages the review understands: each has a lexical extractor for definitions, imports and
 * references. Languages of one {@link #family()} can refer to each other's definitions (Java and Kotlin, C and
 * C++, JavaScript and TypeScript); references never cross families.
 */
public enum Language {
    JAVA("java", "jvm", List.of(".java")),
    KOTLIN("kotlin", "jvm", List.of(".kt", ".kts")),
    PYTHON("python", "python", List.of(".py", ".pyi")),
    JAVASCRIPT("javascript", "js", List.of(".js", ".jsx", ".mjs", ".cjs")),
    TYPESCRIPT("typescript", "js", List.of(".ts", ".tsx", ".mts", ".cts")),
    GO("go", "go", List.of(".go")),
    RUST("rust", "rust", List.of(".rs")),
    C("c", "c", List.of(".c", ".h")),
    CPP("cpp", "c", List.of(".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp"));

    private final String id;
    private final String family;
    private final List<String> extensions;

    Language(String id, String family, List<String> extensions) {
        this.id = id;
        this.family = family;
        this.extensions = extensions;
    }

    @JsonValue
    public String id() {
        return id;
    }

    /** Languages of one family may reference each other's definitions. */
    public String family() {
        return family;
    }

    public List<String> extensions() {
        return extensions;
    }

    /** The language of a file name, by its extension; empty for files the review does not read. */
    public static Optional<Language> ofFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".d.ts")) {
            return Optional.of(TYPESCRIPT);
        }
        for (Language language : values()) {
            for (String ext : language.extensions) {
                if (lower.endsWith(ext)) {
                    return Optional.of(language);
                }
            }
        }
        return Optional.empty();
    }

    private static final Set<String> TEST_DIRS = Set.of("test", "tests", "__tests__", "testdata", "test_data",
            "testing_data", "spec", "specs", "androidtest", "unittest", "unittests", "integrationtest", "it");

    /**
     * Whether a repository-relative path (with '/' separators) is test code. Any language: a directory named
     * test, tests, __tests__, testdata, spec... Per language: Java/Kotlin {@code *Test}, {@code *Tests},
     * {@code *IT}, {@code *Spec}; Python {@code test_*.py}, {@code *_test.py}, {@code conftest.py}; JS/TS
     * {@code *.test.*}, {@code *.spec.*}; Go {@code *_test.go}; Rust a crate's {@code tests/} and
     * {@code benches/}; C/C++ {@code *_test.c*}, {@code *_unittest.c*}, {@code test_*.c*}.
     */
    public boolean isTestPath(String path) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            String dir = parts[i].toLowerCase(Locale.ROOT);
            if (TEST_DIRS.contains(dir) || (this == RUST && dir.equals("benches"))) {
                return true;
            }
        }
        String name = parts[parts.length - 1];
        String stem = stem(name);
        String lowerStem = stem.toLowerCase(Locale.ROOT);
        return switch (this) {
            case JAVA, KOTLIN -> stem.endsWith("Test") || stem.endsWith("Tests") || stem.endsWith("IT")
                    || stem.endsWith("TestCase") || stem.endsWith("Spec");
            case PYTHON -> lowerStem.startsWith("test_") || lowerStem.endsWith("_test") || lowerStem.equals("conftest");
            case JAVASCRIPT, TYPESCRIPT -> lowerStem.endsWith(".test") || lowerStem.endsWith(".spec")
                    || lowerStem.endsWith("_test") || lowerStem.endsWith(".e2e");
            case GO -> lowerStem.endsWith("_test");
            case RUST -> lowerStem.endsWith("_test") || lowerStem.equals("tests");
            case C, CPP -> lowerStem.endsWith("_test") || lowerStem.endsWith("_unittest") || lowerStem.startsWith("test_")
                    || lowerStem.endsWith("_tests");
        };
    }

    private static String stem(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".d.ts")) {
            return name.substring(0, name.length() - 5);
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
