package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.command.PermissionsCliTest;
import dev.longtask.cli.command.ScriptedRunCommand;
import dev.longtask.config.Environment;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What people expect of a command line: completion scripts, --version, -C, one place for every option. */
class ConventionsTest {
    @TempDir
    Path workspace;

    @Test
    void bashAndZshCompletionComeFromTheCommandModel() {
        CliRunner.Result bash = CliRunner.run("completion", "bash");
        assertThat(bash.exit()).isZero();
        assertThat(bash.out()).contains("complete -F").contains("longtask")
                .contains("cancel").contains("resume").contains("--max-cost").contains("--workdir");
        CliRunner.Result zsh = CliRunner.run("completion", "zsh");
        assertThat(zsh.exit()).isZero();
        assertThat(zsh.out()).as("the script runs in zsh through bashcompinit").contains("bashcompinit")
                .isEqualTo(bash.out());
    }

    @Test
    void bashCompletesRunIdsOfTheWorkspaceAndAcceptsAUniquePrefix() throws Exception {
        Path ws = Files.createDirectories(workspace.resolve("ws"));
        CliRunner.Result first = CliRunner.run("task", "add", "--goal", "g", "--subject", "a", "-C", ws.toString());
        assertThat(first.exit()).as(first.toString()).isZero();
        String one = FileRunStore.list(ws).get(0);

        CliRunner.Result byPrefix = CliRunner.run("tasks", one.substring(0, one.length() - 2), "-C", ws.toString());
        assertThat(byPrefix.exit()).as(byPrefix.toString()).isZero();
        assertThat(byPrefix.out()).contains("#1: a");

        CliRunner.Result second = CliRunner.run("task", "add", "--goal", "h", "--subject", "b", "-C", ws.toString());
        assertThat(second.exit()).as(second.toString()).isZero();
        String other = FileRunStore.list(ws).stream().filter(id -> !id.equals(one)).findFirst().orElseThrow();
        String year = one.substring(0, 4);
        CliRunner.Result ambiguous = CliRunner.run("tasks", year, "-C", ws.toString());
        assertThat(ambiguous.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(ambiguous.err()).contains("run id prefix '" + year + "' is ambiguous: 2 runs start with it (");

        Path script = workspace.resolve("longtask.bash");
        Files.writeString(script, CliRunner.run("completion", "bash").out());
        Process bash = new ProcessBuilder("bash", "-c", "source " + script + "; COMP_WORDS=(longtask status -C " + ws
                + " " + year + "); COMP_CWORD=4; _longtask_with_run_ids; printf '%s\\n' \"${COMPREPLY[@]}\"")
                .redirectErrorStream(true).start();
        String offered = new String(bash.getInputStream().readAllBytes());
        assertThat(bash.waitFor()).as(offered).isZero();
        assertThat(offered.lines()).as(offered).contains(one, other);

        // -C before the command, as the README allows it: the command is still found, and the runs are DIR's
        Process before = new ProcessBuilder("bash", "-c", "source " + script + "; COMP_WORDS=(longtask -C " + ws
                + " status " + year + "); COMP_CWORD=4; _longtask_with_run_ids; printf '%s\\n' \"${COMPREPLY[@]}\"")
                .redirectErrorStream(true).start();
        String offeredBefore = new String(before.getInputStream().readAllBytes());
        assertThat(before.waitFor()).as(offeredBefore).isZero();
        assertThat(offeredBefore.lines()).as(offeredBefore).contains(one, other);
    }

    @Test
    void fishCompletionOffersSubcommandsAndTheirOptions() {
        CliRunner.Result fish = CliRunner.run("completion", "fish");
        assertThat(fish.exit()).isZero();
        assertThat(fish.out().lines())
                .contains("complete -c longtask -f")
                .anyMatch(l -> l.startsWith("complete -c longtask -n '__fish_use_subcommand' -a run -d 'Carry GOAL"))
                .anyMatch(l -> l.startsWith("complete -c longtask -n '__fish_seen_subcommand_from run' -l max-cost -r"))
                .anyMatch(l -> l.startsWith("complete -c longtask -n '__fish_seen_subcommand_from status' -s C -l workdir"
                        + " -r -F"))
                .anyMatch(l -> l.startsWith("complete -c longtask -l color -x -a 'auto always never'"))
                .anyMatch(l -> l.startsWith("complete -c longtask -n '__fish_seen_subcommand_from task; and not"
                        + " __fish_seen_subcommand_from add update show' -a add"));
        assertThat(fish.out()).contains("complete -c longtask -n '__fish_seen_subcommand_from resume status cancel "
                + "approve report tasks' -a '(__longtask_run_ids)'");
        assertThat(fish.out()).as("an inherited option is offered once, not per subcommand")
                .containsOnlyOnce("-l debug");
    }

    @Test
    void versionNamesTheCommitAndItsDate() {
        CliRunner.Result version = CliRunner.run("--version");
        assertThat(version.exit()).isZero();
        assertThat(version.out().strip())
                .matches("longtask \\S+ \\(commit ([0-9a-f]{7,}|unknown), (\\d{4}-\\d{2}-\\d{2}|unknown)\\)");
        assertThat(Version.line("0.1.0", "${git.commit.id.abbrev}", null))
                .isEqualTo("longtask 0.1.0 (commit unknown, unknown)");
    }

    @Test
    void dashCIsTheWorkdirAndGlobalOptionsGoAnywhere() throws Exception {
        CliRunner.Result before = CliRunner.run("--color=never", "runs", "-C", workspace.toString());
        CliRunner.Result after = CliRunner.run("runs", "--workdir", workspace.toString(), "--color", "never");
        assertThat(before.exit()).as(before.toString()).isZero();
        assertThat(before.out()).startsWith("no runs in " + workspace.toRealPath(java.nio.file.LinkOption.NOFOLLOW_LINKS)
                .resolve(".longtask/runs")).isEqualTo(after.out());
    }

    @Test
    void dashCBeforeTheCommandIsTheWorkspaceOfRunStatusAndRuns() throws Exception {
        Path ws = EngineFixture.workspace(workspace.resolve("ws"));
        ScriptedModel model = new ScriptedModel(PermissionsCliTest::twoFiles);
        Environment noKeys = new Environment(Map.of(), workspace.resolve("user-config.yaml"));
        CommandLine.IFactory factory = ScriptedRunCommand.factory(model, workspace.resolve("home"), noKeys);
        CliRunner.Result run = CliRunner.run(Main.commandLine(factory),
                "-C", ws.toString(), "run", "write two files", "--run-id", "first");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(FileRunStore.read(ws, "first").run().status()).isEqualTo(RunStatus.COMPLETED);

        CliRunner.Result status = CliRunner.run("--workdir", ws.toString(), "status", "--color=never");
        assertThat(status.exit()).as(status.toString()).isZero();
        assertThat(status.out()).contains("run      first").contains("completed");
        CliRunner.Result runs = CliRunner.run("-C", ws.toString(), "runs");
        assertThat(runs.exit()).as(runs.toString()).isZero();
        assertThat(runs.out()).contains("first");

        CliRunner.Result nearer = CliRunner.run("-C", workspace.resolve("missing").toString(), "runs", "-C",
                ws.toString());
        assertThat(nearer.exit()).as("the command's own -C wins: " + nearer).isZero();
        assertThat(Main.commandLine("-C", ws.toString(), "--color", "never", "runs").getSubcommands().keySet())
                .as("the tree built for one command finds it after the options before it").containsExactly("runs");
        CliRunner.Result none = CliRunner.run("-C", ws.toString(), "completion", "bash");
        assertThat(none.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(none.err()).contains("'longtask completion' takes no workspace (-C/--workdir)")
                .contains("see 'longtask completion --help'");
    }

    @Test
    void colourHonoursTheTerminalNoColorAndTheFlag() {
        Environment plain = new Environment(Map.of("TERM", "xterm"), workspace.resolve("u.yaml"));
        Environment noColor = new Environment(Map.of("TERM", "xterm", "NO_COLOR", "1"), workspace.resolve("u.yaml"));
        Environment dumb = new Environment(Map.of("TERM", "dumb"), workspace.resolve("u.yaml"));
        assertThat(ColorMode.AUTO.colours(plain, true)).isTrue();
        assertThat(ColorMode.AUTO.colours(plain, false)).as("not a terminal").isFalse();
        assertThat(ColorMode.AUTO.colours(noColor, true)).isFalse();
        assertThat(ColorMode.AUTO.colours(dumb, true)).isFalse();
        assertThat(ColorMode.ALWAYS.colours(noColor, false)).as("an explicit flag wins over NO_COLOR").isTrue();
        assertThat(ColorMode.NEVER.colours(plain, true)).isFalse();
    }

    @Test
    void colourAlwaysPaintsTheStatusAndNeverLeavesItPlain() throws Exception {
        try (FileRunStore store = FileRunStore.create(workspace, "done", "g", null, null, StoreOptions.defaults())) {
            store.setRunStatus(RunStatus.COMPLETED, "");
        }
        String always = CliRunner.run("status", "--color=always", "-C", workspace.toString()).out();
        assertThat(always).contains("status   \u001b[32mcompleted\u001b[0m");
        assertThat(CliRunner.run("runs", "--color=always", "-C", workspace.toString()).out())
                .contains("\u001b[32mcompleted\u001b[0m");
        assertThat(CliRunner.run("status", "--color=never", "-C", workspace.toString()).out()).doesNotContain("\u001b[");
    }
}
