package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line `longtask mcp` starts the processes that carry its runs with. */
class McpCommandTest {

    @Test
    void aRunsProcessGetsThisJvmsOptionsWithC1Alone() {
        List<String> here = ManagementFactory.getRuntimeMXBean().getInputArguments();
        // the suite's JVMs run with C1 alone (pom.xml), as the launcher runs `mcp` and `run`
        assertThat(here).contains("-XX:TieredStopAtLevel=1");
        List<String> run = McpCommand.thisJvm();
        assertThat(run).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
                .endsWith("-cp", System.getProperty("java.class.path"), dev.longtask.cli.Main.class.getName());
    }

    @Test
    void aRunsProcessGetsTheJvmsOwnReflectionBack() {
        // the launcher gives `mcp` native reflection accessors alone, for its start; a run of hours is better without
        List<String> run = McpCommand.runsJvm(List.of("-XX:+UseSerialGC", "-Djdk.reflect.useNativeAccessorOnly=true",
                "-XX:TieredStopAtLevel=1", "-Dother=kept"));
        assertThat(run).doesNotContain("-Djdk.reflect.useNativeAccessorOnly=true")
                .contains("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dother=kept");
    }
}
