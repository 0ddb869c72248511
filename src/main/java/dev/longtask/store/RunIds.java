package dev.longtask.store;

import java.util.Optional;
import java.util.regex.Pattern;

/** What a run id may be: it names a directory, so 1 to 100 letters, digits, '.', '_' and '-', not starting with a dot or dash. */
public final class RunIds {
    public static final int MAX_LENGTH = 100;
    static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0," + (MAX_LENGTH - 1) + "}");

    private RunIds() {
    }

    /** Why {@code id} cannot be a run id, in one sentence that says what would do; empty when it can. */
    public static Optional<String> problem(String id) {
        if (id == null || id.isEmpty()) {
            return Optional.of("the run id is empty; give one like 20261125-213000-a1b2, or leave --run-id out for a"
                    + " new one");
        }
        if (id.length() > MAX_LENGTH) {
            return Optional.of("the run id has " + id.length() + " characters; at most " + MAX_LENGTH + " are allowed");
        }
        if (!VALID.matcher(id).matches()) {
            return Optional.of("run id '" + id + "' is not valid: use letters, digits, '.', '_' and '-', starting with"
                    + " a letter or digit (like 20261125-213000-a1b2)");
        }
        return Optional.empty();
    }
}
