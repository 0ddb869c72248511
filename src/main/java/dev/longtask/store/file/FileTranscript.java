package dev.longtask.store.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Secrets;
import dev.longtask.model.run.Transcript;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code transcripts/task_<id>.jsonl}: one JSON object a line, each handed to the OS as it is appended (no
 * fsync: a transcript is the record of a conversation, not state). A line torn by a crash is cut off when the
 * transcript is opened again, so every line of the file parses.
 *
 * <p>A RandomAccessFile, not a FileChannel, so that an append by an interrupted agent thread completes and the
 * file stays open for the others (an interrupt closes a FileChannel; see {@link AtomicFiles}).
 */
final class FileTranscript implements Transcript, AutoCloseable {
    private static final int TAIL_CHUNK = 4096;

    private final Path file;
    private final ObjectMapper json;
    private final Secrets redactor;
    private final RandomAccessFile out;

    FileTranscript(Path file, ObjectMapper json, Secrets redactor) throws IOException {
        this.file = file;
        this.json = json;
        this.redactor = redactor;
        Files.createDirectories(file.getParent());
        this.out = new RandomAccessFile(file.toFile(), "rw");
        try {
            cutTornLine();
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Cuts whatever follows the last newline, and leaves the file pointer at the end. */
    private void cutTornLine() throws IOException {
        long size = out.length();
        long keep = size;
        byte[] chunk = new byte[TAIL_CHUNK];
        search:
        while (keep > 0) {
            int n = (int) Math.min(chunk.length, keep);
            out.seek(keep - n);
            out.readFully(chunk, 0, n);
            for (int i = n - 1; i >= 0; i--) {
                if (chunk[i] == '\n') {
                    keep = keep - n + i + 1;
                    break search;
                }
            }
            keep -= n;
        }
        if (keep != size) {
            out.setLength(keep);
        }
        out.seek(keep);
    }

    @Override
    public synchronized void append(ObjectNode entry) {
        try {
            String line = redactor.redact(json.writeValueAsString(entry)) + "\n";
            out.write(line.getBytes(StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("transcript entry is not serialisable: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
