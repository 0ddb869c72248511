package dev.longtask.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Run directories as tests need them: the kept fixtures of older versions, and logs cut as a crash leaves them. */
public final class RunFixtures {
    private RunFixtures() {
    }

    /**
     * A copy, under {@code target}, of the workspace whose runs were written before the run's settings were recorded
     * ({@code fixture-paused}, {@code fixture-failed}; see the fixture's README). Returns the workspace.
     */
    public static Path formatOne(Path target) {
        return copy("format-1", target);
    }

    /**
     * A copy, under {@code target}, of the workspace whose runs were written by main 6292562, before the store became
     * the only reader of runs ({@code fixture-paused}, {@code fixture-completed}; see the fixture's README). Returns the
     * workspace.
     */
    public static Path formatTwo(Path target) {
        return copy("format-2", target);
    }

    /** A copy, under {@code target}, of the fixture workspace {@code name} of src/test/resources/fixtures. */
    public static Path copy(String name, Path target) {
        try {
            Path source = Path.of(RunFixtures.class.getResource("/fixtures/" + name).toURI());
            Path workspace = Files.createDirectories(target.resolve(name));
            try (Stream<Path> files = Files.walk(source)) {
                for (Path from : (Iterable<Path>) files::iterator) {
                    Path to = workspace.resolve(source.relativize(from).toString());
                    if (Files.isDirectory(from)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(from, to);
                    }
                }
            }
            return workspace;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Cuts the log of {@code runDirectory} just before its last event of {@code type}, and removes the checkpoints
     * and run.json, as a crash before that event was written leaves the run (the projections are rebuilt on open).
     */
    public static void cutLastEvent(Path runDirectory, String type) throws IOException {
        Path log = runDirectory.resolve("events.jsonl");
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"type\":\"" + type + "\"")) {
                last = i;
            }
        }
        if (last < 0) {
            throw new IllegalArgumentException("no " + type + " event in " + log);
        }
        List<String> kept = new ArrayList<>(lines.subList(0, last));
        Files.writeString(log, String.join("\n", kept) + "\n", StandardCharsets.UTF_8);
        try (Stream<Path> checkpoints = Files.list(runDirectory.resolve("checkpoints"))) {
            for (Path c : (Iterable<Path>) checkpoints::iterator) {
                Files.delete(c);
            }
        }
        Files.deleteIfExists(runDirectory.resolve("run.json"));
    }
}
