package dev.longtask.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import dev.longtask.model.run.CallSums;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.TaskCounts;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's state, as a checkpoint holds it, with Jackson's streaming parser and each record bound here by hand.
 * Binding through the mapper made a short command's first read pay for the mapper's reflection over the state's
 * twenty-odd record types (run by the interpreter, it cost as much as reading the 1,000 tasks themselves); this reads
 * the same bytes into the same records for a fraction of it. The parts a checkpoint seldom holds (approvals,
 * permissions, a plan's estimate) are handed to the mapper where they occur.
 *
 * <p>The mapper stays the authority on what the JSON means: this reader accepts only the JSON types the writer
 * writes for each field (a number where a number is written, ...), ignores unknown fields as the mapper does, and
 * gives up ({@link Unexpected}) on anything else, for the caller to bind the whole state through the mapper instead.
 */
public final class StateReader {
    private final JsonFactory factory = new JsonFactory();
    private final ObjectMapper mapper;

    /** Something this reader was not written for; the mapper reads the state instead. */
    public static final class Unexpected extends Exception {
        private static final long serialVersionUID = 1L;

        Unexpected(String what) {
            super(what, null, false, false);
        }
    }

    /** @param mapper binds the rare parts this reader hands over (approvals, permissions, a plan's estimate) */
    public StateReader(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** A reader that hands nothing over: enough for {@link #runFile}, which holds nothing of the rare parts. */
    public StateReader() {
        this(null);
    }

    /**
     * The state the JSON object in {@code bytes[from..from+length)} holds.
     *
     * @throws Unexpected  when the JSON holds something this reader leaves to the mapper
     * @throws IOException when it is not JSON
     */
    public RunState read(byte[] bytes, int from, int length) throws IOException, Unexpected {
        try (JsonParser p = factory.createParser(bytes, from, length)) {
            expect(p, p.nextToken(), JsonToken.START_OBJECT);
            long lastSeq = 0;
            Run run = null;
            List<Task> tasks = null;
            List<ProgressEntry> progress = null;
            List<Note> findings = null;
            List<Note> decisions = null;
            List<Note> errors = null;
            List<Approval> approvals = null;
            PermissionSettings permissions = null;
            RunHistory history = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "lastSeq" -> lastSeq = longValue(p, value);
                    case "run" -> run = value == JsonToken.VALUE_NULL ? null : run(p);
                    case "tasks" -> tasks = list(p, value, this::task);
                    case "progress" -> progress = list(p, value, this::progressEntry);
                    case "findings" -> findings = list(p, value, this::note);
                    case "decisions" -> decisions = list(p, value, this::note);
                    case "errors" -> errors = list(p, value, this::note);
                    case "approvals" -> approvals = list(p, value, q -> mapped(q, Approval.class));
                    case "permissions" -> permissions = value == JsonToken.VALUE_NULL ? null
                            : mapped(p, PermissionSettings.class);
                    case "history" -> history = value == JsonToken.VALUE_NULL ? null : history(p);
                    default -> p.skipChildren();
                }
            }
            expect(p, p.currentToken(), JsonToken.END_OBJECT);
            if (p.nextToken() != null) {
                throw new Unexpected("more after the state");
            }
            return new RunState(lastSeq, run, tasks, progress, findings, decisions, errors, approvals, permissions,
                    history);
        }
    }

    /** What {@code run.json} holds: the run, its tasks' counts, the length of the log it was written at (-1: none). */
    public record RunFile(Run run, TaskCounts counts, long logBytes) {
    }

    /**
     * The run file in {@code bytes}.
     *
     * @throws Unexpected  when it holds something this reader leaves to the mapper
     * @throws IOException when it is not JSON
     */
    public RunFile runFile(byte[] bytes) throws IOException, Unexpected {
        try (JsonParser p = factory.createParser(bytes)) {
            p.nextToken();
            TaskCounts[] counts = {null};
            long[] logBytes = {-1};
            Run run = run(p, counts, logBytes);
            if (p.nextToken() != null) {
                throw new Unexpected("more after the run");
            }
            return new RunFile(run, counts[0], logBytes[0]);
        }
    }

    private interface Element<T> {
        T read(JsonParser p) throws IOException, Unexpected;
    }

    private Run run(JsonParser p) throws IOException, Unexpected {
        return run(p, null, null);
    }

    /** A run; with {@code counts} and {@code logBytes}, also what run.json adds (its tasks' counts, its log's length). */
    private Run run(JsonParser p, TaskCounts[] counts, long[] logBytes) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        int formatVersion = 0;
        String id = null;
        String goal = null;
        String workspace = null;
        String model = null;
        RunStatus status = null;
        String statusReason = null;
        Budget budget = null;
        RunSettings settings = null;
        Instant created = null;
        Instant updated = null;
        Usage usage = null;
        int session = 0;
        int round = 0;
        long lastSeq = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "format_version" -> formatVersion = intValue(p, value);
                case "id" -> id = text(p, value);
                case "goal" -> goal = text(p, value);
                case "workspace" -> workspace = text(p, value);
                case "model" -> model = text(p, value);
                case "status" -> status = value == JsonToken.VALUE_NULL ? null : RunStatus.fromWire(text(p, value));
                case "status_reason" -> statusReason = text(p, value);
                case "budget" -> budget = value == JsonToken.VALUE_NULL ? null : budget(p);
                case "settings" -> settings = value == JsonToken.VALUE_NULL ? null : settings(p);
                case "created" -> created = instant(p, value);
                case "updated" -> updated = instant(p, value);
                case "usage" -> usage = value == JsonToken.VALUE_NULL ? null : usage(p);
                case "session" -> session = intValue(p, value);
                case "round" -> round = intValue(p, value);
                case "last_seq" -> lastSeq = longValue(p, value);
                case TaskCounts.FIELD -> {
                    if (counts == null) {
                        p.skipChildren();
                    } else {
                        counts[0] = value == JsonToken.VALUE_NULL ? null : counts(p);
                    }
                }
                case "log_bytes" -> {
                    if (logBytes == null) {
                        p.skipChildren();
                    } else {
                        logBytes[0] = longValue(p, value);
                    }
                }
                default -> p.skipChildren();
            }
        }
        return new Run(formatVersion, id, goal, workspace, model, status, statusReason, budget, settings, created,
                updated, usage, session, round, lastSeq);
    }

    private static TaskCounts counts(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        int[] n = new int[7];
        List<String> names = List.of("total", "completed", "failed", "running", "pending", "ready", "cancelled");
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int i = names.indexOf(p.currentName());
            JsonToken value = p.nextToken();
            if (i < 0) {
                p.skipChildren();
            } else {
                n[i] = intValue(p, value);
            }
        }
        return new TaskCounts(n[0], n[1], n[2], n[3], n[4], n[5], n[6]);
    }

    private static Budget budget(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        Long maxTokens = null;
        BigDecimal maxCost = null;
        Long maxTime = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "max_tokens" -> maxTokens = value == JsonToken.VALUE_NULL ? null : longValue(p, value);
                case "max_cost_usd" -> maxCost = decimal(p, value);
                case "max_time_s" -> maxTime = value == JsonToken.VALUE_NULL ? null : longValue(p, value);
                default -> p.skipChildren();
            }
        }
        return new Budget(maxTokens, maxCost, maxTime);
    }

    private static RunSettings settings(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        String baseUrl = null;
        Integer concurrency = null;
        ApprovalMode approval = null;
        SandboxMode sandbox = null;
        Isolation isolation = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "base_url" -> baseUrl = text(p, value);
                case "concurrency" -> concurrency = value == JsonToken.VALUE_NULL ? null : intValue(p, value);
                case "approval" -> approval = value == JsonToken.VALUE_NULL ? null
                        : ApprovalMode.fromWire(text(p, value));
                case "sandbox" -> sandbox = value == JsonToken.VALUE_NULL ? null : SandboxMode.fromWire(text(p, value));
                case "isolation" -> isolation = value == JsonToken.VALUE_NULL ? null
                        : Isolation.fromWire(text(p, value));
                default -> p.skipChildren();
            }
        }
        return new RunSettings(baseUrl, concurrency, approval, sandbox, isolation);
    }

    private static Usage usage(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        long input = 0;
        long output = 0;
        long cacheRead = 0;
        long cacheWrite = 0;
        BigDecimal cost = null;
        int unpriced = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "input_tokens" -> input = longValue(p, value);
                case "output_tokens" -> output = longValue(p, value);
                case "cache_read_tokens" -> cacheRead = longValue(p, value);
                case "cache_write_tokens" -> cacheWrite = longValue(p, value);
                case "cost_usd" -> cost = decimal(p, value);
                case "unpriced_calls" -> unpriced = intValue(p, value);
                default -> p.skipChildren();
            }
        }
        return new Usage(input, output, cacheRead, cacheWrite, cost, unpriced);
    }

    private Task task(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        int id = 0;
        String subject = null;
        String instruction = null;
        String agent = null;
        TaskStatus status = null;
        List<Integer> blockedBy = null;
        List<Integer> blocks = null;
        Map<String, String> inputs = null;
        Map<String, String> outputs = null;
        List<String> successCriteria = null;
        String owner = null;
        int attempts = 0;
        Instant created = null;
        Instant started = null;
        Instant finished = null;
        Usage usage = null;
        String error = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "id" -> id = intValue(p, value);
                case "subject" -> subject = text(p, value);
                case "instruction" -> instruction = text(p, value);
                case "agent" -> agent = text(p, value);
                case "status" -> status = value == JsonToken.VALUE_NULL ? null : TaskStatus.fromWire(text(p, value));
                case "blockedBy" -> blockedBy = list(p, value, StateReader::integer);
                case "blocks" -> blocks = list(p, value, StateReader::integer);
                case "inputs" -> inputs = texts(p, value);
                case "outputs" -> outputs = texts(p, value);
                case "success_criteria" -> successCriteria = list(p, value, q -> text(q, q.currentToken()));
                case "owner" -> owner = text(p, value);
                case "attempts" -> attempts = intValue(p, value);
                case "created" -> created = instant(p, value);
                case "started" -> started = instant(p, value);
                case "finished" -> finished = instant(p, value);
                case "usage" -> usage = value == JsonToken.VALUE_NULL ? null : usage(p);
                case "error" -> error = text(p, value);
                default -> p.skipChildren();
            }
        }
        return new Task(id, subject, instruction, agent, status, blockedBy, blocks, inputs, outputs, successCriteria,
                owner, attempts, created, started, finished, usage, error);
    }

    private ProgressEntry progressEntry(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        String kind = null;
        Instant time = null;
        Integer number = null;
        String text = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "kind" -> kind = text(p, value);
                case "time" -> time = instant(p, value);
                case "number" -> number = value == JsonToken.VALUE_NULL ? null : intValue(p, value);
                case "text" -> text = text(p, value);
                default -> p.skipChildren();
            }
        }
        return new ProgressEntry(kind, time, number, text);
    }

    private Note note(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        Instant time = null;
        Integer task = null;
        String text = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "time" -> time = instant(p, value);
                case "task" -> task = value == JsonToken.VALUE_NULL ? null : intValue(p, value);
                case "text" -> text = text(p, value);
                default -> p.skipChildren();
            }
        }
        return new Note(time, task, text);
    }

    private RunHistory history(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        long seq = 0;
        List<Integer> blockedCancels = null;
        long lastGraphChange = 0;
        long lastReport = 0;
        String lastDirectorAction = null;
        String finisher = null;
        Duration earlierSessions = null;
        Instant sessionStart = null;
        Instant lastTime = null;
        List<RunHistory.PlanMark> unfinishedPlans = null;
        Integer sessionConcurrency = null;
        PlanEstimate firstPlan = null;
        boolean endedFailed = false;
        boolean sessionEnded = false;
        CallSums calls = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "seq" -> seq = longValue(p, value);
                case "blocked_cancels" -> blockedCancels = list(p, value, StateReader::integer);
                case "last_graph_change" -> lastGraphChange = longValue(p, value);
                case "last_report" -> lastReport = longValue(p, value);
                case "last_director_action" -> lastDirectorAction = text(p, value);
                case "finisher" -> finisher = text(p, value);
                case "earlier_sessions" -> earlierSessions = duration(p, value);
                case "session_start" -> sessionStart = instant(p, value);
                case "last_time" -> lastTime = instant(p, value);
                case "unfinished_plans" -> unfinishedPlans = list(p, value, StateReader::planMark);
                case "session_concurrency" -> sessionConcurrency = value == JsonToken.VALUE_NULL ? null
                        : intValue(p, value);
                case "first_plan" -> firstPlan = value == JsonToken.VALUE_NULL ? null
                        : mapped(p, PlanEstimate.class);
                case "ended_failed" -> endedFailed = bool(p, value);
                case "session_ended" -> sessionEnded = bool(p, value);
                case "calls" -> calls = value == JsonToken.VALUE_NULL ? null : mapped(p, CallSums.class);
                default -> p.skipChildren();
            }
        }
        if (blockedCancels == null) {
            throw new Unexpected("a history without blocked_cancels"); // the mapper says what that means
        }
        return new RunHistory(seq, blockedCancels, lastGraphChange, lastReport, lastDirectorAction, finisher,
                earlierSessions, sessionStart, lastTime, unfinishedPlans, sessionConcurrency, firstPlan, endedFailed,
                sessionEnded, calls);
    }

    private static RunHistory.PlanMark planMark(JsonParser p) throws IOException, Unexpected {
        expect(p, p.currentToken(), JsonToken.START_OBJECT);
        long seq = 0;
        int firstId = 0;
        int tasks = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "seq" -> seq = longValue(p, value);
                case "first_id" -> firstId = intValue(p, value);
                case "tasks" -> tasks = intValue(p, value);
                default -> p.skipChildren();
            }
        }
        return new RunHistory.PlanMark(seq, firstId, tasks);
    }

    /** A value the mapper binds, the parser at its first token; the parser is left at its last. */
    private <T> T mapped(JsonParser p, Class<T> type) throws IOException, Unexpected {
        if (mapper == null) {
            throw new Unexpected("no mapper for " + type.getSimpleName());
        }
        return mapper.readValue(p, type);
    }

    private static <T> List<T> list(JsonParser p, JsonToken value, Element<T> element) throws IOException, Unexpected {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, value, JsonToken.START_ARRAY);
        List<T> items = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            T item = element.read(p);
            if (item == null) {
                throw new Unexpected("a null in a list"); // the records' List.copyOf would refuse it
            }
            items.add(item);
        }
        return items;
    }

    private static Map<String, String> texts(JsonParser p, JsonToken value) throws IOException, Unexpected {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, value, JsonToken.START_OBJECT);
        Map<String, String> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken token = p.nextToken();
            if (token != JsonToken.VALUE_STRING) {
                throw new Unexpected("a map value that is not a string");
            }
            map.put(key, p.getText());
        }
        return map;
    }

    private static Integer integer(JsonParser p) throws IOException, Unexpected {
        return intValue(p, p.currentToken());
    }

    private static String text(JsonParser p, JsonToken value) throws IOException, Unexpected {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, value, JsonToken.VALUE_STRING);
        return p.getText();
    }

    private static int intValue(JsonParser p, JsonToken value) throws IOException, Unexpected {
        expect(p, value, JsonToken.VALUE_NUMBER_INT);
        if (p.getNumberType() != JsonParser.NumberType.INT) {
            throw new Unexpected("a number out of an int's range");
        }
        return p.getIntValue();
    }

    private static long longValue(JsonParser p, JsonToken value) throws IOException, Unexpected {
        expect(p, value, JsonToken.VALUE_NUMBER_INT);
        JsonParser.NumberType type = p.getNumberType();
        if (type != JsonParser.NumberType.INT && type != JsonParser.NumberType.LONG) {
            throw new Unexpected("a number out of a long's range");
        }
        return p.getLongValue();
    }

    private static boolean bool(JsonParser p, JsonToken value) throws Unexpected {
        if (value == JsonToken.VALUE_TRUE) {
            return true;
        }
        if (value == JsonToken.VALUE_FALSE) {
            return false;
        }
        throw new Unexpected("not a boolean: " + value);
    }

    /** As the mapper reads a decimal with floats as BigDecimal: the number's own digits and scale. */
    private static BigDecimal decimal(JsonParser p, JsonToken value) throws IOException, Unexpected {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value != JsonToken.VALUE_NUMBER_INT && value != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new Unexpected("not a number: " + value);
        }
        return p.getDecimalValue();
    }

    /** A time as the writer writes it: ISO-8601 in UTC ({@code 2026-11-28T10:20:31.716Z}). */
    private static Instant instant(JsonParser p, JsonToken value) throws IOException, Unexpected {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, value, JsonToken.VALUE_STRING);
        Instant time = JsonMapping.plainInstant(p.getText());
        if (time == null) {
            throw new Unexpected("a time in another form");
        }
        return time;
    }

    /** A duration as the writer writes it: seconds with nine decimals ({@code 12.500000000}), never negative. */
    private static Duration duration(JsonParser p, JsonToken value) throws IOException, Unexpected {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, value, JsonToken.VALUE_NUMBER_FLOAT);
        BigDecimal seconds = p.getDecimalValue();
        if (seconds.signum() < 0 || seconds.scale() > 9) {
            throw new Unexpected("a duration in another form");
        }
        BigDecimal whole = seconds.setScale(0, java.math.RoundingMode.DOWN);
        return Duration.ofSeconds(whole.longValueExact(), seconds.subtract(whole).movePointRight(9).intValueExact());
    }

    private static void expect(JsonParser p, JsonToken actual, JsonToken expected) throws Unexpected {
        if (actual != expected) {
            throw new Unexpected("expected " + expected + ", found " + actual + " at " + p.currentLocation());
        }
    }
}
