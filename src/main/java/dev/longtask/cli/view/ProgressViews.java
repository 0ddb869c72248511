package dev.longtask.cli.view;

import dev.longtask.cli.GlobalOptions;
import dev.longtask.model.config.Environment;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.run.RunStores;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/** Which progress view a run command shows: JSON lines when asked, the live block on a terminal, else plain lines. */
public final class ProgressViews {
    private ProgressViews() {
    }

    /**
     * @param jsonEvents  whether --json-events asked for every event as a JSON line
     * @param globals     the options of the {@code longtask} command (its colours)
     * @param priced      whether the run's model has a price (the cost is "unknown" from the start when it has none)
     * @param earlierPlan the first accepted plan of a run, by its id, as its store has it (a resumed run's)
     */
    public static ProgressView choose(boolean jsonEvents, GlobalOptions globals, PrintWriter out, Path workspace, boolean priced,
                               Function<String, Optional<PlanEstimate>> earlierPlan) {
        return choose(jsonEvents, globals, out, System.console() != null, workspace, priced, earlierPlan);
    }

    /**
     * As above, for a view written where {@code outIsTerminal} says whether a person watches ({@code review} draws
     * on stderr, so {@code longtask review . > review.md} still shows the live view).
     */
    public static ProgressView choose(boolean jsonEvents, GlobalOptions globals, PrintWriter out, boolean outIsTerminal,
                                      Path workspace, boolean priced,
                                      Function<String, Optional<PlanEstimate>> earlierPlan) {
        if (jsonEvents) {
            return new JsonEventsView(out, JsonMapping.newMapper(), workspace);
        }
        Environment environment = Environment.system();
        boolean terminal = outIsTerminal && !"dumb".equals(environment.get("TERM"));
        PlanClock.Tracker plan = new PlanClock.Tracker(earlierPlan);
        if (!terminal) {
            return new PlainProgressView(out, plan, priced);
        }
        TerminalSize size = TerminalSize.watch();
        return new TerminalProgressView(out, size, Palette.of(globals.color().colours(environment, true)),
                plan, priced);
    }

    /** The first accepted plan of a run of {@code workspace} as {@code stores} read it; empty when it cannot be read. */
    public static Function<String, Optional<PlanEstimate>> planIn(RunStores stores, Path workspace) {
        return runId -> {
            try {
                return Optional.ofNullable(stores.read(workspace, runId).history().firstPlan());
            } catch (RuntimeException unreadable) {
                return Optional.empty();
            }
        };
    }
}
