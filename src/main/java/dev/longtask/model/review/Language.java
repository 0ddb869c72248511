package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

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
}
