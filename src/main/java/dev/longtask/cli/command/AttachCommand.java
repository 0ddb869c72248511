package dev.longtask.cli.command;

import dev.longtask.api.Stores;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Workspaces;
import dev.longtask.cli.client.AttachedRun;
import dev.longtask.cli.client.ServerClient;
import dev.longtask.cli.view.ProgressView;
import dev.longtask.cli.view.ProgressViews;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "attach", mixinStandardHelpOptions = true,
        description = {"Follow RUN_ID on a running 'longtask serve' in this terminal, as 'run --server' follows the run"
                + " it submits: the progress view, its questions asked here, the closing lines (Ctrl-C pauses it there).",
                "Exit codes: those of the run (0 completed, 1 failed or cancelled, 3 paused, 130 interrupted), and 3"
                        + " when the server stays away longer than --reconnect-for."})
final class AttachCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run to follow, as the server names it.")
    String runId;

    @Option(names = "--server", paramLabel = "URL", description = "The server (default: LONGTASK_SERVER, else "
            + ServerClient.DEFAULT_SERVER + ").")
    String server;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The server's token file.")
    Path tokenFile;

    @Option(names = {"-C", "--workdir"}, paramLabel = "DIR", defaultValue = ".",
            description = "Where to look for the server's token (the directory and those above it).")
    Path workdir;

    @Mixin
    FollowOptions follow = new FollowOptions();

    @Override
    public ExitCode call() {
        Path workspace = Workspaces.directory(workdir);
        ServerClient client = new ServerClient(server, tokenFile, workspace);
        RunOptions options = new RunOptions();
        options.command = spec;
        try (ProgressView view = ProgressViews.choose(options.jsonEvents, options.globals(),
                spec.commandLine().getOut(), workspace, true, ProgressViews.planIn(Stores.files(), workspace))) {
            return new AttachedRun(spec.commandLine().getOut(), client, System.console() != null ? System.in : null,
                    view, workdir, follow.reconnectFor(), tokenFile).attach(runId);
        }
    }
}
