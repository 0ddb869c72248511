package dev.longtask.store.file;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.run.RunLockedException;
import dev.longtask.store.StoreFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-writer rule across processes, including after a refused second open inside the writer's process. */
class WriterLockTest {
    @TempDir
    Path workspace;

    @Test
    void aRefusedSecondOpenInTheSameProcessDoesNotDropTheWritersLock() throws Exception {
        FileRunStore writer = FileRunStore.create(workspace, "locked", "g", null, null, StoreFixtures.fast());
        assertThatThrownBy(() -> FileRunStore.open(workspace, "locked", StoreFixtures.fast()))
                .isInstanceOf(RunLockedException.class).hasMessageContaining("this process already");
        assertThat(probe()).isEqualTo("LOCKED " + ProcessHandle.current().pid());
        writer.close();
        assertThat(probe()).isEqualTo("OPENED");
        FileRunStore.open(workspace, "locked", StoreFixtures.fast()).close();
    }

    private String probe() throws IOException, InterruptedException {
        Process child = new ProcessBuilder(ChildJvm.testMain(LockProbe.class, List.of(), workspace.toString(),
                "locked"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out.lines().filter(l -> l.startsWith("OPENED") || l.startsWith("LOCKED")).findFirst().orElse(out);
    }
}
