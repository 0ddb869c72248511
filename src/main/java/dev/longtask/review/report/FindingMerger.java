package dev.longtask.review.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Merges the duplicates that overlapping chunks and repeated reviews produce. Two findings are duplicates when
 * they are on the same file (both verified or both not), their line ranges overlap or lie within {@value #NEAR_LINES}
 * lines of each other (or both name the whole file), and they mean the same ({@link FindingMeaning#sameAs}: the same
 * kind of problem about the same program element, not merely many words in common). Duplicates merge transitively
 * into one finding with the highest severity, the description of the most severe (longest on a tie), the
 * longest suggestion, the union of the ranges when it stays within {@value #MAX_UNION_SPAN} lines, and the
 * number of findings merged.
 */
final class FindingMerger {
    static final int NEAR_LINES = 3;
    static final int MAX_UNION_SPAN = 30;

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
        List<FindingMeaning> meanings = group.stream().map(f -> FindingMeaning.of(f.description())).toList();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (duplicates(group.get(i), group.get(j), meanings.get(i), meanings.get(j))) {
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

    static boolean duplicates(CheckedFinding a, CheckedFinding b, FindingMeaning meaningA, FindingMeaning meaningB) {
        return near(a.location(), b.location()) && meaningA.sameAs(meaningB, Objects.equals(a.type(), b.type()));
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
