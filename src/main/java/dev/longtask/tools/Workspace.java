package dev.longtask.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/** The directory a run works on. Every path a tool touches is resolved inside it, symlinks included. */
public final class Workspace {
    private final Path root;

    public Workspace(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("workspace " + root + " is not a directory");
        }
        this.root = root.toRealPath();
    }

    public Path root() {
        return root;
    }

    /**
     * Resolves {@code path} (relative to the root, or absolute) to a real location inside the workspace.
     * The deepest existing ancestor is resolved with its links followed, so a link leading out is caught
     * even when the file itself does not exist yet.
     *
     * @throws OutsideWorkspaceException when the path, or a link on it, leads out of the workspace
     */
    public Path resolveInside(String path) {
        Path candidate = root.resolve(path).normalize();
        Path existing = candidate;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        Path real;
        try {
            real = existing == null ? candidate : existing.toRealPath().resolve(existing.relativize(candidate));
        } catch (IOException e) {
            throw new OutsideWorkspaceException(path, "cannot resolve it: " + e.getMessage());
        }
        if (!real.normalize().startsWith(root)) {
            throw new OutsideWorkspaceException(path, "it leads outside the workspace " + root);
        }
        return real.normalize();
    }

    /** The path as the model should see it: relative to the root, with forward slashes. */
    public String relative(Path inside) {
        String rel = root.relativize(inside).toString().replace('\\', '/');
        return rel.isEmpty() ? "." : rel;
    }
}
