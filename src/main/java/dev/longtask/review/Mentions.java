package dev.longtask.review;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the project's README names: the identifiers of its code (inline code and code blocks, where a README
 * shows its API) and the source files it mentions by path or name. Aider personalises its ranking toward the
 * files and identifiers a chat mentions; a review has no chat, and the README is where a project says what its
 * core is. {@code fileNames} are names with extension ({@code context.go}); a file is also named when its stem is
 * one of the code's identifiers ({@code gin} of {@code gin.Default()}), unless the stem says nothing
 * ({@code index}, {@code main}, ...).
 */
record Mentions(Set<String> identifiers, Set<String> paths, Set<String> fileNames) {
    static final Mentions NONE = new Mentions(Set.of(), Set.of(), Set.of());

    private static final int MAX_README_CHARS = 200_000;
    private static final Pattern CODE = Pattern.compile("```[^\\n]*\\n(.*?)```|``(.+?)``|`([^`\\n]+)`", Pattern.DOTALL);
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{2,}");
    private static final Pattern PATH = Pattern.compile("[\\w./-]+\\.[A-Za-z+]{1,4}\\b");
    private static final Set<String> VAGUE_STEMS = Set.of("index", "main", "__init__", "mod", "lib", "utils", "util",
            "setup", "init", "common", "types", "test", "tests");

    /** The mentions of the first README at the root (README.md, README.rst, README.txt, README, any case). */
    static Mentions ofReadme(Path root) {
        try (var entries = Files.list(root)) {
            Path readme = entries.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).matches("readme(\\.(md|markdown|rst|txt|adoc))?"))
                    .sorted().findFirst().orElse(null);
            if (readme == null) {
                return NONE;
            }
            byte[] bytes = Files.readAllBytes(readme);
            String text = new String(bytes, 0, Math.min(bytes.length, MAX_README_CHARS), StandardCharsets.UTF_8);
            return of(text);
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    static Mentions of(String readme) {
        Set<String> identifiers = new HashSet<>();
        Matcher code = CODE.matcher(readme);
        while (code.find()) {
            String snippet = code.group(1) != null ? code.group(1) : code.group(2) != null ? code.group(2) : code.group(3);
            Matcher id = IDENTIFIER.matcher(snippet);
            while (id.find()) {
                identifiers.add(id.group());
            }
        }
        Set<String> paths = new HashSet<>();
        Set<String> fileNames = new HashSet<>();
        Matcher path = PATH.matcher(readme);
        while (path.find()) {
            String p = path.group();
            while (p.startsWith("./") || p.startsWith("/")) {
                p = p.substring(p.indexOf('/') + 1);
            }
            if (Language.ofFileName(p).isPresent()) {
                paths.add(p);
                fileNames.add(p.substring(p.lastIndexOf('/') + 1));
            }
        }
        return new Mentions(Set.copyOf(identifiers), Set.copyOf(paths), Set.copyOf(fileNames));
    }

    /** Whether the README names this repository-relative path. */
    boolean names(String path) {
        if (paths.contains(path)) {
            return true;
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (fileNames.contains(name)) {
            return true;
        }
        int dot = name.indexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return stem.length() >= 3 && !VAGUE_STEMS.contains(stem.toLowerCase(Locale.ROOT)) && identifiers.contains(stem);
    }
}
