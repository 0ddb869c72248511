package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {
    @TempDir
    Path temp;
    Path root;
    Path outside;
    Workspace workspace;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(temp.resolve("ws"));
        outside = Files.createDirectories(temp.resolve("ws-sibling"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        workspace = new Workspace(root);
    }

    @Test
    void relativePathsResolveBelowTheRealRoot() throws IOException {
        assertThat(workspace.resolveInside("a/b.txt")).isEqualTo(root.toRealPath().resolve("a/b.txt"));
        assertThat(workspace.resolveInside("")).isEqualTo(root.toRealPath());
        assertThat(workspace.resolveInside(".")).isEqualTo(root.toRealPath());
        assertThat(workspace.resolveInside("a/../b")).isEqualTo(root.toRealPath().resolve("b"));
        assertThat(workspace.resolveInside("./a//b/")).isEqualTo(root.toRealPath().resolve("a/b"));
    }

    @Test
    void anAbsolutePathInsideIsFine() throws IOException {
        Path inside = root.toRealPath().resolve("x.txt");
        assertThat(workspace.resolveInside(inside.toString())).isEqualTo(inside);
    }

    @Test
    void dotDotOutIsRefused() {
        assertThatThrownBy(() -> workspace.resolveInside("../ws-sibling/secret.txt"))
                .isInstanceOf(OutsideWorkspaceException.class).hasMessageContaining("outside the workspace");
        assertThatThrownBy(() -> workspace.resolveInside("a/../../x")).isInstanceOf(OutsideWorkspaceException.class);
        assertThatThrownBy(() -> workspace.resolveInside("..")).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aDotDotThatComesBackInIsFine() throws IOException {
        assertThat(workspace.resolveInside("../ws/x")).isEqualTo(root.toRealPath().resolve("x"));
    }

    @Test
    void absolutePathsElsewhereAreRefused() {
        assertThatThrownBy(() -> workspace.resolveInside("/etc/passwd")).isInstanceOf(OutsideWorkspaceException.class);
        assertThatThrownBy(() -> workspace.resolveInside(outside.resolve("secret.txt").toString()))
                .isInstanceOf(OutsideWorkspaceException.class);
        assertThatThrownBy(() -> workspace.resolveInside("/")).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aSiblingWithTheRootAsNamePrefixIsOutside() throws IOException {
        Path sibling = Files.createDirectories(temp.resolve("wsx"));
        assertThatThrownBy(() -> workspace.resolveInside(sibling.resolve("f").toString()))
                .isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aSymlinkedFileLeadingOutIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("link.txt"), outside.resolve("secret.txt"));
        assertThatThrownBy(() -> workspace.resolveInside("link.txt"))
                .isInstanceOf(OutsideWorkspaceException.class).hasMessageContaining("secret.txt");
    }

    @Test
    void aSymlinkedParentDirectoryLeadingOutIsRefusedEvenForFilesNotThereYet() throws IOException {
        Files.createSymbolicLink(root.resolve("out"), outside);
        assertThatThrownBy(() -> workspace.resolveInside("out/secret.txt")).isInstanceOf(OutsideWorkspaceException.class);
        assertThatThrownBy(() -> workspace.resolveInside("out/new/deeper.txt")).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aRelativeSymlinkLeadingOutIsRefused() throws IOException {
        Files.createDirectories(root.resolve("sub"));
        Files.createSymbolicLink(root.resolve("sub/up"), Path.of("../../ws-sibling"));
        assertThatThrownBy(() -> workspace.resolveInside("sub/up/secret.txt")).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aDanglingSymlinkLeadingOutIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("trap.txt"), outside.resolve("not-yet.txt"));
        assertThatThrownBy(() -> workspace.resolveInside("trap.txt")).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aDanglingSymlinkInsideResolvesToWhereItPoints() throws IOException {
        Files.createSymbolicLink(root.resolve("later.txt"), Path.of("made/later-target.txt"));
        assertThat(workspace.resolveInside("later.txt")).isEqualTo(root.toRealPath().resolve("made/later-target.txt"));
    }

    @Test
    void aSymlinkedDirectoryInsideTheWorkspaceIsFine() throws IOException {
        Files.createDirectories(root.resolve("real/dir"));
        Files.writeString(root.resolve("real/dir/f.txt"), "x");
        Files.createSymbolicLink(root.resolve("alias"), root.resolve("real/dir"));
        assertThat(workspace.resolveInside("alias/f.txt")).isEqualTo(root.toRealPath().resolve("real/dir/f.txt"));
    }

    @Test
    void dotDotAfterASymlinkFollowsTheLinkAsTheKernelDoes() throws IOException {
        // out/.. is the parent of the link's target (outside), not the workspace: lexical normalising would miss it
        Files.createDirectories(outside.resolve("deep"));
        Files.createSymbolicLink(root.resolve("out"), outside.resolve("deep"));
        assertThatThrownBy(() -> workspace.resolveInside("out/../secret.txt")).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void aLinkLoopIsRefusedNotHung() throws IOException {
        Files.createSymbolicLink(root.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(root.resolve("b"), Path.of("a"));
        assertThatThrownBy(() -> workspace.resolveInside("a/x")).isInstanceOf(OutsideWorkspaceException.class)
                .hasMessageContaining("too many levels");
    }

    @Test
    void unusablePathsAreRefusedWithAReason() {
        assertThatThrownBy(() -> workspace.resolveInside("~/.ssh/id_rsa")).hasMessageContaining("'~' is not expanded");
        assertThatThrownBy(() -> workspace.resolveInside("a\0b")).hasMessageContaining("NUL");
        assertThatThrownBy(() -> workspace.resolveInside(null)).isInstanceOf(OutsideWorkspaceException.class);
    }

    @Test
    void theRootReachedThroughASymlinkIsStillTheRoot() throws IOException {
        Path alias = Files.createSymbolicLink(temp.resolve("alias-of-ws"), root);
        Workspace viaAlias = new Workspace(alias);
        assertThat(viaAlias.root()).isEqualTo(root.toRealPath());
        assertThat(viaAlias.resolveInside(alias.resolve("f").toString())).isEqualTo(root.toRealPath().resolve("f"));
    }

    @Test
    void storeFilesAreTheRunDirectoryExceptResults() {
        assertThat(workspace.isStoreOwned(workspace.resolveInside(".longtask/runs/r1/events.jsonl"))).isTrue();
        assertThat(workspace.isStoreOwned(workspace.resolveInside(".longtask/runs/r1/tasks/task_1.json"))).isTrue();
        assertThat(workspace.isStoreOwned(workspace.resolveInside(".longtask/runs/r1"))).isTrue();
        assertThat(workspace.isStoreOwned(workspace.resolveInside(".longtask/runs/r1/results/task_1/a.md"))).isFalse();
        assertThat(workspace.isStoreOwned(workspace.resolveInside(".longtask/agents/x.md"))).isFalse();
        assertThat(workspace.isStoreOwned(workspace.resolveInside("src/runs/r1/events.jsonl"))).isFalse();
    }

    @Test
    void relativeShowsForwardSlashesAndDotForTheRoot() throws IOException {
        assertThat(workspace.relative(root.toRealPath())).isEqualTo(".");
        assertThat(workspace.relative(root.toRealPath().resolve("a/b.txt"))).isEqualTo("a/b.txt");
    }

    @Test
    void aWorkspaceMustBeADirectory() {
        assertThatThrownBy(() -> new Workspace(temp.resolve("missing"))).isInstanceOf(IOException.class);
    }
}
