package dev.longtask.engine;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Counts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The planner's view of the workspace: its shape within a token budget. First the top-level files (README, build
 * files and the docs index ahead of the rest), then the directories with how many files each holds and of which
 * kinds (widest first, shallowest first, listed in path order), then the ranked map of the source with whatever
 * budget is left. Never a sample in directory order: a big tree shows fewer levels, never a random corner.
 */
final class WorkspaceOverview {
    private static final Set<String> SKIPPED = Set.of(".git", ".longtask", ".idea", ".gradle", "node_modules",
            "target", "build", "dist", "out", "__pycache__", ".venv", "venv", ".mvn", ".claude");
    /** Build files by name, in the order a reader looks for them. */
    static final List<String> BUILD_FILES = List.of("pom.xml", "build.gradle.kts", "build.gradle",
            "settings.gradle.kts", "settings.gradle", "package.json", "Cargo.toml", "go.mod", "pyproject.toml",
            "setup.py", "setup.cfg", "requirements.txt", "Makefile", "CMakeLists.txt", "meson.build", "BUILD.bazel",
            "WORKSPACE", "Gemfile", "composer.json", "build.sbt", "mix.exs", "deno.json");
    static final List<String> DOCS_INDEXES = List.of("docs/README.md", "docs/index.md", "docs/index.rst",
            "doc/README.md", "doc/index.md", "docs/SUMMARY.md");
    private static final int KINDS_SHOWN = 3;
    /** Tokens kept back for the joins between sections, which a sum of their separate counts can miss. */
    private static final int JOIN_MARGIN = 8;

    private final TokenCounter tokens;
    private final WorkspaceMap map;

    WorkspaceOverview(TokenCounter tokens, WorkspaceMap map) {
        this.tokens = tokens;
        this.map = map;
    }

    /** The budget for a planner whose model has a {@code window}-token context: a sixteenth, at most 8,000 tokens. */
    static int budgetFor(int window) {
        return Math.max(200, Math.min(8_000, window / 16));
    }

    /** The overview of {@code root} in at most {@code budget} tokens (a bare note when even that does not fit). */
    String of(Path root, int budget) {
        Shape shape = Shape.of(root);
        if (shape.total == 0) {
            return "(the workspace has no files yet)\n";
        }
        int shapeBudget = budget * 2 / 5;
        String top = topLevel(shape, root, shapeBudget / 2);
        String dirs = directories(shape, shapeBudget - tokens.count(top));
        String head = top + dirs + "(" + Counts.plural(shape.total, "file") + " in all; use ls and glob for more)\n";
        int left = budget - tokens.count(head) - JOIN_MARGIN;
        String sourceMap = left > 0 ? map.render(root, left) : "";
        String text = sourceMap.isEmpty() ? head : head + "\n" + sourceMap;
        while (tokens.count(text) > budget && !sourceMap.isEmpty()) {
            left -= JOIN_MARGIN;
            sourceMap = left > 0 ? map.render(root, left) : "";
            text = sourceMap.isEmpty() ? head : head + "\n" + sourceMap;
        }
        return tokens.count(text) <= budget ? text : cut(text, budget);
    }

    private String topLevel(Shape shape, Path root, int budget) {
        List<String> lines = new ArrayList<>();
        List<String> names = new ArrayList<>(shape.topFiles.keySet());
        names.sort(Comparator.comparingInt(WorkspaceOverview::importance).thenComparing(String::compareTo));
        for (String name : names) {
            lines.add(name + " (" + Counts.plural(shape.topFiles.get(name), "byte") + ")");
        }
        int keyFiles = (int) names.stream().filter(n -> importance(n) < 3).count();
        for (String index : DOCS_INDEXES) {
            Path file = root.resolve(index);
            if (Files.isRegularFile(file)) {
                lines.add(keyFiles++, index + " (docs index, " + Counts.plural(size(file), "byte") + ")");
                break;
            }
        }
        return lines.isEmpty() ? "" : section("Top-level files (README, build files and the docs index first):\n",
                lines, budget, "file");
    }

    private String directories(Shape shape, int budget) {
        if (shape.dirs.isEmpty()) {
            return "";
        }
        List<Dir> chosen = new ArrayList<>(shape.dirs.values().stream().filter(d -> !d.passage()).toList());
        chosen.sort(Comparator.comparingInt(Dir::depth).thenComparing(Comparator.comparingInt(Dir::files).reversed())
                .thenComparing(Dir::path));
        String heading = "Directories (files under each, counting subdirectories, by extension):\n";
        int used = tokens.count(heading);
        int noteReserve = tokens.count(moreNote(chosen.size(), "directory"));
        List<Dir> shown = new ArrayList<>();
        for (Dir dir : chosen) {
            int cost = tokens.count(dir.line());
            if (used + cost + noteReserve > budget) {
                break;
            }
            shown.add(dir);
            used += cost;
        }
        shown.sort(Comparator.comparing(Dir::path));
        StringBuilder out = new StringBuilder(heading);
        shown.forEach(d -> out.append(d.line()));
        if (shown.size() < chosen.size()) {
            out.append(moreNote(chosen.size() - shown.size(), "directory"));
        }
        return out.toString();
    }

    private String section(String heading, List<String> lines, int budget, String noun) {
        StringBuilder out = new StringBuilder(heading);
        int used = tokens.count(heading);
        int reserve = tokens.count(moreNote(lines.size(), noun));
        int shown = 0;
        for (String line : lines) {
            int cost = tokens.count(line + "\n");
            if (used + cost + (shown == lines.size() - 1 ? 0 : reserve) > budget && shown > 0) {
                break;
            }
            out.append(line).append('\n');
            used += cost;
            shown++;
        }
        if (shown < lines.size()) {
            out.append(moreNote(lines.size() - shown, noun));
        }
        return out.toString();
    }

    private static String moreNote(int hidden, String noun) {
        return "... " + Counts.plural(hidden, "more " + noun) + "\n";
    }

    /** Cuts {@code text} at a line so that it fits; only a budget too small for the top-level files comes here. */
    private String cut(String text, int budget) {
        String[] lines = text.split("\n");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            if (tokens.count(out + line + "\n") > budget) {
                break;
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** 0 for a README, 1 for a build file, 2 for the other files a reader opens first, 3 for the rest. */
    private static int importance(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.startsWith("readme")) {
            return 0;
        }
        if (BUILD_FILES.contains(name)) {
            return 1;
        }
        return lower.startsWith("contributing") || lower.startsWith("changelog") || lower.startsWith("license")
                || lower.startsWith("agents.md") || lower.startsWith("claude.md") ? 2 : 3;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /** One directory: its path with a trailing slash, its depth, and the files under it by extension. */
    private static final class Dir {
        final String path;
        final int depth;
        final Map<String, Integer> kinds = new HashMap<>();
        final Set<String> children = new HashSet<>();
        int files;
        int ownFiles;

        Dir(String path, int depth) {
            this.path = path;
            this.depth = depth;
        }

        String path() {
            return path;
        }

        int depth() {
            return depth;
        }

        int files() {
            return files;
        }

        /** A directory that only holds one other says nothing its child's line does not ({@code src/main/java/}). */
        boolean passage() {
            return ownFiles == 0 && children.size() == 1;
        }

        String line() {
            List<Map.Entry<String, Integer>> byCount = new ArrayList<>(kinds.entrySet());
            byCount.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
            StringBuilder b = new StringBuilder(path).append("  ").append(Counts.plural(files, "file")).append(": ");
            int others = files;
            for (int k = 0; k < Math.min(KINDS_SHOWN, byCount.size()); k++) {
                b.append(k == 0 ? "" : ", ").append(byCount.get(k).getKey()).append(' ')
                        .append(Counts.full(byCount.get(k).getValue()));
                others -= byCount.get(k).getValue();
            }
            if (others > 0) {
                b.append(", ").append(Counts.full(others)).append(" other");
            }
            return b.append('\n').toString();
        }
    }

    /** What one walk of the workspace finds: the top-level files with their sizes and every directory's counts. */
    private static final class Shape {
        final Map<String, Long> topFiles = new TreeMap<>();
        final Map<String, Dir> dirs = new HashMap<>();
        int total;

        static Shape of(Path root) {
            Shape shape = new Shape();
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        if (dir.equals(root)) {
                            return FileVisitResult.CONTINUE;
                        }
                        String name = dir.getFileName().toString();
                        return SKIPPED.contains(name) || name.startsWith(".")
                                ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        shape.add(root.relativize(file), attrs.size());
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list the workspace " + root, e);
            }
            return shape;
        }

        private void add(Path relative, long size) {
            String name = relative.getFileName().toString();
            if (relative.getNameCount() == 1 && SKIPPED.contains(name)) {
                return; // a worktree's .git file
            }
            total++;
            if (relative.getNameCount() == 1) {
                topFiles.put(name, size);
                return;
            }
            int dot = name.lastIndexOf('.');
            String kind = dot > 0 ? name.substring(dot).toLowerCase(Locale.ROOT) : "(no extension)";
            StringBuilder path = new StringBuilder();
            Dir parent = null;
            for (int depth = 1; depth < relative.getNameCount(); depth++) {
                path.append(relative.getName(depth - 1)).append('/');
                int level = depth;
                Dir dir = dirs.computeIfAbsent(path.toString(), p -> new Dir(p, level));
                dir.files++;
                dir.kinds.merge(kind, 1, Integer::sum);
                if (parent != null) {
                    parent.children.add(dir.path);
                }
                parent = dir;
            }
            parent.ownFiles++;
        }
    }
}
