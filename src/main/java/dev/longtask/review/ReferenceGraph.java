package dev.longtask.review;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranks files by how much the rest of the code refers to them, as Aider's repo map does: an edge from A to B
 * for every identifier A uses that B defines (a use of a function or method name counts only as a call, like
 * the call references of Aider's tags; type and constant names count wherever they occur; weight sqrt(uses), times 10 for a long compound name such as
 * {@code compute_total} or {@code fetchItems} and for a type name of four characters or more ({@code Task}),
 * times 0.1 for a name of three characters or fewer, a name
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

    /**
     * The files defining one name (ascending, each once), the first such definition in each, the weight, and
     * whether every definition of the name is a function or method: then only calls count as uses, so a local
     * variable {@code text} is not taken for a use of some method {@code text()}.
     */
    private record Definers(int[] files, int[] firstDefinition, double multiplier, boolean callableOnly) {
        boolean includes(int file) {
            return Arrays.binarySearch(files, file) >= 0;
        }

        int uses(ParsedFile referencer, Map.Entry<String, Integer> use) {
            return callableOnly ? referencer.extraction().calls().getOrDefault(use.getKey(), 0) : use.getValue();
        }
    }

    private static final java.util.Set<String> CALLABLE = java.util.Set.of("function", "method", "constructor");
    private static final java.util.Set<String> TYPES = java.util.Set.of("class", "interface", "record", "enum",
            "struct", "trait", "object", "type", "typedef", "union", "protocol");

    /**
     * Methods every program inherits from its language's core types (Object, CharSequence, collections, streams,
     * functional interfaces, Kotlin's and C++'s equivalents): a file that overrides {@code toString} or
     * {@code size} is not what a call {@code x.toString()} refers to, so these names make no edges.
     */
    private static final java.util.Set<String> INHERITED = java.util.Set.of(
            "toString", "equals", "hashCode", "compareTo", "clone", "finalize", "getClass",
            "length", "charAt", "subSequence", "chars", "isEmpty", "size", "get", "set", "put", "add", "remove",
            "contains", "containsKey", "iterator", "forEach", "stream", "close", "run", "call", "apply", "accept",
            "test", "of", "valueOf", "values", "next", "hasNext", "clear", "addAll", "getOrDefault",
            "begin", "end", "swap", "invoke", "compare", "write", "read", "flush");

    static Ranking rank(List<ParsedFile> files, List<Map<String, Double>> importTargets) {
        int n = files.size();
        Map<String, Integer> index = new HashMap<>();
        for (int k = 0; k < n; k++) {
            index.put(files.get(k).path(), k);
        }
        Map<String, Definers> definers = definers(files);

        List<Map<Integer, Double>> out = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            Map<Integer, Double> edges = new HashMap<>();
            ParsedFile referencer = files.get(r);
            for (Map.Entry<String, Integer> use : referencer.extraction().identifiers().entrySet()) {
                Definers defs = definers.get(use.getKey());
                if (defs == null || defs.includes(r)) {
                    continue;
                }
                int uses = defs.uses(referencer, use);
                if (uses == 0) {
                    continue;
                }
                double weight = defs.multiplier() * Math.sqrt(uses);
                for (int d : defs.files()) {
                    if (sameFamily(referencer, files.get(d))) {
                        edges.merge(d, weight, Double::sum);
                    }
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

    private static Map<String, Definers> definers(List<ParsedFile> files) {
        Map<String, List<int[]>> sites = new HashMap<>();
        java.util.Set<String> notCallable = new java.util.HashSet<>();
        java.util.Set<String> topLevel = new java.util.HashSet<>();
        java.util.Set<String> notType = new java.util.HashSet<>();
        for (int d = 0; d < files.size(); d++) {
            List<Definition> defs = files.get(d).extraction().definitions();
            for (int k = 0; k < defs.size(); k++) {
                if (!CALLABLE.contains(defs.get(k).kind())) {
                    notCallable.add(defs.get(k).name());
                }
                if (defs.get(k).parent() == null) {
                    topLevel.add(defs.get(k).name());
                }
                if (!TYPES.contains(defs.get(k).kind())) {
                    notType.add(defs.get(k).name());
                }
                List<int[]> list = sites.computeIfAbsent(defs.get(k).name(), x -> new ArrayList<>());
                if (list.isEmpty() || list.get(list.size() - 1)[0] != d) {
                    list.add(new int[] {d, k}); // a name defined twice in one file counts once, at its first definition
                }
            }
        }
        Map<String, Definers> definers = new HashMap<>();
        sites.forEach((name, list) -> {
            boolean inherited = INHERITED.contains(name) && !notCallable.contains(name) && !topLevel.contains(name);
            if (list.size() <= UBIQUITOUS && !inherited) {
                definers.put(name, new Definers(list.stream().mapToInt(x -> x[0]).toArray(),
                        list.stream().mapToInt(x -> x[1]).toArray(),
                        identifierWeight(name, list.size(), !notType.contains(name)),
                        !notCallable.contains(name)));
            }
        });
        return definers;
    }

    /** @param typeName every definition of the name is a type (class, interface, record, struct, trait ...) */
    static double identifierWeight(String name, int definingFiles, boolean typeName) {
        double weight = 1.0;
        // A type's name is chosen to be found (Task, Tool, Usage): short as it may be, it rarely collides by chance.
        boolean distinctive = (name.length() >= 8 && isCompound(name)) || (typeName && name.length() >= 4);
        if (distinctive) {
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

    private static double[][] definitionScores(List<ParsedFile> files, Map<String, Definers> definers,
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
                Definers defs = definers.get(use.getKey());
                if (defs == null || defs.includes(r)) {
                    continue;
                }
                int uses = defs.uses(referencer, use);
                if (uses == 0) {
                    continue;
                }
                double credit = ranks[r] * defs.multiplier() * Math.sqrt(uses) / total;
                for (int i = 0; i < defs.files().length; i++) {
                    int d = defs.files()[i];
                    if (sameFamily(referencer, files.get(d))) {
                        scores[d][defs.firstDefinition()[i]] += credit;
                    }
                }
            }
        }
        return scores;
    }
}
