package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Every command, given bad input, answers with one line that names the problem and the exit code it means,
 * never a stack trace; a stack trace shows only under --debug.
 */
class BadInputTest {
    @TempDir
    static Path shared;

    private Path workspace;

    /** A command line, where "WS" stands for the workspace; the exit code it must end with; a text it must say. */
    record Case(List<String> args, ExitCode exit, String says) {
        @Override
        public String toString() {
            String line = String.join(" ", args);
            return (line.length() > 90 ? line.substring(0, 90) + "..." : line) + " -> " + exit.code();
        }
    }

    private static Case bad(ExitCode exit, String says, String... args) {
        return new Case(List.of(args), exit, says);
    }

    static Stream<Case> cases() {
        ExitCode usage = ExitCode.USAGE;
        return Stream.of(
                bad(usage, "unknown command 'statu' (did you mean status?)", "statu"),
                // picocli's suggester offers any command sharing a letter or two: only near misses are suggested.
                bad(usage, "unknown command 'frobnicate'; see 'longtask --help'", "frobnicate"),
                bad(usage, "Invalid value for option '--color': 'sometimes' is not one of auto, always or never;",
                        "--color=sometimes", "runs", "-C", "WS"),
                bad(usage, "Missing required parameter", "run", "-C", "WS"),
                bad(usage, "Invalid value for option '--chunk-tokens': 'abc' is not a whole number;", "review", "WS",
                        "--chunk-tokens", "abc"),
                bad(usage, "the goal is empty", "run", " ", "-C", "WS"),
                bad(usage, "run id '../evil' is not valid", "run", "g", "--run-id", "../evil", "-C", "WS"),
                bad(usage, "run id 'a/b' is not valid", "run", "g", "--run-id", "a/b", "-C", "WS"),
                bad(usage, "the run id is empty", "run", "g", "--run-id", "", "-C", "WS"),
                bad(usage, "at most 100", "run", "g", "--run-id", "x".repeat(300), "-C", "WS"),
                bad(usage, "run existing already exists", "run", "g", "--run-id", "existing", "-C", "WS"),
                bad(usage, "unknown option '--bogus'", "run", "g", "--bogus", "-C", "WS"),
                bad(usage, "concurrency", "run", "g", "--concurrency", "zero", "-C", "WS"),
                bad(usage, "must be a duration", "run", "g", "--max-time", "soon", "-C", "WS"),
                bad(usage, "has ':' but no port after it", "run", "g", "--base-url", "http://127.0.0.1:/v1",
                        "--model", "openai:x", "-C", "WS"),
                bad(usage, "a goal may take at most half of it (4,096)", "run", "word ".repeat(20_000), "--model",
                        "ollama:tiny", "-C", "WS"),
                bad(usage, "a goal may take at most half of it", "plan", "word ".repeat(20_000), "--model",
                        "ollama:tiny", "-C", "WS"),
                bad(usage, "does not exist", "run", "g", "-C", "WS/missing"),
                bad(usage, "run id '../evil' is not valid", "plan", "g", "--run-id", "../evil", "-C", "WS"),
                bad(usage, "run existing already exists", "plan", "g", "--run-id", "existing", "-C", "WS"),
                bad(usage, "Missing required parameter", "resume", "-C", "WS"),
                bad(usage, "no run 'nosuch'", "resume", "nosuch", "-C", "WS"),
                bad(usage, "no run '../evil'", "resume", "../evil", "-C", "WS"),
                bad(usage, "no run 'nosuch'", "status", "nosuch", "-C", "WS"),
                bad(usage, "unexpected argument 'b'", "status", "a", "b", "-C", "WS"),
                bad(usage, "unknown option '--jsn'", "runs", "--jsn", "-C", "WS"),
                bad(usage, "no run 'nosuch'", "tasks", "nosuch", "-C", "WS"),
                bad(usage, "task needs a subcommand", "task"),
                bad(usage, "--lease 10ms is too short", "worker", "--lease", "10ms"),
                bad(usage, "must be a duration like 90s", "worker", "--lease", "soon"),
                bad(usage, "a worker needs a shared store", "worker"),
                bad(usage, "serve takes only --slots 0", "serve", "--slots", "2", "--port", "0"),
                bad(usage, "--slots 0 leaves the tasks to workers, which need a shared store", "serve", "--slots", "0",
                        "--port", "0", "--root", "WS"),
                bad(usage, "Missing required option: '--subject", "task", "add", "-C", "WS"),
                bad(usage, "--blocked-by", "task", "add", "--subject", "s", "--blocked-by", "x", "-C", "WS"),
                bad(usage, "--output out=../../etc/evil.txt: refused path", "task", "add", "--subject", "s",
                        "--output", "out=../../etc/evil.txt", "-C", "WS"),
                bad(usage, "--input in=/etc/passwd: refused path", "task", "add", "--goal", "g", "--subject", "s",
                        "--input", "in=/etc/passwd", "-C", "WS"),
                bad(usage, "no task 99", "task", "update", "99", "--status", "completed", "-C", "WS"),
                bad(usage, "pending, in_progress, completed, failed or cancelled", "task", "update", "1", "--status",
                        "done", "-C", "WS"),
                bad(usage, "TASK_ID", "task", "show", "abc", "-C", "WS"),
                bad(usage, "no run 'nosuch'", "report", "nosuch", "-C", "WS"),
                bad(usage, "has no report yet", "report", "existing", "-C", "WS"),
                bad(usage, "does not exist", "review", "WS/missing"),
                bad(usage, "--chunk-tokens must be at least 500", "review", "WS", "--chunk-tokens", "1"),
                bad(usage, "--tokens", "review", "WS", "--map", "--tokens", "many"),
                bad(usage, "does not exist", "agents", "-C", "WS/missing"),
                bad(usage, "Missing required parameter", "agent", "-C", "WS"),
                bad(usage, "nosuchagent", "agent", "nosuchagent", "do it", "-C", "WS"),
                bad(usage, "--parallel and --chain cannot be used together", "agent", "--parallel", "--chain",
                        "general=x", "-C", "WS"),
                bad(usage, "bench needs a subcommand", "bench"),
                bad(usage, "--events", "bench", "store", "--events", "many", "-C", "WS"),
                bad(usage, "Missing required parameter", "completion"),
                bad(usage, "unknown shell 'tcsh'", "completion", "tcsh"),
                bad(usage, "Missing required parameter", "cancel", "-C", "WS"),
                bad(usage, "no run 'nosuch'", "cancel", "nosuch", "-C", "WS"),
                bad(usage, "no run '../evil'", "cancel", "../evil", "-C", "WS"));
    }

    @BeforeEach
    void existingRun() throws Exception {
        workspace = Files.createTempDirectory(shared, "ws");
        try (FileRunStore store = FileRunStore.create(workspace, "existing", "g", null, null, StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("a"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsOneLineWithTheRightExitCodeAndNoStackTrace(Case c) {
        List<String> args = new ArrayList<>();
        c.args().forEach(a -> args.add(a.replace("WS", workspace.toString())));
        CliRunner.Result r = CliRunner.run(args.toArray(String[]::new));

        assertThat(r.exit()).as(r.toString()).isEqualTo(c.exit().code());
        assertThat(r.err()).as(r.toString()).contains(c.says()).doesNotContain("\tat ").doesNotContain("Exception")
                .doesNotContain("internal error");
        assertThat(r.err().lines()).as(r.toString()).hasSize(1).allMatch(line -> line.startsWith("longtask: "));
        assertThat(FileRunStore.list(workspace)).as("no run was created").containsExactly("existing");
    }

    /** report of a cancelled run does not send the user to resume, which refuses a cancelled run. */
    @Test
    void theReportOfACancelledRunSaysToStartANewOne() throws Exception {
        try (FileRunStore store = FileRunStore.create(workspace, "dropped", "g", null, null, StoreOptions.defaults())) {
            store.setRunStatus(RunStatus.CANCELLED, "cancelled by the user");
        }
        CliRunner.Result r = CliRunner.run("report", "dropped", "-C", workspace.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).as(r.toString()).contains("was cancelled before it wrote a report")
                .contains("start a new run").doesNotContain("longtask resume");
    }

    @ParameterizedTest(name = "{0} bogus")
    @ValueSource(strings = {"--sandbox", "--approval", "--concurrency", "--max-cost"})
    void aBadFlagValueSaysWhereToReadMoreAsEveryBadFlagDoes(String flag) {
        CliRunner.Result r = CliRunner.run("run", "g", flag, "bogus", "-C", workspace.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).as(r.toString()).startsWith("longtask: " + flag + " must be ")
                .endsWith("got 'bogus'; see 'longtask run --help'\n");
    }

    /** doctor reports on stdout, the problem included, as part of what it shows. */
    @Test
    void doctorWithABadModelSaysWhatIsWrongWithExitTwo() {
        CliRunner.Result r = CliRunner.run("doctor", "--model", "nonsense:x", "-C", workspace.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.out()).contains("model spec 'nonsense:x' does not say its provider");
        assertThat(r.out() + r.err()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    void aStackTraceShowsOnlyUnderDebug() {
        CliRunner.Result plain = withFailingCommand("boom");
        assertThat(plain.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(plain.err()).contains("longtask: internal error: java.lang.IllegalStateException: broken")
                .contains("--debug").doesNotContain("\tat ");

        CliRunner.Result debug = withFailingCommand("boom", "--debug");
        assertThat(debug.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(debug.err()).contains("internal error").contains("\tat ");
    }

    private static CliRunner.Result withFailingCommand(String... args) {
        CommandLine cli = Main.commandLine();
        CommandLine.Model.CommandSpec boom = CommandLine.Model.CommandSpec.wrapWithoutInspection((Runnable) () -> {
            throw new IllegalStateException("broken");
        });
        cli.addSubcommand("boom", new CommandLine(boom));
        return CliRunner.run(cli, args);
    }
}
