package dev.longtask.review;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranks files by how much the rest of the code refers to them, as Aider's repo map does: an edge from A to B
 * for every identifier A uses that B defines (weight sqrt(uses), times 10 for a long compound name such as
 * {@code compute_total} or {@code fetchItems}, times 0.1 for a name of three characters or fewer, a name
 * starting with '_', or a name defined in more than five files; names defined in more than
 * {@value #UBIQUITOUS} files carry no signal and are skipped; a name the file defines itself refers to its own
 * definition, so a header and its implementation do not point at each other by shared names), plus an edge of weight 1 for every import A
 * makes of B (split among the files a package import stands for). References cross only between languages of
 * one family. PageRank (damping 0.85, uniform teleport, nothing personalised) gives each file's rank; the rank
 * a file passes along each edge is credited to the definition the edge names, to find each file's key
 * definitions.
 */
final class ReferenceGraph {
    static final int UBIQUITOUS = 40;
    private static final double DAMPING = 0.85;
    private static final int MAX_ITERATIONS = 100;
    private static final double TOLERANCE = 1e-10;

    /** Ranks by file index, and per file the score of each of its definitions (aligned with its list). */
    record Ranking(double[] ranks, double[][] definitionScores, List<Map<Integer, Double>> edges) {
    }

    private ReferenceGraph() {
    }

    static Ranking rank(List<ParsedFile> files, List<Map<String, Double>> importTargets) {
        int n = files.size();
        Map<String, Integer> index = new HashMap<>();
        for (int k = 0; k < n; k++) {
            index.put(files.get(k).path(), k);
        }
        Map<String, List<int[]>> definers = definers(files);

        List<Map<Integer, Double>> out = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            Map<Integer, Double> edges = new HashMap<>();
            ParsedFile referencer = files.get(r);
            for (Map.Entry<String, Integer> use : referencer.extraction().identifiers().entrySet()) {
                List<int[]> sites = definers.get(use.getKey());
                if (sites == null || definesItself(sites, r)) {
                    continue;
                }
                double weight = identifierWeight(use.getKey(), distinctFiles(sites)) * Math.sqrt(use.getValue());
                int lastFile = -1;
                for (int[] site : sites) {
                    int d = site[0];
                    if (d == r || d == lastFile || !sameFamily(referencer, files.get(d))) {
                        continue;
                    }
                    lastFile = d;
                    edges.merge(d, weight, Double::sum);
                }
            }
            for (Map.Entry<String, Double> imp : importTargets.get(r).entrySet()) {
                Integer d = index.get(imp.getKey());
                if (d != null && d != r) {
                    edges.merge(d, imp.getValue(), Double::sum);
                }
            }
            out.add(edges);
        }
        double[] ranks = pageRank(n, out);
        return new Ranking(ranks, definitionScores(files, definers, out, ranks), out);
    }

    /** identifier -> {file index, definition index} for every definition, files in ascending order. */
    private static Map<String, List<int[]>> definers(List<ParsedFile> files) {
        Map<String, List<int[]>> definers = new HashMap<>();
        for (int d = 0; d < files.size(); d++) {
            List<Definition> defs = files.get(d).extraction().definitions();
            for (int k = 0; k < defs.size(); k++) {
                definers.computeIfAbsent(defs.get(k).name(), x -> new ArrayList<>()).add(new int[] {d, k});
            }
        }
        definers.values().removeIf(sites -> distinctFiles(sites) > UBIQUITOUS);
        return definers;
    }

    /** A file's use of a name it defines itself refers to its own definition (a header and its source file). */
    private static boolean definesItself(List<int[]> sites, int file) {
        for (int[] site : sites) {
            if (site[0] == file) {
                return true;
            }
        }
        return false;
    }

    private static int distinctFiles(List<int[]> sites) {
        int count = 0;
        int last = -1;
        for (int[] site : sites) {
            if (site[0] != last) {
                count++;
                last = site[0];
            }
        }
        return count;
    }

    static double identifierWeight(String name, int definingFiles) {
        double weight = 1.0;
        if (name.length() >= 8 && isCompound(name)) {
            weight *= 10;
        }
        if (name.length() <= 3) {
            weight *= 0.1;
        }
        if (name.startsWith("_")) {
            weight *= 0.1;
        }
        if (definingFiles > 5) {
            weight *= 0.1;
        }
        return weight;
    }

    /** snake_case, kebab-case or camelCase: a name made of words, so unlikely to collide by chance. */
    private static boolean isCompound(String name) {
        if (name.indexOf('_', 1) > 0 || name.indexOf('-') > 0) {
            return true;
        }
        for (int k = 1; k < name.length(); k++) {
            if (Character.isUpperCase(name.charAt(k)) && Character.isLowerCase(name.charAt(k - 1))) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameFamily(ParsedFile a, ParsedFile b) {
        return a.language().family().equals(b.language().family());
    }

    /** Weighted PageRank by power iteration; files without out-edges spread their rank evenly. */
    static double[] pageRank(int n, List<Map<Integer, Double>> out) {
        double[] rank = new double[n];
        if (n == 0) {
            return rank;
        }
        java.util.Arrays.fill(rank, 1.0 / n);
        double[] outWeight = new double[n];
        for (int u = 0; u < n; u++) {
            outWeight[u] = out.get(u).values().stream().mapToDouble(Double::doubleValue).sum();
        }
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double dangling = 0;
            for (int u = 0; u < n; u++) {
                if (outWeight[u] == 0) {
                    dangling += rank[u];
                }
            }
            double base = (1 - DAMPING) / n + DAMPING * dangling / n;
            double[] next = new double[n];
            java.util.Arrays.fill(next, base);
            for (int u = 0; u < n; u++) {
                if (outWeight[u] == 0) {
                    continue;
                }
                double share = DAMPING * rank[u] / outWeight[u];
                for (Map.Entry<Integer, Double> e : out.get(u).entrySet()) {
                    next[e.getKey()] += share * e.getValue();
                }
            }
            double change = 0;
            for (int v = 0; v < n; v++) {
                change += Math.abs(next[v] - rank[v]);
            }
            rank = next;
            if (change < TOLERANCE * n) {
                break;
            }
        }
        return rank;
    }

    private static double[][] definitionScores(List<ParsedFile> files, Map<String, List<int[]>> definers,
            List<Map<Integer, Double>> out, double[] ranks) {
        double[][] scores = new double[files.size()][];
        for (int d = 0; d < files.size(); d++) {
            scores[d] = new double[files.get(d).extraction().definitions().size()];
        }
        for (int r = 0; r < files.size(); r++) {
            double total = out.get(r).values().stream().mapToDouble(Double::doubleValue).sum();
            if (total == 0) {
                continue;
            }
            ParsedFile referencer = files.get(r);
            for (Map.Entry<String, Integer> use : referencer.extraction().identifiers().entrySet()) {
                List<int[]> sites = definers.get(use.getKey());
                if (sites == null || definesItself(sites, r)) {
                    continue;
                }
                double weight = identifierWeight(use.getKey(), distinctFiles(sites)) * Math.sqrt(use.getValue());
                int lastFile = -1;
                for (int[] site : sites) {
                    // a name defined twice in one file (a class and its constructor) is credited to the first
                    if (site[0] != r && site[0] != lastFile && sameFamily(referencer, files.get(site[0]))) {
                        scores[site[0]][site[1]] += ranks[r] * weight / total;
                    }
                    lastFile = site[0];
                }
            }
        }
        return scores;
    }
}
