package dev.longtask.review.report;

import dev.longtask.model.review.ReviewPart;
import java.util.List;

/**
 * Everything a report is rendered from: the synthesizer's title and summary, one summary per module, the
 * findings after checking and merging (verified and not) that no suppression hides, how much code was reviewed (for
 * the score), the chunks that could not be reviewed, what the ignore file suppressed, and the least severity the
 * report lists (the findings below it are counted, and scored, but not listed), and, when the review covered only part
 * of the repository, which modules it left out (null when it covered all).
 */
record ReviewReport(
        String title,
        String summary,
        List<ModuleSummary> modules,
        List<CheckedFinding> findings,
        int filesReviewed,
        long linesReviewed,
        List<ReviewGap> gaps,
        ReviewIgnore.Applied ignore,
        Severity minSeverity,
        ReviewPart part) {

    public ReviewReport {
        modules = List.copyOf(modules);
        findings = List.copyOf(findings);
        gaps = List.copyOf(gaps);
        ignore = ignore == null ? ReviewIgnore.Applied.none(List.of()) : ignore;
        minSeverity = minSeverity == null ? Severity.INFO : minSeverity;
    }

    public ReviewReport(String title, String summary, List<ModuleSummary> modules, List<CheckedFinding> findings,
            int filesReviewed, long linesReviewed, List<ReviewGap> gaps) {
        this(title, summary, modules, findings, filesReviewed, linesReviewed, gaps, null, null, null);
    }

    public ReviewReport(String title, String summary, List<ModuleSummary> modules, List<CheckedFinding> findings,
            int filesReviewed, long linesReviewed) {
        this(title, summary, modules, findings, filesReviewed, linesReviewed, List.of());
    }

    public List<CheckedFinding> verified() {
        return findings.stream().filter(CheckedFinding::verified).toList();
    }

    /** The verified findings at or above the least severity the report lists. */
    public List<CheckedFinding> listed() {
        return verified().stream().filter(f -> f.severity().compareTo(minSeverity) <= 0).toList();
    }

    public List<CheckedFinding> unverified() {
        return findings.stream().filter(f -> !f.verified()).toList();
    }

    /** The unverified findings at or above the least severity the report lists. */
    public List<CheckedFinding> unverifiedListed() {
        return unverified().stream().filter(f -> f.severity().compareTo(minSeverity) <= 0).toList();
    }

    /** How many findings, verified or not, are below the least severity listed (counted, not listed). */
    public int notListed() {
        return (int) findings.stream().filter(f -> f.severity().compareTo(minSeverity) > 0).count();
    }

    public List<ReviewIgnore.Suppressed> suppressed() {
        return ignore.suppressed();
    }

    /** False when every chunk is a gap (no review could be read): then there is nothing to score. */
    public boolean reviewedAnything() {
        return filesReviewed > 0 || linesReviewed > 0 || gaps.isEmpty();
    }

    /** The score out of 100; only meaningful when {@link #reviewedAnything()}. */
    public int score() {
        return ReviewScore.of(verified(), linesReviewed);
    }
}
