package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.view.TextWidth;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code longtask agents} as a terminal shows it. */
class AgentsCommandTest {
    @TempDir
    Path tmp;

    @Test
    void agentsWrapsAtSpacesWithTheIndentKept() {
        AgentsCommand agents = new AgentsCommand();
        agents.columns = () -> 60;
        StringWriter screen = new StringWriter();
        CommandLine cli = new CommandLine(agents);
        cli.setOut(new PrintWriter(screen, true));

        int code = cli.execute("-C", tmp.toString());

        assertThat(code).isZero();
        List<String> lines = screen.toString().lines().toList();
        assertThat(lines).allSatisfy(line -> assertThat(TextWidth.of(line)).as(line).isLessThan(60));
        // A description's continuation is indented under its first line.
        assertThat(lines).filteredOn(line -> line.startsWith("        ")).isNotEmpty();
    }
}
