package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.testing.RunFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read commands print, byte for byte, what main 6292562 printed for the recorded runs of the test tree (the
 * format-1 and format-2 fixtures): {@code status}, {@code status --json}, {@code tasks}, {@code tasks --json},
 * {@code report}, {@code report --json} and {@code runs}, and they change no file. The expected outputs were recorded
 * with that version's jar ({@code src/test/resources/fixtures/cli-output}: {@code <fixture>.<command>.out} is stdout,
 * {@code .err} is stderr and the exit code, with the workspace written {@code <ws>}); since then one change of format
 * were made on purpose and their lines edited by hand: an estimate's ratio under 0.1x prints two decimals ("0.07x the
 * cost", where 6292562 printed "0.1x" or "0.0x"), and {@code status --json}'s progress carries the time at work
 * ({@code work_s}, which was null there) as its top level does. Any other difference is a change nobody meant.
 */
class RecordedRunsOutputTest {
    @TempDir
    Path tmp;

    @Test
    void theReadCommandsPrintWhatTheyPrintedBeforeTheStoreTookOverEveryRead() throws Exception {
        Path expected = Path.of(RecordedRunsOutputTest.class.getResource("/fixtures/cli-output").toURI());
        List<String> compared = new ArrayList<>();
        for (String fixture : List.of("format-1", "format-2")) {
            Path workspace = RunFixtures.copy(fixture, tmp);
            Map<Path, byte[]> before = contents(workspace);
            try (Stream<Path> files = Files.list(expected)) {
                for (Path out : (Iterable<Path>) files.filter(f -> f.getFileName().toString().startsWith(fixture + ".")
                        && f.getFileName().toString().endsWith(".out")).sorted()::iterator) {
                    String name = out.getFileName().toString();
                    String command = name.substring(fixture.length() + 1, name.length() - ".out".length());
                    List<String> args = new ArrayList<>(command.equals("runs-json") ? List.of("runs", "--json")
                            : Arrays.asList(command.split("_")));
                    args.addAll(List.of("-C", workspace.toString()));
                    CliRunner.Result shown = CliRunner.run(args.toArray(String[]::new));

                    assertThat(shown.out()).as(String.join(" ", args)).isEqualTo(Files.readString(out));
                    Path err = out.resolveSibling(name.replace(".out", ".err"));
                    if (Files.exists(err)) {
                        assertThat(shown.err().replace(workspace.toString(), "<ws>") + "exit " + shown.exit() + "\n")
                                .as(String.join(" ", args)).isEqualTo(Files.readString(err));
                    }
                    compared.add(fixture + " " + command);
                }
            }
            Map<Path, byte[]> after = contents(workspace);
            assertThat(after.keySet()).as("reading makes no file").isEqualTo(before.keySet());
            after.forEach((file, bytes) -> assertThat(bytes).as("reading changes no file: " + file)
                    .isEqualTo(before.get(file)));
        }
        assertThat(compared).hasSize(28);
    }

    private static Map<Path, byte[]> contents(Path workspace) throws IOException {
        Map<Path, byte[]> contents = new TreeMap<>();
        try (Stream<Path> files = Files.walk(workspace)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                contents.put(workspace.relativize(file), Files.readAllBytes(file));
            }
        }
        return contents;
    }
}
