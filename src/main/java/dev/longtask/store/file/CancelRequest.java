package dev.longtask.store.file;

import dev.longtask.store.AtomicFiles;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How {@code longtask cancel} tells the process running a run why it is stopped: before it sends SIGTERM it writes
 * {@code cancel.request} in the run directory (its own pid, then the reason), so the writer ends the run cancelled
 * and says so, instead of terminated and resumable. A request counts only while the process that made it lives:
 * one left behind by a cancel that was itself killed does not turn a later plain SIGTERM into a cancel.
 */
public final class CancelRequest {

    private CancelRequest() {
    }

    /** Records that this process is cancelling the run, for {@code reason}. */
    public static void make(Path workspace, String runId, String reason) {
        Path file = file(workspace, runId);
        try {
            AtomicFiles.write(file, (ProcessHandle.current().pid() + "\n" + reason).getBytes(StandardCharsets.UTF_8),
                    false);
        } catch (IOException e) {
            throw new StoreException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The reason of a request whose maker still lives; empty when there is none (or it cannot be read). */
    public static Optional<String> pending(Path workspace, String runId) {
        String text;
        try {
            text = Files.readString(file(workspace, runId), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // unreadable: the stop is then an ordinary SIGTERM, which is resumable
        }
        int newline = text.indexOf('\n');
        if (newline < 0 || !text.substring(0, newline).matches("\\d{1,19}")) {
            return Optional.empty();
        }
        boolean makerLives = ProcessHandle.of(Long.parseLong(text.substring(0, newline)))
                .map(ProcessHandle::isAlive).orElse(false);
        return makerLives ? Optional.of(text.substring(newline + 1)) : Optional.empty();
    }

    /** Removes the request: the cancel is done, or it gave up. */
    public static void withdraw(Path workspace, String runId) {
        try {
            Files.deleteIfExists(file(workspace, runId));
        } catch (IOException e) {
            throw new StoreException("cannot remove " + file(workspace, runId) + ": " + e.getMessage(), e);
        }
    }

    private static Path file(Path workspace, String runId) {
        return RunLayout.runs(workspace).resolve(runId).resolve(RunLayout.CANCEL_REQUEST);
    }
}
