package dev.longtask.review.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The user's suppressions, {@code .longtask/review-ignore} of the repository: findings the user has judged (false,
 * accepted, not worth it) that later reviews list apart as suppressed instead of counting. One rule a line, each of
 * one or more terms that must all hold, then an optional {@code # reason}:
 * <pre>
 * fingerprint:3f2a9c1b7d4e     # checked: the caller validates the id
 * path:src/generated/**        # generated code
 * rule:style path:legacy/      # no style findings in legacy/
 * </pre>
 * {@code path:} is a glob on the finding's file ({@code *} within a name, {@code **} across directories, a trailing
 * {@code /} for everything under a directory, a pattern without {@code /} for that name in any directory);
 * {@code rule:} is the finding's type ({@code style}, {@code security}...) or a kind of problem the report recognises
 * ({@code null}, {@code magic-number}...); {@code fingerprint:} is the one the report prints for each finding. The
 * file lies under {@code .longtask/}, which no agent of a run may write: a review cannot suppress its own findings.
 */
final class ReviewIgnore {
    /** Where the file is, relative to the repository. */
    static final String FILE = ".longtask/review-ignore";

    /** One line of the file. */
    record Rule(int line, String text, String path, Pattern pathPattern, String kind, String fingerprint,
                String reason) {
        boolean matches(CheckedFinding f) {
            if (fingerprint != null && !fingerprint.equalsIgnoreCase(f.fingerprint() == null ? "" : f.fingerprint())) {
                return false;
            }
            if (pathPattern != null && (f.location() == null || !pathPattern.matcher(f.location().path()).matches())) {
                return false;
            }
            return kind == null || kind.equals(f.type()) || FindingMeaning.of(f.description()).kinds().contains(kind);
        }
    }

    /** A finding the file suppresses, and the rule that did. */
    record Suppressed(CheckedFinding finding, Rule rule) {
    }

    /** The findings sorted into kept and suppressed, with the rules and the lines that were not understood. */
    record Applied(List<CheckedFinding> kept, List<Suppressed> suppressed, List<Rule> rules, List<String> problems) {
        Applied {
            kept = List.copyOf(kept);
            suppressed = List.copyOf(suppressed);
            rules = List.copyOf(rules);
            problems = List.copyOf(problems);
        }

        static Applied none(List<CheckedFinding> findings) {
            return new Applied(findings, List.of(), List.of(), List.of());
        }

        long matched(Rule rule) {
            return suppressed.stream().filter(s -> s.rule() == rule).count();
        }
    }

    private final List<Rule> rules;
    private final List<String> problems;

    ReviewIgnore(List<Rule> rules, List<String> problems) {
        this.rules = List.copyOf(rules);
        this.problems = List.copyOf(problems);
    }

    /** The file of {@code repository}; no file is no rules. */
    static ReviewIgnore read(Path repository) throws IOException {
        Path file = repository.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return new ReviewIgnore(List.of(), List.of());
        }
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    static ReviewIgnore parse(String text) {
        List<Rule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        for (int n = 1; n <= lines.length; n++) {
            String line = lines[n - 1];
            int hash = line.indexOf(" #");
            String reason = "";
            String terms = line.strip();
            if (terms.startsWith("#") || terms.isEmpty()) {
                continue;
            }
            if (hash >= 0) {
                reason = line.substring(hash + 2).strip();
                terms = line.substring(0, hash).strip();
            }
            String path = null;
            String kind = null;
            String fingerprint = null;
            String problem = null;
            for (String term : terms.split("\\s+")) {
                int colon = term.indexOf(':');
                String key = colon < 0 ? "" : term.substring(0, colon).toLowerCase(Locale.ROOT);
                String value = colon < 0 ? "" : term.substring(colon + 1);
                if (value.isEmpty()) {
                    problem = "'" + term + "' is not path:GLOB, rule:NAME or fingerprint:HEX";
                } else if (key.equals("path")) {
                    path = value;
                } else if (key.equals("rule")) {
                    kind = value.toLowerCase(Locale.ROOT);
                } else if (key.equals("fingerprint") && value.matches("[0-9a-fA-F]{6,64}")) {
                    fingerprint = value.toLowerCase(Locale.ROOT);
                } else if (key.equals("fingerprint")) {
                    problem = "'" + value + "' is not a fingerprint (the hexadecimal one the report prints)";
                } else {
                    problem = "'" + term + "' is not path:GLOB, rule:NAME or fingerprint:HEX";
                }
            }
            if (problem != null) {
                problems.add(FILE + " line " + n + ": " + problem + "; the line is left out");
                continue;
            }
            rules.add(new Rule(n, terms, path, path == null ? null : glob(path), kind, fingerprint, reason));
        }
        return new ReviewIgnore(rules, problems);
    }

    List<Rule> rules() {
        return rules;
    }

    List<String> problems() {
        return problems;
    }

    /** Each finding kept, or suppressed by the first rule that matches it. */
    Applied apply(List<CheckedFinding> findings) {
        List<CheckedFinding> kept = new ArrayList<>();
        List<Suppressed> suppressed = new ArrayList<>();
        for (CheckedFinding f : findings) {
            Rule rule = rules.stream().filter(r -> r.matches(f)).findFirst().orElse(null);
            if (rule == null) {
                kept.add(f);
            } else {
                suppressed.add(new Suppressed(f, rule));
            }
        }
        return new Applied(kept, suppressed, rules, problems);
    }

    /** A path glob as a regular expression over repository-relative paths with forward slashes. */
    static Pattern glob(String glob) {
        String g = glob.replace('\\', '/');
        while (g.startsWith("./")) {
            g = g.substring(2);
        }
        boolean anywhere = !g.contains("/") || (g.indexOf('/') == g.length() - 1);
        if (g.startsWith("/")) {
            g = g.substring(1);
        }
        if (g.endsWith("/")) {
            g = g + "**";
        }
        StringBuilder regex = new StringBuilder(anywhere ? "(?:.*/)?" : "");
        for (int k = 0; k < g.length(); k++) {
            char c = g.charAt(k);
            if (c == '*' && k + 1 < g.length() && g.charAt(k + 1) == '*') {
                boolean slash = k + 2 < g.length() && g.charAt(k + 2) == '/';
                regex.append(slash ? "(?:.*/)?" : ".*");
                k += slash ? 2 : 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
