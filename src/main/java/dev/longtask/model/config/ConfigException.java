package dev.longtask.model.config;

import dev.longtask.model.LongtaskException;

/**
 * Settings that cannot be used: a bad file, an unknown key, a value of the wrong kind, or no model at all.
 * The message is meant for the user as it is and names the file, variable or flag and the key.
 */
public class ConfigException extends LongtaskException {
    public ConfigException(String message) {
        super(message);
    }
}
