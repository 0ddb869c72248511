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
import java.io.IOException;
import java.util.List;

/**
 * What a review run was set up to do, kept with the run (the store's {@code RunFile.REVIEW_MANIFEST}) so the
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

    /**
     * The manifest in {@code text}, as {@link #json()} wrote it.
     *
     * @param where what the text was read from, for the message
     * @throws IOException when the text is not a manifest, or one of a format this version does not read
     */
    public static ReviewManifest parse(String text, Object where) throws IOException {
        ReviewManifest manifest;
        try {
            manifest = JSON.readValue(text, ReviewManifest.class);
        } catch (JsonProcessingException e) {
            throw new IOException(where + " is not a review manifest: " + e.getOriginalMessage(), e);
        }
        if (manifest.format() != FORMAT) {
            throw new IOException(where + " has format " + manifest.format() + "; this longtask reads format " + FORMAT);
        }
        return manifest;
    }

    /** The manifest as the run keeps it: indented JSON and a final newline. */
    public String json() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a review manifest is always serialisable", e);
        }
    }

    /** Every file in the review's scope, once. */
    public List<String> files() {
        return chunks.stream().flatMap(i -> i.chunk().parts().stream()).map(ChunkPart::path).distinct().toList();
    }
}
