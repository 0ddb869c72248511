package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.Waiting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code longtask run --server} against a real {@code serve} process killed with SIGKILL mid-run: the terminal says
 * the server is away, reconnects when it is back (started again on the same port) and ends with the run's result;
 * with no restart it gives up after {@code --reconnect-for} with exit 3 and the command that follows the run again.
 */
class ServerAwayTest {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://[0-9.]+:(\\d+))");
    private static final Pattern FOREGROUND = Pattern.compile("run (\\S+) is the foreground run");

    /** A second a call keeps the run at work while its server is killed; one task is enough to follow to its end. */
    private static final ScriptedProvider.Options ONE_SLOW_TASK = new ScriptedProvider.Options(0, 1,
            Duration.ofSeconds(1), null, 0, 0, null);

    @TempDir
    Path dir;

    @Test
    void theTerminalFollowsItsRunAcrossAKilledAndRestartedServerToItsResult() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("ws")));
        try (ScriptedProvider model = new ScriptedProvider(ONE_SLOW_TASK)) {
            Child first = serve(root, model, "0");
            String url = listening(first).group(1);
            String port = listening(first).group(2);
            Child client = Child.start(dir.resolve("home"), Map.of(), "run", "Summarise the notes", "--server", url,
                    "-C", ws.toString(), "--approval", "auto", "--reconnect-for", "5m");
            Waiting.until(() -> FOREGROUND.matcher(client.outSoFar()).find() || !client.alive(),
                    "the terminal to follow its run");
            first.kill();
            Waiting.until(() -> client.outSoFar().contains("server away") || !client.alive(),
                    "the terminal to say the server is away");
            assertThat(client.alive()).as("the terminal waits for the server: %s", client.outSoFar()).isTrue();

            model.latency(Duration.ZERO);
            Child second = serve(root, model, port);
            try {
                long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
                while (client.alive()) {
                    assertThat(System.nanoTime()).as("the terminal to end with the run; it showed:%n%s%nthe server:%n%s",
                            client.outSoFar(), second.outSoFar()).isLessThan(deadline);
                    Thread.sleep(50);
                }
                Child.Result result = client.await();
                assertThat(result.exit()).as(result.toString()).isZero();
                assertThat(result.out()).contains("server away", "server back").containsIgnoringCase("completed");
                String runId = matched(FOREGROUND, result.out());
                assertThat(Files.readString(ws.resolve(".longtask/runs/" + runId + "/run.json")))
                        .contains("\"completed\"");
            } finally {
                second.kill();
            }
        }
    }

    @Test
    void withNoServerBackTheTerminalExitsThreeWithTheCommandThatFollowsTheRunAgain() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("ws")));
        try (ScriptedProvider model = new ScriptedProvider(ONE_SLOW_TASK)) {
            Child server = serve(root, model, "0");
            String url = listening(server).group(1);
            Child client = Child.start(dir.resolve("home"), Map.of(), "run", "Summarise the notes", "--server", url,
                    "-C", ws.toString(), "--approval", "auto", "--reconnect-for", "2s");
            Waiting.until(() -> FOREGROUND.matcher(client.outSoFar()).find() || !client.alive(),
                    "the terminal to follow its run");
            server.kill();
            Child.Result result = client.await();
            String runId = matched(FOREGROUND, result.out());
            assertThat(result.exit()).as(result.toString()).isEqualTo(3);
            assertThat(result.out()).contains("server away");
            assertThat(result.err()).contains("has not answered for 2s")
                    .contains("longtask attach " + runId + " --server " + url);
        }
    }

    private Child serve(Path root, ScriptedProvider model, String port) throws Exception {
        Child child = Child.start(dir.resolve("home"), Map.of(), List.of("serve", "--port", port, "--no-token",
                "--root", root.toString(), "--model", "openai:scripted", "--base-url", model.baseUrl())
                .toArray(String[]::new));
        Waiting.until(() -> LISTENING.matcher(child.outSoFar()).find() || !child.alive(), "the server to listen");
        if (!LISTENING.matcher(child.outSoFar()).find()) {
            throw new AssertionError("the server did not start: " + child.await());
        }
        return child;
    }

    private static Matcher listening(Child server) {
        Matcher m = LISTENING.matcher(server.outSoFar());
        assertThat(m.find()).isTrue();
        return m;
    }

    private static String matched(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return m.group(1);
    }
}
