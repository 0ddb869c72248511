package dev.longtask.cli.command;

import dev.longtask.model.config.Flags;
import dev.longtask.model.config.SettingKey;
import picocli.CommandLine.Option;

/** {@code --approval} and {@code --sandbox}, shared by the commands that run agents. */
final class PermissionOptions {
    @Option(names = "--approval", paramLabel = "MODE", description = "auto: tool calls run unless a rule denies them;"
            + " ask: write, edit, bash and MCP tools wait for your decision; read-only: they are refused."
            + " Default: auto; for review, read-only.")
    String approval;

    @Option(names = "--sandbox", paramLabel = "MODE", description = "auto: bash runs confined (bubblewrap, else Linux"
            + " namespaces) or not at all (default); off: bash runs commands unconfined, with all your rights.")
    String sandbox;

    /** {@code flags} with these options set. */
    Flags addTo(Flags flags) {
        return flags.set(SettingKey.APPROVAL, "--approval", approval).set(SettingKey.SANDBOX, "--sandbox", sandbox);
    }
}
