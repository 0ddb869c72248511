package dev.longtask.review.report;

import java.util.List;

/**
 * Everything a report is rendered from: the synthesizer's title and summary, one summary per module, the
 * findings after checking and merging (verified and not), how much code was reviewed (for the score), and the
 * chunks that could not be reviewed.
 */
record ReviewReport(
        String title,
        String summary,
        List<ModuleSummary> modules,
        List<CheckedFinding> findings,
        int filesReviewed,
        long linesReviewed,
        List<ReviewGap> gaps) {

    public ReviewReport {
        modules = List.copyOf(modules);
        findings = List.copyOf(findings);
        gaps = List.copyOf(gaps);
    }

    public ReviewReport(String title, String summary, List<ModuleSummary> modules, List<CheckedFinding> findings,
            int filesReviewed, long linesReviewed) {
        this(title, summary, modules, findings, filesReviewed, linesReviewed, List.of());
    }

    public List<CheckedFinding> verified() {
        return findings.stream().filter(CheckedFinding::verified).toList();
    }

    public List<CheckedFinding> unverified() {
        return findings.stream().filter(f -> !f.verified()).toList();
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
