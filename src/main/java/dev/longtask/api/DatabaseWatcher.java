package dev.longtask.api;

import java.time.Duration;

/**
 * Hears when the database of a run kept in PostgreSQL goes away (a restart, a failover) and when it is back; the
 * run waits meanwhile and goes on (see {@link RunHandle#watchStore}). Called on the run's thread, once per outage
 * each.
 */
public interface DatabaseWatcher {
    void away(String runId, String why);

    void back(String runId, Duration after);
}
