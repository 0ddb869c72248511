package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BashToolTest {
    static final String PATH = "/usr/local/bin:/usr/bin:/bin";

    @TempDir
    Path temp;
    ToolFixture fx;
    BashTool bash;
    String marker;

    @BeforeEach
    void setUp() {
        fx = new ToolFixture(temp);
        bash = new BashTool(Map.of("PATH", PATH), Sandbox.unconfined("test"));
        marker = "lt-marker-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A sleep whose command line carries the marker, so the test can find it in /proc. */
    String markedSleep() {
        return "(exec -a " + marker + " sleep 300)";
    }

    @Test
    void runsInTheWorkspaceAndReportsTheExitCode() {
        ToolResult ok = fx.call(bash, Map.of("command", "pwd; echo made > made.txt"));
        ToolResult failed = fx.call(bash, Map.of("command", "echo to-stderr >&2; exit 3"));

        assertThat(ok.error()).isFalse();
        assertThat(ok.content()).isEqualTo(fx.root + "\n[exit code 0]");
        assertThat(fx.content("made.txt")).isEqualTo("made\n");
        assertThat(failed.error()).isTrue();
        assertThat(failed.content()).isEqualTo("to-stderr\n[exit code 3]");
    }

    @Test
    void aCommandGetsNoInput() {
        ToolResult r = fx.call(bash, Map.of("command", "cat; echo after-cat"));
        assertThat(r.content()).isEqualTo("after-cat\n[exit code 0]");
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() throws InterruptedException {
        ToolResult r = fx.call(bash, Map.of("command", markedSleep() + " & " + markedSleep() + "; echo never",
                "timeout_s", 1));

        assertThat(r.error()).isTrue();
        assertThat(r.content()).contains("[timed out after 1 s").contains("killed").doesNotContain("never");
        assertThat(Processes.await(() -> Processes.running(marker).isEmpty(), Duration.ofSeconds(10)))
                .as("still running: %s", Processes.running(marker)).isTrue();
    }

    @Test
    void backgroundProcessesEndWithTheCommand() throws InterruptedException {
        ToolResult r = fx.call(bash, Map.of("command", markedSleep() + " & echo started"));

        assertThat(r.content()).isEqualTo("started\n[exit code 0]");
        assertThat(Processes.await(() -> Processes.running(marker).isEmpty(), Duration.ofSeconds(10)))
                .as("still running: %s", Processes.running(marker)).isTrue();
    }

    @Test
    void interruptingTheCallerKillsTheCommand() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<ToolResult> call = pool.submit(() -> fx.call(bash, Map.of("command", markedSleep())));
            assertThat(Processes.await(() -> !Processes.running(marker).isEmpty(), Duration.ofSeconds(10))).isTrue();

            pool.shutdownNow();
            ToolResult r = call.get(10, TimeUnit.SECONDS);

            assertThat(r.error()).isTrue();
            assertThat(r.content()).startsWith("interrupted");
            assertThat(Processes.await(() -> Processes.running(marker).isEmpty(), Duration.ofSeconds(10))).isTrue();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void longOutputKeepsHeadAndTailWithANote() {
        BashTool small = new BashTool(Map.of("PATH", PATH), Sandbox.unconfined("test"), Duration.ofSeconds(60),
                Duration.ofSeconds(60), 3000);
        ToolResult r = fx.call(small, Map.of("command", "seq 1 100000"));

        assertThat(r.content()).startsWith("1\n2\n3\n").contains("bytes of output left out")
                .endsWith("99999\n100000\n[exit code 0]");
        assertThat(r.content().length()).isLessThan(3200);
    }

    @Test
    void theTimeoutIsBoundedAndMustBePositive() {
        BashTool bounded = new BashTool(Map.of("PATH", PATH), Sandbox.unconfined("test"), Duration.ofSeconds(5),
                Duration.ofSeconds(20), 10_000);
        assertThat(fx.call(bounded, Map.of("command", "true", "timeout_s", 5000)).content())
                .contains("[timeout_s 5000 was lowered to the maximum 20]");
        assertThat(fx.call(bounded, Map.of("command", "true", "timeout_s", 0)).error()).isTrue();
        assertThat(fx.call(bounded, Map.of("command", " ")).content()).contains("command is empty");
        assertThat(fx.call(bounded, "{}").content()).contains("missing required argument 'command'");
    }

    @Test
    void theEnvironmentHasNoSecretsAndNothingOfTheJvmBeyondWhatWasGiven() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", PATH);
        env.put("ANTHROPIC_API_KEY", "sk-ant-leak1");
        env.put("OPENAI_API_KEY", "sk-leak2");
        env.put("GITHUB_TOKEN", "ghp_leak3");
        env.put("DB_PASSWORD", "leak4");
        env.put("AWS_SECRET_ACCESS_KEY", "leak5");
        env.put("DATABASE_URL", "postgres://app:leak6@db/app");
        env.put("SSH_AUTH_SOCK", "/tmp/leak7");
        env.put("HARMLESS", "visible-value");
        env.put("PLAIN_URL", "https://example.org/x");
        ToolResult r = fx.call(new BashTool(env, Sandbox.unconfined("test")), Map.of("command", "env"));

        assertThat(r.content()).contains("HARMLESS=visible-value").contains("PLAIN_URL=https://example.org/x")
                .contains("GIT_TERMINAL_PROMPT=0");
        for (int i = 1; i <= 7; i++) {
            assertThat(r.content()).doesNotContain("leak" + i);
        }
        assertThat(r.content()).doesNotContain("HOME=" + System.getenv("HOME"));
    }

    @Test
    void inBubblewrapOnlyTheWorkspaceIsWritableAndThereIsNoNetworkNorCredentials() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_ed25519"), "PRIVATE-KEY-MATERIAL");
        Map<String, String> env = Map.of("PATH", PATH, "HOME", home.toString());
        Sandbox sandbox = Sandbox.detect(env);
        assumeTrue(sandbox.isolated(), "bubblewrap is not installed or cannot run here: " + sandbox.description());
        BashTool boxed = new BashTool(env, sandbox);
        Path sibling = fx.outside.resolve("written-from-sandbox.txt");

        ToolResult inside = fx.call(boxed, Map.of("command", "echo in > in.txt && cat in.txt"));
        ToolResult outside = fx.call(boxed, Map.of("command", "echo out > " + sibling + "; touch /usr/lt-probe; "
                + "cat $HOME/.ssh/id_ed25519; ls -A $HOME/.ssh | wc -l"));

        assertThat(inside.content()).isEqualTo("in\n[exit code 0]");
        assertThat(fx.content("in.txt")).isEqualTo("in\n");
        assertThat(sibling).doesNotExist();
        assertThat(Path.of("/usr/lt-probe")).doesNotExist();
        assertThat(outside.content()).contains("Read-only file system").doesNotContain("PRIVATE-KEY-MATERIAL");
        if (sandbox.isolatesNetwork()) {
            ToolResult net = fx.call(boxed, Map.of("command", "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"));
            assertThat(net.content()).isEqualTo("lo\n[exit code 0]");
        }
        ToolResult timedOut = fx.call(boxed, Map.of("command", markedSleep(), "timeout_s", 1));
        assertThat(timedOut.content()).contains("timed out");
        assertThat(Processes.await(() -> Processes.running(marker).isEmpty(), Duration.ofSeconds(10))).isTrue();
    }
}
