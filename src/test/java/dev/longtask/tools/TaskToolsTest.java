package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Budget;
import dev.longtask.model.EventType;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The task-graph tools against the real file store: what they say, and what lands in the run directory. */
class TaskToolsTest {
    @TempDir
    Path temp;
    ToolFixture fx;
    FileRunStore store;
    ToolContext context;
    final Toolbox toolbox = Toolbox.builtIn(Map.of(), Sandbox.unconfined("test"));

    @BeforeEach
    void setUp() {
        fx = new ToolFixture(temp);
        store = FileRunStore.create(fx.root, null, "ship the feature", null, Budget.UNLIMITED,
                StoreOptions.defaults().withFsync(FsyncPolicy.NONE));
        context = new ToolContext(fx.workspace, store, 0);
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    ToolResult call(String tool, Map<String, ?> arguments) {
        return toolbox.get(tool).execute(ToolFixture.args(arguments), context);
    }

    ToolResult call(String tool, String json) {
        return toolbox.get(tool).execute(ToolFixture.args(json), context);
    }

    @Test
    void createListAndCompleteUnblocksDependents() {
        assertThat(call("task_create", Map.of("subject", "Set up project")).content())
                .isEqualTo("created task #1\n[ ] #1: Set up project");
        assertThat(call("task_create", Map.of("subject", "Auth")).content()).startsWith("created task #2");
        ToolResult third = call("task_create", Map.of("subject", "Permissions", "instruction", "Add roles",
                "agent", "reviewer", "blocked_by", List.of(1, 2)));
        assertThat(third.content()).isEqualTo("created task #3\n[ ] #3: Permissions (blocked by: 1, 2)");

        assertThat(call("task_update", "{\"id\":1,\"status\":\"completed\"}").content())
                .isEqualTo("updated task #1: status completed\n[x] #1: Set up project");

        assertThat(call("task_list", "{}").content()).isEqualTo("""
                [x] #1: Set up project
                [ ] #2: Auth
                [ ] #3: Permissions (blocked by: 2)
                (3 tasks: 2 pending, 1 completed)""");
        assertThat(store.task(3).agent()).isEqualTo("reviewer");
        assertThat(store.task(3).instruction()).isEqualTo("Add roles");
    }

    @Test
    void addBlocksKeepsBothSidesOfTheEdge() {
        call("task_create", Map.of("subject", "A"));
        call("task_create", Map.of("subject", "B"));
        ToolResult r = call("task_update", "{\"id\":\"#1\",\"add_blocks\":[2]}");
        assertThat(r.content()).startsWith("updated task #1: #2 now waits for #1");
        assertThat(store.task(1).blocks()).containsExactly(2);
        assertThat(store.task(2).blockedBy()).containsExactly(1);
    }

    @Test
    void aCycleIsRefusedAsAToolErrorAndChangesNothing() {
        call("task_create", Map.of("subject", "A"));
        call("task_create", Map.of("subject", "B", "blocked_by", List.of(1)));
        ToolResult r = call("task_update", Map.of("id", 1, "add_blocked_by", List.of(2)));
        assertThat(r.error()).isTrue();
        assertThat(r.content()).startsWith("task #1: ").contains("cycle").endsWith("nothing was changed");
        assertThat(store.task(1).blockedBy()).isEmpty();
    }

    @Test
    void aRefusedLaterStepSaysWhatWasAlreadyDone() {
        call("task_create", Map.of("subject", "A"));
        ToolResult r = call("task_update", Map.of("id", 1, "owner", "alice", "add_blocked_by", List.of(99)));
        assertThat(r.error()).isTrue();
        assertThat(r.content()).contains("99").contains("already done: set owner");
        assertThat(store.task(1).owner()).isEqualTo("alice");
    }

    @Test
    void unknownIdsAndBadArgumentsAreToolErrors() {
        call("task_create", Map.of("subject", "A"));
        assertThat(call("task_get", Map.of("id", 42)).content()).contains("no task 42");
        assertThat(call("task_update", Map.of("id", 42, "status", "completed")).content()).contains("no task 42");
        assertThat(call("task_create", Map.of("subject", "B", "blocked_by", List.of(7))).error()).isTrue();
        assertThat(call("task_update", Map.of("id", 1, "status", "done")).content()).contains("unknown task status 'done'");
        assertThat(call("task_update", Map.of("id", 1)).content()).startsWith("nothing to change");
        assertThat(call("task_create", Map.of("subject", " ")).content()).contains("subject is empty");
        assertThat(call("task_get", Map.of("id", "one")).content()).contains("'id' must be an integer");
        assertThat(store.tasks()).hasSize(1);
    }

    @Test
    void anAgentCannotSetTheStatusOfItsOwnTask() {
        call("task_create", Map.of("subject", "Mine"));
        ToolContext own = new ToolContext(fx.workspace, store, 1);
        ToolResult r = toolbox.get("task_update").execute(ToolFixture.args(Map.of("id", 1, "status", "completed")), own);
        assertThat(r.error()).isTrue();
        assertThat(r.content()).contains("submit_result");
        assertThat(store.task(1).status()).isEqualTo(TaskStatus.PENDING);
    }

    @Test
    void taskGetShowsTheTaskFileJson() throws Exception {
        call("task_create", Map.of("subject", "A", "instruction", "do A"));
        call("task_create", Map.of("subject", "B", "blocked_by", List.of(1)));
        JsonNode shown = new ObjectMapper().readTree(call("task_get", Map.of("id", 2)).content());
        store.flushProjections();
        JsonNode onDisk = new ObjectMapper().readTree(Files.readString(store.directory().resolve("tasks/task_2.json")));
        assertThat(shown.path("subject").asText()).isEqualTo("B");
        assertThat(shown.path("blockedBy")).hasSize(1);
        assertThat(shown.path("status").asText()).isEqualTo("pending");
        assertThat(shown.path("created").isTextual()).isTrue();
        assertThat(shown).isEqualTo(onDisk);
    }

    @Test
    void everyChangeIsAnEventInTheLog() {
        call("task_create", Map.of("subject", "A"));
        call("task_create", Map.of("subject", "B"));
        call("task_update", Map.of("id", 2, "add_blocked_by", List.of(1), "subject", "B2", "status", "cancelled",
                "reason", "not needed"));
        assertThat(store.eventsAfter(0)).extracting(e -> e.type()).containsSubsequence(EventType.TASK_CREATED,
                EventType.TASK_CREATED, EventType.TASK_UPDATED, EventType.TASK_DEPENDENCY_ADDED,
                EventType.TASK_CANCELLED);
        assertThat(store.task(2).subject()).isEqualTo("B2");
        assertThat(store.task(2).status()).isEqualTo(TaskStatus.CANCELLED);
    }
}
