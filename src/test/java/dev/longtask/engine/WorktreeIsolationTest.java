package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import dev.longtask.testing.Waiting;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --isolation worktree}: two tasks run at once, each in its own tree. Neither sees the other's work (nor the
 * workspace its own) until it completes; then its changes are merged three-way: different files and different hunks
 * of one file both land, and the same lines changed by both fail the later task, naming the file, with nothing of it
 * merged.
 */
class WorktreeIsolationTest {
    private static final String RUN = "run-iso";
    private static final String NOTES = IntStream.rangeClosed(1, 10).mapToObj(i -> "line " + i + "\n")
            .collect(Collectors.joining());

    @TempDir
    Path dir;

    /** Both tasks have written in their trees: from here each checks what the workspace shows. */
    private final CountDownLatch bothWrote = new CountDownLatch(2);
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    @Test
    void parallelTasksChangingDifferentFilesAndHunksBothLand() throws Exception {
        Path workspace = workspace();
        ScriptedModel model = model(workspace, turn -> switch (turn.subject() + "/" + turn.step()) {
            case "Task A/1" -> write("a.txt", "from A\n");
            case "Task A/2" -> write("notes.txt", NOTES.replace("line 2\n", "line 2 by A\n"));
            case "Task A/3" -> write(".longtask/runs/" + RUN + "/results/work/a.md", "A's notes\n");
            case "Task B/1" -> write("b.txt", "from B\n");
            case "Task B/2" -> write("notes.txt", NOTES.replace("line 9\n", "line 9 by B\n"));
            case "Task B/3" -> call("bash", ScriptedModel.object().put("command",
                    "printf 'shell\\n' > c.txt && cat node_modules/dep/index.js > dep.txt"));
            default -> finish(turn, workspace);
        });

        run(workspace, model);

        RunSnapshot run = FileRunStore.read(dir, RUN);
        assertThat(run.tasks()).extracting(Task::status).as(String.valueOf(run.tasks()))
                .containsOnly(TaskStatus.COMPLETED);
        assertThat(seen).as("while they ran, neither task's work was in the workspace")
                .containsEntry("Task A", "absent absent original").containsEntry("Task B", "absent absent original");
        assertThat(Files.readString(workspace.resolve("a.txt"))).isEqualTo("from A\n");
        assertThat(Files.readString(workspace.resolve("b.txt"))).isEqualTo("from B\n");
        assertThat(Files.readString(workspace.resolve("c.txt"))).as("bash ran in B's tree").isEqualTo("shell\n");
        assertThat(Files.readString(workspace.resolve("dep.txt"))).as("a tree reaches the workspace's dependencies")
                .isEqualTo("module.exports = 1;\n");
        assertThat(Files.isSymbolicLink(workspace.resolve("node_modules"))).as("the tree's link to them is not merged")
                .isFalse();
        assertThat(workspace.resolve("node_modules/dep/index.js")).exists();
        assertThat(Files.readString(workspace.resolve("notes.txt"))).as("both hunks merged")
                .isEqualTo(NOTES.replace("line 2\n", "line 2 by A\n").replace("line 9\n", "line 9 by B\n"));
        assertThat(Files.readString(dir.resolve(".longtask/runs/" + RUN + "/results/work/a.md")))
                .as("the run's results are reached from a tree").isEqualTo("A's notes\n");
        String log = Files.readString(dir.resolve(".longtask/runs/" + RUN + "/events.jsonl"));
        assertThat(log).as("each merge is recorded as its task's changes")
                .containsPattern("\"type\":\"task.changes\",\"task\":1,[^\\n]*a.txt[^\\n]*notes.txt")
                .containsPattern("\"type\":\"task.changes\",\"task\":2,[^\\n]*b.txt[^\\n]*c.txt[^\\n]*notes.txt");
        assertThat(trees()).as("every tree is removed").isEmpty();
    }

    @Test
    void theLaterOfTwoTasksChangingTheSameLinesFailsNamingTheFileAndMergesNothing() throws Exception {
        Path workspace = workspace();
        ScriptedModel model = model(workspace, turn -> switch (turn.subject() + "/" + turn.step()) {
            case "Task A/1" -> write("a.txt", "from A\n");
            case "Task A/2" -> write("notes.txt", NOTES.replace("line 5\n", "line 5 by A\n"));
            case "Task B/1" -> write("b.txt", "from B\n");
            case "Task B/2" -> write("notes.txt", NOTES.replace("line 5\n", "line 5 by B\n"));
            case "Task B/3" -> {
                // B completes only once A's merge is in the workspace: B's is the later merge
                bothWrote.countDown();
                awaitQuietly(() -> read(workspace.resolve("notes.txt")).contains("by A"));
                yield submitResult(true, "B done");
            }
            default -> finish(turn, workspace);
        });

        run(workspace, model);

        RunSnapshot run = FileRunStore.read(dir, RUN);
        assertThat(run.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
        Task b = run.task(2);
        assertThat(b.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(b.error()).contains("notes.txt (changed by task #1 since)").contains("none was merged");
        assertThat(Files.readString(workspace.resolve("notes.txt"))).isEqualTo(NOTES.replace("line 5\n",
                "line 5 by A\n"));
        assertThat(workspace.resolve("b.txt")).as("nothing of the refused task is merged").doesNotExist();
        assertThat(Files.readString(workspace.resolve("a.txt"))).isEqualTo("from A\n");
        assertThat(trees()).as("the refused tree is removed too").isEmpty();
        String kept = b.error().replaceAll("(?s).*diff \\S+ (\\S+).*", "$1");
        try (var repository = new org.eclipse.jgit.storage.file.FileRepositoryBuilder()
                .setGitDir(dir.resolve(".longtask/shadow").toFile()).setBare().build()) {
            assertThat(repository.resolve("refs/longtask/runs/" + RUN + "/task-2-unmerged").name())
                    .as("the refused tree is kept in the shadow repository").isEqualTo(kept);
        }
    }

    @Test
    void aResumedRunKeepsItsIsolationAndATreeAKilledProcessLeftIsNotReused() throws Exception {
        Path workspace = workspace();
        Path tree = dir.resolve(".longtask/shadow/worktrees/" + RUN + "/task-1");
        ScriptedModel model = model(workspace, turn -> switch (turn.subject() + "/" + turn.step()) {
            case "Task A/1" -> {
                seen.put("stale file in A's tree", String.valueOf(Files.exists(tree.resolve("half.txt"))));
                seen.put("A's tree holds the workspace", String.valueOf(Files.exists(tree.resolve("notes.txt"))));
                yield write("a.txt", "from A\n");
            }
            default -> submitResult(true, turn.subject() + " done");
        });
        RunEngine engine = EngineFixture.engine(workspace, model, EngineConfig.defaults().withConcurrency(2),
                RunObserver.NONE);
        engine.carry(engine.create(new NewRun("goal", RUN, Budget.UNLIMITED,
                new RunSettings(null, 2, null, null, Isolation.WORKTREE), null, null, null, true)));
        // what a process killed in the middle of task #1 leaves: its tree, half worked
        Files.createDirectories(tree);
        Files.writeString(tree.resolve("half.txt"), "half\n");
        Files.createDirectories(tree.resolveSibling("task-7"));

        engine.resume(RUN, Budget.UNLIMITED);

        assertThat(seen).containsEntry("stale file in A's tree", "false")
                .containsEntry("A's tree holds the workspace", "true");
        assertThat(Files.readString(workspace.resolve("a.txt"))).isEqualTo("from A\n");
        assertThat(workspace.resolve("half.txt")).doesNotExist();
        assertThat(trees()).as("the session removed every tree left, even of a task that does not run").isEmpty();
    }

    private ScriptedModel model(Path workspace, java.util.function.Function<ScriptedModel.Turn,
            ChatMessage.Assistant> work) {
        return new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("a", "Task A", "general", List.of(), Map.of()),
                    EngineFixture.task("b", "Task B", "general", List.of(), Map.of())));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("R", "# R\n\nok");
            default -> work.apply(turn);
        });
    }

    /** A task's last steps: once both have written, say what the workspace shows, then submit. */
    private ChatMessage.Assistant finish(ScriptedModel.Turn turn, Path workspace) {
        if (!seen.containsKey(turn.subject())) {
            bothWrote.countDown();
            try {
                assertThat(bothWrote.await(2, TimeUnit.MINUTES)).as("both tasks wrote").isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            seen.put(turn.subject(), read(workspace.resolve("a.txt")) + " " + read(workspace.resolve("b.txt"))
                    + " " + (read(workspace.resolve("notes.txt")).equals(NOTES.strip()) ? "original" : "changed"));
        }
        return submitResult(true, turn.subject() + " done");
    }

    private void run(Path workspace, ScriptedModel model) {
        RunEngine engine = EngineFixture.engine(workspace, model, EngineConfig.defaults().withConcurrency(2),
                RunObserver.NONE);
        engine.carry(engine.create(NewRun.of("goal", RUN, Budget.UNLIMITED)
                .withSettings(new RunSettings(null, 2, null, null, Isolation.WORKTREE))));
    }

    private Path workspace() throws IOException {
        Path workspace = EngineFixture.workspace(dir);
        Files.writeString(workspace.resolve("notes.txt"), NOTES);
        Files.createDirectories(workspace.resolve("node_modules/dep"));
        Files.writeString(workspace.resolve("node_modules/dep/index.js"), "module.exports = 1;\n");
        return workspace;
    }

    private List<Path> trees() throws IOException {
        Path trees = dir.resolve(".longtask/shadow/worktrees/" + RUN);
        if (!Files.exists(trees)) {
            return List.of();
        }
        try (var list = Files.list(trees)) {
            return list.toList();
        }
    }

    private static void awaitQuietly(java.util.function.BooleanSupplier condition) {
        try {
            Waiting.until(condition, "task A's merge");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file).strip() : "absent";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
