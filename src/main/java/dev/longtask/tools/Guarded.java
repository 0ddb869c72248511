package dev.longtask.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a tool's body so that nothing escapes as an exception: the model's mistakes, refused paths and I/O failures
 * become tool errors with a hint, and even a bug in a tool is logged and reported rather than thrown through the run.
 */
final class Guarded {
    private static final Logger LOG = LoggerFactory.getLogger(Guarded.class);

    interface Body {
        ToolResult run() throws IOException;
    }

    private Guarded() {
    }

    static ToolResult run(String tool, Body body) {
        try {
            return body.run();
        } catch (ToolMistake | OutsideWorkspaceException | dev.longtask.tools.undo.Checkpoints.Conflict e) {
            return ToolResult.error(e.getMessage());
        } catch (NoSuchFileException e) {
            return ToolResult.error("no such file or directory: " + e.getFile() + "; use ls or glob to find the right path");
        } catch (NotDirectoryException e) {
            return ToolResult.error("not a directory: " + e.getFile());
        } catch (FileAlreadyExistsException e) {
            return ToolResult.error("a file is in the way: " + e.getFile() + " exists and is not a directory");
        } catch (AccessDeniedException e) {
            return ToolResult.error("permission denied: " + e.getFile());
        } catch (IOException | UncheckedIOException e) {
            return ToolResult.error(tool + " failed: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("tool {} failed unexpectedly", tool, e);
            return ToolResult.error(tool + " failed unexpectedly (" + e + "); try another way");
        }
    }
}
