package dev.longtask.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.longtask.model.Run;
import dev.longtask.model.Task;
import dev.longtask.model.run.TaskCounts;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the projections of a state: {@code run.json}, {@code tasks/task_<id>.json}, {@code task_plan.md},
 * {@code progress.md}, {@code findings.md}. Each file is replaced whole (temp + rename), never half-written.
 * They are not fsynced: the log is the truth, and a write open compares every projection with the log and
 * rewrites those that disagree. Only files whose content changed since the last write are written. Closing records
 * the checksum of every projection ({@link ProjectionSums}), so the next open renders only the files that differ
 * from what was written.
 *
 * <p>{@code run.json} holds the run and the counts of its tasks by status ({@code tasks}), so a listing of runs
 * reads one small file per run. It is rewritten when the run or the counts change (status, usage, budget, model,
 * session, round, a claim, a completion...), not for an event that only advances its {@code last_seq} and
 * {@code updated} (a note, a finding). Between such rewrites its {@code last_seq}/{@code updated} are those of the
 * event that last changed it; {@link #flush} (on close) and {@link #repair} (on a write open) bring them up to
 * date. Its {@code log_bytes} is the length of {@code events.jsonl} up to its {@code last_seq}: when the log is
 * exactly that long, run.json is the whole truth about the run's figures and a reader need not replay the log.
 */
public final class Projector {
    static final String ORPHAN_SUFFIX = ".orphan";
    /** The field of run.json that holds the length of the log up to its last_seq. */
    public static final String LOG_BYTES = "log_bytes";
    private static final Pattern TASK_FILE = Pattern.compile("task_(\\d+)\\.json");

    private final Path directory;
    private final ObjectMapper json;
    private final ObjectWriter pretty;
    private final ObjectWriter runFileWriter;
    private RunState written;
    private volatile long filesWritten;
    /** The last seq of the state {@code run.json} was last written from. */
    private long runFileSeq = -1;
    private TaskCounts writtenCounts;
    private String planText;
    private String progressText;
    private String findingsText;
    private final ProjectionSums sums = new ProjectionSums();
    private final PlanLines planLines = new PlanLines();

    public Projector(Path directory, ObjectMapper json) {
        this.directory = directory;
        this.json = json;
        this.pretty = json.writerWithDefaultPrettyPrinter();
        this.runFileWriter = json.writerFor(RunFile.class);
    }

    static Path taskFile(Path runDirectory, int id) {
        return RunLayout.of(runDirectory).task(id);
    }

    /**
     * Writes what changed since the last call (everything on the first).
     *
     * @param logBytes the length of {@code events.jsonl} up to the state's last event
     */
    public void write(RunState state, long logBytes) throws IOException {
        RunState before = written;
        for (Task task : state.tasks()) {
            if (before == null || task.id() > before.tasks().size() || before.tasks().get(task.id() - 1) != task) {
                byte[] bytes = taskBytes(task);
                replace(taskFile(directory, task.id()), bytes);
                sums.putTask(task.id(), bytes);
            }
        }
        boolean runChanged = before == null || !sameApartFromSeq(before.run(), state.run())
                || (before.tasks() != state.tasks() && !TaskCounts.of(state.tasks()).equals(writtenCounts));
        if (runChanged) {
            writeRunFile(state, logBytes);
        }
        boolean linesChanged = planLines.update(state.tasks());
        if (before == null || linesChanged || before.decisions() != state.decisions()
                || before.errors() != state.errors() || !samePlanHeader(before.run(), state.run())) {
            planText = writeIfChanged(RunLayout.PLAN_FILE, planText, MarkdownProjections.taskPlan(state, planLines::line));
        }
        if (before == null || before.progress() != state.progress()) {
            progressText = writeIfChanged(RunLayout.PROGRESS_FILE, progressText, MarkdownProjections.progress(state));
        }
        if (before == null || before.findings() != state.findings() || !sameNotedSubjects(before, state)) {
            findingsText = writeIfChanged(RunLayout.FINDINGS_FILE, findingsText, MarkdownProjections.findings(state));
        }
        written = state;
    }

    private void replace(Path file, byte[] content) throws IOException {
        AtomicFiles.write(file, content, false);
        filesWritten++;
    }

    /** How many files {@link #write} and {@link #flush} have replaced (not {@link #repair}): for benchmarks. */
    public long filesWritten() {
        return filesWritten;
    }

    /** Writes what changed, and {@code run.json} up to {@code state}'s last seq even if only that changed. */
    public void flush(RunState state, long logBytes) throws IOException {
      write(state, logBytes);
        if (runFileSeq != state.lastSeq()) {
            writeRunFile(state, logBytes);
        }
        if (Files.isDirectory(directory.resolve(RunLayout.CHECKPOINTS))) {
            sums.save(directory, state.lastSeq(), logBytes, state.tasks().size());
        }
    }

    private void writeRunFile(RunState state, long logBytes) throws IOException {
        byte[] bytes = runBytes(state, logBytes);
        replace(directory.resolve(RunLayout.RUN_FILE), bytes);
        sums.putFile(RunLayout.RUN_FILE, bytes);
        runFileSeq = state.lastSeq();
    }

    /** True when the two runs agree in what the head of task_plan.md shows. */
    private static boolean samePlanHeader(Run a, Run b) {
        return a.status() == b.status() && a.id().equals(b.id()) && a.goal().equals(b.goal())
                && a.statusReason().equals(b.statusReason());
    }

    /** True when every task findings.md names (those with findings) has the subject it had in {@code before}. */
    private static boolean sameNotedSubjects(RunState before, RunState state) {
        if (before.tasks() == state.tasks()) {
            return true;
        }
        Integer last = null;
        for (Note note : state.findings()) {
            Integer id = note.task();
            if (id == null || id.equals(last)) {
                continue;
            }
            last = id;
            if (id < 1 || id > before.tasks().size() || !before.task(id).subject().equals(state.task(id).subject())) {
                return false;
            }
        }
        return true;
    }

    /** True when the two differ at most in the fields every event advances. */
    static boolean sameApartFromSeq(Run a, Run b) {
        // field by field, the parts an event shares with the run before it compared by reference first: this is asked
        // at every projection, and a run built only to be compared cost more than the comparison
        return a.formatVersion() == b.formatVersion() && a.status() == b.status() && a.session() == b.session()
                && a.round() == b.round() && same(a.usage(), b.usage()) && same(a.statusReason(), b.statusReason())
                && same(a.model(), b.model()) && same(a.budget(), b.budget()) && same(a.settings(), b.settings())
                && same(a.id(), b.id()) && same(a.goal(), b.goal()) && same(a.workspace(), b.workspace())
                && same(a.created(), b.created());
    }

    private static boolean same(Object a, Object b) {
        return a == b || (a != null && a.equals(b));
    }

    private String writeIfChanged(String name, String old, String text) throws IOException {
        if (!text.equals(old)) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            replace(directory.resolve(name), bytes);
            sums.putFile(name, bytes);
        }
        return text;
    }

    /**
     * Makes the directory agree with {@code state}: removes temp files, rewrites every projection whose bytes
     * differ from what the state implies, and renames task files of ids the log does not have to
     * {@code *.orphan}. Returns the files it touched, relative to the run directory. A projection is rendered
     * from the state to be compared unless the checksums recorded at exactly this state vouch for the file.
     */
    public List<String> repair(RunState state, long logBytes) throws IOException {
        List<String> touched = new ArrayList<>();
        Files.createDirectories(directory.resolve(RunLayout.TASKS));
        removeTemps(directory, touched);
        removeTemps(directory.resolve(RunLayout.TASKS), touched);
        removeTemps(directory.resolve(RunLayout.CHECKPOINTS), touched);
        Path results = directory.resolve(RunLayout.RESULTS);
        if (Files.isDirectory(results)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(results)) {
                for (Path taskResults : stream) {
                    if (Files.isDirectory(taskResults)) {
                        removeTemps(taskResults, touched);
                    }
                }
            }
        }
        int[] recorded = ProjectionSums.load(directory, state.lastSeq(), logBytes, state.tasks().size());
        int firstTask = ProjectionSums.FILES.size();
        for (Task task : state.tasks()) {
            Path file = taskFile(directory, task.id());
            if (recorded != null && asRecorded(file, recorded[firstTask + task.id() - 1]) != null) {
                sums.putTask(task.id(), recorded[firstTask + task.id() - 1]);
                continue;
            }
            byte[] expected = taskBytes(task);
            rewriteIfDifferent(file, expected, touched);
            sums.putTask(task.id(), expected);
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory.resolve(RunLayout.TASKS))) {
            for (Path file : stream) {
                Matcher m = TASK_FILE.matcher(file.getFileName().toString());
                if (m.matches() && !knownId(m.group(1), state)) {
                    Files.move(file, file.resolveSibling(file.getFileName() + ORPHAN_SUFFIX),
                            StandardCopyOption.REPLACE_EXISTING);
                    touched.add(relative(file) + " -> " + file.getFileName() + ORPHAN_SUFFIX);
                }
            }
        }
        if (recorded != null && asRecorded(directory.resolve(RunLayout.RUN_FILE), recorded[0]) != null) {
            writtenCounts = TaskCounts.of(state.tasks());
            runFileSeq = state.lastSeq();
            sums.putFile(RunLayout.RUN_FILE, recorded[0]);
        } else {
            repairRunFile(state, logBytes, touched);
        }
        planText = repairText(RunLayout.PLAN_FILE, recorded, () -> MarkdownProjections.taskPlan(state), touched);
        progressText = repairText(RunLayout.PROGRESS_FILE, recorded, () -> MarkdownProjections.progress(state), touched);
        findingsText = repairText(RunLayout.FINDINGS_FILE, recorded, () -> MarkdownProjections.findings(state), touched);
        written = state;
        return touched;
    }

    /** Like the others, except that a run.json behind only in last_seq/updated is brought up to date silently. */
    private void repairRunFile(RunState state, long logBytes, List<String> touched) throws IOException {
        Path file = directory.resolve(RunLayout.RUN_FILE);
        byte[] expected = runBytes(state, logBytes);
        byte[] actual = Files.isRegularFile(file) ? AtomicFiles.readAll(file) : null;
        if (actual == null || !Arrays.equals(actual, expected)) {
            AtomicFiles.write(file, expected, false);
            if (actual == null || !lagsOnlyInSeq(actual, state.run())) {
                touched.add(relative(file));
            }
        }
        sums.putFile(RunLayout.RUN_FILE, expected);
        runFileSeq = state.lastSeq();
    }

    private boolean lagsOnlyInSeq(byte[] content, Run run) {
        try {
            Run onDisk = json.readValue(content, Run.class);
            return onDisk != null && onDisk.lastSeq() <= run.lastSeq() && sameApartFromSeq(onDisk, run);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean knownId(String digits, RunState state) {
        try {
            int id = Integer.parseInt(digits);
            return id >= 1 && id <= state.tasks().size() && digits.equals(String.valueOf(id));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A Markdown projection's text as the state implies it, the file rewritten if it differs. */
    private String repairText(String name, int[] recorded, Supplier<String> render, List<String> touched)
            throws IOException {
        int index = ProjectionSums.FILES.indexOf(name);
        byte[] onDisk = recorded == null ? null : asRecorded(directory.resolve(name), recorded[index]);
        if (onDisk != null) {
            sums.putFile(name, recorded[index]);
            return new String(onDisk, StandardCharsets.UTF_8);
        }
        String text = render.get();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        rewriteIfDifferent(directory.resolve(name), bytes, touched);
        sums.putFile(name, bytes);
        return text;
    }

    /** The content of {@code file} when it can be read and its CRC-32C is {@code sum}; else null (compare it). */
    private static byte[] asRecorded(Path file, int sum) {
        try {
            byte[] content = AtomicFiles.readAll(file);
            return ProjectionSums.of(content) == sum ? content : null;
        } catch (IOException notAsRecorded) {
            return null;
        }
    }

    private void rewriteIfDifferent(Path file, byte[] expected, List<String> touched) throws IOException {
        if (Files.isRegularFile(file) && Arrays.equals(AtomicFiles.readAll(file), expected)) {
            return;
        }
        AtomicFiles.write(file, expected, false);
        touched.add(relative(file));
    }

    private void removeTemps(Path dir, List<String> touched) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path file : stream) {
                if (AtomicFiles.isTemp(file.getFileName().toString())) {
                    Files.deleteIfExists(file);
                    touched.add(relative(file) + " (temp file removed)");
                }
            }
        }
    }

    private String relative(Path file) {
        return directory.relativize(file).toString();
    }

    byte[] taskBytes(Task task) throws IOException {
        return (pretty.writeValueAsString(task) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** run.json: the run, the counts of its tasks, and the length of the log up to the run's last seq. */
    byte[] runBytes(RunState state, long logBytes) throws IOException {
        TaskCounts counts = TaskCounts.of(state.tasks());
        writtenCounts = counts;
        StringWriter text = new StringWriter(1024);
        try (JsonGenerator generator = new AsInTree(json.getFactory().createGenerator(text))) {
            generator.setPrettyPrinter(new DefaultPrettyPrinter());
            runFileWriter.writeValue(generator, new RunFile(state.run(), counts, logBytes));
        }
        return text.append('\n').toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Writes the numbers as run.json always held them: it was rendered from a tree, and a tree keeps a decimal
     * without its trailing zeros (2.50 as 2.5, 0.000 as 0).
     */
    private static final class AsInTree extends JsonGeneratorDelegate {
        AsInTree(JsonGenerator generator) {
            super(generator, false);
        }

        @Override
        public void writeNumber(BigDecimal value) throws IOException {
            delegate.writeNumber(value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros());
        }
    }

    /** What run.json holds: the run's fields, then the counts of its tasks and the length of the log. */
    @JsonPropertyOrder({"run", TaskCounts.FIELD, LOG_BYTES})
    private record RunFile(@JsonUnwrapped Run run, @JsonProperty(TaskCounts.FIELD) TaskCounts tasks,
                           @JsonProperty(LOG_BYTES) long logBytes) {
    }
}
