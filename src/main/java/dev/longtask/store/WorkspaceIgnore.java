package dev.longtask.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps what longtask records in a workspace out of its git repository: {@code .longtask/.gitignore}, written once
 * when longtask first records something there, ignores everything under {@code .longtask/} except what a person
 * writes and may want to share (the workspace's configuration, its agents, its review suppressions and checkpoint
 * excludes). Without it {@code git status} lists the runs, the shadow repository and the map cache, and a
 * {@code git add -A} would commit them. An existing file is the person's own and is never rewritten.
 */
public final class WorkspaceIgnore {
    static final String FILE = ".longtask/.gitignore";
    static final String CONTENT = """
            # Written by longtask once; yours to edit. What longtask records here (runs, the checkpoints' shadow
            # repository, caches, server state) stays out of git; what you write here may be committed.
            /*
            !/.gitignore
            !/config.yaml
            !/agents/
            !/review-ignore
            !/checkpoint.exclude
            """;

    private WorkspaceIgnore() {
    }

    /** Writes {@code <workspace>/.longtask/.gitignore} unless it is there (creating {@code .longtask/}). */
    public static void ensure(Path workspace) throws IOException {
        Path file = workspace.resolve(FILE);
        if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, CONTENT.getBytes(StandardCharsets.UTF_8), false);
        }
    }
}
