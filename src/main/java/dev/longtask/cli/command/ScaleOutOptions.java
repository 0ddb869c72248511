package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.model.config.Environment;
import dev.longtask.model.run.RunStores;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code run}, {@code resume} and {@code serve} for runs kept in a shared store: {@code --store} and
 * {@code --slots 0}.
 */
final class ScaleOutOptions {
    @Mixin
    StoreOption store = new StoreOption();

    @Option(names = "--slots", paramLabel = "0",
            description = "0: run no agent here and leave every task to 'longtask worker' processes (needs --store "
                    + "postgresql://...); this process plans, directs and writes the reports.")
    Integer slots;

    /** Opens the stores and hands them to {@code driver}; the caller closes them once the run is driven. */
    RunStores applyTo(RunDriver driver, Environment environment) {
        RunStores stores = open(environment, driver.workspacePath(), 4, "run and resume take",
                "set how many tasks run at once here with --concurrency N");
        driver.useStores(stores, workersOnly());
        return stores;
    }

    /**
     * The stores named, checked against {@code --slots}; the caller closes them.
     *
     * @param takes   "serve takes", for the refusal of a --slots other than 0
     * @param instead what to use instead of such a --slots
     */
    RunStores open(Environment environment, Path workspace, int connections, String takes, String instead) {
        if (slots != null && slots != 0) {
            throw CliFailure.usage("--slots " + slots + ": " + takes + " only --slots 0 (leave the tasks to workers); "
                    + instead);
        }
        RunStores stores = store.open(environment, workspace, connections);
        if (slots != null && !stores.shared()) {
            stores.close();
            throw CliFailure.usage("--slots 0 leaves the tasks to workers, which need a shared store: give --store "
                    + "postgresql://[user@]host[:port]/database (or store: in config)");
        }
        return stores;
    }

    /** True with --slots 0: this process runs no agent. */
    boolean workersOnly() {
        return slots != null;
    }
}
