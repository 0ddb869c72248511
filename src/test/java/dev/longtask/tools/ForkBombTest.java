package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fork bomb in {@code bash} stops at the process limit, ends with the command, and leaves the machine usable: the
 * next command runs. Needs a sandbox (bubblewrap or unshare) and, when the tests run as root, a pids control group.
 */
class ForkBombTest {
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin";
    private static final int LIMIT = 48;

    @TempDir
    Path temp;
    ToolFixture fx;
    BashTool bash;

    @BeforeEach
    void setUp() throws IOException {
        fx = new ToolFixture(temp);
        Map<String, String> env = Map.of("PATH", PATH, "HOME", temp.toString());
        Sandbox sandbox = Sandbox.detect(env);
        assumeTrue(sandbox.isolated(), "no sandbox works here: " + sandbox.description());
        String limit = ProcessLimit.detect(LIMIT).description();
        assumeFalse(limit.contains("no process limit"), limit);
        bash = new BashTool(env, sandbox, LIMIT);
    }

    private static int running(String marker) {
        return (int) ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false)).count();
    }

    /** Runs {@code command} while counting the processes whose command line has {@code marker}; the most seen. */
    private int mostWhile(String marker, String command, ToolResult[] result) throws Exception {
        AtomicBoolean over = new AtomicBoolean();
        AtomicInteger most = new AtomicInteger();
        CompletableFuture<Void> watcher = CompletableFuture.runAsync(() -> {
            while (!over.get()) {
                most.accumulateAndGet(running(marker), Math::max);
            }
        });
        try {
            result[0] = fx.call(bash, Map.of("command", command, "timeout_s", 120));
        } finally {
            over.set(true);
        }
        watcher.get(60, TimeUnit.SECONDS);
        return most.get();
    }

    @Test
    void aCommandCannotStartMoreProcessesThanTheLimit() throws Exception {
        // a duration no other process on the machine sleeps: the sleepers are known by their command line
        String marker = "sleep 9" + (System.nanoTime() % 1_000_000);
        ToolResult[] result = new ToolResult[1];
        // bash gives up (and exits) after retrying a fork for seconds: the sleepers stay at the limit meanwhile
        int most = mostWhile(marker, "for i in {1..200}; do " + marker + " & done", result);

        assertThat(result[0].content()).contains("fork: retry: Resource temporarily unavailable");
        // bubblewrap's and bash's own processes carry the command line too
        assertThat(most).as(result[0].content()).isLessThanOrEqualTo(LIMIT + 3).isGreaterThan(LIMIT / 2);
        assertThat(running(marker)).as("the background sleepers end with the command").isZero();
    }

    @Test
    void aForkBombIsBoundedEndsWithItsCommandAndTheNextCommandRuns() throws Exception {
        String marker = "lt-bomb-" + System.nanoTime();
        ToolResult[] result = new ToolResult[1];
        int most = mostWhile(marker, "# " + marker + "\nbomb() { bomb | bomb & }; bomb; sleep 5", result);
        ToolResult bomb = result[0];

        assertThat(bomb.content()).contains("Resource temporarily unavailable");
        // bubblewrap's own processes carry the command line too
        assertThat(most).isLessThanOrEqualTo(LIMIT + 3);
        assertThat(running(marker)).as("nothing of the bomb outlives its command").isZero();
        assertThat(fx.call(bash, Map.of("command", "echo alive")).content()).isEqualTo("alive\n[exit code 0]");
    }
}
