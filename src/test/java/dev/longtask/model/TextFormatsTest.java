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
}
