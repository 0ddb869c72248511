package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks files by how much the rest of the code refers to them, as Aider's repo map does, and resists the
 * collisions of names that Aider's tags let through. An edge goes from A to B for every name A uses that B
 * defines, weighted {@code sqrt(uses)} times the name's weight: ×10 for a long compound name such as
 * {@code compute_total} or {@code fetchItems} and for a type name of four characters or more ({@code Task}),
 * ×0.1 for a name of three characters or fewer, a name starting with '_',
 * or a name defined in more than five files; names defined in more than {@value #UBIQUITOUS} files carry no
 * signal and are skipped; a name the file defines itself refers to its own definition, so a header and its
 * implementation do not point at each other by shared names. Plus an edge of weight 1 for every import A makes of
 * B (split among the files a package import stands for). References cross only between languages of one family.
 *
 * <p>Where the syntax tree says how a name is used ({@link UseKind}), a use counts only toward definitions it can
 * mean: a type position toward types, a free call {@code f()} toward functions, constructors and classes (and,
 * in languages with an implicit {@code this}, methods), a call on an object {@code x.f()} toward methods, fully
 * only when A knows the method's class (names it, imports its file, or shares its Java, Kotlin or Go package) and a tenth
 * otherwise, a plain value toward constants, variables, types and macros. Parameters and locals were never
 * definitions, and they shadow other files' names. Auxiliary code (examples, documentation, benchmarks, fuzz
 * targets, build logic), and tests when they are in scope, are only referred to from their own kind: a library never
 * depends on its example.
 *
 * <p>PageRank (damping 0.85) runs twice, along the edges (how much a file is used) and against them (how much it
 * uses), and a file's rank is the geometric mean of the two ({@link #centrality}). Both are personalised as Aider
 * personalises toward the files a chat mentions: the teleport goes to the library's own code (not examples or
 * tests), by its size and by how often the README and documentation name the file ({@link #personalization}). The
 * rank a file passes along each edge is credited to the definition it names, to find each file's key definitions.
 */
final class ReferenceGraph {
    static final int UBIQUITOUS = 40;
    private static final double DAMPING = 0.85;
    private static final int MAX_ITERATIONS = 100;
    private static final double TOLERANCE = 1e-10;
    /** The weight of a call on an object toward a method of a class the caller never names. */
    private static final double UNKNOWN_RECEIVER = 0.1;

    /** Ranks by file index, and per file the score of each of its definitions (aligned with its list). */
    record Ranking(double[] ranks, double[][] definitionScores, List<Map<Integer, Double>> edges) {
    }

    private ReferenceGraph() {
    }

    /** What kinds of definition one file has for one name: a bit per {@link #TYPE} ..., and the methods' classes. */
    private record Site(int file, int firstDefinition, int kinds, Set<String> parents) {
    }

    private static final int TYPE = 1;
    private static final int FUNCTION = 2;
    private static final int METHOD = 4;
    private static final int CONSTRUCTOR = 8;
    private static final int VALUE = 16;
    private static final int MACRO = 32;
    private static final int ANNOTATION = 64;
    private static final int MODULE = 128;

    /** The files defining one name, the name's weight, and whether every definition is callable (lexical uses). */
    private record Definers(Site[] sites, double multiplier, boolean callableOnly, boolean inherited) {
        boolean includes(int file) {
            for (Site s : sites) {
                if (s.file() == file) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final Set<String> CALLABLE = Set.of("function", "method", "constructor", "prototype");
    private static final Set<String> TYPES = Set.of("class", "interface", "record", "enum",
            "struct", "trait", "object", "type", "typedef", "union", "protocol", "annotation");

    /**
     * Methods every program inherits from its language's core types (Object, CharSequence, collections, streams,
     * functional interfaces, Kotlin's and C++'s equivalents): a file that overrides {@code toString} or
     * {@code size} is not what a call {@code x.toString()} refers to, so these names make no edges.
     */
    private static final Set<String> INHERITED = Set.of(
            "toString", "equals", "hashCode", "compareTo", "clone", "finalize", "getClass",
            "length", "charAt", "subSequence", "chars", "isEmpty", "size", "get", "set", "put", "add", "remove",
            "contains", "containsKey", "iterator", "forEach", "stream", "close", "run", "call", "apply", "accept",
            "test", "of", "valueOf", "values", "next", "hasNext", "clear", "addAll", "getOrDefault",
            "begin", "end", "swap", "invoke", "compare", "write", "read", "flush");

    /** Languages whose files see their directory's (package's) types without importing them. */
    private static final Set<Language> SAME_PACKAGE_VISIBLE = Set.of(Language.JAVA, Language.KOTLIN, Language.GO);

    /** Languages where a method of the enclosing class is called without a receiver. */
    private static final Set<Language> IMPLICIT_THIS = Set.of(Language.JAVA, Language.KOTLIN, Language.CPP);

    static Ranking rank(List<ParsedFile> files, List<Map<String, Double>> importTargets) {
        return rank(files, importTargets, Mentions.NONE);
    }

    static Ranking rank(List<ParsedFile> files, List<Map<String, Double>> importTargets, Mentions mentions) {
        int n = files.size();
        Map<String, Integer> index = new HashMap<>();
        for (int k = 0; k < n; k++) {
            index.put(files.get(k).path(), k);
        }
        Map<String, Definers> definers = definers(files);
        SourceArea[] areas = files.stream().map(SourceArea::of).toArray(SourceArea[]::new);

        List<Map<Integer, Double>> out = new ArrayList<>(n);
        List<Map<Integer, Map<String, Double>>> credits = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            ParsedFile referencer = files.get(r);
            Set<String> imported = importTargets.get(r).keySet();
            Map<Integer, Double> edges = new HashMap<>();
            Map<Integer, Map<String, Double>> named = new HashMap<>();
            for (Map.Entry<String, int[]> use : referencer.extraction().uses().entrySet()) {
                Definers defs = definers.get(use.getKey());
                if (defs == null || defs.inherited() || defs.includes(r)) {
                    continue;
                }
                for (Site site : defs.sites()) {
                    ParsedFile definer = files.get(site.file());
                    if (!sameFamily(referencer, definer) || !areas[r].mayReferTo(areas[site.file()])) {
                        continue;
                    }
                    double uses = effectiveUses(use.getValue(), site, defs, referencer, definer, imported);
                    if (uses <= 0) {
                        continue;
                    }
                    double weight = defs.multiplier() * Math.sqrt(uses);
                    edges.merge(site.file(), weight, Double::sum);
                    named.computeIfAbsent(site.file(), x -> new HashMap<>()).merge(use.getKey(), weight, Double::sum);
                }
            }
            for (Map.Entry<String, Double> imp : importTargets.get(r).entrySet()) {
                Integer d = index.get(imp.getKey());
                if (d != null && d != r && areas[r].mayReferTo(areas[d])) {
                    edges.merge(d, imp.getValue(), Double::sum);
                }
            }
            out.add(edges);
            credits.add(named);
        }
        double[] teleport = personalization(files, areas, mentions);
        List<Map<Integer, Double>> in = reversed(out);
        double[] used = pageRank(n, out, teleport);
        double[] using = pageRank(n, in, teleport);
        for (int k = 0; k < n; k++) {
            if (out.get(k).isEmpty() && in.get(k).isEmpty()) {
                // connected to nothing: its teleport share alone, not the share of the leaves' rank that every
                // file without edges receives back from the random walk
                used[k] = (1 - DAMPING) * teleport[k];
                using[k] = (1 - DAMPING) * teleport[k];
            }
        }
        return new Ranking(centrality(used, using), definitionScores(files, definers, out, credits, used), out);
    }

    /**
     * How many of a file's uses of a name can mean this definer's definition: each kind of use counts toward the
     * kinds of definition it can name (see the class comment), lexical uses as before (a name every definition of
     * which is callable counts only where it is called).
     */
    private static double effectiveUses(int[] uses, Site site, Definers defs, ParsedFile referencer,
            ParsedFile definer, Set<String> imported) {
        if (referencer.extraction().fallback() != null) {
            // a lexically mapped file's names say nothing of how they are used: the lexical rule
            int all = 0;
            for (int count : uses) {
                all += count;
            }
            int called = uses[UseKind.LEXICAL_CALL.ordinal()];
            return defs.callableOnly() ? called : all;
        }
        int k = site.kinds();
        boolean type = (k & TYPE) != 0;
        boolean function = (k & (FUNCTION | CONSTRUCTOR)) != 0;
        boolean method = (k & METHOD) != 0;
        boolean value = (k & VALUE) != 0;
        boolean macro = (k & MACRO) != 0;
        double total = 0;
        boolean module = (k & MODULE) != 0;
        total += uses[UseKind.TYPE.ordinal()] * (type || module ? 1 : 0);
        double freeCall = function || type || macro ? 1
                : method && IMPLICIT_THIS.contains(referencer.language()) ? 1
                : method ? 0.1 : value ? 0.5 : 0;
        total += uses[UseKind.CALL.ordinal()] * freeCall;
        double memberCall = method ? (knows(referencer, definer, site.parents(), imported) ? 1 : UNKNOWN_RECEIVER)
                : function ? UNKNOWN_RECEIVER : 0;
        total += uses[UseKind.MEMBER_CALL.ordinal()] * memberCall;
        double plain = value || type || macro || module ? 1 : function ? 0.5 : 0;
        total += uses[UseKind.VALUE.ordinal()] * plain;
        total += uses[UseKind.ANNOTATION.ordinal()] * ((k & ANNOTATION) != 0 ? 1 : 0);
        total += uses[UseKind.MACRO.ordinal()] * (macro ? 1 : 0);
        total += uses[UseKind.LEXICAL_CALL.ordinal()];
        total += uses[UseKind.LEXICAL_NAME.ordinal()] * (defs.callableOnly() ? 0 : 1);
        return total;
    }

    /** Whether a file that calls {@code x.m()} can be taken to mean the definer's {@code m}. */
    private static boolean knows(ParsedFile referencer, ParsedFile definer, Set<String> parents, Set<String> imported) {
        if (imported.contains(definer.path()) || (SAME_PACKAGE_VISIBLE.contains(referencer.language())
                && referencer.directory().equals(definer.directory()))) {
            return true;
        }
        for (String parent : parents) {
            if (referencer.extraction().identifiers().containsKey(parent)) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, Definers> definers(List<ParsedFile> files) {
        Map<String, List<Site>> sites = new HashMap<>();
        Set<String> notCallable = new HashSet<>();
        Set<String> topLevel = new HashSet<>();
        Set<String> notType = new HashSet<>();
        for (int d = 0; d < files.size(); d++) {
            List<Definition> defs = files.get(d).extraction().definitions();
            Map<String, Site> ofFile = new java.util.LinkedHashMap<>();
            for (int k = 0; k < defs.size(); k++) {
                Definition def = defs.get(k);
                if (!CALLABLE.contains(def.kind())) {
                    notCallable.add(def.name());
                }
                if (def.parent() == null) {
                    topLevel.add(def.name());
                }
                if (!TYPES.contains(def.kind())) {
                    notType.add(def.name());
                }
                int index = k;
                Site site = ofFile.computeIfAbsent(def.name(), x -> new Site(-1, index, 0, new HashSet<>()));
                if (def.parent() != null) {
                    site.parents().add(def.parent());
                }
                // a name defined twice in one file counts once, at its first definition, with every kind it has
                ofFile.put(def.name(), new Site(d, site.firstDefinition(), site.kinds() | kindBits(def), site.parents()));
            }
            ofFile.forEach((name, site) -> sites.computeIfAbsent(name, x -> new ArrayList<>()).add(site));
        }
        Map<String, Definers> definers = new HashMap<>();
        sites.forEach((name, list) -> {
            if (list.size() > UBIQUITOUS) {
                return;
            }
            boolean inherited = INHERITED.contains(name) && !notCallable.contains(name) && !topLevel.contains(name);
            double multiplier = identifierWeight(name, list.size(), !notType.contains(name));
            definers.put(name, new Definers(list.toArray(Site[]::new), multiplier, !notCallable.contains(name), inherited));
        });
        return definers;
    }

    private static int kindBits(Definition d) {
        String kind = d.kind();
        if (TYPES.contains(kind)) {
            return kind.equals("annotation") ? TYPE | ANNOTATION : TYPE;
        }
        return switch (kind) {
            case "function", "prototype" -> d.parent() == null ? FUNCTION : METHOD;
            case "method" -> METHOD;
            case "constructor" -> CONSTRUCTOR;
            case "macro" -> MACRO;
            case "module", "namespace" -> MODULE;
            default -> VALUE; // variable, constant, property
        };
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

    /**
     * The teleport vector: the library's own files (not examples or tests), each with a share of
     * {@code log(10 + lines)} (a file of 1,000 lines weighs twice one of 20: the core of a library is where its code
     * is, but a long table must not outweigh what refers to it), times its {@link Mentions#boost} (at most 2) for how
     * often the README and documentation name it or a type it defines at top level; uniform when nothing qualifies.
     */
    static double[] personalization(List<ParsedFile> files, SourceArea[] areas, Mentions mentions) {
        int n = files.size();
        double[] p = new double[n];
        for (int k = 0; k < n; k++) {
            if (areas[k] == SourceArea.CORE) {
                List<String> types = files.get(k).extraction().definitions().stream()
                        .filter(d -> d.parent() == null && TYPES.contains(d.kind())).map(Definition::name).toList();
                p[k] = Math.log(10 + files.get(k).lines()) * mentions.boost(files.get(k).path(), types);
            }
        }
        double sum = java.util.Arrays.stream(p).sum();
        for (int k = 0; k < n; k++) {
            p[k] = sum == 0 ? 1.0 / n : p[k] / sum;
        }
        return p;
    }

    /** The same edges pointing the other way: from each file to the files that refer to it. */
    static List<Map<Integer, Double>> reversed(List<Map<Integer, Double>> out) {
        List<Map<Integer, Double>> in = new ArrayList<>(out.size());
        for (int k = 0; k < out.size(); k++) {
            in.add(new HashMap<>());
        }
        for (int u = 0; u < out.size(); u++) {
            for (Map.Entry<Integer, Double> e : out.get(u).entrySet()) {
                in.get(e.getKey()).merge(u, e.getValue(), Double::sum);
            }
        }
        return in;
    }

    /**
     * A file's rank: the geometric mean of how much it is used (PageRank along the references) and how much it uses
     * (PageRank against them), each relative to the average file, normalised to sum to 1. Used alone, PageRank puts
     * the leaves first (constant holders, small utilities everything touches) and buries the entry class, which
     * refers to everything and is referred to by its users, outside the repository; the mean asks for both, so a
     * utility ranks by what depends on it and by what it does, and a file that only uses others (a demo, a main)
     * ranks by what refers to it.
     */
    static double[] centrality(double[] used, double[] using) {
        int n = used.length;
        double usedSum = java.util.Arrays.stream(used).sum();
        double usingSum = java.util.Arrays.stream(using).sum();
        double[] rank = new double[n];
        for (int k = 0; k < n; k++) {
            rank[k] = usedSum == 0 || usingSum == 0 ? 0 : Math.sqrt(used[k] / usedSum * (using[k] / usingSum));
        }
        double sum = java.util.Arrays.stream(rank).sum();
        for (int k = 0; k < n; k++) {
            rank[k] = sum == 0 ? 1.0 / Math.max(1, n) : rank[k] / sum;
        }
        return rank;
    }

    static double[] pageRank(int n, List<Map<Integer, Double>> out) {
        double[] uniform = new double[n];
        java.util.Arrays.fill(uniform, 1.0 / Math.max(1, n));
        return pageRank(n, out, uniform);
    }

    /** Weighted PageRank by power iteration; teleport and the rank of files without out-edges follow {@code p}. */
    static double[] pageRank(int n, List<Map<Integer, Double>> out, double[] p) {
        double[] rank = new double[n];
        if (n == 0) {
            return rank;
        }
        System.arraycopy(p, 0, rank, 0, n);
        double[] outWeight = new double[n];
        // the edges as arrays, in each map's own order: the sums below then add in the order they always did (the
        // ranks stay the same to the last bit), without boxing a hundred times over a graph of a million edges
        int[][] targets = new int[n][];
        double[][] weights = new double[n][];
        for (int u = 0; u < n; u++) {
            Map<Integer, Double> edges = out.get(u);
            outWeight[u] = edges.values().stream().mapToDouble(Double::doubleValue).sum();
            targets[u] = new int[edges.size()];
            weights[u] = new double[edges.size()];
            int k = 0;
            for (Map.Entry<Integer, Double> e : edges.entrySet()) {
                targets[u][k] = e.getKey();
                weights[u][k++] = e.getValue();
            }
        }
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double dangling = 0;
            for (int u = 0; u < n; u++) {
                if (outWeight[u] == 0) {
                    dangling += rank[u];
                }
            }
            double[] next = new double[n];
            for (int v = 0; v < n; v++) {
                next[v] = ((1 - DAMPING) + DAMPING * dangling) * p[v];
            }
            for (int u = 0; u < n; u++) {
                if (outWeight[u] == 0) {
                    continue;
                }
                double share = DAMPING * rank[u] / outWeight[u];
                int[] to = targets[u];
                double[] weight = weights[u];
                for (int k = 0; k < to.length; k++) {
                    next[to[k]] += share * weight[k];
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
            List<Map<Integer, Double>> out, List<Map<Integer, Map<String, Double>>> credits, double[] ranks) {
        double[][] scores = new double[files.size()][];
        for (int d = 0; d < files.size(); d++) {
            scores[d] = new double[files.get(d).extraction().definitions().size()];
        }
        for (int r = 0; r < files.size(); r++) {
            double total = out.get(r).values().stream().mapToDouble(Double::doubleValue).sum();
            if (total == 0) {
                continue;
            }
            double share = ranks[r] / total;
            credits.get(r).forEach((d, names) -> names.forEach((name, weight) -> {
                for (Site site : definers.get(name).sites()) {
                    if (site.file() == d) {
                        scores[d][site.firstDefinition()] += share * weight;
                    }
                }
            }));
        }
        return scores;
    }
}
