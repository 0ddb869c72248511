package dev.longtask.tools.undo;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.longtask.model.JsonMapping;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The write-ahead record of one run's changes to the workspace, {@code .longtask/shadow/journal/<run>.jsonl}: before a
 * task's {@code write}, {@code edit} or {@code bash} can change a file, the content it had is stored and a line saying
 * so is on disk (fsynced, under a file lock so that processes sharing the workspace append whole lines). Line order
 * is the order things happened. A torn last line (a crash mid-append) is skipped on reading.
 */
final class ChangeJournal {
    /** What a line records; see {@link Entry}. */
    enum Op { START, TOUCH, BASH, BASH_END, END, UNDONE }

    /**
     * One line. {@code START}: an attempt of {@code task} began, the workspace as it found it in {@code tree}.
     * {@code TOUCH}: the attempt is about to change {@code path} (through {@code by}), whose content was {@code before}
     * (null: absent). {@code BASH}: a shell command starts on the workspace {@code tree}. {@code END}: the attempt ended
     * with {@code changes} and the workspace as it left it in {@code tree}, kept by {@code commit}. {@code UNDONE}: the
     * changes of {@code attempts} were undone ({@code why}: retry, cancel, rollback).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Entry(Op op, int task, Integer attempt, String path, String before, String mode, String by, String tree,
                 String commit, List<Change> changes, List<Integer> attempts, String why, List<String> kept,
                 Long at) {
    }

    private final Path file;
    /** The lines as this process last read or wrote them, with the file's size then (-1: read it again). */
    private List<Entry> entries;
    private long knownSize = -1;
    private JournalView view;
    /**
     * This process's appends so far (counted under this object's lock once their lines are written), and how many of
     * them are on disk (guarded by {@link #syncing}).
     */
    private volatile long appended;
    private long synced;
    private final Object syncing = new Object();

    ChangeJournal(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    void append(Entry entry) throws IOException {
        append(List.of(entry), true);
    }

    void append(List<Entry> entries) throws IOException {
        append(entries, true);
    }

    /**
     * Appends a line that need not be on disk before this returns: the next durable append (or the system's own
     * writeback) carries it. For lines whose loss in a power failure costs nothing undo needs: an attempt's start
     * (a touch, fsynced, follows it before anything changes) and its end (the contents it names are fsynced first).
     */
    void appendLazily(Entry entry) throws IOException {
        append(List.of(entry), false);
    }

    /**
     * Appends {@code entries}, then ({@code durable}) waits for an fsync that covers them. The lines are written under
     * this object's lock and the file's; the fsync is taken outside both, and one fsync covers every line written
     * before it began, so tasks appending at the same moment share one instead of taking theirs in turn (group commit).
     */
    private void append(List<Entry> added, boolean durable) throws IOException {
        long mine = write(added);
        if (durable) {
            awaitDurable(mine);
        }
    }

    /** Writes {@code added} at the journal's end, whole, and answers their number in this process's appends. */
    private synchronized long write(List<Entry> added) throws IOException {
        StringBuilder text = new StringBuilder();
        added.forEach(entry -> text.append(toJson(entry)).append('\n'));
        byte[] line = text.toString().getBytes(StandardCharsets.UTF_8);
        try (FileChannel channel = openForAppend(); FileLock lock = channel.lock()) {
            boolean current = entries != null && channel.size() == knownSize;
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            if (current) {
                knownSize = channel.size();
                for (Entry entry : added) {
                    entries.add(entry);
                    if (view != null) {
                        view.add(entry);
                    }
                }
            } else {
                knownSize = -1; // another process wrote too (a rollback): read the file again when asked
            }
        }
        return ++appended;
    }

    /**
     * Returns once append number {@code mine} is on disk: at once when an fsync begun after it was written has ended,
     * else after one more, taken by this thread for every line written so far (the other threads waiting meanwhile).
     */
    private void awaitDurable(long mine) throws IOException {
        synchronized (syncing) {
            if (synced >= mine) {
                return;
            }
            long upTo = appended; // not this object's lock: a caller holding it (an undo) may be waiting for ours
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.force(false);
            }
            synced = upTo;
        }
    }

    /** The journal open for appending; its directory made only when it is not there (not looked for every time). */
    private FileChannel openForAppend() throws IOException {
        try {
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (NoSuchFileException e) {
            Files.createDirectories(file.getParent());
            return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        }
    }

    /**
     * The journal's lines. Kept in memory by this process: the file is read again only when another process has
     * written to it since (its size says so), so a long run does not read its whole journal at each task.
     */
    synchronized List<Entry> read() throws IOException {
        long size = Files.exists(file) ? Files.size(file) : 0;
        if (entries == null || size != knownSize) {
            entries = parse();
            knownSize = size;
            view = null;
        }
        return Collections.unmodifiableList(entries);
    }

    /** The journal read back, kept up to date line by line as this process appends. */
    synchronized JournalView view() throws IOException {
        List<Entry> lines = read();
        if (view == null) {
            view = new JournalView(lines);
        }
        return view;
    }

    private List<Entry> parse() throws IOException {
        List<Entry> parsed = new ArrayList<>();
        if (!Files.exists(file)) {
            return parsed;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                parsed.add(JsonMapping.MAPPER.readValue(line, Entry.class));
            } catch (JsonProcessingException torn) {
                // a crash mid-append: the line never counted
            }
        }
        return parsed;
    }

    /**
     * A line's JSON, written field by field: the bytes Jackson's mapping of {@link Entry} gives (its components in
     * order, nulls left out), without its reflective calls of each component's accessor (ChangeJournalTest compares).
     */
    static String toJson(Entry entry) {
        StringWriter text = new StringWriter(160);
        try (JsonGenerator json = JsonMapping.MAPPER.getFactory().createGenerator(text)) {
            json.writeStartObject();
            json.writeStringField("op", entry.op().name());
            json.writeNumberField("task", entry.task());
            if (entry.attempt() != null) {
                json.writeNumberField("attempt", entry.attempt().intValue());
            }
            field(json, "path", entry.path());
            field(json, "before", entry.before());
            field(json, "mode", entry.mode());
            field(json, "by", entry.by());
            field(json, "tree", entry.tree());
            field(json, "commit", entry.commit());
            if (entry.changes() != null) {
                json.writeArrayFieldStart("changes");
                for (Change change : entry.changes()) {
                    json.writeStartObject();
                    field(json, "path", change.path());
                    field(json, "before", change.before());
                    field(json, "after", change.after());
                    field(json, "beforeMode", change.beforeMode());
                    field(json, "afterMode", change.afterMode());
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            if (entry.attempts() != null) {
                json.writeArrayFieldStart("attempts");
                for (Integer attempt : entry.attempts()) {
                    json.writeNumber(attempt.intValue());
                }
                json.writeEndArray();
            }
            field(json, "why", entry.why());
            if (entry.kept() != null) {
                json.writeArrayFieldStart("kept");
                for (String kept : entry.kept()) {
                    json.writeString(kept);
                }
                json.writeEndArray();
            }
            if (entry.at() != null) {
                json.writeNumberField("at", entry.at().longValue());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringWriter does not fail
        }
        return text.toString();
    }

    private static void field(JsonGenerator json, String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }
}
