package dev.longtask.tools.undo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.lib.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A runtime's sessions start from what its checkpoints last wrote of the workspace, never from a stale copy. */
class ScanMemoryTest {
    @TempDir
    Path ws;

    @Test
    void theNextSessionStartsFromTheMemoryAndStillSeesWhatChangedSince() throws Exception {
        Path root = ws.toRealPath();
        Files.createDirectories(root.resolve("src/deep"));
        Files.writeString(root.resolve("src/deep/a.txt"), "first\n");
        Files.writeString(root.resolve("top.txt"), "top\n");
        ScanMemory memory = new ScanMemory();
        try (Checkpoints checkpoints = Checkpoints.open(root, "r1", CheckpointLimits.DEFAULT, memory)) {
            assertThat(checkpoints.scan().recalled()).isFalse(); // nothing kept yet: the index on disk
        }
        Files.writeString(root.resolve("src/deep/a.txt"), "the user's second version\n");
        Files.createDirectories(root.resolve("new"));
        Files.writeString(root.resolve("new/b.txt"), "new\n");
        Files.delete(root.resolve("top.txt"));
        try (Checkpoints checkpoints = Checkpoints.open(root, "r2", CheckpointLimits.DEFAULT, memory)) {
            assertThat(checkpoints.scan().recalled()).isTrue();
            assertThat(checkpoints.scan().tree()).isEqualTo(freshTree(root));
            checkpoints.startAttempt(1, 1);
            checkpoints.beforeChange(1, root.resolve("src/deep/a.txt"), "write");
            Files.writeString(root.resolve("src/deep/a.txt"), "task 1\n");
            checkpoints.afterChange(1, root.resolve("src/deep/a.txt"));
            checkpoints.startAttempt(1, 2); // undone: back to what the task found, not what the last session saw
            assertThat(Files.readString(root.resolve("src/deep/a.txt"))).isEqualTo("the user's second version\n");
        }
    }

    @Test
    void twoSessionsFromOneMemoryDoNotShareTheirTrees() throws Exception {
        Path root = ws.toRealPath();
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("src/a.txt"), "a\n");
        ScanMemory memory = new ScanMemory();
        Checkpoints.open(root, "r0", CheckpointLimits.DEFAULT, memory).close();
        try (Checkpoints one = Checkpoints.open(root, "r1", CheckpointLimits.DEFAULT, memory);
             Checkpoints two = Checkpoints.open(root, "r2", CheckpointLimits.DEFAULT, memory)) {
            assertThat(one.scan().recalled()).isTrue();
            assertThat(two.scan().recalled()).isTrue();
            ObjectId before = two.scan().tree();
            one.startAttempt(1, 1);
            one.beforeChange(1, root.resolve("src/b.txt"), "write");
            Files.writeString(root.resolve("src/b.txt"), "b\n");
            one.afterChange(1, root.resolve("src/b.txt"));
            assertThat(one.scan().tree()).isNotEqualTo(before);
            assertThat(two.scan().tree()).isEqualTo(before); // two has not looked since
        }
    }

    @Test
    void anIndexAnotherWriterReplacedIsReadFromDisk() throws Exception {
        Path root = ws.toRealPath();
        Files.writeString(root.resolve("a.txt"), "first\n");
        ScanMemory memory = new ScanMemory();
        Checkpoints.open(root, "r1", CheckpointLimits.DEFAULT, memory).close();
        Files.writeString(root.resolve("b.txt"), "another process's run saw this\n");
        Checkpoints.open(root, "r2").close(); // another process: the index is written again, not by this memory
        try (Checkpoints checkpoints = Checkpoints.open(root, "r3", CheckpointLimits.DEFAULT, memory)) {
            assertThat(checkpoints.scan().recalled()).isFalse();
            assertThat(checkpoints.scan().files()).containsOnlyKeys("a.txt", "b.txt");
            assertThat(checkpoints.scan().tree()).isEqualTo(freshTree(root));
        }
    }

    /** The tree a read of every file, without any stat data, gives. */
    private static ObjectId freshTree(Path root) throws Exception {
        try (ShadowRepository repository = ShadowRepository.open(root.resolve(Checkpoints.DIRECTORY))) {
            WorkspaceScan fresh = new WorkspaceScan(repository, Excludes.of(root), CheckpointLimits.DEFAULT, null);
            fresh.scan();
            return fresh.tree();
        }
    }
}
