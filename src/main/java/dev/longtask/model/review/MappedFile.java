package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One source file of the map. {@code path} is relative to the repository root with '/' separators;
 * {@code tokens} is the sum of {@link #lineTokens()}; {@code rank} is the file's PageRank (all ranks sum to 1);
 * {@code imports} are the modules as written; {@code dependsOn} are the files of this repository it imports,
 * then those it refers to by at least one plain (undamped) name, strongest first. {@code definitionScores} are aligned with {@code definitions}:
 * how much rank flows into each through references (0 for a definition nothing else uses). {@code fallback} is
 * null when the file was mapped from its tree-sitter syntax tree, else why the lexical extractor mapped it
 * ("parse took over 5 s", "grammar ... unavailable: ...").
 */
public record MappedFile(
        String path,
        Language language,
        int lines,
        long tokens,
        double rank,
        List<Definition> definitions,
        List<String> imports,
        @JsonProperty("depends_on") List<String> dependsOn,
        @JsonIgnore int[] lineTokens,
        @JsonIgnore int[] cutLines,
        @JsonIgnore double[] definitionScores,
        @JsonInclude(JsonInclude.Include.NON_NULL) String fallback) {

    /** A file mapped from its syntax tree. */
    public MappedFile(String path, Language language, int lines, long tokens, double rank, List<Definition> definitions,
            List<String> imports, List<String> dependsOn, int[] lineTokens, int[] cutLines, double[] definitionScores) {
        this(path, language, lines, tokens, rank, definitions, imports, dependsOn, lineTokens, cutLines,
                definitionScores, null);
    }

    /** Directory of the file relative to the root; "." for the root itself. */
    @JsonIgnore
    public String directory() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "." : path.substring(0, slash);
    }

    /** Tokens of lines {@code from..to} (1-based, inclusive). */
    public long tokens(int from, int to) {
        long sum = 0;
        for (int k = from - 1; k < to; k++) {
            sum += lineTokens[k];
        }
        return sum;
    }

    /** The definitions most used by the rest of the code, then types before members, then by line. */
    public List<Definition> keyDefinitions(int limit) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < definitions.size(); k++) {
            order.add(k);
        }
        order.sort(Comparator.<Integer>comparingDouble(k -> -definitionScores[k])
                .thenComparing(k -> definitions.get(k).parent() != null)
                .thenComparingInt(k -> definitions.get(k).line()));
        List<Integer> chosen = new ArrayList<>(order.subList(0, Math.min(limit, order.size())));
        chosen.sort(Comparator.comparingInt(k -> definitions.get(k).line()));
        return chosen.stream().map(definitions::get).toList();
    }
}
