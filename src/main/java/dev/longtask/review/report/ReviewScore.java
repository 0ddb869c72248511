package dev.longtask.review.report;

import java.util.List;

/**
 * The report's score out of 100, from the verified findings alone (merged duplicates once, suppressed ones not at
 * all). Two parts, the lower wins:
 * <ul>
 * <li>the <em>density</em>: each finding takes penalty points by severity (critical 10, high 5, medium 2, low 0.5,
 * info 0); d is points per thousand lines reviewed (at least one thousand, so a tiny repository is not crushed by
 * one nit); {@code round(100 / (1 + d / 10))}: 100 with nothing found, 50 at ten points per thousand lines;</li>
 * <li>the <em>ceiling</em> of the worst severity, so that a single serious issue is never diluted by a large code
 * base: with c critical findings at most {@code max(0, 40 - 10 (c - 1))} (40, 30, 20, 10, 0); else with h high
 * ones at most {@code max(45, 75 - 5 (h - 1))} (75, 70, ... 45); else 100.</li>
 * </ul>
 * One critical issue in 23,000 lines scores 40, where the density alone gave 96.
 */
final class ReviewScore {
    static final int CRITICAL_CEILING = 40;
    static final int HIGH_CEILING = 75;
    static final int HIGH_FLOOR = 45;

    private ReviewScore() {
    }

    public static int of(List<CheckedFinding> findings, long linesReviewed) {
        List<CheckedFinding> verified = findings.stream().filter(CheckedFinding::verified).toList();
        double points = verified.stream().mapToDouble(f -> f.severity().penalty).sum();
        double density = points / Math.max(1.0, linesReviewed / 1000.0);
        int byDensity = (int) Math.round(100 / (1 + density / 10));
        return Math.min(byDensity, ceiling(verified));
    }

    static int ceiling(List<CheckedFinding> verified) {
        long critical = verified.stream().filter(f -> f.severity() == Severity.CRITICAL).count();
        if (critical > 0) {
            return (int) Math.max(0, CRITICAL_CEILING - 10 * (critical - 1));
        }
        long high = verified.stream().filter(f -> f.severity() == Severity.HIGH).count();
        if (high > 0) {
            return (int) Math.max(HIGH_FLOOR, HIGH_CEILING - 5 * (high - 1));
        }
        return 100;
    }
}
