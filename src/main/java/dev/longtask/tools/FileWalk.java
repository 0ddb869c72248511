package dev.longtask.tools;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;

/**
 * The files below a directory, as glob and grep see them: sorted by path, links not followed (a link is listed, never
 * entered), {@code .git} directories and the run store ({@code .longtask/runs}) skipped unless the walk starts inside
 * them, a server's state ({@code .longtask/server}) always, unreadable directories passed over.
 */
final class FileWalk {
    record Entry(Path path, boolean symlink, long size) {
    }

    private FileWalk() {
    }

    static List<Entry> files(Workspace workspace, Path base) throws IOException {
        Path runs = workspace.runsInside();
        List<Entry> found = new ArrayList<>();
        Files.walkFileTree(base, EnumSet.noneOf(java.nio.file.FileVisitOption.class), Integer.MAX_VALUE,
                new FileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        if (dir.equals(base)) {
                            return FileVisitResult.CONTINUE;
                        }
                        boolean skipped = dir.getFileName().toString().equals(".git") || dir.equals(runs)
                                || dir.equals(workspace.serverState());
                        return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        if (!attrs.isDirectory()) {
                            found.add(new Entry(file, attrs.isSymbolicLink(), attrs.size()));
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }
                });
        found.sort(Comparator.comparing(e -> e.path().toString()));
        return found;
    }
}
