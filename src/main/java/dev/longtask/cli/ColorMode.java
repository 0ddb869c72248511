package dev.longtask.cli;

import dev.longtask.model.config.Environment;
import java.util.Locale;
import picocli.CommandLine;

/**
 * {@code --color auto|always|never}. Auto colours a terminal unless {@code NO_COLOR} is set (no-color.org) or
 * {@code TERM} is {@code dumb}; an explicit {@code always} wins over {@code NO_COLOR}, as that convention allows.
 */
public enum ColorMode {
    AUTO, ALWAYS, NEVER;

    /** Whether to colour output that goes to a terminal when {@code terminal} is true. */
    public boolean colours(Environment environment, boolean terminal) {
        return switch (this) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> terminal && environment.get("NO_COLOR") == null && !"dumb".equals(environment.get("TERM"));
        };
    }

    /** The values as they are typed, for completion scripts and --help. */
    static final class Names implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(values()).map(m -> m.name().toLowerCase(Locale.ROOT)).iterator();
        }
    }

    static final class Converter implements CommandLine.ITypeConverter<ColorMode> {
        @Override
        public ColorMode convert(String value) {
            try {
                return valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                // picocli puts "Invalid value for option '--color': " before it.
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of auto, always or never");
            }
        }
    }
}
