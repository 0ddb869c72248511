package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which processes `cancel` must not stop with SIGTERM (those that carry out other runs too), and how it tells the time. */
class CancelCommandTest {

    @Test
    void aServerOrAnMcpServerIsTheHostOfItsRunsAndARunCommandIsNot() {
        assertThat(CancelCommand.hostCommand(List.of("-XX:+UseSerialGC", "-jar", "/x/target/longtask.jar", "serve",
                "--port", "7420"))).contains("serve");
        assertThat(CancelCommand.hostCommand(List.of("-jar", "longtask.jar", "-C", "/w", "mcp"))).contains("mcp");
        assertThat(CancelCommand.hostCommand(List.of("-jar", "longtask.jar", "run", "serve the soup")))
                .as("a goal that says 'serve' is not the serve command").isEmpty();
        assertThat(CancelCommand.hostCommand(List.of("-jar", "longtask.jar", "resume", "r1"))).isEmpty();
    }

    @Test
    void theTimeOfACancelAlwaysHasItsSeconds() {
        assertThat(CancelCommand.CLOCK_TIME.format(java.time.LocalTime.of(6, 12, 0))).isEqualTo("06:12:00");
        assertThat(CancelCommand.CLOCK_TIME.format(java.time.LocalTime.of(6, 12, 7, 900_000_000))).isEqualTo("06:12:07");
    }
}
