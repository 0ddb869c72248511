package dev.longtask.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.longtask.model.Task;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the projections of a state: {@code run.json}, {@code tasks/task_<id>.json}, {@code task_plan.md},
 * {@code progress.md}, {@code findings.md}. Each file is replaced whole (temp + rename), never half-written.
 * They are not fsynced: the log is the truth, and a write open compares every projection with the log and
 * rewrites those that disagree. Only files whose content changed since the last write are written.
 */
final class Projector {
    static final String RUN_FILE = "run.json";
    static final String TASKS = "tasks";
    static final String PLAN_FILE = "task_plan.md";
    static final String PROGRESS_FILE = "progress.md";
    static final String FINDINGS_FILE = "findings.md";
    static final String ORPHAN_SUFFIX = ".orphan";
    private static final Pattern TASK_FILE = Pattern.compile("task_(\\d+)\\.json");

    private final Path directory;
    private final ObjectWriter pretty;
    private RunState written;
    private String planText;
    private String progressText;
    private String findingsText;

    Projector(Path directory, ObjectMapper json) {
        this.directory = directory;
        this.pretty = json.writerWithDefaultPrettyPrinter();
    }

    static Path taskFile(Path runDirectory, int id) {
        return runDirectory.resolve(TASKS).resolve("task_" + id + ".json");
    }

    /** Writes what changed since the last call (everything on the first). */
    void write(RunState state) throws IOException {
        RunState before = written;
        for (Task task : state.tasks()) {
            if (before == null || task.id() > before.tasks().size() || before.tasks().get(task.id() - 1) != task) {
                AtomicFiles.write(taskFile(directory, task.id()), taskBytes(task), false);
            }
        }
        if (before == null || !before.run().equals(state.run())) {
            AtomicFiles.write(directory.resolve(RUN_FILE), runBytes(state), false);
        }
        if (before == null || before.tasks() != state.tasks() || before.decisions() != state.decisions()
                || before.errors() != state.errors() || !before.run().equals(state.run())) {
            planText = writeIfChanged(PLAN_FILE, planText, Markdown.taskPlan(state));
        }
        if (before == null || before.progress() != state.progress()) {
            progressText = writeIfChanged(PROGRESS_FILE, progressText, Markdown.progress(state));
        }
        if (before == null || before.findings() != state.findings() || before.tasks() != state.tasks()) {
            findingsText = writeIfChanged(FINDINGS_FILE, findingsText, Markdown.findings(state));
        }
        written = state;
    }

    private String writeIfChanged(String name, String old, String text) throws IOException {
        if (!text.equals(old)) {
            AtomicFiles.write(directory.resolve(name), text.getBytes(StandardCharsets.UTF_8), false);
        }
        return text;
    }

    /**
     * Makes the directory agree with {@code state}: removes temp files, rewrites every projection whose bytes
     * differ from what the state implies, and renames task files of ids the log does not have to
     * {@code *.orphan}. Returns the files it touched, relative to the run directory.
     */
    List<String> repair(RunState state) throws IOException {
        List<String> touched = new ArrayList<>();
        Files.createDirectories(directory.resolve(TASKS));
        removeTemps(directory, touched);
        removeTemps(directory.resolve(TASKS), touched);
        removeTemps(directory.resolve(Checkpoints.DIRECTORY), touched);
        Path results = directory.resolve(FileRunStore.RESULTS);
        if (Files.isDirectory(results)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(results)) {
                for (Path taskResults : stream) {
                    if (Files.isDirectory(taskResults)) {
                        removeTemps(taskResults, touched);
                    }
                }
            }
        }
        for (Task task : state.tasks()) {
            rewriteIfDifferent(taskFile(directory, task.id()), taskBytes(task), touched);
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory.resolve(TASKS))) {
            for (Path file : stream) {
                Matcher m = TASK_FILE.matcher(file.getFileName().toString());
                if (m.matches() && !knownId(m.group(1), state)) {
                    Files.move(file, file.resolveSibling(file.getFileName() + ORPHAN_SUFFIX),
                            StandardCopyOption.REPLACE_EXISTING);
                    touched.add(relative(file) + " -> " + file.getFileName() + ORPHAN_SUFFIX);
                }
            }
        }
        rewriteIfDifferent(directory.resolve(RUN_FILE), runBytes(state), touched);
        planText = Markdown.taskPlan(state);
        progressText = Markdown.progress(state);
        findingsText = Markdown.findings(state);
        rewriteIfDifferent(directory.resolve(PLAN_FILE), planText.getBytes(StandardCharsets.UTF_8), touched);
        rewriteIfDifferent(directory.resolve(PROGRESS_FILE), progressText.getBytes(StandardCharsets.UTF_8), touched);
        rewriteIfDifferent(directory.resolve(FINDINGS_FILE), findingsText.getBytes(StandardCharsets.UTF_8), touched);
        written = state;
        return touched;
    }

    private static boolean knownId(String digits, RunState state) {
        try {
            int id = Integer.parseInt(digits);
            return id >= 1 && id <= state.tasks().size() && digits.equals(String.valueOf(id));
        } catch (NumberFormatException e) {
            return false;
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

    byte[] runBytes(RunState state) throws IOException {
        return (pretty.writeValueAsString(state.run()) + "\n").getBytes(StandardCharsets.UTF_8);
    }
}
