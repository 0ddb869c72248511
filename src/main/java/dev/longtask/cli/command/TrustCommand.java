package dev.longtask.cli.command;

import dev.longtask.api.Longtask;
import dev.longtask.api.WorkspaceTrust;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.Workspaces;
import dev.longtask.model.config.Environment;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask trust [DIR] [--revoke]}: shows what a workspace's own files loosen or start ({@code sandbox: off},
 * allow rules, a weaker approval, MCP servers, agents with more tools) and records that the person trusts exactly
 * that; any later change to it makes the workspace untrusted again. The record lives outside every workspace.
 */
@Command(name = "trust", mixinStandardHelpOptions = true,
        header = "Trust what a workspace's own config loosens (sandbox off, allow rules, MCP servers, ...).",
        description = "Runs in a workspace whose .longtask/, .claude/ or .mcp.json loosen confinement or start programs"
                + " start only once you trust that content: this shows it and records your trust outside the workspace."
                + " An edit of it (by you or an agent) makes it untrusted again.")
final class TrustCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
            description = "The workspace (default: -C DIR, else the current directory).")
    Path dir;

    @picocli.CommandLine.Mixin
    RunAccess.Workdir workdir;

    @Option(names = "--revoke", description = "Forget the trust given to DIR's configuration.")
    boolean revoke;

    private final Environment environment;

    TrustCommand() {
        this(Environment.system());
    }

    /** For tests: the environment whose user config directory keeps the trust record. */
    TrustCommand(Environment environment) {
        this.environment = environment;
    }

    @Override
    public ExitCode call() {
        PrintWriter out = spec.commandLine().getOut();
        Path workspace = Workspaces.directory(dir != null ? dir : workdir.path);
        try (Longtask runtime = Longtask.builder().workspace(workspace).environment(environment).build()) {
            if (revoke) {
                out.println(runtime.revokeTrust(workspace) ? "trust revoked: runs in " + workspace + " that its "
                        + "config loosens will ask again" : workspace + " was not trusted; nothing to revoke");
                return ExitCode.OK;
            }
            WorkspaceTrust.Review review = runtime.trustReview(workspace);
            if (review.items().isEmpty()) {
                out.println("nothing in " + workspace + " loosens confinement or starts a program; "
                        + "nothing to trust");
                return ExitCode.OK;
            }
            show(out, review);
            runtime.trust(review);
            out.println("trusted (recorded in " + runtime.trustRecord() + "); any change to these settings makes "
                    + "the workspace untrusted again. Undo with: longtask trust " + workspace + " --revoke");
            return ExitCode.OK;
        }
    }

    /** What {@code review} loosens, one setting a line, grouped under each file. */
    static void show(PrintWriter out, WorkspaceTrust.Review review) {
        out.println("the configuration of " + review.workspace() + " loosens confinement or starts programs:");
        String file = null;
        for (WorkspaceTrust.Loosening item : review.items()) {
            if (!item.file().equals(file)) {
                file = item.file();
                out.println("  " + file);
            }
            out.println("    " + item.setting());
        }
    }

    /**
     * On a terminal, before a run starts in {@code workspace} whose configuration loosens confinement and is not
     * trusted: shows it and asks once; a yes records the trust. Without a terminal, or on a no, nothing is recorded
     * and the runtime refuses to start (exit 2, naming {@code longtask trust}).
     */
    static void askOnTerminal(Longtask runtime, Path workspace, PrintWriter err, InputStream in) {
        if (System.console() == null) {
            return;
        }
        WorkspaceTrust.Review review = runtime.trustReview(workspace);
        if (!review.blocks()) {
            return;
        }
        show(err, review);
        err.print("An agent working here could have written these. Trust them? [y/N] ");
        err.flush();
        String answer;
        try {
            answer = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            answer = null;
        }
        if (answer != null && answer.strip().toLowerCase(java.util.Locale.ROOT).matches("y|yes")) {
            runtime.trust(review);
        }
    }
}
