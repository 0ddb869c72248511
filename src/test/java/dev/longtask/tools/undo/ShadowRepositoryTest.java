package dev.longtask.tools.undo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.TreeFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit and the move of its ref, as git itself reads them back: the ref is moved from the commit parsed from the
 * bytes just written (not read back from disk) and without the check for nested ref names.
 */
class ShadowRepositoryTest {
    @TempDir
    Path dir;

    @Test
    void aTasksRefNamesItsCommitAsGitReadsItAndARetryMovesItOnAndNothingElse() throws Exception {
        Path gitDir = dir.resolve("shadow");
        String ref = "refs/longtask/runs/r1/task-1";
        ObjectId foundFirst;
        ObjectId first;
        ObjectId second;
        try (ShadowRepository repository = ShadowRepository.open(gitDir)) {
            ObjectId empty = tree(repository, null);
            ObjectId written = tree(repository, "hello\n");
            foundFirst = repository.commit(null, empty, null, "found");
            first = repository.commit(ref, written, foundFirst, "attempt 1");
            assertThat(repository.jgit().resolve(ref)).isEqualTo(first);
            assertThat(repository.treeOf(ref)).isEqualTo(written);
            // a retry moves the same ref on (forced: the new commit does not descend from the old)
            ObjectId foundSecond = repository.commit(null, written, null, "found again");
            second = repository.commit(ref, empty, foundSecond, "attempt 2");
            assertThat(repository.jgit().resolve(ref)).isEqualTo(second);
            // the same commit again leaves it where it is; another task's ref beside it is its own
            assertThat(repository.commit(ref, empty, foundSecond, "attempt 2")).isEqualTo(second);
            ObjectId other = repository.commit("refs/longtask/runs/r1/task-2", written, null, "task 2");
            assertThat(repository.jgit().resolve("refs/longtask/runs/r1/task-2")).isEqualTo(other);
            assertThat(repository.jgit().resolve(ref)).isEqualTo(second);
        }
        // git itself, in a process of its own: the ref, its commit's parent (`diff <id>^ <id>` as the docs say) and tree
        assertThat(git(gitDir, "rev-parse", ref)).isEqualTo(second.name());
        assertThat(git(gitDir, "rev-parse", ref + "^")).isNotEqualTo(first.name());
        assertThat(git(gitDir, "log", "--format=%s", ref)).isEqualTo("attempt 2\nfound again");
        assertThat(git(gitDir, "diff", "--name-status", ref + "^", ref)).isEqualTo("D\tnotes.txt");
        assertThat(git(gitDir, "show", "refs/longtask/runs/r1/task-2:notes.txt")).isEqualTo("hello");
        assertThat(git(gitDir, "fsck", "--no-dangling")).doesNotContain("error", "missing", "broken", "bad");
    }

    @Test
    void aRefWhoseNameAnotherRefHoldsAsADirectoryIsNotMovedAndSaysSo() throws Exception {
        try (ShadowRepository repository = ShadowRepository.open(dir.resolve("shadow"))) {
            ObjectId empty = tree(repository, null);
            ObjectId held = repository.commit("refs/longtask/runs/r1/task-1", empty, null, "task 1");
            // the check for nested names is off: creating the ref's lock file must still fail, loudly
            assertThatThrownBy(() -> repository.commit("refs/longtask/runs/r1", empty, null, "a ref over a directory"))
                    .isInstanceOf(IOException.class);
            assertThatThrownBy(() -> repository.commit("refs/longtask/runs/r1/task-1/x", empty, null, "under a ref"))
                    .isInstanceOf(IOException.class);
            assertThat(repository.jgit().resolve("refs/longtask/runs/r1/task-1")).isEqualTo(held);
            assertThat(repository.jgit().resolve("refs/longtask/runs/r1")).isNull();
        }
    }

    private static ObjectId tree(ShadowRepository repository, String notes) throws IOException {
        TreeFormatter tree = new TreeFormatter();
        if (notes != null) {
            tree.append("notes.txt", FileMode.REGULAR_FILE, repository.insertBlob(notes.getBytes(StandardCharsets.UTF_8)));
        }
        try (ObjectInserter inserter = repository.jgit().newObjectInserter()) {
            ObjectId id = inserter.insert(tree);
            inserter.flush();
            return id;
        }
    }

    private static String git(Path gitDir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "--git-dir", gitDir.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("git " + String.join(" ", args) + ": " + out).isZero();
        return out;
    }
}
