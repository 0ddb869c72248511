package dev.longtask.config;

/**
 * Settings that cannot be used: a bad file, an unknown key, a value of the wrong kind, or no model at all.
 * The message is meant for the user as it is and names the file, variable or flag and the key.
 */
public class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }
}
