package dev.longtask.review;

/**
 * One module of the report: a directory (a chunk's module), its size, and what the analysis said about it
 * (may be empty when no analysis ran).
 */
public record ModuleSummary(String module, int files, long lines, String summary) {
}
