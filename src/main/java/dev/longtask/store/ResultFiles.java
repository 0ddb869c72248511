package dev.longtask.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Secrets;
import dev.longtask.model.TaskResult;
import dev.longtask.model.run.StoreException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.LoggerFactory;

/**
 * The {@code results/task_<id>/result.json} files of a run in the file store, written as a task ends. The event that
 * ends the task carries the same result, so the file need not be fsynced before the task is recorded: it is written
 * whole (temp + rename) before that event, made durable before the next checkpoint, and a write open rewrites from
 * the log the result of every task that ended after the checkpoint it starts from. So neither a crash of the process
 * nor of the machine leaves an ended task without its result, and a task's end costs one fsync, the log's.
 */
public final class ResultFiles {
    /** The field of {@code task.completed} and {@code task.failed} that carries the task's result.json. */
    static final String FIELD = "result";

    private final Path results;
    private final ObjectMapper json;
    private final Secrets redactor;
    /** Tasks whose result.json was written since the last {@link #syncWritten}. */
    private final Set<Integer> unsynced = ConcurrentHashMap.newKeySet();

    public ResultFiles(Path runDirectory, ObjectMapper json, Secrets redactor) {
        this.results = runDirectory.resolve(RunLayout.RESULTS);
        this.json = json;
        this.redactor = redactor;
    }

    public static Path file(Path results, int id) {
        return results.resolve("task_" + id).resolve(RunLayout.RESULT_FILE); // RunLayout.result, from results/
    }

    /**
     * Writes task {@code id}'s result.json, not yet durable, and returns the result as the file holds it (secrets
     * masked), which is what the task's ending event is to carry.
     */
    public JsonNode write(int id, JsonNode result) throws IOException {
        JsonNode stored = json.readTree(redactor.redact(json.writeValueAsString(result)));
        Path file = file(results, id);
        Files.createDirectories(file.getParent());
        AtomicFiles.write(file, text(stored), false);
        unsynced.add(id);
        return stored;
    }

    /**
     * Makes every result written so far durable, with the directory entries that lead to it. A result written again
     * meanwhile stays due (its id is taken off before its fsync, so a new write puts it back). A file that is gone
     * (a tool deleted it) is said once and no longer waited for.
     */
    public void syncWritten() throws IOException {
        if (unsynced.isEmpty()) {
            return;
        }
        for (int id : List.copyOf(unsynced)) {
            if (!unsynced.remove(id)) {
                continue;
            }
            Path file = file(results, id);
            try {
                AtomicFiles.fsyncFile(file);
                AtomicFiles.fsyncDirectory(file.getParent());
            } catch (FileNotFoundException | NoSuchFileException e) {
                if (Files.exists(file)) {
                    unsynced.add(id);
                    throw e;
                }
                LoggerFactory.getLogger(ResultFiles.class).warn("{} is gone; it is not in the run's checkpoint", file);
            } catch (IOException | RuntimeException e) {
                unsynced.add(id);
                throw e;
            }
        }
        AtomicFiles.fsyncDirectory(results);
    }

    /**
     * Rewrites, durably, the result.json of each ending among {@code events} whose file is missing or differs from
     * what the event carries, and makes those that agree due for the next {@link #syncWritten} (a crash may have
     * left them in the page cache only); returns the files it wrote, relative to the run directory. Endings recorded
     * before results were carried by their events are left as they are.
     */
    public List<String> repair(List<Event> events) throws IOException {
        List<String> touched = new ArrayList<>();
        for (Event event : events) {
            boolean ending = EventType.TASK_COMPLETED.equals(event.type())
                    || EventType.TASK_FAILED.equals(event.type());
            JsonNode result = event.data() == null ? null : event.data().get(FIELD);
            if (!ending || result == null || event.task() == null) {
                continue;
            }
            Path file = file(results, event.task());
            byte[] expected = text(result);
            if (Files.isRegularFile(file) && Arrays.equals(AtomicFiles.readAll(file), expected)) {
                unsynced.add(event.task());
                continue;
            }
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, expected, true);
            AtomicFiles.fsyncDirectory(results);
            touched.add(RunLayout.resultName(event.task()));
        }
        return touched;
    }

    /**
     * Task {@code id}'s result.json in the run directory {@code layout} names, as any reader reads it; empty when
     * the task has none (it has not ended, or a tool deleted it). A file that is not JSON is given as its text.
     */
    public static Optional<TaskResult> read(RunLayout layout, int id) {
        Path file = layout.result(id);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException | FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e, e);
        }
        return Optional.of(parse(text));
    }

    /** A result.json's text as a {@link TaskResult}; text that is not JSON is kept as it is. */
    public static TaskResult parse(String text) {
        JsonNode parsed;
        try {
            parsed = JsonMapping.MAPPER.readTree(text);
        } catch (IOException notJson) {
            parsed = null;
        }
        return TaskResult.of(parsed, text);
    }

    /** The tasks whose result.json the next {@link #syncWritten} makes durable. */
    Set<Integer> due() {
        return Set.copyOf(unsynced);
    }

    private byte[] text(JsonNode result) throws IOException {
        String text = json.writerWithDefaultPrettyPrinter().writeValueAsString(result) + "\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
