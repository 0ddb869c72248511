package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How often the project's own prose names each file: the README and the documentation (Markdown, reStructuredText,
 * AsciiDoc and text files at the root and under {@code doc/} or {@code docs/}), in prose and in code alike. Aider
 * personalises its ranking toward the files a chat mentions; a review has no chat, and the README and the user guide
 * are where a project says what its core is ("Use {@code new Gson()}", "hiredis is a minimalistic C client"). A file
 * is mentioned by its path, by its file name, or by its stem or the name of a type it defines as a word in any case
 * ({@code Gson} of {@code Gson.java}, {@code session} or {@code Sessions} of {@code sessions.py}: a final {@code s}
 * is ignored on both sides); stems that say nothing ({@code index}, {@code main}, {@code utils}, ...) and stems under three characters
 * are not counted. {@code words} holds every word of the text, lower case, with its count.
 */
record Mentions(Map<String, Integer> words, Map<String, Integer> paths, Map<String, Integer> fileNames) {
    static final Mentions NONE = new Mentions(Map.of(), Map.of(), Map.of());

    /** Enough for a README and a user guide; the rest of a large documentation adds words, not evidence. */
    static final int MAX_CHARS = 400_000;
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_]+");
    private static final Pattern PATH = Pattern.compile("[\\w./-]+\\.[A-Za-z+]{1,4}\\b");
    private static final Pattern DOC = Pattern.compile("(?i).*\\.(md|markdown|rst|txt|adoc)|readme");
    /** Files about the project's history or conduct, not its code. */
    private static final Pattern NOT_ABOUT_CODE = Pattern.compile(
            "(?i)(changelog|changes|history|news|release|contributing|code_of_conduct|security|license|licence|notice"
                    + "|authors|copying|requirements)[^/]*");
    private static final Set<String> VAGUE_STEMS = Set.of("index", "main", "__init__", "mod", "lib", "utils", "util",
            "setup", "init", "common", "types", "type", "test", "tests", "the", "and", "for", "api", "core", "base",
            "internal", "helper", "helpers", "misc", "constants", "config", "version", "__version__", "__main__");

    /** The mentions of the README and the documentation of {@code root}: nothing when there is none. */
    static Mentions ofProject(Path root) {
        return of(documentText(root));
    }

    /** The text of the README and the documentation of {@code root}, as far as it is read ({@value #MAX_CHARS}). */
    static String documentText(Path root) {
        StringBuilder text = new StringBuilder();
        for (Path doc : documents(root)) {
            if (text.length() >= MAX_CHARS) {
                break;
            }
            try {
                byte[] bytes = Files.readAllBytes(doc);
                text.append(new String(bytes, 0, Math.min(bytes.length, MAX_CHARS - text.length()), StandardCharsets.UTF_8))
                        .append('\n');
            } catch (IOException | RuntimeException e) {
                // an unreadable document says nothing
            }
        }
        return text.toString();
    }

    /** The README first, then the root's other documents, then those of doc/ and docs/ (two levels), by name. */
    private static List<Path> documents(Path root) {
        List<Path> readmes = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        try (Stream<Path> top = Files.list(root)) {
            for (Path p : top.sorted().toList()) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p) && DOC.matcher(name).matches() && !NOT_ABOUT_CODE.matcher(name).matches()) {
                    (name.toLowerCase(Locale.ROOT).startsWith("readme") ? readmes : others).add(p);
                }
            }
            for (String dir : List.of("doc", "docs")) {
                Path d = root.resolve(dir);
                if (Files.isDirectory(d) && !Files.isSymbolicLink(d)) {
                    try (Stream<Path> walk = Files.walk(d, 2)) {
                        walk.filter(Files::isRegularFile).filter(p -> DOC.matcher(p.getFileName().toString()).matches())
                                .filter(p -> !NOT_ABOUT_CODE.matcher(p.getFileName().toString()).matches())
                                .sorted().forEach(others::add);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // a root that cannot be listed has no documents
        }
        readmes.addAll(others);
        return readmes;
    }

    static Mentions of(String text) {
        Map<String, Integer> words = new HashMap<>();
        Matcher word = WORD.matcher(text);
        while (word.find()) {
            words.merge(normal(word.group()), 1, Integer::sum);
        }
        Map<String, Integer> paths = new HashMap<>();
        Map<String, Integer> fileNames = new HashMap<>();
        Matcher path = PATH.matcher(text);
        while (path.find()) {
            String p = path.group();
            while (p.startsWith("./") || p.startsWith("/")) {
                p = p.substring(p.indexOf('/') + 1);
            }
            if (Language.ofFileName(p).isPresent()) {
                paths.merge(p, 1, Integer::sum);
                fileNames.merge(p.substring(p.lastIndexOf('/') + 1), 1, Integer::sum);
            }
        }
        return new Mentions(Map.copyOf(words), Map.copyOf(paths), Map.copyOf(fileNames));
    }

    /** A word as it is counted: lower case, without one final {@code s} (so Session and sessions meet). */
    private static String normal(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return w.length() > 3 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w;
    }

    /**
     * How many times the documents name this repository-relative path: by path, file name, stem, or the name of a
     * type it defines at top level ({@code Ajv} of {@code core.ts}), whichever is named most.
     */
    int count(String path, Collection<String> typeNames) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int count = paths.containsKey(path) ? paths.get(path) : fileNames.getOrDefault(name, 0);
        int dot = name.indexOf('.');
        count = Math.max(count, wordCount(dot > 0 ? name.substring(0, dot) : name));
        for (String type : typeNames) {
            count = Math.max(count, wordCount(type));
        }
        return count;
    }

    private int wordCount(String word) {
        boolean telling = word.length() >= 3 && !VAGUE_STEMS.contains(word.toLowerCase(Locale.ROOT));
        return telling ? words.getOrDefault(normal(word), 0) : 0;
    }

    /**
     * The factor by which mentions raise a file's share of the teleport: {@code 1 + min(1, log10(1 + count) / 2)},
     * so one mention gives 1.15, ten 1.52, a hundred or more 2: at most double. A file nothing refers to gets
     * {@code 0.15 × 2} of an average file's teleport share at most, however often it is named, so the documents
     * can reorder the files the code already makes central, never put an unused file at the top.
     */
    double boost(String path, Collection<String> typeNames) {
        int count = count(path, typeNames);
        return 1 + Math.min(1, Math.log10(1 + count) / 2);
    }
}
