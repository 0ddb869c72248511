package dev.longtask.cli;

import dev.longtask.model.EventType;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * How long a run was at work: each session from its start to its last event (to now for the session that is
 * working), read from the event log. A run resumed a day later was at work for minutes, not a day: the wall time
 * since its creation says something else, and status shows both.
 */
final class WorkTime {
    private static final String SESSION = "\"type\":\"" + EventType.SESSION_STARTED + "\"";
    private static final String TIME = "\"time\":\"";

    private WorkTime() {
    }

    /**
     * @param now the end of the session still at work, or null when the run is at rest
     * @return empty when the log cannot be read (a run kept in a shared store has none here)
     */
    static Optional<Duration> inLog(Path runDirectory, Instant now) {
        Duration total = Duration.ZERO;
        Instant sessionStart = null;
        String previous = null;
        try (BufferedReader log = Files.newBufferedReader(runDirectory.resolve("events.jsonl"), StandardCharsets.UTF_8)) {
            for (String line = log.readLine(); line != null; line = log.readLine()) {
                if (line.contains(SESSION)) {
                    total = total.plus(span(sessionStart, previous, null));
                    sessionStart = time(line);
                }
                previous = line;
            }
        } catch (IOException | DateTimeParseException e) {
            return Optional.empty();
        }
        return Optional.of(total.plus(span(sessionStart, previous, now)));
    }

    /** A session's time: from its start to its last event, or to {@code now} while it works. */
    private static Duration span(Instant start, String lastLine, Instant now) {
        if (start == null || lastLine == null) {
            return Duration.ZERO;
        }
        Instant end = now != null ? now : time(lastLine);
        return end == null || end.isBefore(start) ? Duration.ZERO : Duration.between(start, end);
    }

    private static Instant time(String line) {
        int at = line.indexOf(TIME);
        int end = at < 0 ? -1 : line.indexOf('"', at + TIME.length());
        return end < 0 ? null : Instant.parse(line.substring(at + TIME.length(), end));
    }
}
