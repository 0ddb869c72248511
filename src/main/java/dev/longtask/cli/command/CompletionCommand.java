package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask completion bash|zsh|fish}: a completion script for the shell, made from the command model so it
 * always matches the commands and options. Bash and zsh get picocli's generator (its script runs in zsh through
 * bashcompinit); fish gets {@link FishCompletion}, since picocli has no fish generator. Both complete run ids
 * ({@link RunIdCompletion}).
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        header = "Print a completion script for bash, zsh or fish.",
        description = {"Print a completion script for SHELL (bash, zsh or fish). Load it with:",
                "  bash: source <(longtask completion bash)        (or save it to ~/.local/share/bash-completion/completions/longtask)",
                "  zsh:  source <(longtask completion zsh)         (in ~/.zshrc; uses bashcompinit)",
                "  fish: longtask completion fish > ~/.config/fish/completions/longtask.fish"})
final class CompletionCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SHELL", description = "bash, zsh or fish.")
    String shell;

    @Override
    public ExitCode call() {
        CommandLine root = spec.root().commandLine();
        PrintWriter out = spec.commandLine().getOut();
        String name = spec.root().name();
        switch (shell.strip().toLowerCase(Locale.ROOT)) {
            case "bash", "zsh" -> out.print(AutoComplete.bash(name, root) + RunIdCompletion.bash(name));
            case "fish" -> out.print(FishCompletion.script(root.getCommandSpec()) + RunIdCompletion.fish(name));
            default -> throw CliFailure.usage("completion: unknown shell '" + shell + "'; give bash, zsh or fish");
        }
        out.flush();
        return ExitCode.OK;
    }
}
