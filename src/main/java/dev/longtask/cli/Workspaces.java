package dev.longtask.cli;

import dev.longtask.model.config.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the agent commands look: the workspace given by --workdir, the user's home, the tools there are. */
public final class Workspaces {
    private Workspaces() {
    }

    /** The real path of {@code --workdir}; a usage error when it is not a directory. */
    public static Path directory(Path workdir) {
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
    public static Path home() {
        return Environment.home(System.getenv());
    }
}
