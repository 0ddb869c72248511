package dev.longtask.store;

import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** What a run id may be: it names a directory, so 1 to 100 letters, digits, '.', '_' and '-', not starting with a dot or dash. */
public final class RunIds {
    public static final int MAX_LENGTH = 100;
    public static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0," + (MAX_LENGTH - 1) + "}");

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

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

    /** A new run id like {@code 20261125-213000-a1b2}: local time of {@code clock}, then 4 random hex digits. */
    public static String newId(Clock clock) {
        byte[] random = new byte[2];
        ThreadLocalRandom.current().nextBytes(random);
        return ID_TIME.format(clock.instant().atZone(ZoneId.systemDefault())) + "-" + HexFormat.of().formatHex(random);
    }

    /** {@code runId} when it can be a run id. @throws IllegalArgumentException saying why it cannot */
    public static String check(String runId) {
        problem(runId).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        return runId;
    }
}
