package dev.longtask.cli;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live view in a real pseudo-terminal: `longtask run` inside tmux at 80x24, and resized to 70 columns while
 * it runs. Every screen taken while it runs holds at most one progress block, no line is wider than the
 * terminal, and when the run ends no block is left behind in the scrollback.
 */
class LiveViewTerminalTest {
    private static final Pattern BAR = Pattern.compile("^\\[[#-]+\\] +\\d+\\.\\d%");
    private static final Pattern FIGURES = Pattern.compile("^(at work|elapsed) .* ETA ");

    @TempDir
    Path dir;

    private final String socket = "longtask-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();

    @AfterEach
    void killTmux() throws Exception {
        tmux("kill-server");
    }

    @Test
    void at80x24TheBlockIsRedrawnInPlaceAndLeavesNoTrail() throws Exception {
        Screens screens = watchRun(80, 24, null);
        screens.assertOneBlockAtATime();
        screens.assertNoLineWiderThan(80, 0);
        screens.assertEndedCleanly(80);
    }

    @Test
    void resizedTo70ColumnsTheBlockIsRedrawnAtTheNewWidth() throws Exception {
        Screens screens = watchRun(80, 24, 70);
        screens.assertOneBlockAtATime();
        screens.assertNoLineWiderThan(70, screens.resizedAt);
        assertThat(screens.afterResize().stream().filter(s -> s.stream().anyMatch(l -> BAR.matcher(l).find())))
                .as("the block was drawn after the resize").isNotEmpty();
        screens.assertEndedCleanly(70);
    }

    /**
     * {@code longtask review . > review.md}: the report goes to the file and the live view to stderr, which is the
     * terminal; Java tells only of stdin and stdout, so stderr is asked of the system.
     */
    @Test
    void stderrIsKnownForATerminalWhateverStdoutIs() throws Exception {
        assumeTrue(new ProcessBuilder("tmux", "-V").start().waitFor() == 0, "tmux is needed for this test");
        String probe = ChildJvm.testMain(dev.longtask.cli.view.StderrProbe.class, List.of()).stream()
                .map(word -> "'" + word + "'").collect(java.util.stream.Collectors.joining(" "));
        Path onTerminal = dir.resolve("stderr-on-terminal");
        Path redirected = dir.resolve("stderr-redirected");
        Path script = dir.resolve("probe.sh"); // a class path is longer than tmux takes on its command line
        Files.writeString(script, probe + " > '" + onTerminal + ".tmp'; mv '" + onTerminal + ".tmp' '" + onTerminal
                + "'\n" + probe + " 2>/dev/null > '" + redirected + ".tmp'; mv '" + redirected + ".tmp' '" + redirected
                + "'\n");
        tmux("new-session", "-d", "-s", "live", "-x", "80", "-y", "24", "sh " + script + "; sleep 600");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(redirected)) {
            assertThat(System.nanoTime()).as("both probes ran within 120 s").isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(Files.readString(onTerminal).strip()).as("stdout to a file, stderr the terminal").isEqualTo("true");
        assertThat(Files.readString(redirected).strip()).as("stderr to /dev/null").isEqualTo("false");
    }

    /** Every screen captured while the run went on, and the whole scrollback at the end. */
    private final class Screens {
        final List<List<String>> taken = new ArrayList<>();
        int resizedAt = -1;
        List<String> history = List.of();
        String exitLine = "";

        List<List<String>> afterResize() {
            return taken.subList(Math.max(0, resizedAt), taken.size());
        }

        void assertOneBlockAtATime() {
            assertThat(taken).as("screens were captured while the run went on").hasSizeGreaterThan(3);
            for (List<String> screen : taken) {
                assertThat(screen.stream().filter(l -> BAR.matcher(l).find()).count())
                        .as("progress blocks on one screen:\n" + String.join("\n", screen)).isLessThanOrEqualTo(1);
                assertThat(screen.stream().filter(l -> FIGURES.matcher(l).find()).count())
                        .as("figure lines on one screen:\n" + String.join("\n", screen)).isLessThanOrEqualTo(1);
            }
        }

        /** With wrapped rows joined back, no line drawn from screen {@code from} on is wider than the terminal. */
        void assertNoLineWiderThan(int columns, int from) {
            for (List<String> screen : taken.subList(Math.max(0, from) + (from > 0 ? 1 : 0), taken.size())) {
                for (String line : screen) {
                    assertThat(TextWidth.of(line)).as("a line wrapped:\n" + line).isLessThanOrEqualTo(columns);
                }
            }
        }

        void assertEndedCleanly(int columns) {
            assertThat(exitLine).as(String.join("\n", history)).isEqualTo("EXIT 0");
            assertThat(history).as("no block is left behind:\n" + String.join("\n", history))
                    .noneMatch(l -> BAR.matcher(l).find() || FIGURES.matcher(l).find());
            assertThat(history).anyMatch(l -> l.startsWith("run live: completed"));
            List<String> drawnAtWidth = history.subList(Math.max(0, history.size() - 12), history.size());
            assertThat(drawnAtWidth).allMatch(l -> TextWidth.of(l) <= columns);
        }
    }

    private Screens watchRun(int columns, int rows, Integer resizeTo) throws Exception {
        assumeTrue(new ProcessBuilder("tmux", "-V").start().waitFor() == 0, "tmux is needed for this test");
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        Screens screens = new Screens();
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 6,
                Duration.ofMillis(400), null, 0, 0, null))) {
            Path script = launcher(ws, model.baseUrl());
            tmux("new-session", "-d", "-s", "live", "-x", Integer.toString(columns), "-y", Integer.toString(rows),
                    "sh " + script + "; echo EXIT $?; sleep 600");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (true) {
                List<String> screen = capture(false);
                if (screen.stream().anyMatch(l -> l.startsWith("EXIT "))) {
                    break;
                }
                screens.taken.add(screen);
                if (resizeTo != null && screens.resizedAt < 0 && screen.stream().anyMatch(l -> BAR.matcher(l).find())
                        && screens.taken.size() > 3) {
                    tmux("resize-window", "-t", "live", "-x", Integer.toString(resizeTo));
                    screens.resizedAt = screens.taken.size();
                }
                assertThat(System.nanoTime()).as("the run ended within 120 s").isLessThan(deadline);
                Thread.sleep(100);
            }
            screens.history = capture(true);
            screens.exitLine = screens.history.stream().filter(l -> l.startsWith("EXIT ")).findFirst().orElse("");
        }
        assertThat(FileRunStore.read(ws, "live").run().status()).isEqualTo(RunStatus.COMPLETED);
        return screens;
    }

    /** A shell script that runs longtask as a user would, with this test's classpath. */
    private Path launcher(Path ws, String baseUrl) throws IOException {
        Path script = dir.resolve("longtask.sh");
        String longtask = ChildJvm.testMain(Main.class, List.of("-Duser.home=" + dir.resolve("home"))).stream()
                .map(word -> "'" + word + "'").collect(java.util.stream.Collectors.joining(" "));
        Files.writeString(script, "#!/bin/sh\nunset NO_COLOR OPENAI_API_KEY ANTHROPIC_API_KEY OPENAI_BASE_URL\n"
                + "exec " + longtask
                + " run 'Summarise the notes in this workspace, one careful step after another, and say what was found'"
                + " --run-id live --concurrency 2 --color never --base-url " + baseUrl + " --model openai:scripted"
                + " -C '" + ws + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /** The visible screen, or the whole scrollback; wrapped rows joined back into the lines they were. */
    private List<String> capture(boolean history) throws Exception {
        List<String> args = new ArrayList<>(List.of("capture-pane", "-p", "-J", "-t", "live"));
        if (history) {
            args.addAll(List.of("-S", "-"));
        }
        String text = tmux(args.toArray(String[]::new));
        List<String> lines = new ArrayList<>(text.lines().map(String::stripTrailing).toList());
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    private String tmux(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket, "-f", "/dev/null"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }
}
