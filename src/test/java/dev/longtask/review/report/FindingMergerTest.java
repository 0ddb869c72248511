package dev.longtask.review.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FindingMergerTest {
    private final FindingMerger merger = new FindingMerger();

    private static CheckedFinding f(Severity severity, String type, String path, int start, int end, String description,
            String suggestion) {
        return new CheckedFinding(severity, type, new Location(path, start, end), description, suggestion, true, null, 1);
    }

    @Test
    void duplicatesFromOverlappingChunksMergeIntoOne() {
        List<CheckedFinding> merged = merger.merge(List.of(
                f(Severity.MEDIUM, "bug", "a/Store.java", 40, 41, "Possible null pointer when the SKU is missing from the map",
                        "Check for null"),
                f(Severity.HIGH, "bug", "a/Store.java", 42, 42, "Null pointer dereference when SKU missing from map",
                        "Use getOrDefault instead of get and unboxing"),
                f(Severity.LOW, "bug", "a/Store.java", 44, 44, "The SKU lookup may return a null pointer when missing",
                        "")));
        assertThat(merged).singleElement().satisfies(m -> {
            assertThat(m.severity()).isEqualTo(Severity.HIGH);
            assertThat(m.description()).isEqualTo("Null pointer dereference when SKU missing from map");
            assertThat(m.suggestion()).isEqualTo("Use getOrDefault instead of get and unboxing");
            assertThat(m.location()).isEqualTo(new Location("a/Store.java", 40, 44));
            assertThat(m.occurrences()).isEqualTo(3);
        });
    }

    @Test
    void differentIssuesOnTheSameLinesStaySeparate() {
        List<CheckedFinding> merged = merger.merge(List.of(
                f(Severity.HIGH, "security", "a/Db.java", 10, 10, "SQL injection through the name parameter", "Bind it"),
                f(Severity.LOW, "style", "a/Db.java", 10, 10, "Method name does not follow conventions", "Rename")));
        assertThat(merged).hasSize(2);
    }

    @Test
    void theSameIssueFarApartOrInAnotherFileStaysSeparate() {
        String text = "Resource leak: the stream is never closed";
        List<CheckedFinding> merged = merger.merge(List.of(
                f(Severity.MEDIUM, "bug", "a/Io.java", 10, 12, text, ""),
                f(Severity.MEDIUM, "bug", "a/Io.java", 80, 82, text, ""),
                f(Severity.MEDIUM, "bug", "b/Io.java", 10, 12, text, "")));
        assertThat(merged).hasSize(3);
    }

    @Test
    void verifiedAndUnverifiedFindingsNeverMerge() {
        CheckedFinding verified = f(Severity.HIGH, "bug", "a/X.java", 5, 5, "Off by one in the loop bound", "");
        CheckedFinding unverified = new CheckedFinding(Severity.HIGH, "bug", new Location("a/X.java", 5, 5),
                "Off by one in the loop bound", "", false, "line 5 is past the end", 1);
        assertThat(merger.merge(List.of(verified, unverified))).hasSize(2);
    }

    @Test
    void theResultIsOrderedBySeverityThenLocation() {
        List<CheckedFinding> merged = merger.merge(List.of(
                f(Severity.LOW, "style", "b/B.java", 1, 1, "Long line", ""),
                f(Severity.CRITICAL, "security", "b/B.java", 9, 9, "Hard-coded password", ""),
                f(Severity.LOW, "style", "a/A.java", 3, 3, "Unused import", "")));
        assertThat(merged).extracting(CheckedFinding::locationText).containsExactly("b/B.java:9", "a/A.java:3", "b/B.java:1");
    }

    @Test
    void aRewordedDuplicateAtANeighbouringLineMergesThoughItSharesFewWords() {
        // Word overlap alone is about 0.1 here: the two say the same thing (a null from the same lookup) in other words.
        CheckedFinding npe = f(Severity.HIGH, "bug", "a/Store.java", 41, 41,
                "Possible NPE: `inventory.get(sku)` may return null and the result is unboxed", "Use getOrDefault");
        CheckedFinding reworded = f(Severity.MEDIUM, "error-handling", "a/Store.java", 43, 43,
                "Unboxing what inventory.get() hands back crashes for an unknown item", "");
        assertThat(FindingMeaning.jaccard(FindingMeaning.words(npe.description()),
                FindingMeaning.words(reworded.description()))).isLessThan(0.3);

        assertThat(merger.merge(List.of(npe, reworded))).singleElement().satisfies(m -> {
            assertThat(m.occurrences()).isEqualTo(2);
            assertThat(m.severity()).isEqualTo(Severity.HIGH);
            assertThat(m.location()).isEqualTo(new Location("a/Store.java", 41, 43));
        });
    }

    @Test
    void manyWordsInCommonDoNotMergeTwoDifferentProblems() {
        // Half the words are shared, the type too; one is a null, the other a linear scan: two issues.
        CheckedFinding nullLookup = f(Severity.MEDIUM, "bug", "a/Store.java", 20, 20,
                "The SKU lookup in the inventory map can return null for a missing SKU", "");
        CheckedFinding slowLookup = f(Severity.MEDIUM, "bug", "a/Store.java", 21, 21,
                "The SKU lookup in the inventory map is a linear scan over every SKU", "");
        assertThat(FindingMeaning.jaccard(FindingMeaning.words(nullLookup.description()),
                FindingMeaning.words(slowLookup.description()))).isGreaterThanOrEqualTo(0.3);

        assertThat(merger.merge(List.of(nullLookup, slowLookup))).hasSize(2);
    }

    @Test
    void theSameKindOfProblemAboutDifferentNamesStaysSeparate() {
        List<CheckedFinding> merged = merger.merge(List.of(
                f(Severity.HIGH, "bug", "a/Order.java", 30, 30, "`customer` may be null here", ""),
                f(Severity.HIGH, "bug", "a/Order.java", 31, 31, "`shippingAddress` may be null here", "")));
        assertThat(merged).hasSize(2);
    }

    @Test
    void farApartTheSameMeaningIsTwoFindings() {
        List<CheckedFinding> merged = merger.merge(List.of(
                f(Severity.HIGH, "bug", "a/Io.java", 10, 10, "The reader is never closed", ""),
                f(Severity.HIGH, "bug", "a/Io.java", 15, 15, "Resource leak: close() is not called on the reader", "")));
        assertThat(merged).hasSize(2);
        assertThat(merger.merge(List.of(
                f(Severity.HIGH, "bug", "a/Io.java", 10, 10, "The reader is never closed", ""),
                f(Severity.HIGH, "bug", "a/Io.java", 12, 12, "Resource leak: close() is not called on the reader", ""))))
                .hasSize(1);
    }
}
