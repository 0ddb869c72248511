package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskToolsOutsideRunTest {
    @TempDir
    Path temp;

    @Test
    void withoutARunEveryTaskToolSaysThereIsNoGraph() {
        ToolFixture fx = new ToolFixture(temp);
        Toolbox toolbox = Toolbox.builtIn(Map.of(), Sandbox.unconfined("test"));
        for (String name : new String[] {"task_create", "task_update", "task_list", "task_get"}) {
            ToolResult r = fx.call(toolbox.get(name), Map.of("id", 1, "subject", "s", "status", "completed"));
            assertThat(r.error()).as(name).isTrue();
            assertThat(r.content()).as(name).contains("no task graph");
        }
    }
}
