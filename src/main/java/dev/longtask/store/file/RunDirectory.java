package dev.longtask.store.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Run;
import dev.longtask.store.AtomicFiles;
import dev.longtask.model.run.CorruptRunException;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.store.ProjectionSums;
import dev.longtask.store.Projector;
import dev.longtask.model.run.RunFigures;
import dev.longtask.store.RunIds;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.RunState;
import dev.longtask.store.StateReader;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.TaskCounts;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The run directories of a workspace as files: where they are, how runs are named and listed, and how a run's state
 * is loaded from its log (newest good checkpoint plus the events after it) without taking the writer lock.
 * {@link FileRunStore} opens a run for writing on top of this.
 */
final class RunDirectory {
    private static final Pattern RUN_ID = RunIds.VALID;
    private static final JsonFactory STREAMS = new JsonFactory();
    
    private RunDirectory() {
    }

    /**
     * Makes the shared mapper's readers of what a read of a run binds through it (the log's events after the
     * checkpoint, run.json) now rather than at the first read. Reads no file. (A checkpoint is bound by hand:
     * {@link dev.longtask.store.StateReader}.)
     */
    static void prepareReading() {
        // First: BigDecimal's class initialisation, which every first JSON parser runs (Jackson's parsers keep
        // BigDecimal bounds), costs 15-50 ms on JDK 25 (0.5 on 17); begun here, it is done while the command line
        // is parsed rather than in the command's first read of run.json
        java.math.BigDecimal.ONE.signum();
        ObjectMapper json = JsonMapping.MAPPER;
        json.readerFor(Event.class);
        json.readerFor(Run.class);
        json.readerFor(TaskCounts.class);
    }

    /**
     * Reads a run without taking the writer lock and without changing any file: the state from the newest good
     * checkpoint plus the events after it (a torn last line is ignored). Also checks that every task file and
     * run.json parse, so a damaged projection is reported rather than silently shown around.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the file (and line) that cannot be trusted
     */
    static RunSnapshot read(Path workspace, String runId) {
        Path dir = existing(workspace, runId);
        ObjectMapper json = JsonMapping.MAPPER;
        try {
            Loaded loaded = load(dir, runId, json);
            checkProjectionsParse(dir, json, ProjectionSums.load(dir, loaded.state().lastSeq(),
                    loaded.shape().validLength(), loaded.state().tasks().size()));
            return new RunSnapshot(dir, loaded.state().run(), loaded.state().tasks(), loaded.state().approvals(),
                    loaded.state().permissions(), loaded.state().history());
        } catch (IOException e) {
            throw new StoreException("cannot read run " + runId + " in " + dir + ": " + e, e);
        }
    }

    /**
     * The figures of a run as {@code runs} lists them, from {@code run.json} alone when it was written at the log's
     * current end (its {@code log_bytes} is the log's length: a run that is closed, or whose last events all
     * changed it); otherwise as {@link #read} computes them. Takes no lock and changes nothing.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the file (and line) that cannot be trusted
     */
    static RunFigures figures(Path workspace, String runId) {
        Path dir = existing(workspace, runId);
        // bound by hand: `runs` reads one of these per run, and the mapper's readers cost more than all of them
        ByHand file = ByHand.read(dir);
        if (file != null) {
            return file.current() ? RunFigures.of(file.run().run(), file.run().counts())
                    : read(workspace, runId).figures();
        }
        JsonNode current = currentRunFile(dir);
        if (current != null) {
            try {
                return RunFigures.of(JsonMapping.MAPPER.treeToValue(current, Run.class),
                        JsonMapping.MAPPER.treeToValue(current.get(TaskCounts.FIELD), TaskCounts.class));
            } catch (IOException | RuntimeException notAsExpected) {
                // read says what is wrong
            }
        }
        return read(workspace, runId).figures();
    }

    /** The run as its last event left it: from {@code run.json} when it is current, else from the log. */
    static Run run(Path workspace, String runId) {
        Path dir = existing(workspace, runId);
        // bound by hand, as for `runs`: a resume reads the run twice before it opens it, and the mapper's first
        // readers of a Run, made by reflection on a cold JVM, cost more than the rest of both reads
        ByHand file = ByHand.read(dir);
        if (file != null && file.current()) {
            return file.run().run();
        }
        JsonNode current = file != null ? null : currentRunFile(dir);
        if (current != null) {
            try {
                return JsonMapping.MAPPER.treeToValue(current, Run.class);
            } catch (IOException | RuntimeException notAsExpected) {
                // the log says
            }
        }
        // From the log alone, not through read's check of the projections: a caller about to open the run for
        // writing (resume) must not be refused over a damaged task file that opening rebuilds.
        try {
            return load(dir, runId, JsonMapping.MAPPER).state().run();
        } catch (IOException e) {
            throw new StoreException("cannot read run " + runId + " in " + dir + ": " + e, e);
        }
    }

    /** {@code run.json} bound by hand, and the length of the log beside it. */
    private record ByHand(StateReader.RunFile run, long logLength) {
        /** Null when it is missing, garbled, or in a form only the mapper reads (the caller does as before). */
        static ByHand read(Path dir) {
            try {
                long logLength = Files.size(dir.resolve(RunLayout.EVENTS));
                return new ByHand(new StateReader().runFile(AtomicFiles.readAll(dir.resolve(RunLayout.RUN_FILE))),
                        logLength);
            } catch (StateReader.Unexpected | IOException | RuntimeException leftToTheMapper) {
                return null;
            }
        }

        /** Written at the log's current end, with its tasks' counts: exact. */
        boolean current() {
            return run.logBytes() == logLength && run.counts() != null;
        }
    }

    /** run.json when it was written at the log's current end (so it is exact), else null. */
    private static JsonNode currentRunFile(Path dir) {
        try {
            long logLength = Files.size(dir.resolve(RunLayout.EVENTS));
            JsonNode node = JsonMapping.MAPPER.readTree(AtomicFiles.readAll(dir.resolve(RunLayout.RUN_FILE)));
            if (node != null && node.path(Projector.LOG_BYTES).asLong(-1) == logLength
                    && node.path(TaskCounts.FIELD).isObject()) {
                return node;
            }
        } catch (IOException | RuntimeException notCurrent) {
            // missing, older, garbled or behind: the log says
        }
        return null;
    }

    /**
     * The events of a run after {@code afterSeq}, read without the writer lock and without changing anything; a
     * line being written (a torn last line) is left out.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the line that cannot be read
     */
    static List<Event> events(Path workspace, String runId, long afterSeq) {
        Path dir = existing(workspace, runId);
        ObjectMapper json = JsonMapping.MAPPER;
        List<Event> events = new ArrayList<>();
        try {
            LogScan.replayAfter(dir.resolve(RunLayout.EVENTS), json, afterSeq, (seq, bytes, event) -> events.add(event));
        } catch (IOException e) {
            throw new StoreException("cannot read the events of run " + runId + " in " + dir + ": " + e, e);
        }
        return events;
    }

    /** The run ids of a workspace, newest first (by the time of their run.created event). */
    static List<String> list(Path workspace) {
        RunLayout.requireWorkspace(workspace);
        Path runs = RunLayout.runs(workspace);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        record Entry(String id, Instant created) {
        }
        List<Entry> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(runs)) {
            for (Path dir : stream) {
                String id = dir.getFileName().toString();
                if (Files.isRegularFile(dir.resolve(RunLayout.EVENTS)) && RUN_ID.matcher(id).matches()) {
                    entries.add(new Entry(id, createdTime(dir)));
                }
            }
        } catch (IOException e) {
            throw new StoreException("cannot list " + runs + ": " + e, e);
        }
        entries.sort(Comparator.comparing(Entry::created).thenComparing(Entry::id).reversed());
        return entries.stream().map(Entry::id).toList();
    }

    private static Instant createdTime(Path dir) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new FileInputStream(dir.resolve(RunLayout.EVENTS).toFile()), StandardCharsets.UTF_8))) {
            String first = reader.readLine();
            if (first != null) {
                Instant time = plainTime(first);
                if (time == null) {
                    Event event = JsonMapping.MAPPER.readValue(first, Event.class);
                    time = event == null ? null : event.time();
                }
                if (time != null) {
                    return time;
                }
            }
        } catch (IOException | RuntimeException e) {
            // A damaged log still lists; reading it will say what is wrong.
        }
        try {
            return Files.getLastModifiedTime(dir).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    /**
     * The time of an event line as the writer writes it (one object, its seq, type and task of their own JSON types, a
     * time in the dialect's plain form), read without binding it: `runs` sorts by the first line of every run's log,
     * and the mapper's reader of an event cost more than all those lines. Null for anything else, which the mapper
     * reads.
     */
    private static Instant plainTime(String line) {
        try (JsonParser p = STREAMS.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            Instant time = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                boolean fits = switch (name) {
                    case "seq" -> value == JsonToken.VALUE_NUMBER_INT
                            && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER;
                    case "task" -> value == JsonToken.VALUE_NULL
                            || value == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT;
                    case "type" -> value == JsonToken.VALUE_STRING || value == JsonToken.VALUE_NULL;
                    case "time" -> value == JsonToken.VALUE_STRING
                            && (time = JsonMapping.plainInstant(p.getText())) != null;
                    default -> {
                        p.skipChildren();
                        yield true;
                    }
                };
                if (!fits) {
                    return null;
                }
            }
            return p.nextToken() == null ? time : null;
        } catch (IOException | RuntimeException notPlain) {
            return null;
        }
    }

    record Loaded(LogScan.Shape shape, Checkpoints.Choice choice, RunState state, long replayed) {
    }

    static Loaded load(Path dir, String runId, ObjectMapper json) throws IOException {
        Path events = dir.resolve(RunLayout.EVENTS);
        Checkpoints checkpoints = new Checkpoints(dir.resolve(RunLayout.CHECKPOINTS), json, runId);
        LogScan.Shape shape = LogScan.scan(events, json, checkpoints.trustedStart());
        if (shape.lastSeq() == 0) {
            throw new CorruptRunException(events, 0, "the log has no complete event, so the run's creation did "
                    + "not finish; move the directory " + dir + " aside");
        }
        Checkpoints.Choice choice = checkpoints.latestGood(shape.lastSeq(), Checkpoints.linesOf(events, shape));
        RunState start = choice.state() == null ? RunState.EMPTY : choice.state();
        RunState[] state = {start};
        long[] replayed = {0};
        LogScan.replay(events, json, shape.endOf(start.lastSeq()), start.lastSeq() + 1, (seq, bytes, event) -> {
            if (seq > shape.lastSeq()) {
                return;
            }
            try {
                state[0] = state[0].apply(event);
            } catch (RuntimeException e) {
                throw LogScan.damaged(events, seq, "event " + seq + " (" + event.type() + ") does not fit the run: "
                        + e.getMessage());
            }
            replayed[0]++;
        });
        return new Loaded(shape, choice, state[0], replayed[0]);
    }

    /**
     * Checks that every task file and run.json is one whole JSON object. A syntax check, not a binding: the state
     * comes from the log; this only makes damage (a file cut short or emptied by a power loss) seen. A task file
     * whose checksum is the one {@code recorded} (the {@link ProjectionSums} of the state read, or null) is whole
     * without parsing: it is the file the projector wrote.
     */
    private static void checkProjectionsParse(Path dir, ObjectMapper json, int[] recorded) throws IOException {
        String hint = "; the log is intact and nothing was changed: open the run for writing "
                + "(`longtask resume " + dir.getFileName() + "` or any `longtask task add|update`) to rebuild it "
                + "from events.jsonl";
        Path runFile = dir.resolve(RunLayout.RUN_FILE);
        if (Files.isRegularFile(runFile)) {
            String problem = wholeObjectProblem(json, AtomicFiles.readAll(runFile));
            if (problem != null) {
                throw new CorruptRunException(runFile, 0, "not a valid run file (" + (problem.isEmpty()
                        ? "empty" : problem) + ")" + hint);
            }
        }
        Path tasksDir = dir.resolve(RunLayout.TASKS);
        if (Files.isDirectory(tasksDir)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(tasksDir, "task_*.json")) {
                for (Path file : stream) {
                    byte[] bytes;
                    try {
                        bytes = AtomicFiles.readAll(file);
                    } catch (NoSuchFileException gone) {
                        continue; // replaced by a rename while we listed: the new one is whole
                    }
                    if (asRecorded(file, bytes, recorded)) {
                        continue;
                    }
                    String problem = wholeObjectProblem(json, bytes);
                    if (problem != null) {
                        throw new CorruptRunException(file, 0, (problem.isEmpty() ? "empty task file"
                                : "not a valid task file (" + problem + ")") + hint);
                    }
                }
            }
        }
    }

    /** True when {@code bytes}, the content of {@code task_<id>.json}, have the checksum {@code recorded} holds for it. */
    private static boolean asRecorded(Path file, byte[] bytes, int[] recorded) {
        if (recorded == null) {
            return false;
        }
        String name = file.getFileName().toString();
        int id;
        try {
            id = Integer.parseInt(name.substring("task_".length(), name.length() - ".json".length()));
        } catch (NumberFormatException notATaskId) {
            return false;
        }
        int index = ProjectionSums.FILES.size() + id - 1;
        return id >= 1 && index < recorded.length && ProjectionSums.of(bytes) == recorded[index];
    }

    /** Null when {@code bytes} are one JSON object; "" when they are empty; else what is wrong. */
    private static String wholeObjectProblem(ObjectMapper json, byte[] bytes) {
        try (JsonParser parser = json.getFactory().createParser(bytes)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return "";
            }
            if (first != JsonToken.START_OBJECT) {
                return "it is not a JSON object";
            }
            parser.skipChildren();
            return parser.nextToken() == null ? null : "text after the object";
        } catch (IOException e) {
            return LogScan.firstLine(e.getMessage());
        }
    }



    static Path existing(Path workspace, String runId) {
        RunLayout.requireWorkspace(workspace);
        Path runs = RunLayout.runs(workspace);
        if (runId == null || !RUN_ID.matcher(runId).matches()) {
            throw new NoSuchRunException(String.valueOf(runId), runs);
        }
        Path dir = runs.resolve(runId);
        if (!Files.isRegularFile(dir.resolve(RunLayout.EVENTS))) {
            throw new NoSuchRunException(runId, runs);
        }
        return dir;
    }
}
