package dev.longtask.model.run;

import java.nio.file.Path;

/**
 * A file of the run directory cannot be trusted: garbage in the middle of {@code events.jsonl}, a task file
 * that does not parse. Nothing was overwritten; the message names the file (and line) and what to do.
 */
public final class CorruptRunException extends StoreException {
    private final Path file;
    private final long line;

    public CorruptRunException(Path file, long line, String problem) {
        super(file + (line > 0 ? " line " + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    /** The 1-based line of the problem, or 0 when it is about the whole file. */
    public long line() {
        return line;
    }
}
