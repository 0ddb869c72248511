package dev.longtask.model.config;


/** A bad value given on the command line (as opposed to one of a config file or the environment). */
public final class FlagException extends ConfigException {
    public FlagException(String message) {
        super(message);
    }
}
