package dev.longtask.cli.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.api.Outcome;
import dev.longtask.model.config.Environment;
import dev.longtask.model.Budget;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Text as a terminal shows it: wrapped to its width, and figures labelled with what they count. */
class TerminalTextTest {
    @TempDir
    Path tmp;

    @Test
    void colourCodesTakeNoColumnsWhenALineIsWrapped() {
        Palette colour = Palette.of(true);
        String line = "  " + colour.dim(String.format("%-9s", "estimate")) + " " + "x".repeat(60);
        assertThat(TextWidth.of(line)).isEqualTo(72);
        assertThat(TextWidth.wrap(line, 79, "          ")).containsExactly(line);
    }

    @Test
    void aResumedRunsSummaryLabelsTheRunsTotalsApartFromThisSession() {
        StringWriter screen = new StringWriter();
        Instant created = Instant.parse("2026-11-26T10:00:00Z");
        Run resumed = new Run(Run.FORMAT_VERSION, "r1", "goal", tmp.toString(), "openai:x", RunStatus.COMPLETED, "",
                Budget.UNLIMITED, null, created, created.plusSeconds(3600), Usage.unpriced(2_900, 56, 0, 0), 2, 3, 40);
        Outcome outcome = new Outcome("r1", tmp.resolve(".longtask/runs/r1"), RunStatus.COMPLETED, "", null, null,
                null, false);

        new RunEnding(new PrintWriter(screen, true), null, 0, Palette.NONE).print(outcome, resumed,
                Duration.ofMillis(1100), 2_956, false, tmp);

        assertThat(screen.toString()).contains("used      run total 2,956 tokens (2,900 in, 56 out) · cost unknown"
                + " (no price for this model) · this session 0 tokens, 1.1s");
    }

    @Test
    void theContinueLineLiftsTheBudgetThatStoppedTheRun() {
        Instant created = Instant.parse("2026-11-26T10:00:00Z");
        Run paused = new Run(Run.FORMAT_VERSION, "r1", "goal", tmp.toString(), "openai:x", RunStatus.PAUSED, "",
                new Budget(50_000L, new java.math.BigDecimal("0.50"), 600L), null, created, created, Usage.ZERO, 1, 1, 9);

        assertThat(RunEnding.liftingFlag(paused, "time budget reached: ran 10m of 10m; resume with a larger time "
                + "budget (--max-time)")).isEqualTo(" --max-time 20m");
        assertThat(RunEnding.liftingFlag(paused, "token budget reached: 50,100 of 50,000 tokens used; resume with a "
                + "larger token budget (--max-tokens)")).isEqualTo(" --max-tokens 100000");
        assertThat(RunEnding.liftingFlag(paused, "cost budget reached: $0.51 of $0.50 spent; resume with a larger "
                + "cost budget (--max-cost)")).isEqualTo(" --max-cost 1");
        assertThat(RunEnding.liftingFlag(paused, "interrupted")).isEmpty();
        assertThat(dev.longtask.model.config.DurationText.parse("20m")).isEqualTo(Duration.ofMinutes(20));
    }
}
