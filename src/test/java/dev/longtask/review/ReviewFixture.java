package dev.longtask.review;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.RepoMap;
import dev.longtask.review.map.RepoMapper;
import dev.longtask.review.map.ScopeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The multi-language fixture repository of src/test/resources/review-fixture, copied where a test wants it. */
public final class ReviewFixture {
    private static RepoMap map;

    private ReviewFixture() {
    }

    /** The fixture's map (tests left out), made once for the tests that plan or chunk from it. */
    public static synchronized RepoMap map() {
        if (map == null) {
            try {
                Path dir = Files.createTempDirectory("review-map");
                map = new RepoMapper(TokenCounter.shared()).map(copyTo(dir.resolve("repo")), ScopeOptions.defaults());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return map;
    }

    public static Path source() {
        try {
            return Path.of(ReviewFixture.class.getResource("/review-fixture").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the fixture into {@code target} (which need not exist) and returns it. */
    public static Path copyTo(Path target) throws IOException {
        Path from = source();
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(p -> {
                try {
                    Path to = target.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(p, to);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return target;
    }

    public static String read(String relative) throws IOException {
        return Files.readString(source().resolve(relative));
    }
}
