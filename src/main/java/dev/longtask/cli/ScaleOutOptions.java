package dev.longtask.cli;

import dev.longtask.config.Environment;
import dev.longtask.store.RunStores;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code run} and {@code resume} for runs kept in a shared store: {@code --store} and {@code --slots 0}. */
final class ScaleOutOptions {
    @Mixin
    StoreOption store = new StoreOption();

    @Option(names = "--slots", paramLabel = "0",
            description = "0: run no agent here and leave every task to 'longtask worker' processes (needs --store "
                    + "postgresql://...); this process plans, directs and writes the report.")
    Integer slots;

    /** Opens the stores and hands them to {@code driver}; the caller closes them once the run is driven. */
    RunStores applyTo(RunDriver driver, Environment environment) {
        if (slots != null && slots != 0) {
            throw CliFailure.usage("--slots " + slots + ": run and resume take only --slots 0 (leave the tasks to "
                    + "workers); set how many tasks run at once here with --concurrency N");
        }
        RunStores stores = store.open(environment, driver.workspacePath(), 4);
        if (slots != null && !stores.shared()) {
            stores.close();
            throw CliFailure.usage("--slots 0 leaves the tasks to workers, which need a shared store: give --store "
                    + "postgresql://[user@]host[:port]/database (or store: in config)");
        }
        driver.useStores(stores, slots != null);
        return stores;
    }
}
