package dev.longtask.tools.undo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record of each task's changes, with tasks at once: attribution, undo, exclusions and write conflicts. */
class CheckpointsTest {
    @TempDir
    Path ws;

    @Test
    void aShellCommandsChangesAreItsTasksButNotAnotherTasksWritesMadeMeanwhile() throws Exception {
        Files.writeString(ws.resolve("shared.txt"), "original\n");
        try (Checkpoints checkpoints = Checkpoints.open(ws.toRealPath(), "r1")) {
            Path root = ws.toRealPath();
            checkpoints.startAttempt(1, 1);
            checkpoints.startAttempt(2, 1);
            CountDownLatch running = new CountDownLatch(1);
            CountDownLatch written = new CountDownLatch(1);
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<Object> shell = pool.submit(() -> checkpoints.aroundShell(1, () -> {
                    Files.writeString(root.resolve("built.txt"), "made by task 1's shell\n");
                    running.countDown();
                    assertThat(written.await(60, TimeUnit.SECONDS)).isTrue();
                    return null;
                }));
                assertThat(running.await(60, TimeUnit.SECONDS)).isTrue();
                // task 2 writes while task 1's command runs
                checkpoints.beforeChange(2, root.resolve("other.txt"), "write");
                Files.writeString(root.resolve("other.txt"), "task 2\n");
                checkpoints.afterChange(2, root.resolve("other.txt"));
                written.countDown();
                shell.get(60, TimeUnit.SECONDS);
            } finally {
                pool.shutdownNow();
            }
            assertThat(checkpoints.endAttempt(1)).extracting(Change::path).containsExactly("built.txt");
            assertThat(checkpoints.endAttempt(2)).extracting(Change::path).containsExactly("other.txt");

            // task 1 retried: its file goes, task 2's stays
            Checkpoints.Undone undone = checkpoints.startAttempt(1, 2);
            assertThat(undone.restored()).containsExactly("built.txt");
            assertThat(root.resolve("built.txt")).doesNotExist();
            assertThat(Files.readString(root.resolve("other.txt"))).isEqualTo("task 2\n");
        }
    }

    @Test
    void aFileChangedWhileTwoTasksShellCommandsRunIsBothTasks() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("shared.txt"), "original\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r11")) {
            checkpoints.startAttempt(1, 1);
            checkpoints.startAttempt(2, 1);
            CountDownLatch bothRunning = new CountDownLatch(2);
            CountDownLatch firstEnded = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<Object> first = pool.submit(() -> checkpoints.aroundShell(1, () -> {
                    bothRunning.countDown();
                    assertThat(bothRunning.await(60, TimeUnit.SECONDS)).isTrue();
                    Files.writeString(root.resolve("shared.txt"), "one\n", java.nio.file.StandardOpenOption.APPEND);
                    return null;
                }));
                Future<Object> second = pool.submit(() -> checkpoints.aroundShell(2, () -> {
                    bothRunning.countDown();
                    Files.writeString(root.resolve("shared.txt"), "two\n", java.nio.file.StandardOpenOption.APPEND);
                    // ends after the first command ended, whose read saw this command's line too
                    assertThat(firstEnded.await(60, TimeUnit.SECONDS)).isTrue();
                    return null;
                }));
                first.get(60, TimeUnit.SECONDS);
                firstEnded.countDown();
                second.get(60, TimeUnit.SECONDS);
            } finally {
                pool.shutdownNow();
            }
            assertThat(checkpoints.sharedFiles()).isEqualTo(Map.of("shared.txt", List.of(1, 2)));
            assertThat(checkpoints.endAttempt(1)).extracting(Change::path).containsExactly("shared.txt");
            assertThat(checkpoints.endAttempt(2)).extracting(Change::path).containsExactly("shared.txt");
        }
    }

    @Test
    void aShellCommandReadsTheWorkspaceOnceAndLeavesOutWhatAnotherTaskWroteSinceTheLastRead() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("old.txt"), "old\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r10")) {
            checkpoints.startAttempt(1, 1);
            checkpoints.startAttempt(2, 1);
            checkpoints.aroundShell(1, () -> Files.writeString(root.resolve("first.txt"), "task 1\n"));
            change(checkpoints, 2, root.resolve("between.txt"), "task 2, between task 1's commands\n");
            long walks = checkpoints.scan().walks();
            checkpoints.aroundShell(1, () -> Files.writeString(root.resolve("second.txt"), "task 1 again\n"));
            assertThat(checkpoints.scan().walks()).as("one read of the workspace for the command").isEqualTo(walks + 1);
            assertThat(checkpoints.endAttempt(1)).extracting(Change::path).containsExactly("first.txt", "second.txt");
            assertThat(checkpoints.endAttempt(2)).extracting(Change::path).containsExactly("between.txt");
        }
    }

    /**
     * What a resume has done ahead on another thread leaves checkpoints opened while it runs recording and undoing a
     * task's change as ever.
     */
    @Test
    void preparingAheadWritesNothingAndCheckpointsOpenedMeanwhileStillUndo() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("a.txt"), "v0\n");
        Thread ahead = new Thread(Checkpoints::prepare);
        ahead.start();
        try (Checkpoints checkpoints = Checkpoints.open(root, "r9")) {
            ahead.join(60_000);
            assertThat(checkpoints.on()).isTrue();
            checkpoints.startAttempt(1, 1);
            change(checkpoints, 1, root.resolve("a.txt"), "v1\n");
            assertThat(checkpoints.endAttempt(1)).extracting(Change::path).containsExactly("a.txt");
            assertThat(checkpoints.undo(1, "cancel").restored()).containsExactly("a.txt");
            assertThat(Files.readString(root.resolve("a.txt"))).isEqualTo("v0\n");
        }
    }

    @Test
    void undoLeavesAFileAnotherTaskChangedSinceAndSaysSo() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("a.txt"), "v0\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r2")) {
            checkpoints.startAttempt(1, 1);
            checkpoints.startAttempt(2, 1);
            change(checkpoints, 1, root.resolve("a.txt"), "v1\n");
            checkpoints.noteRead(2, root.resolve("a.txt"));
            change(checkpoints, 2, root.resolve("a.txt"), "v2\n");
            checkpoints.endAttempt(2);
            assertThat(checkpoints.sharedFiles()).isEqualTo(Map.of("a.txt", List.of(1, 2)));
            Checkpoints.Undone undone = checkpoints.undo(1, "cancel");
            assertThat(undone.restored()).isEmpty();
            assertThat(undone.kept()).containsExactly("a.txt (changed by task #2 since)");
            assertThat(Files.readString(root.resolve("a.txt"))).isEqualTo("v2\n");
        }
    }

    @Test
    void undoGivesAFileBackWithItsPermissionsNotThoseOfATemporaryFile() throws Exception {
        Path root = ws.toRealPath();
        Path script = root.resolve("run.sh");
        Files.writeString(script, "echo one\n");
        Files.setPosixFilePermissions(script, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path notes = root.resolve("notes.txt");
        Files.writeString(notes, "kept\n");
        Files.setPosixFilePermissions(notes, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        try (Checkpoints checkpoints = Checkpoints.open(root, "r5")) {
            checkpoints.startAttempt(1, 1);
            change(checkpoints, 1, script, "echo two\n");
            checkpoints.beforeChange(1, notes, "write");
            Files.delete(notes);
            checkpoints.afterChange(1, notes);
            checkpoints.endAttempt(1);

            checkpoints.undo(1, "rollback");
        }
        assertThat(Files.readString(script)).isEqualTo("echo one\n");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(script)))
                .isEqualTo("rwxr-xr-x");
        assertThat(Files.readString(notes)).isEqualTo("kept\n");
        assertThat(Files.getPosixFilePermissions(notes)).as("made as a new file is, not 0600")
                .contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE)
                .isEqualTo(Files.getPosixFilePermissions(Files.writeString(root.resolve("fresh.txt"), "x")));
    }

    @Test
    void aWriteOverAnotherTasksChangeWithoutReadingItAgainIsRefused() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("a.txt"), "v0\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r3")) {
            checkpoints.startAttempt(1, 1);
            checkpoints.startAttempt(2, 1);
            checkpoints.noteRead(1, root.resolve("a.txt"));
            change(checkpoints, 2, root.resolve("a.txt"), "v2\n");
            assertThatThrownBy(() -> checkpoints.beforeChange(1, root.resolve("a.txt"), "edit"))
                    .isInstanceOf(Checkpoints.Conflict.class)
                    .hasMessage("a.txt was changed by task #2 since this task read it; read it again and make your "
                            + "change on what it holds now");
            checkpoints.noteRead(1, root.resolve("a.txt"));
            checkpoints.beforeChange(1, root.resolve("a.txt"), "edit");
        }
    }

    @Test
    void aTasksShellCommandAfterItsOwnWriteDoesNotMakeThatWriteNewAgainForTasksThatReadItSince() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("shared.txt"), "the user's\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r5")) {
            checkpoints.startAttempt(1, 1);
            checkpoints.startAttempt(2, 1);
            change(checkpoints, 1, root.resolve("shared.txt"), "task 1's\n");
            checkpoints.noteRead(2, root.resolve("shared.txt"));
            checkpoints.aroundShell(1, () -> Files.writeString(root.resolve("other.txt"), "task 1\n"));
            // Task 2 read task 1's version after task 1 wrote it; task 1's command did not touch the file again.
            change(checkpoints, 2, root.resolve("shared.txt"), "task 2's\n");
            assertThat(Files.readString(root.resolve("shared.txt"))).isEqualTo("task 2's\n");
        }
    }

    @Test
    void excludedFilesAndTheUsersGitAreNeitherRecordedNorTouched() throws Exception {
        Path root = ws.toRealPath();
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(root.resolve(".gitignore"), "*.log\n");
        Files.createDirectories(root.resolve(".longtask"));
        Files.writeString(root.resolve(".longtask/checkpoint.exclude"), "secret/\n");
        Files.createDirectories(root.resolve("node_modules/x"));
        try (Checkpoints checkpoints = Checkpoints.open(root, "r4")) {
            checkpoints.startAttempt(1, 1);
            checkpoints.aroundShell(1, () -> {
                Files.writeString(root.resolve("kept.txt"), "x");
                Files.writeString(root.resolve("debug.log"), "x");
                Files.createDirectories(root.resolve("secret"));
                Files.writeString(root.resolve("secret/key"), "x");
                Files.writeString(root.resolve("node_modules/x/index.js"), "x");
                return null;
            });
            assertThat(checkpoints.endAttempt(1)).extracting(Change::path).containsExactly("kept.txt");
        }
        assertThat(Files.readString(root.resolve(".git/HEAD"))).isEqualTo("ref: refs/heads/main\n");
        try (var entries = Files.list(root.resolve(".git"))) {
            assertThat(entries.map(p -> p.getFileName().toString())).containsExactly("HEAD");
        }
        assertThat(root.resolve(".longtask/shadow/HEAD")).exists();
    }

    @Test
    void aWorkspaceOverTheLimitsRunsWithCheckpointsOffAndSaysWhy() throws Exception {
        Path root = ws.toRealPath();
        for (int i = 0; i < 5; i++) {
            Files.writeString(root.resolve("f" + i), "x");
        }
        Checkpoints off = Checkpoints.open(root, "r5", new CheckpointLimits(3, 1 << 20));
        assertThat(off.on()).isFalse();
        assertThat(off.offReason()).isEqualTo("checkpoints are off: the workspace has more than 3 files to keep "
                + "(raise checkpoint.max_files or checkpoint.max_bytes in .longtask/config.yaml, or exclude folders in "
                + ".longtask/checkpoint.exclude)");
        assertThat(off.startAttempt(1, 1).isEmpty()).isTrue();
        assertThat(Set.of(off.endAttempt(1))).containsExactly(List.of());
    }

    @Test
    void theTreeATaskLeavesIsTheTreeAFullReadOfTheWorkspaceWrites() throws Exception {
        Path root = ws.toRealPath();
        Files.createDirectories(root.resolve("src/deep/er"));
        Files.writeString(root.resolve("src/deep/er/gone.txt"), "to delete\n");
        Files.writeString(root.resolve("src/kept.txt"), "kept\n");
        Files.writeString(root.resolve("top.txt"), "top\n");
        String left;
        try (Checkpoints checkpoints = Checkpoints.open(root, "r6")) {
            checkpoints.startAttempt(1, 1);
            change(checkpoints, 1, root.resolve("src/kept.txt"), "changed\n");
            Files.createDirectories(root.resolve("new/dir"));
            change(checkpoints, 1, root.resolve("new/dir/made.txt"), "made\n");
            checkpoints.aroundShell(1, () -> Files.deleteIfExists(root.resolve("src/deep/er/gone.txt")));
            checkpoints.endAttempt(1);
            left = checkpoints.repository().treeOf(checkpoints.ref(1)).name();
        }
        Files.delete(root.resolve(".longtask/shadow/index")); // no stat data: every file read again
        try (ShadowRepository repository = ShadowRepository.open(root.resolve(Checkpoints.DIRECTORY))) {
            WorkspaceScan fresh = new WorkspaceScan(repository, Excludes.of(root), CheckpointLimits.DEFAULT);
            fresh.scan();
            assertThat(fresh.tree().name()).isEqualTo(left);
            assertThat(repository.readTree(fresh.tree()).keySet())
                    .containsExactlyInAnyOrder("new/dir/made.txt", "src/kept.txt", "top.txt");
        }
    }

    @Test
    void aChangeMadeBetweenTwoProcessesIsSeenThoughTheStatDataIsKept() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("a.txt"), "first\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r7")) {
            assertThat(checkpoints.on()).isTrue();
        }
        Files.writeString(root.resolve("a.txt"), "the user's second version\n");
        try (Checkpoints checkpoints = Checkpoints.open(root, "r8")) {
            checkpoints.startAttempt(1, 1);
            change(checkpoints, 1, root.resolve("a.txt"), "task 1\n");
            checkpoints.startAttempt(1, 2); // undone: back to what the task found, not what the first process saw
            assertThat(Files.readString(root.resolve("a.txt"))).isEqualTo("the user's second version\n");
        }
    }

    @Test
    void aWorkspaceWhoseShadowRepositoryCannotBeWrittenRunsWithCheckpointsOffAndSaysWhy() throws Exception {
        Path root = ws.toRealPath();
        Files.createDirectories(root.resolve(".longtask"));
        Files.writeString(root.resolve(Checkpoints.DIRECTORY), "not a directory");
        Checkpoints off = Checkpoints.open(root, "r9");
        assertThat(off.on()).isFalse();
        assertThat(off.offReason()).startsWith("checkpoints are off: the shadow repository cannot be written");
        assertThat(off.startAttempt(1, 1).isEmpty()).isTrue();
    }

    private static void change(Checkpoints checkpoints, int task, Path file, String content) throws Exception {
        checkpoints.beforeChange(task, file, "write");
        Files.writeString(file, content);
        checkpoints.afterChange(task, file);
    }
}
