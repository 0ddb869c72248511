package dev.longtask.review.map;

import dev.longtask.model.review.Language;

/** A file in scope after reading and extraction, before ranking; {@code test}: test code (in scope when asked). */
record ParsedFile(String path, Language language, int lines, int[] lineTokens, Extraction extraction, boolean test) {

    String directory() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    String fileName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    long tokens() {
        long sum = 0;
        for (int t : lineTokens) {
            sum += t;
        }
        return sum;
    }
}
