package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.model.Budget;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.Usage;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.StoreOptions;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandsTest {
    private static final ObjectMapper JSON = JsonMapping.newMapper();

    @TempDir
    Path workspace;

    private CliRunner.Result lt(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--workdir";
        all[args.length + 1] = workspace.toString();
        return CliRunner.run(all);
    }

    private String onlyRun() {
        List<String> runs = FileRunStore.list(workspace);
        assertThat(runs).hasSize(1);
        return runs.get(0);
    }

    private Path runDir(String id) {
        return workspace.resolve(".longtask/runs").resolve(id);
    }

    @Test
    void aTaskIsNotAddedToARunThatIsOverWhereItWouldNeverRun() {
        lt("task", "add", "--goal", "g", "--subject", "a");
        String id = onlyRun();
        try (FileRunStore store = FileRunStore.open(workspace, id, dev.longtask.model.run.StoreOptions.defaults())) {
            store.setRunStatus(dev.longtask.model.RunStatus.COMPLETED, "");
        }
        CliRunner.Result added = lt("task", "add", "--subject", "b");

        assertThat(added.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(added.err()).isEqualTo("longtask: run " + id + " is completed: a task added to it would never run; "
                + "start a new run with --goal, or name one still open with --run\n");
        assertThat(FileRunStore.read(workspace, id).tasks()).hasSize(1);
    }

    @Test
    void cancelAndTaskShowSpeakJson() throws Exception {
        lt("task", "add", "--goal", "g", "--subject", "a");
        String id = onlyRun();

        CliRunner.Result shown = lt("task", "show", "1", "--json");
        assertThat(shown.exit()).as(shown.toString()).isZero();
        assertThat(JsonOutput.mapper().readTree(shown.out()).path("subject").asText()).isEqualTo("a");
        CliRunner.Result cancelled = lt("cancel", id, "--json");
        assertThat(cancelled.exit()).as(cancelled.toString()).isZero();
        com.fasterxml.jackson.databind.JsonNode json = JsonOutput.mapper().readTree(cancelled.out());
        assertThat(json.path("status").asText()).isEqualTo("cancelled");
        assertThat(json.path("tasks_cancelled").isInt()).isTrue();
        assertThat(json.path("tasks_cancelled").asInt()).isEqualTo(1);
        assertThat(json.path("cancelled_now").asBoolean()).isTrue();
        CliRunner.Result again = lt("cancel", id, "--json");
        assertThat(JsonOutput.mapper().readTree(again.out()).path("cancelled_now").asBoolean()).isFalse();
    }

    @Test
    void aGraphIsBuiltByHandStartingWithGoal() {
        CliRunner.Result first = lt("task", "add", "--goal", "Review the repository", "--subject", "Map the repo",
                "--output", "map=notes/map.md", "--criterion", "lists every module");
        assertThat(first.exit()).as(first.toString()).isZero();
        String run = onlyRun();
        assertThat(first.out()).contains("created run " + run).contains("[ ] #1: Map the repo");
        assertThat(lt("task", "add", "--subject", "Review store", "--blocked-by", "1").exit()).isZero();
        assertThat(lt("task", "add", "--subject", "Write report", "--blocked-by", "1,2", "--agent", "documenter").exit())
                .isZero();

        CliRunner.Result tasks = lt("tasks", run);
        assertThat(tasks.out()).isEqualTo("""
                [ ] #1: Map the repo
                [ ] #2: Review store (blocked by: 1)
                [ ] #3: Write report (blocked by: 1, 2)
                """);

        assertThat(lt("task", "update", "1", "--status", "completed", "--reason", "done by hand").out())
                .isEqualTo("[x] #1: Map the repo\n");
        assertThat(lt("tasks").out()).contains("[ ] #2: Review store\n").contains("[ ] #3: Write report (blocked by: 2)");
        assertThat(FileRunStore.read(workspace, run).task(3).agent()).isEqualTo("documenter");
        assertThat(FileRunStore.read(workspace, run).task(1).outputs()).containsEntry("map", "notes/map.md");
    }

    @Test
    void updateEditsDependenciesFieldsAndStatus() {
        lt("task", "add", "--goal", "g", "--subject", "a");
        lt("task", "add", "--subject", "b");
        lt("task", "add", "--subject", "c");
        CliRunner.Result update = lt("task", "update", "3", "--add-blocked-by", "1", "--add-blocks", "2",
                "--subject", "c renamed", "--owner", "me");
        assertThat(update.exit()).as(update.toString()).isZero();
        assertThat(update.out()).isEqualTo("[ ] #3: c renamed (blocked by: 1)\n");
        assertThat(lt("tasks").out()).contains("[ ] #2: b (blocked by: 3)");
        assertThat(lt("task", "update", "1", "--status", "in_progress").out()).startsWith("[>] #1");
        assertThat(lt("task", "update", "1", "--status", "failed", "--reason", "flaky").out()).startsWith("[!] #1");
        assertThat(lt("task", "update", "1", "--status", "pending").out()).startsWith("[ ] #1");
        assertThat(lt("task", "update", "2", "--status", "cancelled").out()).startsWith("[-] #2");
    }

    @Test
    void refusedEditsAreOneLineErrorsWithExitTwoAndChangeNothing() throws Exception {
        lt("task", "add", "--goal", "g", "--subject", "a");
        lt("task", "add", "--subject", "b", "--blocked-by", "1");
        String run = onlyRun();
        byte[] eventsBefore = Files.readAllBytes(runDir(run).resolve("events.jsonl"));

        CliRunner.Result cycle = lt("task", "update", "1", "--add-blocked-by", "2");
        assertThat(cycle.exit()).isEqualTo(2);
        assertThat(cycle.err()).isEqualTo("longtask: task 1 cannot wait for task 2: that would close the cycle "
                + "1 -> 2 -> 1 (a -> b: a waits for b)\n");
        CliRunner.Result unknown = lt("task", "update", "1", "--add-blocked-by", "7");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no task 7");
        CliRunner.Result self = lt("task", "update", "2", "--add-blocks", "2");
        assertThat(self.err()).contains("task 2 cannot wait for itself");
        CliRunner.Result blocked = lt("task", "update", "2", "--status", "in_progress");
        assertThat(blocked.exit()).isEqualTo(2);
        assertThat(blocked.err()).contains("task 2 is pending: it is still blocked by 1");
        CliRunner.Result nothing = lt("task", "update", "2");
        assertThat(nothing.exit()).isEqualTo(2);
        assertThat(nothing.err()).contains("nothing to update");
        assertThat(Files.readAllBytes(runDir(run).resolve("events.jsonl"))).isEqualTo(eventsBefore);
    }

    @Test
    void unknownRunsAndMissingWorkspacesAreNamed() {
        assertThat(lt("runs").out()).startsWith("no runs in ");
        CliRunner.Result noRun = lt("status");
        assertThat(noRun.exit()).isEqualTo(2);
        assertThat(noRun.err()).contains("no runs in").contains("--goal");
        lt("task", "add", "--goal", "g", "--subject", "a");
        CliRunner.Result unknown = lt("tasks", "20990101-000000-ffff");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("longtask: no run '20990101-000000-ffff'");
        assertThat(unknown.err().lines()).hasSize(1);
        CliRunner.Result missing = CliRunner.run("status", "--workdir", workspace.resolve("nope").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("nope").contains("does not exist");
        CliRunner.Result badTask = lt("task", "show", "5");
        assertThat(badTask.exit()).isEqualTo(2);
        assertThat(badTask.err()).contains("no task 5");
    }

    @Test
    void garbledTaskFileIsReportedByReadersAndRebuiltByTheNextWrite() throws Exception {
        lt("task", "add", "--goal", "g", "--subject", "a");
        lt("task", "add", "--subject", "b", "--blocked-by", "1");
        String run = onlyRun();
        Path taskFile = runDir(run).resolve("tasks/task_2.json");
        String good = Files.readString(taskFile);
        Files.writeString(taskFile, "{\"id\": 2, \"subj");

        for (String[] command : List.of(new String[] {"tasks", run}, new String[] {"status"},
                new String[] {"task", "show", "1"})) {
            CliRunner.Result r = lt(command);
            assertThat(r.exit()).as(String.join(" ", command)).isEqualTo(2);
            assertThat(r.err()).contains(taskFile.toString());
            assertThat(r.err().lines()).hasSize(1);
        }
        CliRunner.Result runs = lt("runs");
        assertThat(runs.exit()).as("runs reads run.json alone, which is whole").isZero();
        assertThat(runs.out()).contains(run).contains("0/2");
        Path runFile = runDir(run).resolve("run.json");
        String goodRunFile = Files.readString(runFile);
        Files.writeString(runFile, goodRunFile.substring(0, goodRunFile.length() / 2));
        CliRunner.Result garbledRuns = lt("runs");
        assertThat(garbledRuns.exit()).isEqualTo(2);
        assertThat(garbledRuns.out()).contains(run).contains("unreadable");
        assertThat(garbledRuns.err()).contains(runFile.toString());
        Files.writeString(runFile, goodRunFile);
        assertThat(Files.readString(taskFile)).isEqualTo("{\"id\": 2, \"subj");

        CliRunner.Result repair = lt("task", "update", "1", "--status", "completed");
        assertThat(repair.exit()).isZero();
        assertThat(repair.err()).isEqualTo("longtask: note: run " + run + " was repaired on open: rebuilt from the "
                + "log: tasks/task_2.json\n");
        assertThat(JSON.readTree(taskFile.toFile()).get("blockedBy")).isEmpty();
        assertThat(Files.readString(taskFile)).isEqualTo(good.replace("\"blockedBy\" : [ 1 ]", "\"blockedBy\" : [ ]"));
        assertThat(lt("tasks").out()).contains("[ ] #2: b\n");
    }

    @Test
    void showPrintsTheTaskFileAndStatusThePlainFigures() throws Exception {
        try (FileRunStore store = FileRunStore.create(workspace, "20261125-213000-a1b2", "Review it",
                "anthropic:claude-sonnet-4-5", new Budget(500_000L, new BigDecimal("5.00"), 1800L),
                StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("one"));
            store.createTask(TaskDraft.of("two"));
            store.claim(1, "w");
            var data = JSON.createObjectNode().put("model", "m");
            data.set("usage", JSON.valueToTree(new Usage(12_345, 2_345, 0, 0, new BigDecimal("0.0421"), 0)));
            store.append(EventType.LLM_CALL, 1, data);
            var cached = JSON.createObjectNode().put("model", "m");
            cached.set("usage", JSON.valueToTree(new Usage(0, 0, 40_000, 1_000, BigDecimal.ZERO, 0)));
            store.append(EventType.LLM_CALL, 1, cached);
        }
        CliRunner.Result show = lt("task", "show", "1");
        assertThat(show.out()).isEqualTo(Files.readString(
                runDir("20261125-213000-a1b2").resolve("tasks/task_1.json"), StandardCharsets.UTF_8));

        CliRunner.Result status = lt("status");
        assertThat(status.exit()).isZero();
        assertThat(status.out())
                .contains("run      20261125-213000-a1b2")
                .contains("status   created")
                .contains("model    anthropic:claude-sonnet-4-5")
                .contains("tasks    0 done, 0 failed, 1 running, 1 pending (1 ready) of 2")
                .contains("tokens   12,345 in, 40,000 read from cache, 1,000 written to cache, 2,345 out")
                .contains("cost     $0.0421")
                .contains("budget   tokens 500,000, cost $5.00, time 30m");
        JsonNode json = JSON.readTree(lt("status", "20261125-213000-a1b2", "--json").out());
        assertThat(json.get("running").asInt()).isEqualTo(1);
        assertThat(json.get("usage").get("input_tokens").asLong()).isEqualTo(12_345);
        assertThat(json.get("budget").get("max_time_s").asLong()).isEqualTo(1800);

        CliRunner.Result runs = lt("runs");
        assertThat(runs.out()).contains("20261125-213000-a1b2").contains("0/2").contains("12.3k/2.3k")
                .contains("$0.0421").contains("Review it");
    }

    @Test
    void statusSaysWhyTheCostIsUnknown() {
        try (FileRunStore store = FileRunStore.create(workspace, "unpriced", "g", "openai:local-model", null,
                StoreOptions.defaults())) {
            var data = JSON.createObjectNode().put("model", "openai:local-model");
            data.set("usage", JSON.valueToTree(new Usage(100, 20, 0, 0, BigDecimal.ZERO, 1)));
            store.append(EventType.LLM_CALL, null, data);
        }
        assertThat(lt("status", "unpriced").out()).contains("cost     unknown (no price for this model)");
    }

    @Test
    void aRunOpenForWritingIsNamedWhenAnotherWriterTries() {
        try (FileRunStore store = FileRunStore.create(workspace, "busy-run", "g", null, null, StoreOptions.defaults())) {
            CliRunner.Result r = lt("task", "add", "--run", "busy-run", "--subject", "x");
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err()).contains("run busy-run is open for writing");
            assertThat(lt("status", "busy-run").exit()).as("readers still work").isZero();
        }
    }
}
