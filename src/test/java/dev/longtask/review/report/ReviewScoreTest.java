package dev.longtask.review.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewScoreTest {
    private static CheckedFinding f(Severity severity) {
        return new CheckedFinding(severity, "bug", new Location("a/A.java", 1, 1), "x", "", true, null, 1);
    }

    private static List<CheckedFinding> n(int count, Severity severity) {
        List<CheckedFinding> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            out.add(f(severity));
        }
        return out;
    }

    @Test
    void oneCriticalIssueInALargeCodeBaseIsNotDiluted() {
        // density alone: 10 points over 23 kLOC = 0.43, round(100 / 1.043) = 96; the critical ceiling makes it 40
        assertThat(ReviewScore.of(n(1, Severity.CRITICAL), 23_000)).isEqualTo(40);
        assertThat(ReviewScore.of(n(2, Severity.CRITICAL), 23_000)).isEqualTo(30);
        assertThat(ReviewScore.of(n(6, Severity.CRITICAL), 23_000)).isZero();
    }

    @Test
    void highIssuesCapTheScoreAboveAnyCriticalOne() {
        assertThat(ReviewScore.of(n(1, Severity.HIGH), 23_000)).isEqualTo(75);
        assertThat(ReviewScore.of(n(3, Severity.HIGH), 23_000)).isEqualTo(65);
        assertThat(ReviewScore.of(n(20, Severity.HIGH), 1_000_000)).isEqualTo(45);
    }

    @Test
    void mediumAndLowFindingsScoreByDensityAlone() {
        assertThat(ReviewScore.of(List.of(), 5_000)).isEqualTo(100);
        // 5 medium = 10 points in 1,000 lines: d = 10, 50
        assertThat(ReviewScore.of(n(5, Severity.MEDIUM), 1_000)).isEqualTo(50);
        // the density is lower than the ceiling: it wins (2 high + 10 medium = 30 points per kLOC: 25)
        List<CheckedFinding> many = new ArrayList<>(n(2, Severity.HIGH));
        many.addAll(n(10, Severity.MEDIUM));
        assertThat(ReviewScore.of(many, 1_000)).isEqualTo(25);
    }

    @Test
    void unverifiedFindingsDoNotCount() {
        CheckedFinding invented = new CheckedFinding(Severity.CRITICAL, "bug", new Location("a/Ghost.java", 1, 1), "x",
                "", false, "file does not exist", 1);
        assertThat(ReviewScore.of(List.of(invented), 1_000)).isEqualTo(100);
    }
}
