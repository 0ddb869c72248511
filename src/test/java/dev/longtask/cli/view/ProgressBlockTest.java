package dev.longtask.cli.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures of the live block: time at work, and a cost that wraps to a second line rather than being cut. */
class ProgressBlockTest {
    private final ProgressBlock block = new ProgressBlock(Palette.NONE, true);

    private static ProgressSnapshot snapshot(Long workSeconds, Usage usage) {
        return new ProgressSnapshot("r", RunStatus.RUNNING, "", 60, 16, 0, 0, 3, 41, 26.7, 86_400 + 300, 4_800L,
                workSeconds, usage, List.of(new ProgressSnapshot.RunningTask(17, "Review the chunk", "reviewer", 40, 1)));
    }

    @Test
    void theTimeShownIsTimeAtWorkNotSinceCreation() {
        List<String> lines = block.lines(snapshot(330L, Usage.ZERO), "1m 20s", 80, 24);

        assertThat(lines.get(1)).startsWith("at work 5m 30s · ETA 1m 20s · ");
        assertThat(block.lines(snapshot(null, Usage.ZERO), "1m 20s", 80, 24).get(1))
                .as("without the run's history the wall time is named as such").startsWith("elapsed ");
    }

    @Test
    void atEightyColumnsALongEtaWrapsTheFiguresAndTheCostIsWholeOnTheSecondLine() {
        Usage big = new Usage(4_967_312_000L, 912_455_000L, 0, 0, new BigDecimal("11263.41"), 0);

        List<String> lines = block.lines(snapshot(330L, big), "1h 20m (estimated)", 80, 24);

        assertThat(lines).allMatch(l -> TextWidth.of(l) <= 79);
        assertThat(lines.get(1)).isEqualTo("at work 5m 30s · ETA 1h 20m (estimated)");
        assertThat(lines.get(2)).startsWith("tokens 5.0B in, 912.5M out · cost ").endsWith(big.costText());
        assertThat(lines.get(3)).startsWith("  > #17 Review the chunk");
        assertThat(block.lines(snapshot(330L, Usage.ZERO), "1h 20m (estimated)", 80, 24).get(1))
                .as("one line while it fits").contains("ETA 1h 20m (estimated) · tokens 0 in, 0 out · cost ");
    }
}
