package dev.longtask.cli.command;

import dev.longtask.api.Longtask;
import dev.longtask.api.LongtaskBuilder;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * {@code --trust-workspace-config} of the commands that run other people's workspaces: serve, mcp and worker, and the
 * {@code resume} an MCP server started with it starts for each of its runs.
 */
final class TrustOption {
    @Option(names = "--trust-workspace-config", description = "Run every workspace whatever its own config loosens"
            + " (sandbox off, allow rules, MCP servers, ...), trusted or not; said at start.")
    boolean all;

    /** {@code builder} trusting every workspace when asked, said on {@code say} so the operator sees it. */
    LongtaskBuilder applyTo(LongtaskBuilder builder, PrintWriter say) {
        if (all) {
            say.println("longtask: warning: --trust-workspace-config: the configuration of every workspace applies "
                    + "untrusted (sandbox off, allow rules, approval, MCP servers and agents as written there)");
            say.flush();
        }
        return builder.trustWorkspaceConfig(all);
    }
}
