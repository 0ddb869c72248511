package dev.longtask.engine;

import java.time.Duration;

/**
 * Hears when the database of a session's shared store goes away and when it is back; the session waits meanwhile
 * (see {@link EngineSession#watchStore}). Called on the session's thread, once per outage each.
 */
public interface StoreWatcher {
    void away(String runId, String why);

    void back(String runId, Duration after);
}
