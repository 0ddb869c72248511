package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.model.config.DurationText;
import java.time.Duration;
import picocli.CommandLine.Option;

/** How a terminal that follows a run on a server waits for a server that went away (a restart, a crash). */
final class FollowOptions {
    static final Duration DEFAULT_RECONNECT_FOR = Duration.ofMinutes(10);

    @Option(names = "--reconnect-for", paramLabel = "DURATION",
            description = "How long to wait for the server when it goes away (a restart, a crash) before exiting 3"
                    + " with the command that follows the run again (default: 10m).")
    String reconnectFor;

    Duration reconnectFor() {
        if (reconnectFor == null) {
            return DEFAULT_RECONNECT_FOR;
        }
        try {
            return DurationText.parse(reconnectFor);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("--reconnect-for must be a duration like 90s or 10m, got '" + reconnectFor + "'");
        }
    }
}
