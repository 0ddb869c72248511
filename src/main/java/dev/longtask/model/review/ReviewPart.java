package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.model.Counts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The part of a repository one review covers, when it cannot (or should not) cover all of it: the repository's
 * modules ranked, the highest-ranked ones that fit one run, and the rest, each with the reason it was left out.
 *
 * <p>A <b>module</b> is a directory as the chunker cut the repository: the chunks whose parts share that directory as
 * their deepest common one (the rows of the report's module table). Its <b>rank</b> is its share of the map's rank:
 * the sum of its files' ranks (a file split across chunks counted by its share of tokens), so the modules' ranks sum
 * to 1 as the files' do. A part starts after the {@code skip} highest-ranked modules and takes the next ones in rank
 * order while they fit: at most {@code top} modules (0: any number), at most the chunks a run may hold, and within the
 * budget (the estimate of the part so far, with the module, must stay under it). It ends at the first module that
 * does not fit, so the parts of a repository follow one another in rank order and the next part is {@code --skip}
 * the last module considered. A module too large for a run on its own is left out of every part, with that reason,
 * and does not end the part.
 *
 * @param modulesTotal how many modules the repository has
 * @param reviewed     the modules this part reviews, highest rank first
 * @param notReviewed  the modules it does not, highest rank first, each with its reason
 * @param nextSkip     the {@code --skip} of the next part; null when no module after this part is left to review
 * @param nextOptions  the options that cut this part the same way for the next one ({@code --top 5 --include-tests});
 *                     with {@code --skip nextSkip}, what the next part is reviewed with
 * @param limit        what ended the part ("a run may hold 200 tasks", "--top 5"), null when nothing did
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReviewPart(
        @JsonProperty("modules_total") int modulesTotal,
        List<Module> reviewed,
        @JsonProperty("not_reviewed") List<Module> notReviewed,
        @JsonProperty("next_skip") Integer nextSkip,
        @JsonProperty("next_options") String nextOptions,
        String limit) {

    /**
     * One module: its position in the ranking (1 = highest), directory, rank, size, and the reason it is not reviewed
     * in this part (null when it is).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Module(int position, String module, double rank, int chunks, int files, long lines, long tokens,
                         String reason) {
        Module withReason(String why) {
            return new Module(position, module, rank, chunks, files, lines, tokens, why);
        }
    }

    /**
     * What a part may hold: {@code maxChunks} chunks (a run's task limit, two tasks a chunk), {@code top} modules (0:
     * any number), after the {@code skip} highest-ranked; {@code overBudget} says why a list of chunks is over the
     * user's budget ("--max-cost $5.00: estimated $6.10"), or null when it is within it (or there is no budget);
     * {@code largerChunks} what makes a module's chunks fewer ("a larger --chunk-tokens (at most 95,961 fit)", or a
     * model with a larger window when the chunks already fill it).
     */
    public record Limits(int maxChunks, int top, int skip, Function<List<Chunk>, String> overBudget,
                         String nextOptions, String largerChunks) {
        public Limits {
            if (maxChunks < 1 || top < 0 || skip < 0) {
                throw new IllegalArgumentException("bad limits of a review part: " + maxChunks + ", " + top + ", " + skip);
            }
            overBudget = overBudget == null ? chunks -> null : overBudget;
            nextOptions = nextOptions == null ? "" : nextOptions.strip();
            largerChunks = largerChunks == null ? "a larger --chunk-tokens" : largerChunks;
        }

        public Limits(int maxChunks, int top, int skip, Function<List<Chunk>, String> overBudget, String nextOptions) {
            this(maxChunks, top, skip, overBudget, nextOptions, null);
        }
    }

    public ReviewPart {
        reviewed = List.copyOf(reviewed);
        notReviewed = List.copyOf(notReviewed);
    }

    /** The part as selected, with the chunks it reviews (in the order the chunker made them, ids kept). */
    public record Selection(ReviewPart part, List<Chunk> chunks, String problem) {
        /** Whether the part leaves anything out: when not, the review is of the whole repository. */
        public boolean partial() {
            return !part.notReviewed().isEmpty();
        }
    }

    /** The modules of {@code chunks}, highest rank first (ties by directory), with no reason. */
    public static List<Module> modules(List<Chunk> chunks, RepoMap map) {
        Map<String, MappedFile> files = new HashMap<>();
        map.files().forEach(f -> files.put(f.path(), f));
        Map<String, List<Chunk>> byModule = new LinkedHashMap<>();
        chunks.forEach(c -> byModule.computeIfAbsent(c.module(), k -> new ArrayList<>()).add(c));
        List<Module> modules = new ArrayList<>();
        byModule.forEach((name, list) -> {
            double rank = 0;
            long lines = 0;
            long tokens = 0;
            Set<String> paths = new LinkedHashSet<>();
            for (Chunk c : list) {
                for (ChunkPart p : c.parts()) {
                    MappedFile f = files.get(p.path());
                    if (f != null) {
                        rank += f.rank() * (p.wholeFile() ? 1.0 : f.tokens() > 0 ? (double) p.tokens() / f.tokens()
                                : (double) p.lines() / Math.max(1, f.lines()));
                    }
                    paths.add(p.path());
                    lines += p.lines();
                    tokens += p.tokens();
                }
            }
            modules.add(new Module(0, name, rank, list.size(), paths.size(), lines, tokens, null));
        });
        modules.sort(Comparator.comparingDouble((Module m) -> -m.rank()).thenComparing(Module::module));
        List<Module> ranked = new ArrayList<>();
        for (int k = 0; k < modules.size(); k++) {
            Module m = modules.get(k);
            ranked.add(new Module(k + 1, m.module(), m.rank(), m.chunks(), m.files(), m.lines(), m.tokens(), null));
        }
        return ranked;
    }

    /**
     * The part of the review of {@code chunks} that {@code limits} allow, as the class comment says. When nothing fits
     * (the first module is over the budget on its own, every module left is too large for a run, or {@code skip}
     * leaves out every module) the selection has no chunks and says why in {@code problem}.
     */
    public static Selection select(List<Chunk> chunks, RepoMap map, Limits limits) {
        List<Module> ranked = modules(chunks, map);
        Map<String, List<Chunk>> byModule = new HashMap<>();
        chunks.forEach(c -> byModule.computeIfAbsent(c.module(), k -> new ArrayList<>()).add(c));
        if (limits.skip() > 0 && limits.skip() >= ranked.size()) {
            return new Selection(new ReviewPart(ranked.size(), List.of(), List.of(), null, limits.nextOptions(), null),
                    List.of(), "--skip " + limits.skip() + " leaves out every module: the repository has "
                    + Counts.plural(ranked.size(), "module") + " (--dry-run lists them)");
        }
        List<Module> reviewed = new ArrayList<>();
        List<Module> notReviewed = new ArrayList<>();
        List<Chunk> taken = new ArrayList<>();
        String limit = null;
        Integer nextSkip = null;
        for (Module m : ranked) {
            if (m.position() <= limits.skip()) {
                notReviewed.add(m.withReason("ranked above --skip " + limits.skip() + " (an earlier part)"));
                continue;
            }
            if (m.chunks() > limits.maxChunks()) {
                notReviewed.add(m.withReason("too large for one run: " + Counts.plural(m.chunks(), "chunk")
                        + ", a run may hold " + limits.maxChunks() + " (" + 2 * limits.maxChunks() + " tasks); review"
                        + " it with " + limits.largerChunks() + (hasSubdirectories(m, byModule)
                        ? ", or its subdirectories on their own" : "")));
                continue;
            }
            if (limit == null) {
                if (limits.top() > 0 && reviewed.size() == limits.top()) {
                    limit = "beyond --top " + limits.top();
                } else if (taken.size() + m.chunks() > limits.maxChunks()) {
                    limit = "a run may hold " + 2 * limits.maxChunks() + " tasks (" + limits.maxChunks()
                            + " chunks)";
                } else {
                    List<Chunk> with = new ArrayList<>(taken);
                    with.addAll(byModule.get(m.module()));
                    String over = limits.overBudget().apply(with);
                    if (over != null) {
                        limit = "over " + over;
                    }
                }
                if (limit == null) {
                    reviewed.add(m);
                    taken.addAll(byModule.get(m.module()));
                    continue;
                }
                nextSkip = m.position() - 1;
            }
            notReviewed.add(m.withReason(limit));
        }
        if (reviewed.isEmpty()) {
            // Nothing fits: the same options again would cut the same empty part, so there is no next part to name.
            ReviewPart none = new ReviewPart(ranked.size(), reviewed, notReviewed, null, limits.nextOptions(), limit);
            int first = limits.skip() + 1;
            String problem = limit != null ? "the highest-ranked module left, " + notReviewed.stream()
                    .filter(m -> m.position() == first).findFirst().map(Module::module).orElse("?")
                    + ", does not fit on its own: " + limit + "; raise the limit, or pass over it with --skip " + first
                    : "every module left is too large for one run (" + limits.maxChunks() + " chunks): review with "
                    + limits.largerChunks() + ", or subdirectories on their own";
            return new Selection(none, List.of(), problem);
        }
        ReviewPart part = new ReviewPart(ranked.size(), reviewed, notReviewed, nextSkip, limits.nextOptions(), limit);
        Set<String> names = new LinkedHashSet<>();
        reviewed.forEach(m -> names.add(m.module()));
        return new Selection(part, chunks.stream().filter(c -> names.contains(c.module())).toList(), null);
    }

    /** Whether some of the module's files lie in directories below it (each of which can be reviewed alone). */
    private static boolean hasSubdirectories(Module m, Map<String, List<Chunk>> byModule) {
        String prefix = m.module().equals(".") ? "" : m.module() + "/";
        return byModule.get(m.module()).stream().flatMap(c -> c.parts().stream()).map(ChunkPart::path)
                .anyMatch(path -> path.startsWith(prefix) && path.indexOf('/', prefix.length()) >= 0);
    }

    /** The options that review the next part ({@code --skip 37 --top 5}), or null when nothing is left after this one. */
    @JsonIgnore
    public String next() {
        return nextSkip == null ? null : ("--skip " + nextSkip + " " + nextOptions).strip();
    }

    /** "the module ranked 3", "the modules ranked 1-37": the first and last this part reviews (in between, all but those too large for a run). */
    @JsonIgnore
    public String rangeText() {
        if (reviewed.isEmpty()) {
            return "no module";
        }
        int first = reviewed.get(0).position();
        int last = reviewed.get(reviewed.size() - 1).position();
        return first == last ? "the module ranked " + first : "the modules ranked " + first + "-" + last;
    }

    /** Lines of the modules not reviewed. */
    @JsonIgnore
    public long linesNotReviewed() {
        return notReviewed.stream().mapToLong(Module::lines).sum();
    }

    /** Lines of the modules reviewed. */
    @JsonIgnore
    public long linesReviewed() {
        return reviewed.stream().mapToLong(Module::lines).sum();
    }
}
