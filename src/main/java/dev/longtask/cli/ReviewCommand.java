package dev.longtask.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.longtask.review.Chunk;
import dev.longtask.review.ChunkPart;
import dev.longtask.review.Chunker;
import dev.longtask.review.EstimateAssumptions;
import dev.longtask.review.MapRenderer;
import dev.longtask.review.MappedFile;
import dev.longtask.review.Pricing;
import dev.longtask.review.RepoMap;
import dev.longtask.review.RepoMapper;
import dev.longtask.review.ReviewEstimate;
import dev.longtask.review.ReviewEstimator;
import dev.longtask.review.ReviewFocus;
import dev.longtask.review.ScopeOptions;
import dev.longtask.review.TokenCounter;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code longtask review PATH --map | --dry-run}: the repo map, the chunks and the estimate, with no model. */
@Command(name = "review",
        description = {"Review a code base. --map prints the repository map; --dry-run prints the map summary, the"
                + " chunks and an estimate of tokens, cost and time. Neither needs a model or a key."})
final class ReviewCommand implements Callable<Integer> {
    private static final int TOP_FILES = 10;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Parameters(index = "0", paramLabel = "PATH", description = "The repository or directory to review.")
    Path path;

    @Option(names = "--map", description = "Print the repository map, cut to --tokens.")
    boolean map;

    @Option(names = "--dry-run", description = "Print the map summary, the chunks and the estimate; spend nothing.")
    boolean dryRun;

    @Option(names = "--tokens", defaultValue = "2048", paramLabel = "N",
            description = "Token budget of the map (default: ${DEFAULT-VALUE}).")
    int tokens;

    @Option(names = "--chunk-tokens", defaultValue = "20000", paramLabel = "N",
            description = "Code tokens per chunk at most (default: ${DEFAULT-VALUE}).")
    long chunkTokens;

    @Option(names = "--include-tests", description = "Review test code too.")
    boolean includeTests;

    @Option(names = "--focus", paramLabel = "AREAS",
            description = "Comma-separated: bug, security, performance, style, maintainability, concurrency,"
                    + " error-handling, testing, documentation (default: bug,security,performance,style).")
    String focus;

    @Option(names = "--concurrency", defaultValue = "3", paramLabel = "N",
            description = "Tasks run at once, for the time estimate (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--model", paramLabel = "SPEC", description = "Model spec, e.g. anthropic:claude-sonnet-4-5.")
    String model;

    @Option(names = "--price-in", paramLabel = "USD", description = "Price per million input tokens, for the cost.")
    BigDecimal priceIn;

    @Option(names = "--price-out", paramLabel = "USD", description = "Price per million output tokens, for the cost.")
    BigDecimal priceOut;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        validate();
        if (!map && !dryRun) {
            throw CliFailure.usage("review runs on the engine, which this build does not have yet;"
                    + " use --map or --dry-run to see the map, the chunks and the estimate");
        }
        ReviewFocus areas = focusAreas();
        Pricing pricing = pricing();
        TokenCounter counter = TokenCounter.cl100k();
        RepoMap repoMap;
        try {
            repoMap = new RepoMapper(counter).map(path, ScopeOptions.defaults().withTests(includeTests));
        } catch (IOException e) {
            throw new CliFailure(Main.FAILED, "review: cannot list " + path + ": " + e.getMessage());
        }
        String rendered = new MapRenderer(counter).render(repoMap, tokens);
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> document = new LinkedHashMap<>();
        if (map) {
            if (json) {
                document.put("map", repoMap);
            } else {
                out.println(summary(repoMap));
                out.print(rendered);
            }
        }
        if (dryRun) {
            List<Chunk> chunks = new Chunker(chunkTokens).chunk(repoMap);
            ReviewEstimate estimate = new ReviewEstimator(EstimateAssumptions.defaults(), pricing)
                    .estimate(chunks, counter.count(rendered), areas, concurrency, model);
            if (json) {
                if (!map) {
                    document.put("summary", mapSummary(repoMap));
                }
                document.put("chunks", chunks);
                document.put("estimate", estimate);
            } else {
                if (map) {
                    out.println();
                }
                printDryRun(out, repoMap, chunks, estimate, areas);
            }
        }
        if (json) {
            out.println(toJson(document));
        }
        out.flush();
        return Main.OK;
    }

    private void validate() {
        if (!Files.exists(path)) {
            throw CliFailure.usage("review: " + path + " does not exist");
        }
        if (!Files.isDirectory(path)) {
            throw CliFailure.usage("review: " + path + " is not a directory; give the repository or a directory in it");
        }
        if (tokens < 64) {
            throw CliFailure.usage("review: --tokens must be at least 64, was " + tokens);
        }
        if (chunkTokens < 500) {
            throw CliFailure.usage("review: --chunk-tokens must be at least 500, was " + chunkTokens);
        }
        if (concurrency < 1 || concurrency > 64) {
            throw CliFailure.usage("review: --concurrency must be between 1 and 64, was " + concurrency);
        }
        if (model != null && !model.matches("[a-z][a-z0-9_-]*:\\S+")) {
            throw CliFailure.usage("review: --model must look like provider:model (anthropic:claude-sonnet-4-5,"
                    + " openai:gpt-4o, ollama:llama3), was " + model);
        }
        if ((priceIn == null) != (priceOut == null)) {
            throw CliFailure.usage("review: give both --price-in and --price-out (USD per million tokens), or neither");
        }
        if (priceIn != null && (priceIn.signum() < 0 || priceOut.signum() < 0)) {
            throw CliFailure.usage("review: prices cannot be negative");
        }
    }

    private ReviewFocus focusAreas() {
        try {
            return ReviewFocus.parse(focus);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("review: " + e.getMessage());
        }
    }

    private Pricing pricing() {
        return priceIn == null ? Pricing.unknown() : Pricing.perMillion(priceIn, priceOut);
    }

    private static String summary(RepoMap m) {
        StringBuilder b = new StringBuilder(String.format("review of %s (%s): %,d files, %,d lines, %,d tokens (%s)",
                m.root(), m.scope(), m.files().size(), m.totalLines(), m.totalTokens(), m.encoding()));
        if (!m.skipped().isEmpty()) {
            b.append("\nskipped: ");
            m.skipped().forEach((reason, count) -> b.append(count).append(' ').append(reason).append(", "));
            b.setLength(b.length() - 2);
        }
        return b.toString();
    }

    private static Map<String, Object> mapSummary(RepoMap m) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("root", m.root());
        s.put("scope", m.scope());
        s.put("encoding", m.encoding());
        s.put("files", m.files().size());
        s.put("lines", m.totalLines());
        s.put("tokens", m.totalTokens());
        s.put("skipped", m.skipped());
        s.put("top_files", m.files().stream().limit(TOP_FILES).map(MappedFile::path).toList());
        return s;
    }

    private void printDryRun(PrintWriter out, RepoMap m, List<Chunk> chunks, ReviewEstimate e, ReviewFocus areas) {
        if (!map) {
            out.println(summary(m));
        }
        out.printf("focus: %s | model: %s | concurrency: %d | chunk budget: %,d tokens%n", areas.text(),
                model == null ? "(none)" : model, concurrency, chunkTokens);
        if (m.files().isEmpty()) {
            out.println("\nnothing to review: no source file in scope");
            return;
        }
        out.println("\nmost referenced files:");
        int rank = 1;
        for (MappedFile f : m.files().subList(0, Math.min(TOP_FILES, m.files().size()))) {
            out.printf("  %2d. %s (%s, %,d lines, rank %.3f)%n", rank++, f.path(), f.language().id(), f.lines(), f.rank());
        }
        out.printf("%nchunks (%d):%n", chunks.size());
        int width = chunks.stream().mapToInt(c -> c.module().length()).max().orElse(6);
        for (Chunk c : chunks) {
            long whole = c.parts().stream().filter(ChunkPart::wholeFile).count();
            List<String> dirs = c.directories();
            String within = dirs.size() <= 1 ? "" : "  [" + String.join(", ", dirs.subList(0, Math.min(4, dirs.size())))
                    + (dirs.size() > 4 ? ", +" + (dirs.size() - 4) : "") + "]";
            out.printf("  %s  %-" + width + "s  %4d files  %,9d tokens%s%n", c.id(), c.module(), whole, c.tokens(), within);
            for (ChunkPart part : c.parts()) {
                if (!part.wholeFile()) {
                    out.printf("      part %s (%,d tokens)%n", part.location(), part.tokens());
                }
            }
        }
        out.printf("%nestimate: %d tasks (%d chunks x analysis + review, planner, director, synthesizer), %,d model calls%n",
                e.tasks(), e.chunks(), e.calls());
        out.printf("  tokens: ~%s in, ~%s out%n", human(e.inputTokens()), human(e.outputTokens()));
        out.printf("  cost:   %s%s%n", e.costText(), e.costUsd() == null
                ? "; pass --price-in and --price-out (USD per million tokens) for a cost" : "");
        out.printf("  time:   ~%s with concurrency %d%n", e.timeText(), e.concurrency());
        out.printf("  assumes: %s%n", e.assumptions());
    }

    private static String human(long n) {
        if (n >= 1_000_000) {
            return String.format("%.1fM", n / 1_000_000.0);
        }
        if (n >= 10_000) {
            return String.format("%.0fk", n / 1000.0);
        }
        return String.format("%,d", n);
    }

    private static String toJson(Object value) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new CliFailure(Main.FAILED, "review: cannot write JSON: " + e.getOriginalMessage());
        }
    }
}
