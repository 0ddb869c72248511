package dev.longtask.store.file;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.store.AtomicFiles;
import dev.longtask.store.RunState;
import dev.longtask.store.StateReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Snapshots of the state in {@code checkpoints/checkpoint-<seq>.ckpt}: one header line of JSON (format, run id,
 * last seq, CRC-32C and length of the state bytes, CRC-32C of the log line of that seq, and the length and CRC-32C
 * of the log up to that line), then the state as JSON. A checkpoint is used only if both checksums hold, so a
 * damaged checkpoint or one that does not belong to this log is skipped for an older one (or a full replay). The
 * log's length and checksum let an open skip parsing the events the checkpoint already holds when those bytes are
 * unchanged ({@link LogScan#scan(Path, ObjectMapper, LogScan.Trusted)}).
 *
 * <p>Checkpoints of an older format (SHA-256 checksums, a state without the run's history, format 1 whose history lacks
 * the sessions' concurrency and the first plan's estimate) are neither used nor set
 * aside: the open replays the log from its start instead, and writes checkpoints of this format from then on.
 */
final class Checkpoints {
    private static final String PREFIX = "checkpoint-";
    private static final String SUFFIX = ".ckpt";
    static final String BAD_SUFFIX = ".bad";
    /**
     * 2: the run's history also holds the latest session's concurrency and the first plan's estimate. A checkpoint
     * of format 1 lacks them, so it counts as older: the log is replayed from its start instead.
     */
    private static final int FORMAT_VERSION = 2;
    private static final int HISTORY_WITHOUT_SESSIONS = 1;

    record Header(@JsonProperty("format_version") int formatVersion,
                  @JsonProperty("run_id") String runId,
                  @JsonProperty("last_seq") long lastSeq,
                  @JsonProperty("state_crc32c") String stateCrc32c,
                  @JsonProperty("state_bytes") long stateBytes,
                  @JsonProperty("event_crc32c") String eventCrc32c,
                  @JsonProperty("log_bytes") long logBytes,
                  @JsonProperty("log_crc32c") String logCrc32c) {
    }

    /** The checkpoint chosen on open: its state (null: replay from the start) and why others were skipped. */
    record Choice(RunState state, Path file, List<String> skipped, List<Path> bad) {
    }

    /** Reads the line of one seq from the log, without its newline; null if the log has no such line. */
    interface LogLines {
        byte[] line(long seq) throws IOException;
    }

    private static final JsonFactory STREAMS = new JsonFactory();

    private final Path directory;
    private final ObjectMapper json;
    private final String runId;

    Checkpoints(Path directory, ObjectMapper json, String runId) {
        this.directory = directory;
        this.json = json;
        this.runId = runId;
    }

    /** The newest checkpoint that verifies against the log (whose last seq is {@code lastSeq}). */
    Choice latestGood(long lastSeq, LogLines log) throws IOException {
        List<String> skipped = new ArrayList<>();
        List<Path> bad = new ArrayList<>();
        for (Path file : newestFirst()) {
            String problem;
            try {
                Verified verified = verify(file, lastSeq, log);
                if (verified.state != null) {
                    return new Choice(verified.state, file, skipped, bad);
                }
                if (verified == Verified.OLDER) {
                    continue;
                }
                problem = verified.problem;
            } catch (NoSuchFileException gone) {
                continue;
            }
            skipped.add(file.getFileName() + ": " + problem);
            bad.add(file);
        }
        return new Choice(null, null, skipped, bad);
    }

    private record Verified(RunState state, String problem) {
        static final Verified OLDER = new Verified(null, "an older format");
    }

    private Verified verify(Path file, long lastSeq, LogLines log) throws IOException {
        byte[] bytes = AtomicFiles.readAll(file);
        int newline = indexOf(bytes, (byte) '\n');
        if (newline < 0) {
            return new Verified(null, "no header line");
        }
        Header header;
        try {
            header = header(bytes, newline);
        } catch (IOException | RuntimeException e) {
            return new Verified(null, "unreadable header");
        }
        if (header.formatVersion() == HISTORY_WITHOUT_SESSIONS && runId.equals(header.runId())) {
            return Verified.OLDER;
        }
        if (header.formatVersion() != FORMAT_VERSION || !runId.equals(header.runId())) {
            return new Verified(null, "written for another run or format");
        }
        if (header.stateCrc32c() == null) {
            return Verified.OLDER;
        }
        if (header.lastSeq() > lastSeq) {
            return new Verified(null, "it is ahead of the log (seq " + header.lastSeq() + " > " + lastSeq + ")");
        }
        byte[] state = Arrays.copyOfRange(bytes, newline + 1, bytes.length);
        if (state.length != header.stateBytes() || !LogDigest.of(state).equals(header.stateCrc32c())) {
            return new Verified(null, "state checksum does not match");
        }
        byte[] eventLine = log.line(header.lastSeq());
        if (eventLine == null || !LogDigest.of(eventLine).equals(header.eventCrc32c())) {
            return new Verified(null, "it does not match event " + header.lastSeq() + " of the log");
        }
        RunState parsed;
        try {
            parsed = bound(state);
        } catch (IOException | RuntimeException e) {
            return new Verified(null, "unreadable state");
        }
        if (parsed.lastSeq() != header.lastSeq() || parsed.run() == null || parsed.history() == null) {
            return new Verified(null, "state does not match its header");
        }
        return new Verified(parsed, null);
    }

    /**
     * The state bound by hand ({@link StateReader}), or by the mapper where that reader meets what it leaves to it:
     * the same records either way, the first without the mapper's reflection over the state's types.
     */
    private RunState bound(byte[] state) throws IOException {
        try {
            return new StateReader(json).read(state, 0, state.length);
        } catch (StateReader.Unexpected | IOException | RuntimeException leftToTheMapper) {
            return json.readValue(state, RunState.class);
        }
    }

    /** The header line, read by hand as {@link #bound} reads the state, else by the mapper. */
    private Header header(byte[] bytes, int length) throws IOException {
        try (JsonParser p = STREAMS.createParser(bytes, 0, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not an object");
            }
            int format = 0;
            String run = null;
            long lastSeq = 0;
            String stateCrc = null;
            long stateBytes = 0;
            String eventCrc = null;
            long logBytes = 0;
            String logCrc = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                boolean number = value == JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER;
                boolean text = value == JsonToken.VALUE_STRING || value == JsonToken.VALUE_NULL;
                switch (name) {
                    case "format_version" -> format = number && p.getNumberType() == JsonParser.NumberType.INT
                            ? p.getIntValue() : unexpected();
                    case "run_id" -> run = text ? p.getValueAsString() : unexpectedText();
                    case "last_seq" -> lastSeq = number ? p.getLongValue() : unexpected();
                    case "state_crc32c" -> stateCrc = text ? p.getValueAsString() : unexpectedText();
                    case "state_bytes" -> stateBytes = number ? p.getLongValue() : unexpected();
                    case "event_crc32c" -> eventCrc = text ? p.getValueAsString() : unexpectedText();
                    case "log_bytes" -> logBytes = number ? p.getLongValue() : unexpected();
                    case "log_crc32c" -> logCrc = text ? p.getValueAsString() : unexpectedText();
                    default -> p.skipChildren();
                }
            }
            return new Header(format, run, lastSeq, stateCrc, stateBytes, eventCrc, logBytes, logCrc);
        } catch (IOException | RuntimeException leftToTheMapper) {
            return json.readValue(bytes, 0, length, Header.class);
        }
    }

    private static int unexpected() {
        throw new IllegalStateException("a header field of another JSON type");
    }

    private static String unexpectedText() {
        throw new IllegalStateException("a header field of another JSON type");
    }

    /**
     * Writes a checkpoint of {@code state} durably, then prunes all but the newest {@code keep}.
     *
     * @param logBytes  the length of the log up to the state's last event
     * @param logCrc32c the CRC-32C of those bytes
     */
    Path write(RunState state, byte[] eventLine, int keep, long logBytes, String logCrc32c) throws IOException {
        Files.createDirectories(directory);
        byte[] stateBytes = json.writeValueAsBytes(state);
        Header header = new Header(FORMAT_VERSION, runId, state.lastSeq(), LogDigest.of(stateBytes), stateBytes.length,
                LogDigest.of(eventLine), logBytes, logCrc32c);
        byte[] head = (json.writeValueAsString(header) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] content = ByteBuffer.allocate(head.length + stateBytes.length).put(head).put(stateBytes).array();
        Path file = directory.resolve(name(state.lastSeq()));
        AtomicFiles.write(file, content, true);
        List<Path> all = newestFirst();
        for (int i = keep; i < all.size(); i++) {
            Files.deleteIfExists(all.get(i));
        }
        return file;
    }

    /**
     * The start of the log that the newest checkpoint with a log hash vouches for, read from its header alone; null
     * when there is none. Whether the checkpoint itself verifies is {@link #latestGood}'s to say.
     */
    LogScan.Trusted trustedStart() throws IOException {
        for (Path file : newestFirst()) {
            byte[] head = new byte[4096];
            int length;
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                length = Math.max(0, in.read(head));
            } catch (java.io.FileNotFoundException gone) {
                continue;
            }
            int newline = indexOf(Arrays.copyOf(head, length), (byte) '\n');
            if (newline < 0) {
                continue;
            }
            try {
                Header header = header(head, newline);
                if (header != null && header.formatVersion() == FORMAT_VERSION && runId.equals(header.runId())
                        && header.logCrc32c() != null && header.logBytes() > 0) {
                    return new LogScan.Trusted(header.lastSeq(), header.logBytes(), header.logCrc32c());
                }
            } catch (IOException | RuntimeException unreadable) {
                // latestGood says what is wrong with it
            }
        }
        return null;
    }

    /** Renames checkpoints that failed verification to {@code *.bad}: kept for inspection, never read again. */
    void setAside(List<Path> bad) throws IOException {
        for (Path file : bad) {
            Files.move(file, file.resolveSibling(file.getFileName() + BAD_SUFFIX), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    List<Path> newestFirst() throws IOException {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return files;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, PREFIX + "*" + SUFFIX)) {
            for (Path file : stream) {
                if (seqOf(file) >= 0) {
                    files.add(file);
                }
            }
        }
        files.sort((a, b) -> Long.compare(seqOf(b), seqOf(a)));
        return files;
    }

    static String name(long seq) {
        return PREFIX + String.format("%012d", seq) + SUFFIX;
    }

    static long seqOf(Path file) {
        String name = file.getFileName().toString();
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(PREFIX.length(), name.length() - SUFFIX.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Reads one line of the log given where lines end. */
    static LogLines linesOf(Path log, LogScan.Shape shape) {
        return seq -> {
            if (seq < 1 || seq > shape.lastSeq()) {
                return null;
            }
            long start = shape.endOf(seq - 1);
            long end = shape.endOf(seq) - 1;
            byte[] line = new byte[Math.toIntExact(end - start)];
            try (RandomAccessFile in = new RandomAccessFile(log.toFile(), "r")) {
                in.seek(start);
                in.readFully(line);
            } catch (EOFException e) {
                return null;
            }
            return line;
        };
    }
}
