package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark's shape, not its speed: a Markdown table of every policy, ratios, and no files left behind. */
class StoreBenchCommandTest {
    @TempDir
    Path workspace;

    @Test
    void printsOneRowPerPolicyAndCleansUp() throws Exception {
        CliRunner.Result r = CliRunner.run("bench", "store", "--events", "24", "--threads", "3", "--rounds", "1",
                "--tasks", "6", "--workdir", workspace.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| fsync")).toList();
        assertThat(rows).hasSize(9);
        assertThat(rows.get(0)).startsWith("| always | 1 |").endsWith("| 24 | 1.0 |");
        assertThat(rows.get(1)).startsWith("| always | 3 |");
        assertThat(rows.get(3)).startsWith("| grouped | 3 |");
        assertThat(rows.get(4)).startsWith("| none | 3 |").endsWith("| 0 | - |");
        assertThat(r.out()).contains("grouped / always, 3 threads: ").contains("× the events/s");
        assertThat(rows.get(5)).as("engine-like tasks, fsync always, one thread: one fsync per commit (the claim, "
                + "2 call records, the ending's batch)").startsWith("| always | 1 |").contains("| 4.00 |");
        assertThat(rows.get(8)).startsWith("| grouped | 3 |");
        try (Stream<Path> left = Files.list(workspace.resolve(".longtask"))) {
            assertThat(left.toList()).as("scratch runs are deleted").isEmpty();
        }
    }

    @Test
    void refusesFewerTasksThanThreads() {
        CliRunner.Result r = CliRunner.run("bench", "store", "--events", "8", "--threads", "4", "--tasks", "2",
                "--workdir", workspace.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--tasks must be 0 or at least --threads");
    }

    @Test
    void refusesNonsenseSizes() {
        CliRunner.Result r = CliRunner.run("bench", "store", "--events", "2", "--threads", "4",
                "--workdir", workspace.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--events must be at least --threads");
    }
}
