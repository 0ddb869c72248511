package dev.longtask.review.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Merges the duplicates that overlapping chunks and repeated reviews produce. Two findings are duplicates when
 * they are on the same file (both verified or both not), their line ranges lie within {@value #NEAR_LINES}
 * lines of each other (or both name the whole file), and either their types match and their descriptions
 * share at least 30% of their words, or their descriptions share at least 60%. Duplicates merge transitively
 * into one finding with the highest severity, the description of the most severe (longest on a tie), the
 * longest suggestion, the union of the ranges when it stays within {@value #MAX_UNION_SPAN} lines, and the
 * number of findings merged.
 */
final class FindingMerger {
    static final int NEAR_LINES = 3;
    static final int MAX_UNION_SPAN = 30;
    private static final Set<String> STOPWORDS = Set.of("the", "and", "for", "with", "this", "that", "not", "are",
            "can", "may", "when", "which", "from", "into", "will", "use", "used", "using", "its", "has", "have",
            "was", "were", "there", "here", "than", "then", "but", "all", "any", "should", "could", "would", "does");

    public List<CheckedFinding> merge(List<CheckedFinding> findings) {
        Map<String, List<CheckedFinding>> groups = new LinkedHashMap<>();
        for (CheckedFinding f : findings) {
            String key = f.verified() + "|" + (f.location() == null ? "" : f.location().path());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(f);
        }
        List<CheckedFinding> merged = new ArrayList<>();
        for (List<CheckedFinding> group : groups.values()) {
            merged.addAll(mergeGroup(group));
        }
        merged.sort(Comparator.comparing(CheckedFinding::severity)
                .thenComparing(f -> f.location() == null ? "" : f.location().path())
                .thenComparingInt(f -> f.location() == null ? 0 : f.location().startLine()));
        return merged;
    }

    private static List<CheckedFinding> mergeGroup(List<CheckedFinding> group) {
        int n = group.size();
        int[] parent = new int[n];
        for (int k = 0; k < n; k++) {
            parent[k] = k;
        }
        List<Set<String>> words = group.stream().map(f -> words(f.description())).toList();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (duplicates(group.get(i), group.get(j), words.get(i), words.get(j))) {
                    parent[find(parent, i)] = find(parent, j);
                }
            }
        }
        Map<Integer, List<CheckedFinding>> clusters = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
            clusters.computeIfAbsent(find(parent, k), x -> new ArrayList<>()).add(group.get(k));
        }
        return clusters.values().stream().map(FindingMerger::combine).toList();
    }

    private static int find(int[] parent, int k) {
        while (parent[k] != k) {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        return k;
    }

    static boolean duplicates(CheckedFinding a, CheckedFinding b, Set<String> wordsA, Set<String> wordsB) {
        if (!near(a.location(), b.location())) {
            return false;
        }
        double similarity = jaccard(wordsA, wordsB);
        boolean sameType = Objects.equals(a.type(), b.type());
        return (sameType && similarity >= 0.3) || similarity >= 0.6;
    }

    private static boolean near(Location a, Location b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.wholeFile() || b.wholeFile()) {
            return a.wholeFile() && b.wholeFile();
        }
        int gap = Math.max(a.startLine(), b.startLine()) - Math.min(a.endLine(), b.endLine());
        return gap <= NEAR_LINES;
    }

    static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String raw : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (raw.length() < 3 || STOPWORDS.contains(raw)) {
                continue;
            }
            out.add(raw.length() > 4 && raw.endsWith("s") ? raw.substring(0, raw.length() - 1) : raw);
        }
        return out;
    }

    private static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 1.0;
        }
        int common = 0;
        for (String w : a) {
            if (b.contains(w)) {
                common++;
            }
        }
        return (double) common / (a.size() + b.size() - common);
    }

    private static CheckedFinding combine(List<CheckedFinding> cluster) {
        if (cluster.size() == 1) {
            return cluster.get(0);
        }
        CheckedFinding primary = cluster.stream()
                .min(Comparator.comparing(CheckedFinding::severity)
                        .thenComparing(f -> -f.description().length()))
                .orElseThrow();
        String suggestion = cluster.stream().map(CheckedFinding::suggestion).filter(s -> s != null && !s.isBlank())
                .max(Comparator.comparingInt(String::length)).orElse(primary.suggestion());
        int occurrences = cluster.stream().mapToInt(CheckedFinding::occurrences).sum();
        Location location = primary.location();
        if (location != null && !location.wholeFile()) {
            int start = cluster.stream().mapToInt(f -> f.location().startLine()).min().orElseThrow();
            int end = cluster.stream().mapToInt(f -> f.location().endLine()).max().orElseThrow();
            if (end - start <= MAX_UNION_SPAN) {
                location = new Location(location.path(), start, end);
            }
        }
        return new CheckedFinding(primary.severity(), primary.type(), location, primary.description(), suggestion,
                primary.verified(), primary.problem(), occurrences);
    }
}
