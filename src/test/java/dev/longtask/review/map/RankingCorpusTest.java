package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ranking finds the core (docs/review.md, "the ranking check"): six public repositories in six languages,
 * trimmed under src/test/resources/rank-corpus (their library sources without comments and blank lines, each
 * file's licence header kept, with the README and user guide; each directory has its licence and a SOURCE.md
 * saying what was taken from which commit). In each, the files a maintainer names as the core are among the top 5.
 */
class RankingCorpusTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "gson     | gson/src/main/java/com/google/gson/Gson.java gson/src/main/java/com/google/gson/GsonBuilder.java "
                + "gson/src/main/java/com/google/gson/stream/JsonReader.java "
                + "gson/src/main/java/com/google/gson/stream/JsonWriter.java "
                + "gson/src/main/java/com/google/gson/JsonElement.java",
        "requests | src/requests/models.py src/requests/sessions.py",
        "express  | lib/express.js lib/application.js",
        "gin      | gin.go context.go",
        "ajv      | lib/core.ts",
        "hiredis  | hiredis.c hiredis.h",
    })
    void theCoreIsInTheTopFive(String repository, String core) throws IOException {
        RepoMap map = new RepoMapper(TokenCounter.shared()).map(copy(repository), ScopeOptions.defaults());
        List<String> top = map.files().stream().limit(5).map(MappedFile::path).toList();
        assertThat(top).as("the top 5 of %s", repository).contains(core.split(" "));
    }

    private Path copy(String fixture) throws IOException {
        Path from;
        try {
            from = Path.of(RankingCorpusTest.class.getResource("/rank-corpus/" + fixture).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path to = dir.resolve(fixture);
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(p -> {
                try {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return to;
    }
}
