package dev.longtask.llm;

import java.time.Duration;

/** Waits between attempts; tests substitute one that records the waits instead of sleeping. */
interface Sleeper {
    Sleeper REAL = d -> Thread.sleep(d.toMillis());

    void sleep(Duration duration) throws InterruptedException;
}
