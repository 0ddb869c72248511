package dev.longtask.review.map;

/**
 * What the map takes in: tests or not, and the size above which a file is skipped as too large to review
 * (such files are nearly always generated or data).
 */
public record ScopeOptions(boolean includeTests, long maxFileBytes) {
    public static final long DEFAULT_MAX_FILE_BYTES = 1_000_000;

    public ScopeOptions {
        if (maxFileBytes <= 0) {
            throw new IllegalArgumentException("maxFileBytes must be positive, was " + maxFileBytes);
        }
    }

    public static ScopeOptions defaults() {
        return new ScopeOptions(false, DEFAULT_MAX_FILE_BYTES);
    }

    public ScopeOptions withTests(boolean include) {
        return new ScopeOptions(include, maxFileBytes);
    }
}
