package dev.longtask.review.plan;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.ReviewPart;
import dev.longtask.store.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a review run was set up to do, kept in its run directory ({@code results/review/manifest.json}) so the
 * checked report can be built by whichever process finishes the run (the review command, or a later
 * {@code longtask resume}): the chunks, the focus, and for each chunk the files its analysis and review tasks
 * must write. Paths are relative to the workspace, which is the repository under review.
 *
 * @param runPath     the run directory relative to the workspace, e.g. {@code .longtask/runs/20261126-101500-ab12}
 * @param minSeverity the least severity the report lists ({@code --min-severity}), or null for all
 * @param part        when the review covers only part of the repository, which modules it does and does not review
 *                    (and why, and how to review the next part); null when it covers the whole repository
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReviewManifest(
        int format,
        @JsonProperty("run_path") String runPath,
        List<String> focus,
        @JsonProperty("include_tests") boolean includeTests,
        List<Item> chunks,
        @JsonProperty("min_severity") String minSeverity,
        @JsonInclude(JsonInclude.Include.NON_NULL) ReviewPart part) {

    public static final int FORMAT = 1;
    /** Where the review's own files live, relative to the run directory. */
    public static final String DIRECTORY = "results/review";
    static final String FILE = "manifest.json";
    private static final ObjectMapper JSON = JsonMapping.newMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One chunk and the files its two tasks write. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Item(Chunk chunk, String analysis, String issues) {
    }

    public ReviewManifest {
        focus = List.copyOf(focus);
        chunks = List.copyOf(chunks);
    }

    /** The manifest of a review of {@code chunks} in the run at {@code runPath}. */
    public static ReviewManifest of(List<Chunk> chunks, String runPath, ReviewFocus focus, boolean includeTests) {
        String work = runPath + "/results/work/";
        return new ReviewManifest(FORMAT, runPath, focus.areas(), includeTests, chunks.stream()
                .map(c -> new Item(c, work + c.id() + "-analysis.md", work + c.id() + "-issues.json")).toList(), null, null);
    }

    /** The same review, its report listing only findings of {@code severity} or above (null for all). */
    public ReviewManifest withMinSeverity(String severity) {
        return new ReviewManifest(format, runPath, focus, includeTests, chunks, severity, part);
    }

    /** The same review, covering only {@code covered} of the repository (null: all of it). */
    public ReviewManifest withPart(ReviewPart covered) {
        return new ReviewManifest(format, runPath, focus, includeTests, chunks, minSeverity, covered);
    }

    public ReviewFocus reviewFocus() {
        return new ReviewFocus(focus);
    }

    public static Path file(Path runDirectory) {
        return runDirectory.resolve(DIRECTORY).resolve(FILE);
    }

    /** Whether the run in {@code runDirectory} is a review (its manifest is there). */
    public static boolean presentIn(Path runDirectory) {
        return Files.isRegularFile(file(runDirectory));
    }

    /** @throws IOException when the manifest is missing or cannot be read as one */
    public static ReviewManifest read(Path runDirectory) throws IOException {
        Path file = file(runDirectory);
        ReviewManifest manifest;
        try {
            manifest = JSON.readValue(file.toFile(), ReviewManifest.class);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not a review manifest: " + e.getOriginalMessage(), e);
        }
        if (manifest.format() != FORMAT) {
            throw new IOException(file + " has format " + manifest.format() + "; this longtask reads format " + FORMAT);
        }
        return manifest;
    }

    /** Writes the manifest into {@code runDirectory} atomically. */
    public void writeTo(Path runDirectory) throws IOException {
        Path file = file(runDirectory);
        Files.createDirectories(file.getParent());
        AtomicFiles.write(file, (JSON.writeValueAsString(this) + "\n").getBytes(StandardCharsets.UTF_8), true);
    }

    /** Every file in the review's scope, once. */
    public List<String> files() {
        return chunks.stream().flatMap(i -> i.chunk().parts().stream()).map(ChunkPart::path).distinct().toList();
    }
}
