package dev.longtask.cli.command;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.CliRunner;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.config.Environment;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.SandboxMode;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The permissions as a user meets them on the command line without a terminal: an {@code --approval ask} run
 * pauses (exit 3) with its question, {@code status} shows it, {@code approve} answers it, {@code resume} goes on
 * in the mode the run recorded; a broken rule is exit 2 naming its file; {@code --sandbox off} is said and recorded.
 */
public class PermissionsCliTest {
    @TempDir
    Path tmp;
    Path ws;

    @BeforeEach
    void workspace() {
        ws = EngineFixture.workspace(tmp.resolve("ws"));
    }

    /** One task that writes two files, asking twice in ask mode. */
    public static ChatMessage.Assistant twoFiles(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write two files",
                    "general", List.of(), Map.of("a", "out/a.md", "b", "out/b.md"))));
            case "director" -> decide("stop", "both files are written");
            case "synthesizer" -> report("Two files", "# Two files\n\nwritten");
            default -> switch (turn.step()) {
                case 1 -> write("out/a.md", "first");
                case 2 -> write("out/b.md", "second");
                default -> submitResult(true, "wrote both");
            };
        };
    }

    private CliRunner.Result command(Callable<ExitCode> command, String... args) {
        return CliRunner.runCommand(command, Stream.concat(Stream.of(args), Stream.of("--workdir", ws.toString()))
                .toArray(String[]::new));
    }

    private Environment noKeys() {
        return new Environment(Map.of(), tmp.resolve("user-config.yaml"));
    }

    private RunDriver.Assembly scripted() {
        ScriptedModel model = new ScriptedModel(PermissionsCliTest::twoFiles);
        return builder -> builder.home(tmp.resolve("home")).llm(model, EngineFixture.models(model).pricing());
    }

    private CliRunner.Result lt(String... args) {
        return CliRunner.run(Stream.concat(Stream.of(args), Stream.of("--workdir", ws.toString()))
                .toArray(String[]::new));
    }

    @Test
    void anAskRunWithoutATerminalPausesAndIsAnsweredWithApproveThenResumed() {
        CliRunner.Result paused = command(new RunCommand(noKeys(), scripted()), "write two files", "--run-id", "r1",
                "--approval", "ask");

        assertThat(paused.exit()).as(paused.toString()).isEqualTo(3);
        assertThat(paused.out()).contains("run r1: paused - waiting for approval: question #1 of task #1 (write)")
                .contains("  waiting   question #1: task #1 (general) wants write: out/a.md")
                .contains("  answer    longtask approve r1 [--always | --deny REASON] -C " + ws)
                .contains("  continue  longtask resume r1 -C " + ws);
        CliRunner.Result status = lt("status", "r1");
        assertThat(status.out()).contains("approval ask\n")
                .contains("waiting  question #1: task #1 (general) wants write: out/a.md\n")
                .contains("answer: longtask approve r1 [--always | --deny REASON]; then longtask resume r1");

        CliRunner.Result approved = lt("approve", "r1");
        assertThat(approved.exit()).as(approved.toString()).isZero();
        assertThat(approved.out()).contains("question #1: task #1 (general) wants write: out/a.md")
                .contains("answered: allowed once");
        CliRunner.Result again = lt("approve", "r1");
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err()).isEqualTo("longtask: no question waits for approval in run r1 ('longtask status r1' "
                + "shows where it stands)\n");
        // "answer whatever waits" is met by nothing waiting, and a script reading --json still gets its object
        CliRunner.Result none = lt("approve", "r1", "--all", "--json");
        assertThat(none.exit()).as(none.toString()).isZero();
        assertThat(none.out()).contains("\"answered\" : [ ]").contains("\"still_waiting\" : 0");
        assertThat(lt("approve", "r1", "--all").out()).isEqualTo("no question waits for approval in run r1\n");

        // no --approval on resume: the run's recorded mode holds, so the second write asks in its turn
        CliRunner.Result second = command(new ResumeCommand(noKeys(), scripted()), "r1");
        assertThat(second.exit()).as(second.toString()).isEqualTo(3);
        assertThat(ws.resolve("out/a.md")).hasContent("first");
        assertThat(ws.resolve("out/b.md")).doesNotExist();
        assertThat(second.out()).contains("  waiting   question #2: task #1 (general) wants write: out/b.md");

        assertThat(lt("approve", "r1", "--always").out())
                .contains("answered: allowed for the rest of the run (Write(/out/**))");
        CliRunner.Result done = command(new ResumeCommand(noKeys(), scripted()), "r1");
        assertThat(done.exit()).as(done.toString()).isZero();
        assertThat(ws.resolve("out/b.md")).hasContent("second");
        RunSnapshot run = FileRunStore.read(ws, "r1");
        assertThat(run.permissions().approval()).isEqualTo(ApprovalMode.ASK);
        assertThat(run.approvals()).extracting(a -> a.answer().decision())
                .containsExactly(ApprovalDecision.ALLOW_ONCE, ApprovalDecision.ALLOW_ALWAYS);
        assertThat(run.approvals()).allSatisfy(a -> assertThat(a.answer().by()).isEqualTo("longtask approve"));
        assertThat(lt("status", "r1").out()).doesNotContain("waiting");
    }

    @Test
    void approveRefusesContradictionsUnknownQuestionsAndSaysWhichWait() {
        command(new RunCommand(noKeys(), scripted()), "write two files", "--run-id", "r2", "--approval", "ask");

        CliRunner.Result both = lt("approve", "r2", "--always", "--deny", "no");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("--deny and --always contradict each other");
        CliRunner.Result unknown = lt("approve", "r2", "--question", "7");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("question #7 does not wait in run r2; waiting: #1");
        CliRunner.Result denied = lt("approve", "r2", "--deny", "keep the repository clean");
        assertThat(denied.out()).contains("answered: denied (keep the repository clean)");
        assertThat(FileRunStore.read(ws, "r2").approvals().get(0).answer().reason())
                .isEqualTo("keep the repository clean");
    }

    @Test
    void allowAlwaysSettlesTheQuestionsItsRuleCoversAndAllAnswersTheRestAsJson() throws Exception {
        assertThat(lt("task", "add", "--goal", "g", "--subject", "a").exit()).isZero();
        String id = FileRunStore.list(ws).get(0);
        try (FileRunStore store = FileRunStore.open(ws, id, dev.longtask.model.run.StoreOptions.defaults())) {
            for (String[] q : new String[][] {{"write", "Write(/out/**)"}, {"write", "Write(/out/**)"},
                    {"bash", "Bash(ls:*)"}, {"bash", "Bash(rm:*)"}}) {
                store.requestApproval(new dev.longtask.model.ApprovalQuestion(1, 1, "general", q[0], null,
                        q[1] + store.approvals().size(), "", q[1], "ask mode"));
            }
        }

        CliRunner.Result several = lt("approve", id);
        assertThat(several.exit()).isEqualTo(2);
        assertThat(several.err()).contains("4 questions wait in run " + id + " (#1, #2, #3, #4): choose one with "
                + "--question N, or answer them all with --all");
        CliRunner.Result always = lt("approve", id, "--question", "1", "--always");
        assertThat(always.exit()).as(always.toString()).isZero();
        assertThat(always.out()).containsOnlyOnce("question #1:").containsOnlyOnce("question #2:")
                .doesNotContain("question #3:");

        CliRunner.Result rest = lt("approve", id, "--all", "--deny", "not now", "--json");
        assertThat(rest.exit()).as(rest.toString()).isZero();
        com.fasterxml.jackson.databind.JsonNode json = JsonOutput.mapper().readTree(rest.out());
        assertThat(json.path("run_id").asText()).isEqualTo(id);
        assertThat(json.path("answered")).hasSize(2);
        assertThat(json.path("answered").get(0).path("id").isInt()).isTrue();
        assertThat(json.path("answered").get(0).path("decision").asText()).isEqualTo("deny");
        assertThat(json.path("still_waiting").asInt()).isZero();
        assertThat(FileRunStore.read(ws, id).approvals()).extracting(a -> a.answer().decision())
                .containsExactly(ApprovalDecision.ALLOW_ALWAYS, ApprovalDecision.ALLOW_ALWAYS, ApprovalDecision.DENY,
                        ApprovalDecision.DENY);
    }

    @Test
    void aBrokenRuleIsExitTwoNamingTheFileAndTheRuleAndNoRunIsMade() throws Exception {
        Path settings = Files.createDirectories(ws.resolve(".claude")).resolve("settings.local.json");
        Files.writeString(settings, "{\"permissions\": {\"allow\": [\"Bash(npm run test:*)\", \"Edit(src/**\"]}}");

        CliRunner.Result run = command(new RunCommand(noKeys(), scripted()), "write two files");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("longtask: " + settings.toRealPath()
                + ": permissions.allow: invalid rule 'Edit(src/**': it must end with ')' (the form is Tool or "
                + "Tool(specifier))\n");
        assertThat(ws.resolve(".longtask/runs")).doesNotExist();
    }

    @Test
    void sandboxOffIsSaidAtTheStartAndRecordedInTheRun() {
        CliRunner.Result run = command(new RunCommand(noKeys(), scripted()), "write two files", "--run-id", "r3",
                "--sandbox", "off");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.err()).startsWith("longtask: warning: bash runs commands UNCONFINED (--sandbox off)");
        PermissionSettings recorded = FileRunStore.read(ws, "r3").permissions();
        assertThat(recorded.sandbox()).isEqualTo(SandboxMode.OFF);
        assertThat(recorded.shell()).isEqualTo("unconfined");
        assertThat(lt("status", "r3").out()).contains("shell    bash runs commands UNCONFINED (--sandbox off)");
    }

    @Test
    void aTaskThatFailsAfterADenyRuleRefusedItsWriteNamesTheCallTheRuleAndItsFile() throws Exception {
        Path settings = Files.createDirectories(ws.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, "{\"permissions\": {\"deny\": [\"Write(out/b.md)\"]}}");

        CliRunner.Result run = command(new RunCommand(noKeys(), scripted()), "write two files", "--run-id", "r5");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        String error = FileRunStore.read(ws, "r5").task(1).error();
        assertThat(error).as("the failure itself").contains("required output file is missing")
                .as("and its cause").contains("the permissions refused a call of this task: write path=out/b.md (refused by"
                        + " the rule Write(out/b.md) of " + settings.toRealPath() + ")");
        assertThat(run.out()).contains("refused by the rule Write(out/b.md)");
    }

    @Test
    void aReadOnlyRunRefusesTheWritesAndSaysSoInStatus() {
        CliRunner.Result run = command(new RunCommand(noKeys(), scripted()), "write two files", "--run-id", "r4",
                "--approval", "read-only");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(ws.resolve("out/a.md")).doesNotExist();
        assertThat(lt("status", "r4").out()).contains("approval read-only");
    }
}
