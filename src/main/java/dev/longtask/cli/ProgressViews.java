package dev.longtask.cli;

import dev.longtask.config.Environment;
import dev.longtask.store.FileRunStore;
import dev.longtask.model.JsonMapping;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Which progress view a run command shows: JSON lines when asked, the live block on a terminal, else plain lines. */
final class ProgressViews {
    private ProgressViews() {
    }

    /** @param priced whether the run's model has a price (the cost is "unknown" from the start when it has none) */
    static ProgressView choose(RunOptions options, PrintWriter out, Path workspace, boolean priced) {
        if (options.jsonEvents) {
            return new JsonEventsView(out, JsonMapping.newMapper(), workspace);
        }
        Environment environment = Environment.system();
        boolean terminal = System.console() != null && !"dumb".equals(environment.get("TERM"));
        PlanClock.Tracker plan = new PlanClock.Tracker(FileRunStore.runsDirectory(workspace), JsonMapping.newMapper());
        if (!terminal) {
            return new PlainProgressView(out, plan, priced);
        }
        TerminalSize size = TerminalSize.watch();
        return new TerminalProgressView(out, size, Palette.of(options.globals().color().colours(environment, true)),
                plan, priced);
    }
}
