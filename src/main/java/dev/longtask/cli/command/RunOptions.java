package dev.longtask.cli.command;

import dev.longtask.cli.GlobalOptions;
import dev.longtask.cli.Main;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.RunSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options of commands that carry a run: concurrency, budgets, permissions, and how progress is shown. */
final class RunOptions {
    @Option(names = "--concurrency", paramLabel = "N",
            description = "Tasks run at once (default: concurrency in config, else " + RunSettings.DEFAULT_CONCURRENCY
                    + ").")
    String concurrency;

    @Option(names = "--max-tokens", paramLabel = "N", description = "Pause when the run has used N tokens (read and written, cached ones too).")
    String maxTokens;

    @Option(names = "--max-cost", paramLabel = "USD", description = "Pause when the run has cost USD dollars.")
    String maxCost;

    @Option(names = "--max-time", paramLabel = "DURATION", description = "Pause after this long at work, e.g. 45m, 2h.")
    String maxTime;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--json-events", description = "Print every event as a JSON line to stdout instead of the progress view (the summary"
            + " goes to stderr; a review's report stays in its file, or --out).")
    boolean jsonEvents;

    /** The options of the {@code longtask} command this runs under (colour, verbosity). */
    GlobalOptions globals() {
        return command == null ? GlobalOptions.DEFAULTS : Main.globals(command);
    }

    @Mixin
    PermissionOptions permissions = new PermissionOptions();

    Flags flags() {
        return permissions.addTo(Flags.none())
                .set(SettingKey.CONCURRENCY, "--concurrency", concurrency)
                .set(SettingKey.MAX_TOKENS, "--max-tokens", maxTokens)
                .set(SettingKey.MAX_COST_USD, "--max-cost", maxCost)
                .set(SettingKey.MAX_TIME, "--max-time", maxTime);
    }
}
