package dev.longtask.review.report;

import java.util.List;

/**
 * The report's score out of 100, from the verified findings alone: each takes penalty points by severity
 * (critical 10, high 5, medium 2, low 0.5, info 0); the density is points per thousand lines reviewed
 * (at least one thousand, so a tiny repository is not crushed by one finding); the score is
 * {@code round(100 / (1 + density / 10))}: 100 with nothing found, 50 at ten points per thousand lines.
 * Merged duplicates count once.
 */
final class ReviewScore {
    private ReviewScore() {
    }

    public static int of(List<CheckedFinding> findings, long linesReviewed) {
        double points = findings.stream().filter(CheckedFinding::verified)
                .mapToDouble(f -> f.severity().penalty).sum();
        double density = points / Math.max(1.0, linesReviewed / 1000.0);
        return (int) Math.round(100 / (1 + density / 10));
    }
}
