package dev.longtask.store.file;

import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunSettings;
import dev.longtask.store.AtomicFiles;
import dev.longtask.model.run.SealCheck;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * {@code events.seal}, the store's own record of the lines it wrote to {@code events.jsonl}: a running SHA-256, one
 * hex line per log line, so that a log changed by anything but the store (a person, a process outside the sandbox, an
 * agent of an older longtask that could still write it) is told from the one the store wrote. The log's lines stay as
 * they are; only a resume asks the seal, and only when the log records a setting that would loosen confinement.
 *
 * <p>The file: a header {@code longtask-seal 1 from N} (the first log line it seals: 1, or the line after the last one
 * an older longtask wrote), then for each line {@code i >= N} the hex of {@code c_i = SHA-256(c_(i-1) || line_i)}
 * ({@code c_(N-1)} is 32 zero bytes; the line without its newline). What an open finds wrong stays written down: a
 * line the log has and the seal had not is sealed with a leading {@code -} (found, not written, by the store), events
 * the log lost are a line {@code ! ...}; either makes the seal broken for good. A seal is written before its line and
 * fsynced before the log is, so a crash leaves at most one entry more than the log has lines, never one fewer.
 *
 * <p>Plain SHA-256, not a keyed MAC: it tells a changed log from the store's; whoever can rewrite the log and compute
 * the chain again can forge it, and the run directory's protection (agents never write it) is what stops agents.
 */
final class LogSeal implements AutoCloseable {
    private static final String HEADER = "longtask-seal 1 from ";
    /** A line of the seal that says what the run's settings became with the line sealed just before it. */
    private static final String SETTINGS = "settings ";
    private static final int HASH = 32;
    private static final HexFormat HEX = HexFormat.of();

    private final RandomAccessFile out;
    private final MessageDigest sha = sha256();
    private byte[] last;

    private LogSeal(RandomAccessFile out, byte[] last) {
        this.out = out;
        this.last = last;
    }

    /** The lines of the log, by seq (1-based), without their newlines. */
    interface Lines {
        List<byte[]> after(long seq, long lastSeq) throws IOException;
    }

    /**
     * Opens the seal of a log of {@code lines} whole lines for appending, first writing down what disagrees: the
     * entry of a line a crash cut off is dropped, lines without an entry are sealed as found ({@code -}), lost lines
     * are noted ({@code !}); a missing seal (a new run, or one an older longtask made) starts after the last line.
     */
    static LogSeal open(Path file, long lines, Lines log) throws IOException {
        Parsed seal = Parsed.read(file);
        List<String> body = seal == null ? new ArrayList<>() : new ArrayList<>(seal.body);
        long first = seal == null ? lines + 1 : seal.first;
        boolean changed = seal == null;
        if (seal != null && seal.problem != null) {
            first = lines + 1;
            body = new ArrayList<>(List.of("! it did not parse when the run was opened (" + seal.problem + ")"));
            changed = true;
        } else if (seal != null) {
            long through = seal.through();
            if (through == lines + 1 && through >= first) {
                int lastEntry = body.size() - 1;
                while (!isEntry(body.get(lastEntry))) {
                    lastEntry--;
                }
                body = new ArrayList<>(body.subList(0, lastEntry)); // written just before a crash cut its line off
                changed = true;
            } else if (through > lines) {
                long keep = Math.max(0, lines - first + 1);
                List<String> kept = new ArrayList<>();
                for (String line : body) {
                    if (isEntry(line) && keep-- <= 0) {
                        break;
                    }
                    kept.add(line);
                }
                kept.add("! the log lost " + (through - Math.max(lines, first - 1)) + " lines after line " + lines);
                if (lines < first - 1) {
                    first = lines + 1;
                }
                body = kept;
                changed = true;
            } else if (through < lines) {
                byte[] chain = lastChain(body);
                MessageDigest sha = sha256();
                for (byte[] line : log.after(through, lines)) {
                    chain = link(sha, chain, line, line.length);
                    body.add("-" + HEX.formatHex(chain));
                }
                changed = true;
            }
        }
        if (changed) {
            StringBuilder text = new StringBuilder(HEADER).append(first).append('\n');
            body.forEach(line -> text.append(line).append('\n'));
            AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8), true);
        }
        RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw");
        out.seek(out.length());
        return new LogSeal(out, lastChain(body));
    }

    /** Seals {@code line} (its newline, if it ends with one, left out); called before the line is written. */
    void add(byte[] line) throws IOException {
        int length = line.length > 0 && line[line.length - 1] == '\n' ? line.length - 1 : line.length;
        byte[] next = link(sha, last, line, length);
        out.write((HEX.formatHex(next) + "\n").getBytes(StandardCharsets.US_ASCII));
        last = next;
    }

    /** Records the run's settings as they are after the line just sealed ({@code json}: one line). */
    void settings(String json) throws IOException {
        out.write((SETTINGS + json + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** {@code settings} as a settings line of the seal holds them, and as a resume compares them. */
    static String json(RunSettings settings) {
        try {
            return JsonMapping.MAPPER.writeValueAsString(settings == null ? RunSettings.NONE : settings);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("run settings are plain JSON", e);
        }
    }

    void sync() throws IOException {
        out.getFD().sync();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /**
     * Whether {@code log}, whose events fold to the settings {@code recorded} (as JSON), is the one its seal {@code
     * file} says the store wrote; reads both, changes nothing. When the seal's last settings are {@code recorded}, the
     * settings are the store's and the log is not read again; otherwise the chain is walked to name what changed.
     */
    static SealCheck verify(Path log, Path file, String recorded) throws IOException {
        Parsed seal = Parsed.read(file);
        if (seal == null) {
            return new SealCheck(SealCheck.Kind.UNSEALED, "it has no seal: a longtask that sealed nothing wrote it",
                    null);
        }
        if (seal.problem != null) {
            return broken("its seal, events.seal, does not parse (" + seal.problem + ")", null);
        }
        String sealed = seal.settings();
        for (String line : seal.body) {
            if (line.startsWith("!")) {
                return broken("when the run was last opened, " + line.substring(1).strip(), sealed);
            }
            if (line.startsWith("-")) {
                return broken("some lines were not written by the store (found unsealed at an open)", sealed);
            }
        }
        if (sealed != null && sealed.equals(recorded)) {
            return SealCheck.INTACT;
        }
        // every line the store's means the settings are too (a crash came between a line and its settings)
        SealCheck chain = walk(log, seal);
        return chain.kind() == SealCheck.Kind.BROKEN ? broken(chain.problem(), sealed) : chain;
    }

    /** Walks the chain over every line of {@code log}. */
    private static SealCheck walk(Path log, Parsed seal) throws IOException {
        List<String> entries = seal.body.stream().filter(LogSeal::isEntry).toList();
        MessageDigest sha = sha256();
        byte[] chain = new byte[HASH];
        long seq = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(log), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            for (int b = in.read(); b >= 0; b = in.read()) {
                if (b != '\n') {
                    line.write(b);
                    continue;
                }
                seq++;
                if (seq >= seal.first) {
                    int index = Math.toIntExact(seq - seal.first);
                    if (index >= entries.size()) {
                        return broken("line " + seq + " was added after the store wrote the log", null);
                    }
                    String entry = entries.get(index);
                    if (entry.startsWith("-")) {
                        return broken("line " + seq + " was not written by the store (found unsealed at an open)", null);
                    }
                    byte[] bytes = line.toByteArray();
                    if (!Arrays.equals(link(sha, chain, bytes, bytes.length), HEX.parseHex(entry))) {
                        return broken("line " + seq + " is not the line the store wrote", null);
                    }
                    chain = HEX.parseHex(entry);
                }
                line.reset();
            }
        }
        if (seal.through() > seq + 1) {
            return broken("it lost " + (seal.through() - seq) + " lines after line " + seq, null);
        }
        if (seal.first > 1) {
            return new SealCheck(SealCheck.Kind.UNSEALED, "its lines 1-" + (seal.first - 1)
                    + " were written by a longtask that sealed nothing", null);
        }
        return SealCheck.INTACT;
    }

    private static SealCheck broken(String problem, String sealed) {
        RunSettings settings = null;
        if (sealed != null) {
            try {
                settings = JsonMapping.MAPPER.readValue(sealed, RunSettings.class);
            } catch (IOException unreadable) {
                problem += "; its recorded settings do not parse either";
            }
        }
        return new SealCheck(SealCheck.Kind.BROKEN, problem, settings);
    }

    private static boolean isEntry(String line) {
        return !line.startsWith("!") && !line.startsWith(SETTINGS);
    }

    private static byte[] lastChain(List<String> body) {
        for (int i = body.size() - 1; i >= 0; i--) {
            String line = body.get(i);
            if (isEntry(line)) {
                return HEX.parseHex(line.startsWith("-") ? line.substring(1) : line);
            }
        }
        return new byte[HASH];
    }

    private static byte[] link(MessageDigest sha, byte[] previous, byte[] line, int length) {
        sha.update(previous);
        sha.update(line, 0, length);
        return sha.digest();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** A seal file as read: its first sealed line and the lines after the header, or what does not parse. */
    private record Parsed(long first, List<String> body, String problem) {
        /** The last log line the entries account for. */
        long through() {
            return first - 1 + body.stream().filter(LogSeal::isEntry).count();
        }

        /** The settings the store last recorded here, as JSON; null when it recorded none. */
        String settings() {
            for (int i = body.size() - 1; i >= 0; i--) {
                if (body.get(i).startsWith(SETTINGS)) {
                    return body.get(i).substring(SETTINGS.length());
                }
            }
            return null;
        }

        /**
         * Whether {@code line} from {@code from} on is a hash in lower-case hex. A plain loop over the line's bytes: a
         * resume reads the seal of every line of its log (7,000 of them for a run of 1,000 tasks) before its first
         * task, once to decide what the log may loosen and once more as it opens the run, mostly in the interpreter;
         * a stream over each line's characters made that a tenth of the main thread's work up to the first claim, and
         * {@code charAt} (a few calls a character there) still an eighth.
         */
        static boolean isHash(String line, int from) {
            if (line.length() - from != 2 * HASH) {
                return false;
            }
            // a character beyond Latin-1 becomes '?', one within it but beyond ASCII a negative byte: neither is hex
            byte[] chars = line.getBytes(StandardCharsets.ISO_8859_1);
            for (int i = from; i < chars.length; i++) {
                byte c = chars[i];
                if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                    return false;
                }
            }
            return true;
        }

        /** Null when there is no seal file. */
        static Parsed read(Path file) throws IOException {
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                return null;
            } catch (java.nio.charset.MalformedInputException e) {
                return new Parsed(1, List.of(), "not UTF-8");
            }
            List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
            if (lines.get(lines.size() - 1).isEmpty()) {
                lines.remove(lines.size() - 1);
            } else if (lines.size() > 1) {
                lines.remove(lines.size() - 1); // a torn last entry: its line was never written either
            }
            if (lines.isEmpty() || !lines.get(0).startsWith(HEADER)) {
                return new Parsed(1, List.of(), "no header");
            }
            long first;
            try {
                first = Long.parseLong(lines.get(0).substring(HEADER.length()));
            } catch (NumberFormatException e) {
                return new Parsed(1, List.of(), "a bad header");
            }
            List<String> body = lines.subList(1, lines.size());
            for (int i = 0; i < body.size(); i++) {
                String line = body.get(i);
                if (first < 1 || isEntry(line) && !isHash(line, line.startsWith("-") ? 1 : 0)) {
                    return new Parsed(1, List.of(), "line " + (i + 2) + " is neither a hash nor a note");
                }
            }
            return new Parsed(first, List.copyOf(body), null);
        }
    }
}
