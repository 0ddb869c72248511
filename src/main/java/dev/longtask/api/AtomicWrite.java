package dev.longtask.api;

import dev.longtask.store.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A file of the embedder's own (a server's queue, its delivery cursors) written the way the runtime writes a run's
 * files: whole or not at all, and durable once this returns.
 */
public final class AtomicWrite {
    private AtomicWrite() {
    }

    /**
     * Replaces {@code target}'s content with {@code content}: written beside it, fsynced, renamed over it, and the
     * directory fsynced, so a crash or a power loss leaves the old content or the new one, never a part.
     */
    public static void write(Path target, byte[] content) throws IOException {
        AtomicFiles.write(target, content, true);
    }
}
