package dev.longtask.tools.undo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.lib.Constants;
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

    @Test
    void objectsAndRefsWrittenWithoutJGitAreReadByGitAndByJGitAfterPackingAndALockHeldElsewhereMovesNothing()
            throws Exception {
        Path gitDir = dir.resolve("shadow");
        String ref = "refs/longtask/runs/r1/task-1";
        ObjectId packedCommit;
        ObjectId moved;
        try (ShadowRepository repository = ShadowRepository.open(gitDir)) {
            ObjectId blob = repository.insertBlob("first\n".getBytes(StandardCharsets.UTF_8));
            TreeFormatter formatter = new TreeFormatter();
            formatter.append("a.txt", FileMode.REGULAR_FILE, blob);
            ObjectId tree = repository.looseObjects().insert(formatter);
            // the same tree again is the same object, written once
            assertThat(repository.looseObjects().insert(formatter)).isEqualTo(tree);
            packedCommit = repository.commit(ref, tree, null, "attempt 1");
            // pack everything, refs included: the ref now lives in packed-refs, its objects in a pack
            org.eclipse.jgit.internal.storage.file.GC gc = new org.eclipse.jgit.internal.storage.file.GC(
                    (org.eclipse.jgit.internal.storage.file.FileRepository) repository.jgit());
            gc.setExpireAgeMillis(0);
            gc.gc().get();
            assertThat(java.nio.file.Files.exists(gitDir.resolve(ref))).isFalse();
            assertThat(repository.jgit().resolve(ref)).isEqualTo(packedCommit);
            // a loose move overrides the packed ref, for JGit in this process as for git
            ObjectId second = repository.looseObjects().insert(Constants.OBJ_TREE, new TreeFormatter().toByteArray());
            moved = repository.commit(ref, second, packedCommit, "attempt 2");
            assertThat(repository.jgit().resolve(ref)).isEqualTo(moved);
            assertThat(repository.treeOf(ref)).isEqualTo(second);
            // a lock held by another writer: the move fails loudly and the ref stays where it was
            java.nio.file.Files.writeString(gitDir.resolve(ref + ".lock"), "held");
            assertThatThrownBy(() -> repository.commit(ref, tree, null, "attempt 3")).isInstanceOf(IOException.class)
                    .hasMessageContaining("held");
            assertThat(repository.jgit().resolve(ref)).isEqualTo(moved);
            assertThat(java.nio.file.Files.readString(gitDir.resolve(ref + ".lock"))).isEqualTo("held");
            java.nio.file.Files.delete(gitDir.resolve(ref + ".lock"));
            // a content stored again once packed is not written loose a second time
            assertThat(repository.insertBlob("first\n".getBytes(StandardCharsets.UTF_8))).isEqualTo(blob);
        }
        assertThat(git(gitDir, "rev-parse", ref)).isEqualTo(moved.name());
        assertThat(git(gitDir, "rev-parse", ref + "^")).isEqualTo(packedCommit.name());
        assertThat(git(gitDir, "diff", "--name-status", ref + "^", ref)).isEqualTo("D\ta.txt");
        assertThat(git(gitDir, "cat-file", "-p", ref + "^:a.txt")).isEqualTo("first");
        assertThat(git(gitDir, "fsck", "--strict", "--no-dangling")).doesNotContain("error", "missing", "broken", "bad");
        try (java.util.stream.Stream<Path> left = java.nio.file.Files.walk(gitDir)) {
            assertThat(left.map(Path::toString).filter(p -> p.contains("tmp_obj_") || p.endsWith(".lock"))).isEmpty();
        }
    }

    @Test
    void aCommitsBytesAreTheOnesJGitsBuilderWrites() throws Exception {
        ObjectId tree = ObjectId.fromString("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
        ObjectId parent = ObjectId.fromString("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
        for (ObjectId p : new ObjectId[] {null, parent}) {
            for (String message : List.of("run r: task #3 attempt 1 changed 2 file(s)", "", "é \"quoted\"\nsecond line\n")) {
                org.eclipse.jgit.lib.CommitBuilder builder = new org.eclipse.jgit.lib.CommitBuilder();
                builder.setTreeId(tree);
                if (p != null) {
                    builder.setParentId(p);
                }
                builder.setAuthor(ShadowRepository.LONGTASK);
                builder.setCommitter(ShadowRepository.LONGTASK);
                builder.setMessage(message);
                assertThat(ShadowRepository.commitBytes(tree, p, message)).isEqualTo(builder.build());
            }
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
