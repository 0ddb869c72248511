package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.treesitter.TSLanguage;
import org.treesitter.TSQuery;
import org.treesitter.TreeSitterC;
import org.treesitter.TreeSitterCpp;
import org.treesitter.TreeSitterGo;
import org.treesitter.TreeSitterJava;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterKotlin;
import org.treesitter.TreeSitterPython;
import org.treesitter.TreeSitterRust;
import org.treesitter.TreeSitterTsx;
import org.treesitter.TreeSitterTypescript;

/**
 * The tree-sitter grammars of the review's languages with their tag queries, each loaded on first use: a
 * grammar's native library is unpacked and linked only when a file of its language is mapped, so a map of a
 * Go repository never loads the C++ grammar. A grammar that cannot be loaded (no native library for this
 * platform, an unwritable library directory) is remembered with its reason, and its files are mapped by the
 * lexical extractor. Thread-safe; grammars and compiled queries are shared by all threads.
 */
final class Grammars {

    /**
     * A loaded grammar: its language, its compiled tag query, and the rules that read its trees.
     * {@code walkedCaptures} flags the captures whose matches are read by walking the tree from their nodes
     * ({@link SyntaxTags}: definitions and declarators); the others are read from their bytes alone.
     */
    record Grammar(String name, TSLanguage language, TSQuery tags, String[] captureNames, boolean[] walkedCaptures,
            TagRules rules) {
    }

    /** A grammar or why there is none. */
    record Loaded(Grammar grammar, String unavailable) {
    }

    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /** The grammar for a file of {@code language} named {@code fileName}: TSX files get the TSX grammar. */
    Loaded forFile(Language language, String fileName) {
        String name = grammarName(language, fileName);
        return loaded.computeIfAbsent(name, Grammars::load);
    }

    static String grammarName(Language language, String fileName) {
        if (language == Language.TYPESCRIPT && fileName.toLowerCase(java.util.Locale.ROOT).endsWith(".tsx")) {
            return "tsx";
        }
        return language.id();
    }

    private static Loaded load(String name) {
        Supplier<TSLanguage> constructor = switch (name) {
            case "java" -> TreeSitterJava::new;
            case "kotlin" -> TreeSitterKotlin::new;
            case "python" -> TreeSitterPython::new;
            case "javascript" -> TreeSitterJavascript::new;
            case "typescript" -> TreeSitterTypescript::new;
            case "tsx" -> TreeSitterTsx::new;
            case "go" -> TreeSitterGo::new;
            case "rust" -> TreeSitterRust::new;
            case "c" -> TreeSitterC::new;
            case "cpp" -> TreeSitterCpp::new;
            default -> null;
        };
        if (constructor == null) {
            return new Loaded(null, "no grammar for " + name);
        }
        dev.longtask.store.TreeSitterLibraries.useOwnDirectory();
        try {
            TSLanguage language = constructor.get();
            TSQuery query = new TSQuery(language, queryText(name));
            String[] captureNames = new String[query.getCaptureCount()];
            for (int k = 0; k < captureNames.length; k++) {
                captureNames[k] = query.getCaptureNameForId(k);
            }
            boolean[] walked = new boolean[captureNames.length];
            for (int k = 0; k < captureNames.length; k++) {
                walked[k] = SyntaxTags.walksFrom(captureNames[k]);
            }
            return new Loaded(new Grammar(name, language, query, captureNames, walked, TagRules.of(name)), null);
        } catch (RuntimeException | LinkageError e) {
            // ExceptionInInitializerError / UnsatisfiedLinkError when the native library cannot be loaded here
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new Loaded(null, "grammar " + name + " unavailable: " + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
        }
    }

    /** The tag query of a grammar, from {@code tags/<name>.scm} beside this class. */
    static String queryText(String name) {
        String resource = "tags/" + name + ".scm";
        try (InputStream in = Grammars.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    /** Whether any grammar has been loaded (for tests that check laziness). */
    Optional<Loaded> ifLoaded(String name) {
        return Optional.ofNullable(loaded.get(name));
    }
}
