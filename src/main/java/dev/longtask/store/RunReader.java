package dev.longtask.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.TaskResult;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunNote;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.SharedRunStores;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.TranscriptPage;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads runs for a process that reads them often and writes none (a server, a dashboard): the log from a sequence
 * number, the approval events, a page of a transcript, the report and the notes, and a version that changes whenever
 * a run's log grows. Never takes the writer lock, never changes a file; a line still being written (no newline yet) is
 * not read. With a shared store the log and the transcripts come from its database (workers on other machines write
 * them there); the report and the notes are files of the run directory in the workspace either way, written by the
 * process that schedules the run. Keeps, per log, where its last read ended, so the next read after that seq starts
 * there and not at byte 0: make one per reading process and keep it.
 */
public final class RunReader {
    private static final byte[] SEQ_PREFIX = "{\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] APPROVAL_TYPE = "\"type\":\"approval.".getBytes(StandardCharsets.US_ASCII);

    private record Mark(long seq, long offset) {
    }

    private final ObjectMapper json = JsonMapping.MAPPER;
    private final RunStores stores;
    /** The database of a shared store, else null: the runs are the workspaces' files. */
    private final SharedRunStores shared;
    /** Where the last read of a log ended: the next read after that seq starts there, not at byte 0. */
    private final Map<Path, Mark> marks = new ConcurrentHashMap<>();
    /** Each runs directory's names as last listed, with its modification time then. */
    private final Map<Path, Listing> listings = new ConcurrentHashMap<>();

    private static final String[] NO_IDS = {};
    private static final long RACY_MILLIS = 2_000;

    private record Listing(java.nio.file.attribute.FileTime modified, long listedAt, String[] ids) {
    }

    public RunReader(RunStores stores) {
        this.stores = stores;
        this.shared = stores instanceof SharedRunStores database ? database : null;
    }

    /** True when {@code workspace} (or, for a shared store, the database) has run {@code runId}. */
    public boolean exists(Path workspace, String runId) {
        if (shared != null) {
            return workspaceOf(runId, List.of()).isPresent();
        }
        return Files.isRegularFile(RunLayout.of(workspace, runId).events());
    }

    /**
     * Where run {@code runId} lives: the first of {@code candidates} that has it, or with a shared store the
     * workspace its creator recorded, whichever it is.
     */
    public Optional<Path> workspaceOf(String runId, Collection<Path> candidates) {
        if (shared != null) {
            try {
                return Optional.of(shared.workspaceOf(runId));
            } catch (NoSuchRunException e) {
                return Optional.empty();
            }
        }
        return candidates.stream().filter(ws -> exists(ws, runId)).findFirst();
    }

    /**
     * The runs of {@code workspaces} with the workspace of each, newest first per workspace; with a shared store
     * every run of its database when {@code all}, else those that work in one of {@code workspaces}.
     */
    public Map<String, Path> runs(Collection<Path> workspaces, boolean all) {
        Map<String, Path> runs = new LinkedHashMap<>();
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
                stores.list(workspace).forEach(id -> runs.putIfAbsent(id, workspace));
            }
        }
        return runs;
    }

    /**
     * Up to {@code limit} runs whose ids sort before {@code before} (from the greatest when null), greatest first:
     * ids {@link RunIds#newId} makes begin with their creation time, so that is newest first, and a run made while a
     * client pages does not move the pages after the first. Ids compare as Java strings (by UTF-16 unit; the
     * characters a run id may hold are ASCII), in every store. A file store keeps the runs directories' names (listed
     * again when one changed) and reads (one stat) only the runs the page returns; a shared store asks one indexed query. The workspaces and
     * {@code all} are as {@link #runs}: a run in two workspaces is listed once, in the first.
     */
    public List<ListedRun> page(Collection<Path> workspaces, boolean all, String before, int limit) {
        if (shared != null) {
            return shared.page(before, limit, all ? null : workspaces);
        }
        List<Path> places = List.copyOf(workspaces);
        String[][] ids = new String[places.size()][];
        int[] next = new int[places.size()];
        for (int w = 0; w < ids.length; w++) {
            ids[w] = runIds(places.get(w));
            next[w] = before == null ? 0 : firstBelow(ids[w], before);
        }
        List<ListedRun> page = new ArrayList<>(Math.min(limit, 64));
        String last = null;
        while (page.size() < limit) {
            int from = -1; // the workspace whose next id is the greatest (the first such: a run is listed in the first)
            for (int w = 0; w < ids.length; w++) {
                if (next[w] < ids[w].length && (from < 0 || ids[w][next[w]].compareTo(ids[from][next[from]]) > 0)) {
                    from = w;
                }
            }
            if (from < 0) {
                break;
            }
            String id = ids[from][next[from]++];
            if (id.equals(last)) {
                continue;
            }
            last = id;
            // a directory without a log, or with an empty one, is no run yet: its creation has not written the first
            // event
            long version = fileVersion(RunLayout.of(places.get(from), id).events());
            if (version >= 1_000) {
                page.add(new ListedRun(id, places.get(from), version));
            }
        }
        return page;
    }

    /** Where the ids below {@code before} begin in {@code ids} (greatest first). */
    private static int firstBelow(String[] ids, String before) {
        int found = java.util.Arrays.binarySearch(ids, before, java.util.Comparator.reverseOrder());
        return found >= 0 ? found + 1 : -found - 1;
    }

    /**
     * The names of the workspace's runs directory that can be run ids, greatest first: listed again only when the
     * directory changed (a run made or removed changes its modification time), so a page over ten thousand runs
     * costs one stat of it. A listing made within {@link #RACY_MILLIS} of the directory's last change is not trusted
     * (a run made in the same tick of the file system's clock would not change the time it shows), as Git does with
     * its index.
     */
    private String[] runIds(Path workspace) {
        Path runs = RunLayout.runs(workspace);
        java.nio.file.attribute.FileTime modified;
        try {
            java.nio.file.attribute.BasicFileAttributes stat = Files.readAttributes(runs,
                    java.nio.file.attribute.BasicFileAttributes.class);
            if (!stat.isDirectory()) {
                return NO_IDS;
            }
            modified = stat.lastModifiedTime();
        } catch (IOException e) {
            return NO_IDS;
        }
        Listing cached = listings.get(runs);
        if (cached != null && cached.modified.equals(modified) && modified.toMillis() < cached.listedAt - RACY_MILLIS) {
            return cached.ids;
        }
        long listedAt = System.currentTimeMillis();
        String[] names = runs.toFile().list();
        if (names == null) {
            throw new StoreException("cannot list " + runs + ": it cannot be read");
        }
        String[] ids = java.util.Arrays.stream(names).filter(id -> RunIds.VALID.matcher(id).matches())
                .sorted(java.util.Comparator.reverseOrder()).toArray(String[]::new);
        listings.put(runs, new Listing(modified, listedAt, ids));
        return ids;
    }

    /**
     * A number that changes whenever the run's log grows (its length in bytes, or with a shared store its last seq),
     * or -1 when it cannot be read: what a cache of a run's figures is keyed on.
     */
    public long version(Path workspace, String runId) {
        if (shared != null) {
            try {
                return shared.lastSeq(runId);
            } catch (RuntimeException e) {
                return -1;
            }
        }
        return fileVersion(RunLayout.of(workspace, runId).events());
    }

    /** The log's length and the milliseconds of its modification time, from one stat; -1 when it is no file. */
    private static long fileVersion(Path log) {
        try {
            java.nio.file.attribute.BasicFileAttributes stat = Files.readAttributes(log,
                    java.nio.file.attribute.BasicFileAttributes.class);
            return stat.isRegularFile() ? stat.size() * 1_000 + stat.lastModifiedTime().toMillis() % 1_000 : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** The run's approval events ({@code approval.requested}, {@code approval.answered}), in order. */
    public List<Event> approvalEvents(Path workspace, String runId) {
        if (shared != null) {
            return shared.events(runId, 0, type -> type.startsWith("approval.")).stream()
                    .filter(e -> e.type().startsWith("approval.")).toList();
        }
        Path log = RunLayout.of(workspace, runId).events();
        List<Event> found = new ArrayList<>();
        // Parses only the lines that mention an approval: a long log of other events costs one pass over its bytes.
        try (InputStream in = new BufferedInputStream(new FileInputStream(log.toFile()), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            for (; readLine(in, line); line.reset()) {
                byte[] bytes = line.toByteArray();
                if (contains(bytes, APPROVAL_TYPE)) {
                    found.add(json.readValue(bytes, Event.class));
                }
            }
        } catch (FileNotFoundException | NoSuchFileException e) {
            throw new NoSuchRunException(runId, RunLayout.runs(workspace));
        } catch (IOException e) {
            throw new StoreException("cannot read " + log + ": " + e.getMessage(), e);
        }
        return found;
    }

    /** Up to {@code limit} events with a sequence number above {@code after}, in order. */
    public List<Event> eventsAfter(Path workspace, String runId, long after, int limit) {
        if (shared != null) {
            List<Event> events = stores.events(workspace, runId, after);
            return events.size() > limit ? List.copyOf(events.subList(0, limit)) : events;
        }
        Path log = RunLayout.of(workspace, runId).events();
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
        } catch (FileNotFoundException | NoSuchFileException e) {
            throw new NoSuchRunException(runId, RunLayout.runs(workspace));
        } catch (IOException e) {
            throw new StoreException("cannot read " + log + ": " + e.getMessage(), e);
        }
        if (lastSeq > 0) {
            marks.put(log, new Mark(lastSeq, offset));
        }
        return events;
    }

    /** The seq of the last complete event in the log. */
    public long lastSeq(Path workspace, String runId) {
        if (shared != null) {
            return shared.lastSeq(runId);
        }
        eventsAfter(workspace, runId, Long.MAX_VALUE, 1);
        Mark mark = marks.get(RunLayout.of(workspace, runId).events());
        return mark == null ? 0 : mark.seq;
    }

    /** Entries {@code offset} to {@code offset + limit} of task {@code taskId}'s transcript. */
    public TranscriptPage taskTranscript(Path workspace, String runId, int taskId, int offset, int limit) {
        return transcript(workspace, runId, RunLayout.taskTranscript(taskId), offset, limit);
    }

    /** Entries {@code offset} to {@code offset + limit} of transcript {@code name} ({@code task_3}, ...). */
    public TranscriptPage transcript(Path workspace, String runId, String name, int offset, int limit) {
        if (shared != null) {
            List<JsonNode> lines = shared.transcript(runId, name, offset, limit + 1);
            boolean more = lines.size() > limit;
            List<JsonNode> entries = more ? List.copyOf(lines.subList(0, limit)) : lines;
            return new TranscriptPage(offset, entries, more ? offset + entries.size() : null);
        }
        Path file = RunLayout.of(workspace, runId).transcript(name);
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
        } catch (FileNotFoundException e) {
            return new TranscriptPage(offset, List.of(), null);
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return new TranscriptPage(offset, entries, more ? offset + entries.size() : null);
    }

    /**
     * The whole of transcript {@code name} ({@code task_3}, {@code planner_session_1}) as JSON lines, each ended by a
     * newline; empty when the run has none of that name. A file run's as its file holds it; a shared store's from its
     * database, where its workers wrote it.
     */
    public Optional<String> transcriptText(Path workspace, String runId, String name) {
        if (shared == null) {
            return text(RunLayout.of(workspace, runId).transcript(name));
        }
        List<JsonNode> lines = shared.transcript(runId, name, 0, Integer.MAX_VALUE);
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode line : lines) {
            try {
                text.append(json.writeValueAsString(line)).append('\n');
            } catch (IOException e) {
                throw new StoreException("cannot read transcript " + name + " of run " + runId + ": " + e.getMessage(),
                        e);
            }
        }
        return Optional.of(text.toString());
    }

    /** Whether the run has written its report. */
    public boolean hasReport(Path workspace, String runId) {
        return Files.isRegularFile(RunLayout.of(workspace, runId).report());
    }

    /** The text of {@code report.md}, once the run has written it. */
    public Optional<String> report(Path workspace, String runId) {
        return file(workspace, runId, RunFile.REPORT);
    }

    /** The text of {@code final_result.json}, once the run has written it. */
    public Optional<String> finalResultText(Path workspace, String runId) {
        return file(workspace, runId, RunFile.FINAL_RESULT);
    }

    /** Where {@code file} of the run is (or will be), written or not: to show a person, never to read it. */
    public Path where(Path workspace, String runId, RunFile file) {
        return RunLayout.of(workspace, runId).file(file);
    }

    /**
     * The text of {@code file} as the run last wrote it, empty when it has not: a file of the run directory in the
     * workspace with either store, written by the process that ends the run.
     */
    public Optional<String> file(Path workspace, String runId, RunFile file) {
        return text(RunLayout.of(workspace, runId).file(file));
    }

    /** {@code final_result.json}, once the run has written it. */
    public Optional<JsonNode> finalResult(Path workspace, String runId) {
        Path file = RunLayout.of(workspace, runId).finalResult();
        return text(file).map(text -> {
            try {
                return json.readTree(text);
            } catch (IOException e) {
                throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
            }
        });
    }

    /** One of the run's notes, once the run has written it. */
    public Optional<String> note(Path workspace, String runId, RunNote note) {
        String file = switch (note) {
            case PLAN -> RunLayout.PLAN_FILE;
            case FINDINGS -> RunLayout.FINDINGS_FILE;
            case PROGRESS -> RunLayout.PROGRESS_FILE;
        };
        return text(RunLayout.of(workspace, runId).directory().resolve(file));
    }

    /** Task {@code taskId}'s result, once the task has ended. */
    public Optional<TaskResult> result(Path workspace, String runId, int taskId) {
        return ResultFiles.read(RunLayout.of(workspace, runId), taskId);
    }

    /** The text of {@code file}; empty when there is no such file. */
    static Optional<String> text(Path file) {
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
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
