package dev.longtask.api;

/** A listener's place on a run's event stream; closing it stops the events (one being delivered may still arrive). */
public interface Subscription extends AutoCloseable {
    @Override
    void close();
}
