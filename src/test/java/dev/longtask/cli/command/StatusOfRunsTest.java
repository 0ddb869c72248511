package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.cli.Child;
import dev.longtask.cli.CliRunner;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.TaskDraft;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.Waiting;
import dev.longtask.tools.Sandbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What status, runs, tasks and report say of runs at rest, running, and killed. */
class StatusOfRunsTest {
    @TempDir
    Path dir;

    private CliRunner.Result lt(Path ws, String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "-C";
        all[args.length + 1] = ws.toString();
        return CliRunner.run(all);
    }

    @Test
    void atEightyColumnsTheShellLineIsWrappedSoHowToTurnItOnStaysVisible() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        String off = Sandbox.off("bubblewrap (bwrap) is not installed; unshare cannot confine commands here")
                .description();
        try (FileRunStore store = FileRunStore.create(ws, "shelloff", "g", null, null, StoreOptions.defaults())) {
            store.append(EventType.PERMISSIONS_SET, null, JsonMapping.MAPPER.valueToTree(new PermissionSettings(
                    ApprovalMode.AUTO, SandboxMode.AUTO, "off", off, List.of())));
        }
        StatusCommand status = new StatusCommand();
        status.columnsOfStdout = () -> 80;
        CliRunner.Result shown = CliRunner.runCommand(status, "shelloff", "-C", ws.toString());
        assertThat(shown.exit()).as(shown.toString()).isZero();
        assertThat(shown.out().lines()).allMatch(l -> TextWidth.of(l) < 80);
        String shell = shown.out().substring(shown.out().indexOf("shell    "), shown.out().indexOf("updated  "));
        assertThat(shell.replaceAll("\\s+", " ")).as(shown.out()).contains("apt-get install bubblewrap")
                .contains("--sandbox off").doesNotContain(TextWidth.ELLIPSIS);
    }

    @Test
    void atEightyColumnsAPausedRunsReasonIsWrappedNotCutAndFailedWorkIsNotShownAsDone() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        try (FileRunStore store = FileRunStore.create(ws, "paused", "g", null, null, StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("asks"));
            store.createTask(TaskDraft.of("waits"));
            store.claim(1, "me");
            store.fail(1, "denied");
            store.setRunStatus(RunStatus.PAUSED, "2 questions wait for an answer on the terminal that ended;"
                    + " 'longtask resume ask-2' retries them");
        }
        StatusCommand status = new StatusCommand();
        status.columnsOfStdout = () -> 80;
        CliRunner.Result shown = CliRunner.runCommand(status, "paused", "-C", ws.toString());
        assertThat(shown.exit()).as(shown.toString()).isZero();
        assertThat(shown.out().lines()).allMatch(l -> TextWidth.of(l) < 80);
        assertThat(shown.out()).doesNotContain(TextWidth.ELLIPSIS);
        String reason = shown.out().substring(shown.out().indexOf("status   "), shown.out().indexOf("goal     "));
        assertThat(reason.replaceAll("\\s+", " ")).contains("'longtask resume ask-2' retries them");
        assertThat(shown.out().replaceAll("\\s+", " ")).contains("progress [" + "-".repeat(30) + "] 0.0% done")
                .containsPattern("at work \\S+ · since created ");
    }

    @Test
    void tasksJsonNamesTheOwnerOnlyWhileATaskRunsAndCallsAnOwnerWhoseProcessIsGoneStale() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        try (FileRunStore store = FileRunStore.create(ws, "owned", "g", null, null, StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("done"));
            store.createTask(TaskDraft.of("left running"));
            store.claim(1, "pid 9196");
            store.complete(1, "ok");
            store.claim(2, "pid 9196");
            store.setRunStatus(dev.longtask.model.RunStatus.RUNNING, null);
        }
        CliRunner.Result tasks = lt(ws, "tasks", "owned", "--json");
        assertThat(tasks.exit()).as(tasks.toString()).isZero();
        JsonNode json = JsonMapping.newMapper().readTree(tasks.out());
        assertThat(json.get(0).has("owner")).as("a completed task has no owner: " + json.get(0)).isFalse();
        assertThat(json.get(1).get("owner").asText()).isEqualTo("pid 9196");
        assertThat(json.get(1).get("owner_stale").asBoolean()).as("no process runs the run").isTrue();
        assertThat(json.get(1).has("blockedBy")).as("the task file's own key, kept as the file has it").isTrue();

        CliRunner.Result lines = lt(ws, "tasks", "owned");
        assertThat(lines.out()).as("as status says: nothing runs it").contains("[x] #1: done")
                .contains("[~] #2: left running").doesNotContain("[>]")
                .contains("[~] interrupted: the process running the run is gone")
                .contains("resume with: longtask resume owned");
    }

    @Test
    void aRunWhoseProcessWasKilledIsNotRunningAndItsClockStopped() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        try (ScriptedProvider slow = new ScriptedProvider(new ScriptedProvider.Options(0, 2, Duration.ofMinutes(5),
                null, 0, 0, null))) {
            Child run = Child.startRun(dir.resolve("home"), ws, "killed", slow.baseUrl());
            Waiting.until(() -> slow.requests() >= 1, "the run reached the model");
            CliRunner.Result live = lt(ws, "status", "killed");
            assertThat(live.out()).contains("status   planning (process " + run.pid() + ")");
            run.signal("KILL");
            run.await();
        }
        CliRunner.Result status = lt(ws, "status", "killed");
        assertThat(status.exit()).as(status.toString()).isZero();
        assertThat(status.out()).contains("status   not running (process gone: it was planning when it stopped)\n"
                + "         resume with: longtask resume killed -C " + ws + "\n");
        assertThat(status.out()).doesNotContain("ETA");
        assertThat(lt(ws, "runs").out()).containsPattern("killed +not running ");

        JsonNode json = JsonMapping.newMapper().readTree(lt(ws, "status", "killed", "--json").out());
        assertThat(json.get("live").asBoolean()).isFalse();
        assertThat(json.get("process_gone").asBoolean()).isTrue();
        RunSnapshot snapshot = FileRunStore.read(ws, "killed");
        assertThat(json.get("progress").get("elapsed_s").asLong()).as("the clock stopped at the last event")
                .isEqualTo(Duration.between(snapshot.run().created(), snapshot.run().updated()).toSeconds());
    }

    @Test
    void aFinishedRunShowsPlainNumbersAndTheNewestReportIsTheDefault() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        try (FileRunStore store = FileRunStore.create(ws, "done", "g", "test:model", null, StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("only"));
            store.claim(1, "me");
            store.complete(1, "ok");
            store.writeReport("# The report\n", JsonMapping.newMapper().createObjectNode().put("title", "The report"));
            store.setRunStatus(RunStatus.COMPLETED, "");
        }
        String json = lt(ws, "status", "--json").out();
        assertThat(json).contains("\"percent\" : 100").doesNotContain("E+");
        assertThat(JsonMapping.newMapper().readTree(json).get("process_gone").asBoolean()).isFalse();
        assertThat(lt(ws, "status").out()).contains("status   completed\n").contains("progress [").doesNotContain("ETA");

        CliRunner.Result report = lt(ws, "report");
        assertThat(report.exit()).as(report.toString()).isZero();
        assertThat(report.out()).isEqualTo("# The report\n");

        JsonNode tasks = JsonMapping.newMapper().readTree(lt(ws, "tasks", "--json").out());
        assertThat(tasks).hasSize(1);
        assertThat(tasks.get(0).get("status").asText()).isEqualTo("completed");
    }

    @Test
    void taskAddEndsWithTheCommandThatRunsTheGraph() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        CliRunner.Result added = lt(ws, "task", "add", "--goal", "g", "--run", "x", "--subject", "s");
        assertThat(added.exit()).isEqualTo(2);
        CliRunner.Result made = lt(ws, "task", "add", "--goal", "g", "--subject", "s");
        String id = FileRunStore.list(ws).get(0);
        assertThat(made.out().strip().lines()).last().isEqualTo("run the graph with: longtask resume " + id + " -C " + ws);
    }

    @Test
    void watchFollowsALiveRunUntilItEnds() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 2, Duration.ofMillis(300),
                null, 0, 0, null))) {
            Child run = Child.startRun(dir.resolve("home"), ws, "watched", model.baseUrl());
            Waiting.until(() -> model.requests() >= 1, "the run is planning");
            CliRunner.Result watched = lt(ws, "status", "watched", "--watch", "--interval", "0.2");
            assertThat(run.await().exit()).isZero();
            assertThat(watched.exit()).as(watched.toString()).isZero();
            String[] looks = watched.out().split("\n\n");
            assertThat(looks.length).as("a look per change").isGreaterThan(2);
            assertThat(looks[looks.length - 1]).contains("status   completed");
        }
    }
}
