package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The soak in the suite: a few minutes of {@link Soak} (a pool with a run of 200 tasks and small ones, workers and
 * the server killed and frozen, PostgreSQL restarted, a model that answers slowly and with 429s and 500s), each kind
 * of chaos at least once. {@code -Dlongtask.soak.duration=10m} makes it longer; {@code src/test/scripts/soak} runs
 * the long one outside the suite.
 */
class SoakTest {
    @TempDir
    Path dir;

    @Test
    void everyRunEndsCompletedThroughKillsFreezesAndDatabaseRestarts() throws Exception {
        Duration duration = Soak.Settings.duration(System.getProperty("longtask.soak.duration", "150s"));
        Soak.Outcome outcome = new Soak(Soak.Settings.brief(dir, duration), System.out).run();
        String context = "seed " + outcome.seed() + ": " + outcome;
        assertThat(outcome.violations()).as(context).isEmpty();
        assertThat(outcome.runs()).as(context).isGreaterThanOrEqualTo(2);
        assertThat(outcome.chaos()).as(context + ": each kind of chaos happened")
                .allSatisfy((kind, n) -> assertThat(n).as(kind).isPositive());
        assertThat(outcome.modelFaults()).as(context + ": the model answered some requests with 429 or 500")
                .isPositive();
        assertThat(outcome.webhooks()).as(context).isPositive();
    }
}
