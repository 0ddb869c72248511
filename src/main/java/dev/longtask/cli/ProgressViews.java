package dev.longtask.cli;

import dev.longtask.store.StoreJson;
import java.io.PrintWriter;

/** Which progress view a run command shows: JSON lines when asked, the live block on a terminal, else plain lines. */
final class ProgressViews {
    private ProgressViews() {
    }

    static ProgressView choose(RunOptions options, PrintWriter out) {
        if (options.jsonEvents) {
            return new JsonEventsView(out, StoreJson.newMapper());
        }
        return System.console() != null && !"dumb".equals(System.getenv("TERM"))
                ? new TerminalProgressView(out) : new PlainProgressView(out);
    }
}
