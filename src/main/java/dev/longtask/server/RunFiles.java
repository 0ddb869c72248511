package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.PostgresRunStores;
import dev.longtask.store.RunFigures;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.RunStores;
import dev.longtask.store.StoreException;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads runs without the writer lock and without changing a file: the state, the log from a sequence number, a
 * transcript page, the report. A line still being written (no newline yet) is not read. With a shared store the state,
 * the log and the transcripts come from its database (workers on other machines write them there); the report and
 * the notes are files of the run directory in the workspace either way, written by the process that schedules the run.
 */
final class RunFiles {
    private static final byte[] SEQ_PREFIX = "{\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] APPROVAL_TYPE = "\"type\":\"approval.".getBytes(StandardCharsets.US_ASCII);

    private final ObjectMapper json;
    private final RunStores stores;
    /** The database of a shared store, else null: the runs are the workspaces' files. */
    private final PostgresRunStores shared;
    /** Where the last read of a log ended: the next read after that seq starts there, not at byte 0. */
    private final Map<Path, Mark> marks = new ConcurrentHashMap<>();
    private final Map<Path, Cached> figures = new ConcurrentHashMap<>();
    private final Map<Path, CachedQuestions> questions = new ConcurrentHashMap<>();

    private record Mark(long seq, long offset) {
    }

    private record Cached(long size, long modified, RunFigures figures) {
    }

    private record CachedQuestions(long size, long modified, List<Asked> questions) {
    }

    /**
     * A question of a run as its log has it: the payloads of {@code approval.requested} and
     * {@code approval.answered} as written (the answer null while it waits), and when it was asked.
     */
    record Asked(int number, java.time.Instant askedAt, JsonNode question, JsonNode answer) {
        boolean waiting() {
            return answer == null;
        }
    }

    /** A page of a transcript: its entries from line {@code offset}, and where the next page starts. */
    record TranscriptPage(int offset, List<JsonNode> entries, Integer nextOffset) {
    }

    RunFiles(ObjectMapper json) {
        this(json, RunStores.files());
    }

    RunFiles(ObjectMapper json, RunStores stores) {
        this.json = json;
        this.stores = stores;
        this.shared = stores instanceof PostgresRunStores database ? database : null;
    }

    /** Where the run's files are: its projections, report and notes (the same path with a shared store). */
    static Path directory(Path workspace, String runId) {
        return FileRunStore.runsDirectory(workspace).resolve(runId);
    }

    boolean exists(Path workspace, String runId) {
        if (shared != null) {
            return workspaceOf(runId, List.of()).isPresent();
        }
        return Files.isRegularFile(directory(workspace, runId).resolve("events.jsonl"));
    }

    /**
     * Where run {@code runId} lives: the first of {@code candidates} that has it, or with a shared store the
     * workspace its creator recorded, whichever it is.
     */
    Optional<Path> workspaceOf(String runId, java.util.Collection<Path> candidates) {
        if (shared != null) {
            try {
                return Optional.of(shared.workspaceOf(runId));
            } catch (dev.longtask.store.NoSuchRunException e) {
                return Optional.empty();
            }
        }
        return candidates.stream().filter(ws -> exists(ws, runId)).findFirst();
    }

    /**
     * The runs of {@code workspaces} with the workspace of each, newest first per workspace; with a shared store
     * every run of its database when {@code all}, else those that work in one of {@code workspaces}.
     */
    Map<String, Path> runs(java.util.Collection<Path> workspaces, boolean all) {
        Map<String, Path> runs = new java.util.LinkedHashMap<>();
        if (shared != null) {
            shared.workspaces().forEach((id, ws) -> {
                if (all || workspaces.contains(ws)) {
                    runs.put(id, ws);
                }
            });
            return runs;
        }
        for (Path workspace : workspaces) {
            if (Files.isDirectory(workspace)) {
                FileRunStore.list(workspace).forEach(id -> runs.putIfAbsent(id, workspace));
            }
        }
        return runs;
    }

    /** Where the runs are kept, as messages name it. */
    String where(Path workspace) {
        return stores.where(workspace);
    }

    RunSnapshot snapshot(Path workspace, String runId) {
        return stores.read(workspace, runId);
    }

    /** The run's figures, read again only when its log has changed. */
    RunFigures figures(Path workspace, String runId) {
        if (shared != null) {
            return figuresOfShared(workspace, runId);
        }
        Path log = directory(workspace, runId).resolve("events.jsonl");
        try {
            BasicFileAttributes attributes = Files.readAttributes(log, BasicFileAttributes.class);
            Cached cached = figures.get(log);
            if (cached != null && cached.size == attributes.size()
                    && cached.modified == attributes.lastModifiedTime().toMillis()) {
                return cached.figures;
            }
            RunFigures fresh = snapshot(workspace, runId).figures();
            figures.put(log, new Cached(attributes.size(), attributes.lastModifiedTime().toMillis(), fresh));
            return fresh;
        } catch (NoSuchFileException e) {
            return snapshot(workspace, runId).figures();
        } catch (IOException e) {
            throw new StoreException("cannot read " + log + ": " + e.getMessage(), e);
        }
    }

    private RunFigures figuresOfShared(Path workspace, String runId) {
        long seq = shared.lastSeq(runId);
        Path key = Path.of(runId);
        Cached cached = figures.get(key);
        if (cached != null && cached.size == seq) {
            return cached.figures;
        }
        RunFigures fresh = stores.read(workspace, runId).figures();
        figures.put(key, new Cached(fresh.lastSeq(), 0, fresh));
        return fresh;
    }

    /** The run's approval questions in order (number 1 first), read again only when its log has changed. */
    List<Asked> questions(Path workspace, String runId) {
        if (shared != null) {
            long seq = shared.lastSeq(runId);
            Path key = Path.of(runId);
            CachedQuestions cached = questions.get(key);
            if (cached != null && cached.size == seq) {
                return cached.questions;
            }
            Asking asking = new Asking();
            for (Event event : shared.events(runId, 0, type -> type.startsWith("approval."))) {
                asking.add(event);
            }
            questions.put(key, new CachedQuestions(seq, 0, asking.found()));
            return asking.found();
        }
        Path log = directory(workspace, runId).resolve("events.jsonl");
        try {
            BasicFileAttributes attributes = Files.readAttributes(log, BasicFileAttributes.class);
            CachedQuestions cached = questions.get(log);
            if (cached != null && cached.size == attributes.size()
                    && cached.modified == attributes.lastModifiedTime().toMillis()) {
                return cached.questions;
            }
            List<Asked> fresh = readQuestions(log);
            questions.put(log, new CachedQuestions(attributes.size(), attributes.lastModifiedTime().toMillis(), fresh));
            return fresh;
        } catch (NoSuchFileException e) {
            throw new dev.longtask.store.NoSuchRunException(runId, FileRunStore.runsDirectory(workspace));
        } catch (IOException e) {
            throw new StoreException("cannot read " + log + ": " + e.getMessage(), e);
        }
    }

    /** Parses only the lines that mention an approval: a long log of other events costs one pass over its bytes. */
    private List<Asked> readQuestions(Path log) throws IOException {
        Asking asking = new Asking();
        try (InputStream in = new BufferedInputStream(new FileInputStream(log.toFile()), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            for (; readLine(in, line); line.reset()) {
                byte[] bytes = line.toByteArray();
                if (contains(bytes, APPROVAL_TYPE)) {
                    asking.add(json.readValue(bytes, Event.class));
                }
            }
        }
        return asking.found();
    }

    /** The questions of a log, from its approval events in order. */
    private static final class Asking {
        private final List<Asked> found = new ArrayList<>();

        void add(Event event) {
            int number = event.data().path("id").asInt();
            if (EventType.APPROVAL_REQUESTED.equals(event.type()) && number == found.size() + 1) {
                found.add(new Asked(number, event.time(), event.data(), null));
            } else if (EventType.APPROVAL_ANSWERED.equals(event.type()) && number >= 1 && number <= found.size()
                    && found.get(number - 1).waiting()) {
                Asked asked = found.get(number - 1);
                found.set(number - 1, new Asked(number, asked.askedAt(), asked.question(), event.data()));
            }
        }

        List<Asked> found() {
            return List.copyOf(found);
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Up to {@code limit} events with a sequence number above {@code after}, in order. */
    List<Event> eventsAfter(Path workspace, String runId, long after, int limit) {
        if (shared != null) {
            List<Event> events = stores.events(workspace, runId, after);
            return events.size() > limit ? List.copyOf(events.subList(0, limit)) : events;
        }
        Path log = directory(workspace, runId).resolve("events.jsonl");
        Mark mark = marks.get(log);
        Mark start = mark != null && mark.seq <= after ? mark : new Mark(0, 0);
        List<Event> events = new ArrayList<>();
        long offset = start.offset;
        long lastSeq = start.seq;
        try (InputStream in = new BufferedInputStream(new FileInputStream(log.toFile()), 1 << 16)) {
            in.skipNBytes(start.offset);
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            while (events.size() < limit) {
                line.reset();
                if (!readLine(in, line)) {
                    break;
                }
                byte[] bytes = line.toByteArray();
                long seq = seqOf(bytes);
                if (seq > after) {
                    events.add(json.readValue(bytes, Event.class));
                }
                offset += bytes.length + 1;
                lastSeq = seq;
            }
        } catch (NoSuchFileException e) {
            throw new dev.longtask.store.NoSuchRunException(runId, FileRunStore.runsDirectory(workspace));
        } catch (IOException e) {
            throw new StoreException("cannot read " + log + ": " + e.getMessage(), e);
        }
        if (lastSeq > 0) {
            marks.put(log, new Mark(lastSeq, offset));
        }
        return events;
    }

    /** The log's size in bytes, or -1 when it cannot be read: a cheap way to tell whether it has grown. */
    long logSize(Path workspace, String runId) {
        if (shared != null) {
            try {
                return shared.lastSeq(runId);
            } catch (RuntimeException e) {
                return -1;
            }
        }
        try {
            return Files.size(directory(workspace, runId).resolve("events.jsonl"));
        } catch (IOException e) {
            return -1;
        }
    }

    /** The seq of the last complete event in the log. */
    long lastSeq(Path workspace, String runId) {
        if (shared != null) {
            return shared.lastSeq(runId);
        }
        eventsAfter(workspace, runId, Long.MAX_VALUE, 1);
        Mark mark = marks.get(directory(workspace, runId).resolve("events.jsonl"));
        return mark == null ? 0 : mark.seq;
    }

    /** Entries {@code offset} to {@code offset + limit} of {@code transcripts/task_<id>.jsonl}. */
    TranscriptPage transcript(Path workspace, String runId, int taskId, int offset, int limit) {
        if (shared != null) {
            List<JsonNode> lines = shared.transcript(runId, "task_" + taskId, offset, limit + 1);
            boolean more = lines.size() > limit;
            List<JsonNode> entries = more ? List.copyOf(lines.subList(0, limit)) : lines;
            return new TranscriptPage(offset, entries, more ? offset + entries.size() : null);
        }
        Path file = directory(workspace, runId).resolve("transcripts").resolve("task_" + taskId + ".jsonl");
        List<JsonNode> entries = new ArrayList<>();
        boolean more = false;
        try (InputStream in = new BufferedInputStream(new FileInputStream(file.toFile()), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(1024);
            for (int index = 0; readLine(in, line); index++, line.reset()) {
                if (index < offset) {
                    continue;
                }
                if (entries.size() == limit) {
                    more = true;
                    break;
                }
                entries.add(json.readTree(line.toByteArray()));
            }
        } catch (java.io.FileNotFoundException e) {
            return new TranscriptPage(offset, List.of(), null);
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return new TranscriptPage(offset, entries, more ? offset + entries.size() : null);
    }

    boolean hasReport(Path workspace, String runId) {
        return Files.isRegularFile(directory(workspace, runId).resolve("report.md"));
    }

    /** {@code report.md} and {@code final_result.json}, once the run has written them. */
    Optional<Report> report(Path workspace, String runId) {
        Path dir = directory(workspace, runId);
        try {
            String markdown = Files.readString(dir.resolve("report.md"));
            Path result = dir.resolve("final_result.json");
            JsonNode finalResult = Files.isRegularFile(result) ? json.readTree(result.toFile()) : null;
            return Optional.of(new Report(markdown, finalResult));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new StoreException("cannot read the report of run " + runId + ": " + e.getMessage(), e);
        }
    }

    record Report(String markdown, JsonNode finalResult) {
    }

    /** The notes a run keeps beside its log, by the name the API gives them. */
    static final Map<String, String> NOTES = Map.of("findings", "findings.md", "progress", "progress.md",
            "plan", "task_plan.md");

    /** One of {@link #NOTES}, once the run has written it. */
    Optional<String> note(Path workspace, String runId, String file) {
        Path path = directory(workspace, runId).resolve(file);
        try {
            return Optional.of(Files.readString(path));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new StoreException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Reads one line without its newline; false at the end, and for a last line with no newline yet. */
    private static boolean readLine(InputStream in, ByteArrayOutputStream line) throws IOException {
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                return true;
            }
            line.write(b);
        }
        return false;
    }

    /** The seq of a log line, read from its first field without parsing the rest. */
    private long seqOf(byte[] line) throws IOException {
        boolean prefixed = line.length > SEQ_PREFIX.length;
        for (int i = 0; prefixed && i < SEQ_PREFIX.length; i++) {
            prefixed = line[i] == SEQ_PREFIX[i];
        }
        if (!prefixed) {
            return json.readValue(line, Event.class).seq();
        }
        long seq = 0;
        for (int i = SEQ_PREFIX.length; i < line.length && line[i] >= '0' && line[i] <= '9'; i++) {
            seq = seq * 10 + (line[i] - '0');
        }
        return seq;
    }
}
