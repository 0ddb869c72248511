package dev.longtask.cli;

import dev.longtask.config.Flags;
import dev.longtask.config.SettingKey;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of commands that carry a run: concurrency, budgets, permissions, and how progress is shown. */
final class RunOptions {
    @Option(names = "--concurrency", paramLabel = "N", description = "Tasks run at once (default: config, else 3).")
    String concurrency;

    @Option(names = "--max-tokens", paramLabel = "N", description = "Pause when the run has used N tokens (in + out).")
    String maxTokens;

    @Option(names = "--max-cost", paramLabel = "USD", description = "Pause when the run has cost USD dollars.")
    String maxCost;

    @Option(names = "--max-time", paramLabel = "DURATION", description = "Pause after this long at work, e.g. 45m, 2h.")
    String maxTime;

    @Option(names = "--json-events", description = "Print every event as a JSON line instead of the progress view.")
    boolean jsonEvents;

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
