package dev.longtask.review;

import java.util.List;

/**
 * Everything a report is rendered from: the synthesizer's title and summary, one summary per module, the
 * findings after checking and merging (verified and not), and how much code was reviewed (for the score).
 */
public record ReviewReport(
        String title,
        String summary,
        List<ModuleSummary> modules,
        List<CheckedFinding> findings,
        int filesReviewed,
        long linesReviewed) {

    public ReviewReport {
        modules = List.copyOf(modules);
        findings = List.copyOf(findings);
    }

    public List<CheckedFinding> verified() {
        return findings.stream().filter(CheckedFinding::verified).toList();
    }

    public List<CheckedFinding> unverified() {
        return findings.stream().filter(f -> !f.verified()).toList();
    }
}
