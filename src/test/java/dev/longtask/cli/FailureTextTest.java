package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A failure's one line, as an 80-column terminal shows it and as a pipe gets it. */
class FailureTextTest {
    private static final String REFUSAL = "longtask: the configuration of /home/someone/projects/a-rather-long-name "
            + "loosens confinement or starts programs and is not trusted (1 setting in .longtask/config.yaml); an "
            + "agent may have written it. Review and trust it with: longtask trust /home/someone/projects/a-rather-long-name";

    @Test
    void onATerminalTheLineBreaksAtSpacesWithinItsWidthAndLosesNoWord() {
        List<String> lines = Main.forTerminal(REFUSAL, 80).lines().toList();

        assertThat(lines).hasSizeGreaterThan(1).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        assertThat(lines.subList(1, lines.size())).allSatisfy(line -> assertThat(line).startsWith("  "));
        assertThat(String.join(" ", lines.stream().map(String::strip).toList())).isEqualTo(REFUSAL);
        assertThat(lines).as("the path, whole, on one line")
                .anySatisfy(line -> assertThat(line).endsWith("trust /home/someone/projects/a-rather-long-name"));
    }

    @Test
    void withoutATerminalTheLineStaysWhole() {
        assertThat(Main.forTerminal(REFUSAL, 0)).isEqualTo(REFUSAL);
    }
}
