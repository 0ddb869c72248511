package dev.longtask.store.file;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.model.Event;
import dev.longtask.model.run.CorruptRunException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.zip.CRC32C;

/**
 * Reads {@code events.jsonl}. Line n must be the event with seq n. Bytes after the last newline are a torn tail
 * (a crash mid-write; never acknowledged, because an append returns only after its whole line is written) and
 * are reported, not parsed. Anything wrong before that is corruption, reported with the file and line.
 * Read with a RandomAccessFile, which an interrupt of the reading thread does not close.
 */
final class LogScan {
    /**
     * The verified shape of the log. {@code lineEnds[i]} is the byte offset just after the line of seq i + 1;
     * {@code digest} has seen the first {@code validLength} bytes.
     */
    record Shape(long lastSeq, long validLength, long tornBytes, LongList lineEnds, LogDigest digest) {
        long endOf(long seq) {
            return seq == 0 ? 0 : lineEnds.get((int) (seq - 1));
        }
    }

    /** The start of the log a checkpoint vouches for: its first {@code bytes} bytes, {@code seq} events, CRC-32C {@code crc32c}. */
    record Trusted(long seq, long bytes, String crc32c) {
    }

    interface LineHandler {
        void line(long seq, byte[] bytes, Event event);
    }

    private LogScan() {
    }

    /** Parses and checks every complete line. */
    static Shape scan(Path file, ObjectMapper json) throws IOException {
        return scan(file, json, null);
    }

    /**
     * Parses and checks every complete line after the {@code trusted} start of the log; the lines of that start
     * are only counted and hashed. When the start is not exactly what the checkpoint hashed (another length,
     * other bytes), every line is parsed after all.
     */
    static Shape scan(Path file, ObjectMapper json, Trusted trusted) throws IOException {
        if (trusted != null) {
            Shape shape = read(file, json, trusted);
            if (shape != null) {
                return shape;
            }
        }
        return read(file, json, null);
    }

    /** Null when the trusted start does not match. */
    private static Shape read(Path file, ObjectMapper json, Trusted trusted) throws IOException {
        LongList ends = new LongList();
        CRC32C digest = new CRC32C();
        long trustedBytes = trusted == null ? 0 : trusted.bytes();
        boolean verified = trusted == null;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            byte[] buffer = new byte[1 << 16];
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            long position = 0;
            long seq = 0;
            int n;
            while ((n = in.read(buffer)) > 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] != '\n') {
                        continue;
                    }
                    long end = position + i + 1;
                    seq++;
                    if (end <= trustedBytes) {
                        if (line.size() > 0) {
                            digest.update(line.toByteArray());
                            line.reset();
                        }
                        digest.update(buffer, start, i + 1 - start);
                        if (end == trustedBytes) {
                            if (seq != trusted.seq() || !LogDigest.hex(digest).equals(trusted.crc32c())) {
                                return null;
                            }
                            verified = true;
                        }
                    } else {
                        if (!verified) {
                            return null;
                        }
                        line.write(buffer, start, i - start);
                        byte[] bytes = line.toByteArray();
                        parse(file, json, seq, bytes);
                        digest.update(bytes);
                        digest.update((byte) '\n');
                        line.reset();
                    }
                    ends.add(end);
                    start = i + 1;
                }
                line.write(buffer, start, n - start);
                position += n;
            }
            long valid = position - line.size();
            if (!verified) {
                return null;
            }
            return new Shape(seq, valid, line.size(), ends, LogDigest.of(digest, valid));
        }
    }

    /** Calls {@code handler} for each complete line from {@code offset} on; the line there has seq {@code firstSeq}. */
    static void replay(Path file, ObjectMapper json, long offset, long firstSeq, LineHandler handler) throws IOException {
        read(file, json, offset, firstSeq - 1, 0, handler);
    }

    /** Calls {@code handler} for each complete line whose seq is above {@code afterSeq}; the lines before are only counted. */
    static void replayAfter(Path file, ObjectMapper json, long afterSeq, LineHandler handler) throws IOException {
        read(file, json, 0, 0, afterSeq, handler);
    }

    private static void read(Path file, ObjectMapper json, long offset, long seqBefore, long skipUpTo,
                             LineHandler handler) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(offset);
            byte[] buffer = new byte[1 << 16];
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            long seq = seqBefore;
            int n;
            while ((n = in.read(buffer)) > 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        seq++;
                        if (seq > skipUpTo) {
                            line.write(buffer, start, i - start);
                            byte[] bytes = line.toByteArray();
                            handler.line(seq, bytes, parse(file, json, seq, bytes));
                        }
                        line.reset();
                        start = i + 1;
                    }
                }
                line.write(buffer, start, n - start);
            }
        }
    }

    static Event parse(Path file, ObjectMapper json, long seq, byte[] bytes) {
        Event event;
        try {
            event = json.readValue(bytes, Event.class);
        } catch (IOException | RuntimeException e) {
            throw damaged(file, seq, "not a JSON event (" + firstLine(e.getMessage()) + ")");
        }
        if (event == null || event.type() == null || event.time() == null) {
            throw damaged(file, seq, "an event needs seq, time and type");
        }
        if (event.seq() != seq) {
            throw damaged(file, seq, "seq " + event.seq() + " where " + seq + " was expected (seqs count up from 1 without gaps)");
        }
        if (event.data() != null && !event.data().isObject()) {
            throw damaged(file, seq, "data must be a JSON object");
        }
        return event;
    }

    /**
     * The event of a line without its data (an empty object): seq, time, type and task, read by the streaming parser,
     * which skips the data rather than building it. For a pass that needs the data of a few kinds only.
     */
    static Event header(Path file, ObjectMapper json, long seq, byte[] bytes) {
        Long lineSeq = null;
        Instant time = null;
        String type = null;
        Integer task = null;
        try (JsonParser parser = json.getFactory().createParser(bytes)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw damaged(file, seq, "not a JSON event");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "seq" -> lineSeq = parser.getLongValue();
                    case "time" -> time = Instant.parse(parser.getText());
                    case "type" -> type = parser.getText();
                    case "task" -> task = value == JsonToken.VALUE_NULL ? null : parser.getIntValue();
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof CorruptRunException c) {
                throw c;
            }
            throw damaged(file, seq, "not a JSON event (" + firstLine(e.getMessage()) + ")");
        }
        if (lineSeq == null || type == null || time == null) {
            throw damaged(file, seq, "an event needs seq, time and type");
        }
        if (lineSeq != seq) {
            throw damaged(file, seq, "seq " + lineSeq + " where " + seq + " was expected (seqs count up from 1 without gaps)");
        }
        return new Event(seq, time, type, task, JsonNodeFactory.instance.objectNode());
    }

    static CorruptRunException damaged(Path file, long line, String problem) {
        return new CorruptRunException(file, line, problem + "; the log is damaged before its last line, so nothing "
                + "was repaired or overwritten: restore the file from a backup or move the run directory aside");
    }

    static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
