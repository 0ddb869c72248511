package dev.longtask.model.config;

/**
 * A provider key read from its environment variable. It never prints: {@link #toString()} shows only the
 * variable's name, so a key that slips into a log line or an exception message stays hidden.
 */
public record ApiKey(String variable, String value) {

    @Override
    public String toString() {
        return variable + "=***";
    }
}
