package dev.longtask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A main source file a reader can hold in mind: past 600 lines a class has taken on a second job, which belongs in
 * a class of its own (the size the structure's review set for every file of the product).
 */
class SourceFilesTest {
    private static final int MOST_LINES = 600;

    @Test
    void noMainSourceFileIsLongerThan600Lines() throws IOException {
        Path sources = Path.of("src/main/java");
        assertThat(sources).isDirectory();
        List<String> tooLong;
        try (Stream<Path> files = Files.walk(sources)) {
            tooLong = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> lines(f) > MOST_LINES)
                    .map(f -> sources.relativize(f) + " (" + lines(f) + " lines)")
                    .sorted().toList();
        }
        assertThat(tooLong).as("split these by their jobs").isEmpty();
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
