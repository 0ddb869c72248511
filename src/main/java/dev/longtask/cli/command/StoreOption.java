package dev.longtask.cli.command;

import dev.longtask.api.Configuration;
import dev.longtask.api.Stores;
import dev.longtask.api.WorkspaceTrust;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --store} option of the commands that reach runs: the workspace's files by default, or a PostgreSQL
 * database that workers share (docs/scale-out.md). The flag wins over {@code LONGTASK_STORE} and {@code store:} in
 * config; the password never comes from any of them, only from {@code PGPASSWORD} or a pgpass file. A database named
 * by the workspace's own config (which an agent could have written) is used only once a person trusted it.
 */
final class StoreOption {
    @Option(names = "--store", paramLabel = "URL",
            description = "Where runs are kept: 'files' (the workspace's .longtask/runs, the default) or "
                    + "postgresql://[user@]host[:port]/database (password from PGPASSWORD or ~/.pgpass).")
    String store;

    /** Set by the commands whose {@code --trust-workspace-config} applies every workspace's config untrusted. */
    boolean trustEveryWorkspace;

    /** The stores the flag, the environment or the config of {@code workspace} name; close them when done. */
    RunStores open(Environment environment, Path workspace, int connections) {
        String spec;
        try {
            Settings settings = Configuration.load(environment, workspace,
                    Flags.none().set(SettingKey.STORE, "--store", store));
            spec = settings.store().map(r -> r.value()).orElse(null);
            if (!trustEveryWorkspace && settings.store().filter(r -> r.source().kind() == Source.Kind.WORKSPACE_FILE)
                    .isPresent()) {
                // before any connection: the database a workspace's own config names could be anybody's
                WorkspaceTrust.Review review = WorkspaceTrust.of(environment).reviewOf(workspace);
                if (review.blocks()) {
                    throw CliFailure.usage(review.refusal());
                }
            }
        } catch (ConfigException | IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
        try {
            return Stores.of(spec, environment.variables(), connections);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        } catch (StoreException e) {
            throw new CliFailure(ExitCode.FAILED, e.getMessage());
        }
    }

    /** For the commands that only read: the workspace's own store, or the database. */
    RunStores open(Path workspace) {
        return open(Environment.system(), workspace, 2);
    }
}
