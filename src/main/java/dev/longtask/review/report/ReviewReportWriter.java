package dev.longtask.review.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Counts;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.review.plan.ReviewManifest;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds the checked report of a review run and writes it into the run: the issues of every chunk's issues
 * file (a missing or malformed one is a gap, never a crash), every location checked against the repository,
 * duplicates from overlapping chunks merged, the score and the module summaries; rendered as
 * {@code results/review/review.md} and {@code review.json} (written atomically), then recorded as a
 * {@value #EVENT} event. The synthesizer's title and summary head the report when it wrote one; its own issue
 * list is not used, because the chunks' files are the findings and only checked findings are reported as fact.
 */
public final class ReviewReportWriter {
    /** The event recorded when the checked report was written; data: score, counts, files. */
    public static final String EVENT = "review.written";
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private final Path repository;
    private final ReportRenderer renderer;

    /** @param repository the repository under review, which is the run's workspace */
    public ReviewReportWriter(Path repository) {
        this.repository = repository.toAbsolutePath().normalize();
        this.renderer = new ReportRenderer(this.repository.toString());
    }

    /** What was written, and the report it holds. */
    public record Written(ReviewReport report, Path markdown, Path json) {
        /** "score 87/100: 5 issues, 1 unverified, 1 chunk not reviewed". */
        public String line() {
            if (!report.reviewedAnything()) {
                return "nothing was reviewed: " + Counts.plural(report.gaps().size(), "chunk") + " not reviewed";
            }
            int issues = report.verified().size();
            StringBuilder b = new StringBuilder("score ").append(report.score()).append("/100: ").append(issues)
                    .append(issues == 1 ? " issue" : " issues");
            if (!report.unverified().isEmpty()) {
                b.append(", ").append(report.unverified().size()).append(" unverified");
            }
            if (!report.gaps().isEmpty()) {
                b.append(", ").append(report.gaps().size()).append(report.gaps().size() == 1 ? " chunk" : " chunks")
                        .append(" not reviewed");
            }
            if (!report.suppressed().isEmpty()) {
                b.append(", ").append(report.suppressed().size()).append(" suppressed");
            }
            if (report.part() != null) {
                b.append(", ").append(report.part().notReviewed().size()).append(" of ")
                        .append(Counts.plural(report.part().modulesTotal(), "module")).append(" not in this part");
            }
            return b.toString();
        }
    }

    /** The severities a report can be gated at ({@code --min-severity}), most severe first. */
    public static final List<String> SEVERITIES = java.util.Arrays.stream(Severity.values()).map(Severity::id).toList();

    /**
     * Builds, checks, renders and writes the review of the run {@code store} holds open for writing.
     *
     * @throws IOException when the manifest cannot be read or the report cannot be written
     */
    public Written write(RunStore store) throws IOException {
        return write(store, store.run().status());
    }

    /**
     * As {@link #write(RunStore)}, inside the session that ends the run, before its final status: the report
     * names {@code ending} as the run's status.
     */
    public Written write(RunStore store, RunStatus ending) throws IOException {
        Path where = store.where(RunFile.REVIEW_MANIFEST);
        ReviewManifest manifest = ReviewManifest.parse(store.read(RunFile.REVIEW_MANIFEST)
                .orElseThrow(() -> new IOException(where + " is missing: the run is not a review")), where);
        ReviewReport report = assemble(manifest, synthesis(store), store.tasks(), store.run().id(), ending);
        Path markdown = store.write(RunFile.REVIEW_REPORT, renderer.markdown(report));
        Path json = store.write(RunFile.REVIEW_JSON, renderer.json(report));
        ObjectNode data = JSON.createObjectNode().put("score", report.score())
                .put("issues", report.verified().size()).put("unverified", report.unverified().size())
                .put("suppressed", report.suppressed().size())
                .put("gaps", report.gaps().size()).put("lines_reviewed", report.linesReviewed())
                .put("markdown", relative(store, markdown))
                .put("json", relative(store, json));
        store.append(EVENT, null, data);
        return new Written(report, markdown, json);
    }

    /** The name the event records: the file's path relative to the run directory, with forward slashes. */
    private static String relative(RunStore store, Path file) {
        return store.directory().relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    ReviewReport assemble(ReviewManifest manifest, JsonNode synthesis, List<Task> tasks, String runId,
            RunStatus status) throws IOException {
        FindingChecker checker = new FindingChecker(repository, manifest.files());
        List<Finding> reported = new ArrayList<>();
        List<ReviewGap> gaps = new ArrayList<>();
        Map<String, Module> modules = new LinkedHashMap<>();
        Set<String> filesReviewed = new LinkedHashSet<>();
        long linesReviewed = 0;
        for (ReviewManifest.Item item : manifest.chunks()) {
            Chunk chunk = item.chunk();
            List<String> files = chunk.parts().stream().map(ChunkPart::path).distinct().toList();
            IssuesFile.Content content = IssuesFile.read(repository.resolve(item.issues()), item.issues());
            if (!content.usable()) {
                gaps.add(new ReviewGap(chunk.id(), chunk.module(), files, reason(item, tasks, content.problem())));
                continue;
            }
            reported.addAll(content.findings());
            modules.computeIfAbsent(chunk.module(), Module::new).add(files, chunk.lines(), content);
            filesReviewed.addAll(files);
            linesReviewed += chunk.lines();
        }
        List<CheckedFinding> findings = new Fingerprints(repository)
                .assign(new FindingMerger().merge(checker.checkAll(reported)));
        ReviewIgnore.Applied ignore = ReviewIgnore.read(repository).apply(findings);
        boolean synthesized = synthesis.path("synthesized").asBoolean(false);
        String title = synthesized && !synthesis.path("title").asText("").isBlank() ? synthesis.path("title").asText()
                : "Code review of " + name(repository);
        String summary = (synthesized ? synthesis.path("summary").asText("").strip() + "\n\n" : "")
                + "_Run `" + runId + "` (" + status.wire() + "): " + (manifest.chunks().size() - gaps.size())
                + " of " + manifest.chunks().size() + " chunks reviewed for " + manifest.reviewFocus().text()
                + (manifest.part() == null ? "" : "; this review covers " + manifest.part().rangeText() + " of the"
                + " repository's " + manifest.part().modulesTotal() + " modules (see Modules not reviewed)")
                + "; the run's narrative report is report.md in the run directory._";
        return new ReviewReport(title, summary.strip(), modules.values().stream().map(Module::summary).toList(),
                ignore.kept(), filesReviewed.size(), linesReviewed, gaps, ignore,
                manifest.minSeverity() == null ? null : Severity.parse(manifest.minSeverity()), manifest.part());
    }

    /** Why a chunk gave nothing: what became of its review task, then what is wrong with the file. */
    private static String reason(ReviewManifest.Item item, List<Task> tasks, String problem) {
        Optional<Task> review = tasks.stream().filter(t -> t.outputs().containsValue(item.issues())).findFirst();
        if (review.isEmpty() || review.get().status() == TaskStatus.COMPLETED) {
            return problem;
        }
        Task t = review.get();
        String what = switch (t.status()) {
            case FAILED -> "failed";
            case CANCELLED -> "was cancelled";
            default -> "is " + t.status().wire();
        };
        String error = t.error() == null || t.error().isBlank() ? "" : " (" + t.error().strip() + ")";
        return "the review task #" + t.id() + " " + what + error + "; " + problem;
    }

    /** The synthesizer's final result, or an empty object when the run wrote none (or one that is no JSON). */
    private static JsonNode synthesis(RunStore store) {
        return store.read(RunFile.FINAL_RESULT).map(text -> {
            try {
                return JSON.readTree(text);
            } catch (IOException e) {
                return null;
            }
        }).filter(node -> node != null && !node.isMissingNode()).orElseGet(JSON::createObjectNode);
    }

    private static String name(Path path) {
        Path name = path.getFileName();
        return name == null ? path.toString() : name.toString();
    }

    /** A module's chunks taken together (a large directory can be split into several). */
    private static final class Module {
        private final String name;
        private final Set<String> files = new LinkedHashSet<>();
        private final List<String> summaries = new ArrayList<>();
        private final List<Integer> scores = new ArrayList<>();
        private long lines;

        Module(String name) {
            this.name = name;
        }

        void add(List<String> chunkFiles, long chunkLines, IssuesFile.Content content) {
            files.addAll(chunkFiles);
            lines += chunkLines;
            if (!content.summary().isBlank()) {
                summaries.add(content.summary());
            }
            if (content.score() != null) {
                scores.add(content.score());
            }
        }

        ModuleSummary summary() {
            Integer score = scores.isEmpty() ? null
                    : (int) Math.round(scores.stream().mapToInt(Integer::intValue).average().orElseThrow());
            return new ModuleSummary(name, files.size(), lines, summaries.stream().map(String::strip).distinct()
                    .collect(Collectors.joining(" ")),
                    score);
        }
    }
}
