package dev.longtask.review.report;

/**
 * A finding after its location was checked. {@code verified} findings point at a file inside the repository
 * and lines that exist in it; the others carry the {@code problem} that disqualified them and are never
 * reported as fact. {@code location} is null only when the model gave none that could be read.
 * {@code occurrences} counts the duplicate findings merged into this one. {@code fingerprint} names the finding
 * across reviews ({@link Fingerprints}) once the report has given it one, else null.
 */
record CheckedFinding(
        Severity severity,
        String type,
        Location location,
        String description,
        String suggestion,
        boolean verified,
        String problem,
        int occurrences,
        String fingerprint) {

    CheckedFinding(Severity severity, String type, Location location, String description, String suggestion,
            boolean verified, String problem, int occurrences) {
        this(severity, type, location, description, suggestion, verified, problem, occurrences, null);
    }

    CheckedFinding withFingerprint(String print) {
        return new CheckedFinding(severity, type, location, description, suggestion, verified, problem, occurrences,
                print);
    }

    /** The location as the report prints it: {@code path:12-20}, or "(none)". */
    public String locationText() {
        return location == null ? "(none)" : location.text();
    }
}
