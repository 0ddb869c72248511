package dev.longtask.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A short listing of the workspace for the planner's brief: files by path with their sizes, build outputs
 * and tool directories left out, cut at a number of entries with a note of what was left.
 */
final class WorkspaceOverview {
    private static final Set<String> SKIPPED = Set.of(".git", ".longtask", ".idea", ".gradle", "node_modules",
            "target", "build", "dist", "out", "__pycache__", ".venv", "venv", ".mvn", ".claude");

    private WorkspaceOverview() {
    }

    static String of(Path root, int maxEntries) {
        List<String> lines = new ArrayList<>();
        int[] total = {0};
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(root) && SKIPPED.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    total[0]++;
                    if (lines.size() < maxEntries) {
                        lines.add(root.relativize(file).toString().replace('\\', '/') + " (" + attrs.size() + " bytes)");
                    }
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
        lines.sort(String::compareTo);
        StringBuilder out = new StringBuilder();
        lines.forEach(l -> out.append(l).append('\n'));
        if (total[0] > lines.size()) {
            out.append("... and ").append(total[0] - lines.size()).append(" more files (use glob and ls to see them)\n");
        }
        if (total[0] == 0) {
            out.append("(the workspace has no files yet)\n");
        }
        return out.toString();
    }
}
