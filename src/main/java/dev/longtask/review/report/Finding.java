package dev.longtask.review.report;

/**
 * One issue as a model reported it (the {@code issues} of {@code submit_report}, or a reviewer's findings):
 * severity, type, location {@code file:line} or {@code file:line-line}, description, suggestion. Nothing in
 * it is trusted until {@link FindingChecker} has checked the location against the repository.
 */
record Finding(String severity, String type, String location, String description, String suggestion) {
}
