package dev.longtask.review.report;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a finding's description is about, as far as a reading without a model can tell: the <em>kinds</em> of
 * problem it names (a null dereference, an injection, a leak, a race...: a fixed vocabulary of phrasings, so "NPE",
 * "may be null" and "unboxing a missing value" are one kind), the program names it mentions (code spans,
 * {@code camelCase}, {@code snake_case}, {@code a.b}, {@code call()}), and its content words, lightly stemmed. Two
 * findings mean the same when they name a common kind and do not name different program elements; with no kind
 * recognised on one side, shared names or many shared words decide. Two findings that name only different kinds
 * never mean the same, however many words they share ("the SKU lookup can return null" is not "the SKU lookup is a
 * linear scan").
 */
record FindingMeaning(Set<String> kinds, Set<String> names, Set<String> words) {
    /** The kinds and the phrasings that name each; the ids are what {@code rule:} of the ignore file may name too. */
    static final Map<String, Pattern> KINDS = phrasings();
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern CODE_NAME = Pattern.compile(
            "\\b(?:[A-Za-z_$][\\w$]*\\.)+[A-Za-z_$][\\w$]*(?:\\(\\))?|\\b[A-Za-z_$][\\w$]*\\(\\)"
                    + "|\\b[a-z]+[A-Z][\\w$]*|\\b[A-Z][a-z0-9]+[A-Z][\\w$]*|\\b[A-Za-z]+_[\\w$]+");
    private static final Set<String> STOPWORDS = Set.of("the", "and", "for", "with", "this", "that", "not", "are",
            "can", "may", "when", "which", "from", "into", "will", "use", "used", "using", "its", "has", "have",
            "was", "were", "there", "here", "than", "then", "but", "all", "any", "should", "could", "would", "does",
            "been", "being", "also", "only", "some", "such", "more", "most", "other", "instead", "without");

    private static Map<String, Pattern> phrasings() {
        Map<String, String> phrasings = new LinkedHashMap<>();
        phrasings.put("null", "\\bnull\\b|\\bnpe\\b|nullpointer|\\bnil\\b|\\bnone\\b (?:check|value|is returned)"
                + "|\\bis none\\b|\\bundefined\\b|unbox|optional\\.get|missing value");
        phrasings.put("sql-injection", "sql injection|sql.{0,40}concatenat|concatenat.{0,40}sql|unparameteri[sz]ed"
                + "|prepared statement|bind (?:it|them|the \\w+) as (?:a )?parameter");
        phrasings.put("command-injection", "command injection|shell injection|os\\.system|runtime\\.exec|shell=true");
        phrasings.put("xss", "\\bxss\\b|cross-site scripting|innerhtml|unescaped html|html injection");
        phrasings.put("path-traversal", "path traversal|directory traversal|zip slip|\\.\\./");
        phrasings.put("resource-leak", "\\bleak|not closed|never closed|unclosed|try-with-resources|\\bclose\\(\\)"
                + "|file handle|descriptor");
        phrasings.put("race", "\\brace\\b|race condition|thread-safe|thread safety|not synchroni[sz]ed|data race"
                + "|concurrent modification|concurrentmodification|without (?:a )?lock|atomically|check-then-act");
        phrasings.put("deadlock", "deadlock|lock order");
        phrasings.put("overflow", "overflow|wraps around|wraparound");
        phrasings.put("bounds", "off[- ]by[- ]one|out of bounds|out-of-bounds|index ?out|bounds check|fencepost"
                + "|past the end");
        phrasings.put("division-by-zero", "divi(?:de|sion) by zero|divide-by-zero|zero divisor");
        phrasings.put("negative-value", "negative (?:quantit|value|amount|number|count|price|size)|below zero");
        phrasings.put("secret", "hard-?coded (?:password|secret|key|credential|token)|\\bsecret|credential|api key"
                + "|password");
        phrasings.put("timing", "timing|constant[- ]time|compare_digest");
        phrasings.put("weak-crypto", "\\bmd5\\b|\\bsha-?1\\b|weak (?:hash|cipher|crypto)|\\becb\\b|insecure random"
                + "|math\\.random|predictable random");
        phrasings.put("swallowed-error", "swallow|empty catch|exception is ignored|error is ignored|ignores? the error"
                + "|ignores? the exception|return value is ignored|unchecked error|catch.{0,20}ignor");
        phrasings.put("complexity", "o\\(n\\^?2\\)|o\\(n\\)|quadratic|\\bn\\+1\\b|linear (?:scan|search|time)"
                + "|nested loop|inefficient|every call|repeatedly");
        phrasings.put("unbounded", "unbounded|grows without|without (?:a )?(?:bound|limit)|out of memory|\\boom\\b");
        phrasings.put("timeout", "timeout|time limit|hangs?\\b|blocks forever");
        phrasings.put("encoding", "charset|encoding|default locale|platform default");
        phrasings.put("equality", "equals\\(|hashcode|identity comparison|== on strings|reference equality");
        phrasings.put("mutable-state", "defensive copy|exposes (?:the )?internal|mutable (?:state|field|list|map)"
                + "|global state");
        phrasings.put("unused", "\\bunused\\b|dead code|never used|unreachable|leftover");
        phrasings.put("magic-number", "magic number|magic value|hard-?coded (?:value|constant|number|limit)");
        phrasings.put("duplication", "duplicat|copy-paste|copied code|repeated code");
        phrasings.put("naming", "naming|convention|camelcase|snake_case|rename|misleading name");
        phrasings.put("documentation", "javadoc|docstring|documentation|undocumented|missing comment");
        phrasings.put("formatting", "line too long|long line|indentation|whitespace|formatting");
        phrasings.put("return-value", "returns? (?:a |the )?(?:wrong|leftover|stale|incorrect)|instead of none"
                + "|wrong return");
        Map<String, Pattern> out = new LinkedHashMap<>();
        phrasings.forEach((id, regex) -> out.put(id, Pattern.compile(regex)));
        return Map.copyOf(out);
    }

    static FindingMeaning of(String description) {
        String text = description == null ? "" : description;
        String lower = text.toLowerCase(Locale.ROOT);
        TreeSet<String> kinds = new TreeSet<>();
        KINDS.forEach((id, pattern) -> {
            if (pattern.matcher(lower).find()) {
                kinds.add(id);
            }
        });
        Set<String> names = new HashSet<>();
        Matcher span = CODE_SPAN.matcher(text);
        while (span.find()) {
            names.add(normalName(span.group(1)));
        }
        Matcher name = CODE_NAME.matcher(CODE_SPAN.matcher(text).replaceAll(" "));
        while (name.find()) {
            names.add(normalName(name.group()));
        }
        names.remove("");
        return new FindingMeaning(Collections.unmodifiableSortedSet(kinds), Set.copyOf(names), words(text));
    }

    /** A name as two descriptions would both write it: no call parentheses, no surrounding spaces, lower case. */
    private static String normalName(String raw) {
        return raw.strip().replaceAll("\\(.*\\)$", "").toLowerCase(Locale.ROOT);
    }

    /**
     * Whether two findings at the same place say the same thing. A shared kind decides unless both name program
     * elements and none in common (two null dereferences of different variables); only different kinds never do;
     * without a kind on one side, the same type with a shared name or 30% of words in common, or 60% in common.
     */
    boolean sameAs(FindingMeaning other, boolean sameType) {
        boolean namesDiffer = !names.isEmpty() && !other.names.isEmpty() && disjoint(names, other.names);
        if (!kinds.isEmpty() && !other.kinds.isEmpty()) {
            return !disjoint(kinds, other.kinds) && !namesDiffer;
        }
        if (namesDiffer) {
            return false;
        }
        double similarity = jaccard(words, other.words);
        boolean sharedName = !names.isEmpty() && !disjoint(names, other.names);
        return sameType && (sharedName || similarity >= 0.3) || similarity >= 0.6;
    }

    /** The kind a fingerprint is keyed by: the first recognised one, so rewording and retyping keep it. */
    String primaryKind() {
        return kinds.isEmpty() ? null : kinds.iterator().next();
    }

    static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String raw : (text == null ? "" : text).toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (raw.length() < 3 || STOPWORDS.contains(raw)) {
                continue;
            }
            out.add(stem(raw));
        }
        return out;
    }

    /** Crude suffix stripping, enough that "closes", "closed" and "closing" are one word. */
    private static String stem(String word) {
        for (String suffix : new String[] {"ing", "ed", "es", "s", "ly"}) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 4) {
                return word.substring(0, word.length() - suffix.length());
            }
        }
        return word;
    }

    private static boolean disjoint(Set<String> a, Set<String> b) {
        for (String s : a) {
            if (b.contains(s)) {
                return false;
            }
        }
        return true;
    }

    static double jaccard(Set<String> a, Set<String> b) {
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
}
