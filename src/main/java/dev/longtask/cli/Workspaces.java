package dev.longtask.cli;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.config.ConfigException;
import dev.longtask.config.Environment;
import dev.longtask.config.McpServersConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/** Where the agent commands look: the workspace given by --workdir, the user's home, the tools there are. */
final class Workspaces {
    private Workspaces() {
    }

    /** The real path of {@code --workdir}; a usage error when it is not a directory. */
    static Path directory(Path workdir) {
        if (!Files.exists(workdir)) {
            throw CliFailure.usage("workspace " + workdir + " does not exist; give the workspace to work on with --workdir");
        }
        if (!Files.isDirectory(workdir)) {
            throw CliFailure.usage("workspace " + workdir + " is not a directory; give the workspace to work on with --workdir");
        }
        try {
            return workdir.toRealPath();
        } catch (IOException e) {
            throw CliFailure.usage("cannot use --workdir " + workdir + ": " + e.getMessage());
        }
    }

    /** The user's home directory ({@code ~/.longtask/agents} lives there), or null when unknown. */
    static Path home() {
        return Environment.home(System.getenv());
    }

    /** The built-in tools' names: enough to validate definitions without starting the tools (bash's sandbox). */
    static Set<String> knownTools() {
        return AgentCatalog.BUILT_IN_TOOLS;
    }

    /** The built-in tools' names and the MCP servers configured for {@code workspace} ({@code mcp__<server>}). */
    static Set<String> knownTools(Path workspace) {
        Set<String> known = new TreeSet<>(AgentCatalog.BUILT_IN_TOOLS);
        try {
            McpServersConfig.load(Environment.system(), workspace).values().forEach(s -> known.add(s.prefix()));
        } catch (ConfigException e) {
            throw CliFailure.usage(e.getMessage());
        }
        return known;
    }
}
