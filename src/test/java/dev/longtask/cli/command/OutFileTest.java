package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code review --out}: the report replaces the file whole, and a file that exists keeps its mode. */
class OutFileTest {
    @TempDir
    Path dir;

    @Test
    void aFileThatExistsIsReplacedWholeAndKeepsItsMode() throws Exception {
        Path report = dir.resolve("review.md");
        Files.writeString(report, "an older report, kept from others\n");
        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rw-r-----"));

        OutFile.write(report, "# Review\n");

        assertThat(Files.readString(report)).isEqualTo("# Review\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(report))).isEqualTo("rw-r-----");
        try (var files = Files.list(dir)) {
            assertThat(files).as("no temporary file left beside it").containsExactly(report);
        }
    }
}
