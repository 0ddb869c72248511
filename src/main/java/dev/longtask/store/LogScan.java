package dev.longtask.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/**
 * Reads {@code events.jsonl}. Line n must be the event with seq n. Bytes after the last newline are a torn tail
 * (a crash mid-write; never acknowledged, because an append returns only after its whole line is written) and
 * are reported, not parsed. Anything wrong before that is corruption, reported with the file and line.
 * Read with a RandomAccessFile, which an interrupt of the reading thread does not close.
 */
final class LogScan {
    /** The verified shape of the log. {@code lineEnds[i]} is the byte offset just after the line of seq i + 1. */
    record Shape(long lastSeq, long validLength, long tornBytes, LongList lineEnds) {
        long endOf(long seq) {
            return seq == 0 ? 0 : lineEnds.get((int) (seq - 1));
        }
    }

    interface LineHandler {
        void line(long seq, byte[] bytes, Event event);
    }

    private LogScan() {
    }

    /** Parses and checks every complete line. */
    static Shape scan(Path file, ObjectMapper json) throws IOException {
        LongList ends = new LongList();
        long[] last = {0};
        long[] torn = {0};
        long valid = read(file, json, 0, 0, (seq, bytes, event) -> {
            last[0] = seq;
        }, ends, torn);
        return new Shape(last[0], valid, torn[0], ends);
    }

    /** Calls {@code handler} for each complete line from {@code offset} on; the line there has seq {@code firstSeq}. */
    static void replay(Path file, ObjectMapper json, long offset, long firstSeq, LineHandler handler) throws IOException {
        read(file, json, offset, firstSeq - 1, handler, null, new long[1]);
    }

    private static long read(Path file, ObjectMapper json, long offset, long seqBefore, LineHandler handler,
                             LongList ends, long[] torn) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(offset);
            byte[] buffer = new byte[1 << 16];
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            long position = offset;
            long seq = seqBefore;
            int n;
            while ((n = in.read(buffer)) > 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        line.write(buffer, start, i - start);
                        seq++;
                        byte[] bytes = line.toByteArray();
                        handler.line(seq, bytes, parse(file, json, seq, bytes));
                        if (ends != null) {
                            ends.add(position + i + 1);
                        }
                        line.reset();
                        start = i + 1;
                    }
                }
                line.write(buffer, start, n - start);
                position += n;
            }
            torn[0] = line.size();
            return position - line.size();
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
