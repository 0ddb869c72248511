package dev.longtask.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The one number format and the one duration format. */
class TextFormatsTest {

    @Test
    void countsAreFullWhenThereIsRoomAndCompactWhenNot() {
        assertThat(Counts.full(487_200)).isEqualTo("487,200");
        assertThat(Counts.compact(950)).isEqualTo("950");
        assertThat(Counts.compact(17_000)).isEqualTo("17.0k");
        assertThat(Counts.compact(999_960)).as("rounds up into the next unit, never 1000.0k").isEqualTo("1.0M");
        assertThat(Counts.compact(4_512_000)).isEqualTo("4.5M");
        assertThat(Counts.compact(2_300_000_000L)).isEqualTo("2.3B");
        assertThat(Counts.fit(17_000, 6)).isEqualTo("17,000");
        assertThat(Counts.fit(17_000, 5)).isEqualTo("17.0k");
        assertThat(Counts.fit(487_200, 20)).isEqualTo("487,200");
    }

    @Test
    void anEstimateFarAboveTheActualFiguresSaysByHowMuchNotZero() {
        PlanEstimate estimate = new PlanEstimate(300L, java.time.Instant.EPOCH, 3, 480_000L, 7_200L, 0L,
                new java.math.BigDecimal("1.09"), "built-in priors");
        Usage used = new Usage(17_000, 1_700, 0, 0, new java.math.BigDecimal("0.05"), 0);

        assertThat(estimate.ratios(used, 21)).isEqualTo("actual 0.04x the tokens, 0.05x the cost, 0.07x the time");
        assertThat(PlanEstimate.ratio(1, 1_000)).isEqualTo("under 0.01x");
        assertThat(PlanEstimate.ratio(0, 1_000)).isEqualTo("0x");
        assertThat(PlanEstimate.ratio(96, 1_000)).as("rounds to one decimal, not 0.10x").isEqualTo("0.1x");
        assertThat(PlanEstimate.ratio(94, 1_000)).isEqualTo("0.09x");
        assertThat(PlanEstimate.ratio(1_300, 1_000)).isEqualTo("1.3x");
        assertThat(PlanEstimate.ratio(9_970, 1_000)).as("not 10.0x").isEqualTo("10x");
        assertThat(PlanEstimate.ratio(12_400, 1_000)).isEqualTo("12x");
    }

    @Test
    void pluralsSayOneFile() {
        assertThat(Counts.plural(1, "file")).isEqualTo("1 file");
        assertThat(Counts.plural(0, "file")).isEqualTo("0 files");
        assertThat(Counts.plural(1_000, "file")).isEqualTo("1,000 files");
        assertThat(Counts.plural(3, "entry")).isEqualTo("3 entries");
        assertThat(Counts.plural(2, "day")).isEqualTo("2 days");
        assertThat(Counts.plural(2, "match")).isEqualTo("2 matches");
    }

    @Test
    void durationsHaveOneShape() {
        assertThat(Durations.text(Duration.ofMillis(350))).isEqualTo("350ms");
        assertThat(Durations.text(Duration.ofMillis(1500))).isEqualTo("1.5s");
        assertThat(Durations.text(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(Durations.text(185)).isEqualTo("3m 05s");
        assertThat(Durations.text(Duration.ofMinutes(30))).isEqualTo("30m");
        assertThat(Durations.text(3900)).isEqualTo("1h 05m");
        assertThat(Durations.text(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(Durations.text(-5)).isEqualTo("0s");
    }

    @Test
    void fullCountsAreWhatTheFormatterMakesOfThem() {
        java.util.List<Long> values = new java.util.ArrayList<>(java.util.List.of(0L, 1L, -1L, 999L, -999L, 1000L,
                -1000L, 9999L, 100_000L, 999_999L, 1_000_000L, -1_234_567L, Long.MAX_VALUE, Long.MIN_VALUE));
        java.util.Random random = new java.util.Random(31);
        for (int i = 0; i < 2000; i++) {
            values.add(random.nextLong() >> random.nextInt(64));
        }
        for (long v : values) {
            assertThat(Counts.full(v)).as(Long.toString(v)).isEqualTo(String.format(java.util.Locale.ROOT, "%,d", v));
        }
    }
}
