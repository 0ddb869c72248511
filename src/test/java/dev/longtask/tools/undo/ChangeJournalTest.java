package dev.longtask.tools.undo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.JsonMapping;
import dev.longtask.tools.undo.ChangeJournal.Entry;
import dev.longtask.tools.undo.ChangeJournal.Op;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal line written field by field is the line Jackson's mapping of the record writes, and reads back whole. */
class ChangeJournalTest {
    @TempDir
    Path dir;

    @Test
    void everyKindOfLineIsWrittenAsTheMappingWritesItAndReadsBackEqual() throws Exception {
        List<Entry> entries = List.of(
                new Entry(Op.START, 3, 1, null, null, null, null, "4b825dc642cb6eb9a060e54bf8d69288fbee4904", null,
                        null, null, null, null, 1_700_000_000_123L),
                new Entry(Op.TOUCH, 3, 1, "src/\"quoted\" \\ é\n.txt", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
                        "100644", "write", null, null, null, null, null, null, 5L),
                new Entry(Op.END, 3, 2, null, null, null, null, "tree", "commit",
                        List.of(new Change("a.txt", null, "b", null, "100755"),
                                new Change("c.txt", "x", null, "100644", null)), null, null, null, 6L),
                new Entry(Op.END, 4, 1, null, null, null, null, "tree", null, List.of(), null, null, null, 7L),
                new Entry(Op.UNDONE, 3, null, null, null, null, null, null, null, null, List.of(1, 2), "retry",
                        List.of("a.txt (changed by task #5 since)"), 8L),
                new Entry(Op.BASH_END, 0, null, null, null, null, null, null, null, null, null, null, null, null));
        ChangeJournal journal = new ChangeJournal(dir.resolve("journal").resolve("r.jsonl"));
        for (Entry entry : entries) {
            assertThat(ChangeJournal.toJson(entry)).isEqualTo(JsonMapping.MAPPER.writeValueAsString(entry));
            journal.append(entry);
        }
        // read back by a journal that did not write it (another process)
        assertThat(new ChangeJournal(journal.file()).read()).isEqualTo(entries);
        assertThat(Files.readAllLines(journal.file())).hasSize(entries.size());
    }

    @Test
    void aJournalWhoseDirectoryWasRemovedMakesItAgain() throws Exception {
        Path file = dir.resolve("journal").resolve("r.jsonl");
        ChangeJournal journal = new ChangeJournal(file);
        Entry line = new Entry(Op.START, 1, 1, null, null, null, null, "t", null, null, null, null, null, 1L);
        journal.append(line);
        Files.delete(file);
        Files.delete(file.getParent());
        journal.append(line);
        assertThat(new ChangeJournal(file).read()).containsExactly(line);
    }

    /**
     * Tasks append at once (their fsyncs shared), one of them while it holds the journal's lock as an undo does: every
     * line is in the file whole, and the journal's own list and view hold each one, as a reader of the file does.
     */
    @Test
    void linesAppendedAtOnceByManyTasksAreAllThereWholeAndInTheView() throws Exception {
        ChangeJournal journal = new ChangeJournal(dir.resolve("journal").resolve("r.jsonl"));
        journal.append(new Entry(Op.START, 0, 1, null, null, null, null, "t", null, null, null, null, null, 0L));
        JournalView view = journal.view();
        int tasks = 6;
        int lines = 40;
        ExecutorService pool = Executors.newFixedThreadPool(tasks);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 1; t <= tasks; t++) {
                int task = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < lines; i++) {
                        Entry touch = new Entry(Op.TOUCH, task, 1, "f" + task + "-" + i + ".txt", null, "100644",
                                "write", null, null, null, null, null, null, (long) i);
                        if (task == 1) {
                            synchronized (journal) { // as an undo appends: the fsync must not need this lock
                                journal.append(touch);
                            }
                        } else if (i % 3 == 0) {
                            journal.appendLazily(touch);
                        } else {
                            journal.append(touch);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        List<Entry> fromFile = new ChangeJournal(journal.file()).read();
        assertThat(fromFile).hasSize(1 + tasks * lines);
        assertThat(journal.read()).isEqualTo(fromFile);
        for (int t = 1; t <= tasks; t++) {
            int task = t;
            assertThat(fromFile.stream().filter(e -> e.task() == task).map(Entry::at).toList())
                    .as("task %d's lines in its order", task)
                    .isEqualTo(java.util.stream.LongStream.range(0, lines).boxed().toList());
        }
        assertThat(journal.view()).isSameAs(view);
        assertThat(view.size()).as("the view kept up line by line").isEqualTo(fromFile.size());
    }
}
