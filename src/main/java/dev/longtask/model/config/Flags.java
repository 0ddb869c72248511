package dev.longtask.model.config;

import java.util.EnumMap;
import java.util.Map;

/**
 * The settings given on the command line, each with the flag that set it (for messages and {@code doctor}).
 * Null values are ignored, so a command can pass every option it has.
 */
public final class Flags {
    private final Map<SettingKey, Resolved<String>> values = new EnumMap<>(SettingKey.class);

    public static Flags none() {
        return new Flags();
    }

    /** Sets {@code key} from the flag named {@code flag} ("--max-cost"); a null value leaves it unset. */
    public Flags set(SettingKey key, String flag, Object value) {
        if (value != null) {
            values.put(key, new Resolved<>(value.toString(), Source.flag(flag)));
        }
        return this;
    }

    public Map<SettingKey, Resolved<String>> values() {
        return values;
    }
}
