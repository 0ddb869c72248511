package dev.longtask.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code transcripts/task_<id>.jsonl}: one JSON object a line, each handed to the OS as it is appended (no
 * fsync: a transcript is the record of a conversation, not state). A line torn by a crash is cut off when the
 * transcript is opened again, so every line of the file parses.
 */
final class FileTranscript implements Transcript, AutoCloseable {
    private final Path file;
    private final ObjectMapper json;
    private final Redactor redactor;
    private final FileChannel channel;

    FileTranscript(Path file, ObjectMapper json, Redactor redactor) throws IOException {
        this.file = file;
        this.json = json;
        this.redactor = redactor;
        Files.createDirectories(file.getParent());
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            cutTornLine();
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private void cutTornLine() throws IOException {
        long size = channel.size();
        long keep = size;
        ByteBuffer one = ByteBuffer.allocate(1);
        while (keep > 0) {
            one.clear();
            channel.read(one, keep - 1);
            if (one.get(0) == '\n') {
                break;
            }
            keep--;
        }
        if (keep != size) {
            channel.truncate(keep);
        }
        channel.position(keep);
    }

    @Override
    public synchronized void append(ObjectNode entry) {
        try {
            String line = redactor.apply(json.writeValueAsString(entry)) + "\n";
            AtomicFiles.writeFully(channel, ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("transcript entry is not serialisable: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
