package dev.longtask.review.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.longtask.model.Counts;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.review.ReviewPart;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link ReviewReport} as Markdown (issues by severity with location, description and suggestion;
 * the score; a table of modules with their issue counts and summaries; unverified findings apart, marked as
 * such; the chunks that could not be reviewed) and as JSON with the same content.
 */
final class ReportRenderer {
    /** Modules not reviewed that the Markdown names; all are in the JSON. */
    static final int MODULES_LISTED = 25;

    private final ObjectMapper json = JsonMapping.newMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final String repository;

    ReportRenderer() {
        this(".");
    }

    /** @param repository the repository as the command for the next part names it */
    ReportRenderer(String repository) {
        this.repository = repository;
    }

    public String markdown(ReviewReport report) {
        List<CheckedFinding> verified = report.verified();
        List<CheckedFinding> unverified = report.unverifiedListed();
        Map<Severity, List<CheckedFinding>> bySeverity = bySeverity(verified);
        StringBuilder md = new StringBuilder();
        md.append("# ").append(oneLine(report.title().isBlank() ? "Code review" : report.title())).append("\n\n");
        if (!report.summary().isBlank()) {
            md.append(report.summary().strip()).append("\n\n");
        }
        if (report.reviewedAnything()) {
            scoreLine(md, report, bySeverity);
        } else {
            md.append("**Nothing was reviewed** — no chunk's review could be read, so there is no score; ")
                    .append(Counts.plural(report.gaps().size(), "chunk"))
                    .append(" could not be reviewed (see Not reviewed).\n");
        }
        int number = 1;
        for (Map.Entry<Severity, List<CheckedFinding>> entry : bySeverity(report.listed()).entrySet()) {
            if (entry.getValue().isEmpty()) {
                continue;
            }
            md.append("\n## ").append(title(entry.getKey())).append(" (").append(entry.getValue().size()).append(")\n");
            for (CheckedFinding f : entry.getValue()) {
                md.append("\n### ").append(number++).append(". [").append(oneLine(f.type())).append("] `")
                        .append(f.locationText()).append("`\n\n");
                md.append(f.description().strip()).append("\n");
                if (!f.suggestion().isBlank()) {
                    md.append("\n**Suggestion:** ").append(f.suggestion().strip()).append("\n");
                }
                if (f.occurrences() > 1) {
                    md.append("\n_Reported ").append(f.occurrences()).append(" times (merged)._\n");
                }
                if (f.fingerprint() != null) {
                    md.append("\n`fingerprint:").append(f.fingerprint()).append("`\n");
                }
            }
        }
        if (verified.isEmpty() && report.reviewedAnything()) {
            md.append("\nNo issues found.\n");
        } else if (report.listed().isEmpty() && report.reviewedAnything()) {
            md.append("\nNo issues of severity ").append(report.minSeverity().id()).append(" or above.\n");
        }
        if (!report.modules().isEmpty()) {
            boolean scored = report.modules().stream().anyMatch(m -> m.reviewerScore() != null);
            md.append("\n## Modules\n\n| module | files | lines | critical | high | medium | low | info |")
                    .append(scored ? " reviewer's score |" : "").append(" summary |\n")
                    .append("|---|---:|---:|---:|---:|---:|---:|---:|").append(scored ? "---:|" : "").append("---|\n");
            Map<String, Map<Severity, Integer>> counts = countsByModule(report);
            for (ModuleSummary m : report.modules()) {
                Map<Severity, Integer> c = counts.get(m.module());
                md.append("| `").append(cell(m.module())).append("` | ").append(m.files()).append(" | ")
                        .append(String.format("%,d", m.lines()));
                for (Severity s : Severity.values()) {
                    md.append(" | ").append(c.getOrDefault(s, 0));
                }
                if (scored) {
                    md.append(" | ").append(m.reviewerScore() == null ? "" : m.reviewerScore());
                }
                md.append(" | ").append(cell(m.summary())).append(" |\n");
            }
        }
        if (!unverified.isEmpty()) {
            md.append("\n## Unverified findings\n\nThese findings point at files or lines that do not exist in the"
                    + " repository. They are kept for the record, not reported as fact, and not counted in the score.\n\n");
            for (CheckedFinding f : unverified) {
                md.append("- [").append(f.severity().id()).append("/").append(oneLine(f.type())).append("] `")
                        .append(f.locationText()).append("` — ").append(oneLine(f.problem())).append(": ")
                        .append(oneLine(f.description())).append("\n");
            }
        }
        suppressed(md, report);
        if (!report.gaps().isEmpty()) {
            md.append("\n## Not reviewed\n\nNo findings could be taken from these chunks, so their code is not counted"
                    + " as reviewed and the score says nothing about it.\n\n");
            for (ReviewGap g : report.gaps()) {
                md.append("- ").append(g.chunk()).append(" `").append(cell(g.module())).append("` (")
                        .append(g.files().size()).append(g.files().size() == 1 ? " file" : " files").append("): ")
                        .append(oneLine(g.reason())).append("\n");
            }
        }
        notInPart(md, report.part());
        if (report.reviewedAnything()) {
            md.append("\n---\nScore: the lower of 100 / (1 + d/10), where d is penalty points (critical 10, high 5,"
                    + " medium 2, low 0.5) of verified findings per thousand lines reviewed, and the ceiling of the worst"
                    + " severity (critical: 40, 10 less for each further one; high: 75, 5 less for each further one,"
                    + " down to 45). Suppressed findings do not count.\n");
        }
        return md.toString();
    }

    /** "**Score: 78/100** — 2 issues (1 high, 1 low) in 2,000 lines of 10 files; ...". */
    private static void scoreLine(StringBuilder md, ReviewReport report, Map<Severity, List<CheckedFinding>> bySeverity) {
        List<CheckedFinding> unverified = report.unverified();
        md.append("**Score: ").append(report.score()).append("/100** — ").append(countsText(bySeverity))
                .append(" in ").append(Counts.plural(report.linesReviewed(), "line")).append(" of ")
                .append(Counts.plural(report.filesReviewed(), "file"));
        if (!unverified.isEmpty()) {
            md.append("; ").append(Counts.plural(unverified.size(), "finding")).append(" whose location could not be")
                    .append(" verified ").append(unverified.size() == 1 ? "is" : "are").append(" listed apart");
        }
        if (!report.gaps().isEmpty()) {
            md.append("; ").append(Counts.plural(report.gaps().size(), "chunk"))
                    .append(" could not be reviewed (see Not reviewed)");
        }
        if (!report.suppressed().isEmpty()) {
            md.append("; ").append(report.suppressed().size()).append(" suppressed by ").append(ReviewIgnore.FILE)
                    .append(" (see Suppressed)");
        }
        if (report.notListed() > 0) {
            md.append("; ").append(Counts.plural(report.notListed(), "finding")).append(" below ")
                    .append(report.minSeverity().id()).append(" counted but not listed (--min-severity)");
        }
        md.append(".\n");
    }

    /** The modules a review of part of the repository left out: why, the first of them, and the next part's command. */
    private void notInPart(StringBuilder md, ReviewPart part) {
        if (part == null) {
            return;
        }
        List<ReviewPart.Module> left = part.notReviewed();
        md.append("\n## Modules not reviewed (").append(left.size()).append(" of ").append(part.modulesTotal())
                .append(")\n\nThis review covered ").append(part.rangeText()).append(" of the repository's ")
                .append(Counts.plural(part.modulesTotal(), "module")).append(" by the map's ranking (")
                .append(Counts.plural(part.linesReviewed(), "line")).append("). ")
                .append(Counts.plural(left.size(), "module")).append(" (")
                .append(Counts.plural(part.linesNotReviewed(), "line"))
                .append(") were not reviewed: the score and the issues say nothing about them")
                .append(part.limit() == null ? "" : "; this part ends at the first module that did not fit: " + part.limit())
                .append(".\n\n| rank | module | files | lines | why not reviewed |\n|---:|---|---:|---:|---|\n");
        for (ReviewPart.Module m : left.subList(0, Math.min(MODULES_LISTED, left.size()))) {
            md.append("| ").append(m.position()).append(" | `").append(cell(m.module())).append("` | ")
                    .append(m.files()).append(" | ").append(String.format("%,d", m.lines())).append(" | ")
                    .append(cell(m.reason())).append(" |\n");
        }
        if (left.size() > MODULES_LISTED) {
            md.append("\n… and ").append(left.size() - MODULES_LISTED).append(" more (all in review.json).\n");
        }
        if (part.next() != null) {
            md.append("\nReview the next part with `longtask review ").append(repository).append(" ")
                    .append(part.next()).append("`.\n");
        }
    }

    /** The findings the ignore file suppressed, each with its rule; the rules that matched nothing; bad lines. */
    private static void suppressed(StringBuilder md, ReviewReport report) {
        ReviewIgnore.Applied ignore = report.ignore();
        if (ignore.rules().isEmpty() && ignore.problems().isEmpty()) {
            return;
        }
        md.append("\n## Suppressed (").append(ignore.suppressed().size()).append(")\n\n")
                .append("Findings ").append(ReviewIgnore.FILE).append(" suppresses: listed for the record, not counted")
                .append(" in the issues or the score.\n\n");
        for (ReviewIgnore.Suppressed s : ignore.suppressed()) {
            CheckedFinding f = s.finding();
            md.append("- [").append(f.severity().id()).append("/").append(oneLine(f.type())).append("] `")
                    .append(f.locationText()).append("`").append(f.verified() ? "" : " (unverified)").append(" by `")
                    .append(s.rule().text()).append("` (line ").append(s.rule().line()).append(")")
                    .append(s.rule().reason().isBlank() ? "" : ", " + oneLine(s.rule().reason())).append(": ")
                    .append(oneLine(f.description())).append("\n");
        }
        List<String> unused = ignore.rules().stream().filter(r -> ignore.matched(r) == 0)
                .map(r -> "`" + r.text() + "` (line " + r.line() + ")").toList();
        if (!unused.isEmpty()) {
            md.append("\nRules that matched nothing: ").append(String.join(", ", unused)).append(".\n");
        }
        ignore.problems().forEach(p -> md.append("\n").append(oneLine(p)).append(".\n"));
    }

    public String json(ReviewReport report) {
        List<CheckedFinding> verified = report.verified();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("title", report.title());
        root.put("summary", report.summary());
        root.put("score", report.reviewedAnything() ? ReviewScore.of(verified, report.linesReviewed()) : null);
        root.put("min_severity", report.minSeverity().id());
        Map<String, Integer> counts = new LinkedHashMap<>();
        bySeverity(verified).forEach((s, list) -> counts.put(s.id(), list.size()));
        root.put("counts", counts);
        root.put("files_reviewed", report.filesReviewed());
        root.put("lines_reviewed", report.linesReviewed());
        root.put("not_listed", report.notListed());
        root.put("issues", report.listed().stream().map(ReportRenderer::issue).toList());
        root.put("unverified", report.unverifiedListed().stream().map(ReportRenderer::issue).toList());
        root.put("suppressed", report.suppressed().stream().map(s -> {
            Map<String, Object> node = issue(s.finding());
            node.put("suppressed_by", rule(s.rule(), null));
            return node;
        }).toList());
        root.put("ignore_rules", report.ignore().rules().stream().map(r -> rule(r, report.ignore().matched(r))).toList());
        root.put("ignore_problems", report.ignore().problems());
        Map<String, Map<Severity, Integer>> byModule = countsByModule(report);
        root.put("modules", report.modules().stream().map(m -> {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("module", m.module());
            node.put("files", m.files());
            node.put("lines", m.lines());
            Map<String, Integer> c = new LinkedHashMap<>();
            byModule.get(m.module()).forEach((s, n) -> c.put(s.id(), n));
            node.put("counts", c);
            node.put("summary", m.summary());
            node.put("reviewer_score", m.reviewerScore());
            return node;
        }).toList());
        if (report.part() != null) {
            Map<String, Object> part = new LinkedHashMap<>();
            part.put("modules_total", report.part().modulesTotal());
            part.put("reviewed", report.part().reviewed());
            part.put("not_reviewed", report.part().notReviewed());
            part.put("limit", report.part().limit());
            part.put("next_command", report.part().next() == null ? null
                    : "longtask review " + repository + " " + report.part().next());
            root.put("part", part);
        }
        root.put("gaps", report.gaps().stream().map(g -> {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("chunk", g.chunk());
            node.put("module", g.module());
            node.put("files", g.files());
            node.put("reason", g.reason());
            return node;
        }).toList());
        try {
            return json.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> issue(CheckedFinding f) {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("severity", f.severity().id());
        node.put("type", f.type());
        node.put("location", f.locationText());
        node.put("file", f.location() == null ? null : f.location().path());
        node.put("start_line", f.location() == null || f.location().wholeFile() ? null : f.location().startLine());
        node.put("end_line", f.location() == null || f.location().wholeFile() ? null : f.location().endLine());
        node.put("description", f.description());
        node.put("suggestion", f.suggestion());
        node.put("occurrences", f.occurrences());
        node.put("fingerprint", f.fingerprint());
        node.put("verified", f.verified());
        if (!f.verified()) {
            node.put("problem", f.problem());
        }
        return node;
    }

    private static Map<String, Object> rule(ReviewIgnore.Rule rule, Long matched) {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("line", rule.line());
        node.put("rule", rule.text());
        node.put("reason", rule.reason());
        if (matched != null) {
            node.put("suppressed", matched);
        }
        return node;
    }

    private static Map<Severity, List<CheckedFinding>> bySeverity(List<CheckedFinding> findings) {
        Map<Severity, List<CheckedFinding>> map = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            map.put(s, new ArrayList<>());
        }
        findings.forEach(f -> map.get(f.severity()).add(f));
        return map;
    }

    /** Verified findings per module: the module whose directory is the longest prefix of the finding's file. */
    private static Map<String, Map<Severity, Integer>> countsByModule(ReviewReport report) {
        Map<String, Map<Severity, Integer>> counts = new LinkedHashMap<>();
        report.modules().forEach(m -> counts.put(m.module(), new EnumMap<>(Severity.class)));
        for (CheckedFinding f : report.verified()) {
            String best = null;
            for (ModuleSummary m : report.modules()) {
                String dir = m.module();
                boolean contains = dir.equals(".") || f.location().path().startsWith(dir + "/");
                if (contains && (best == null || dir.length() > best.length() || best.equals("."))) {
                    best = dir;
                }
            }
            if (best != null) {
                counts.get(best).merge(f.severity(), 1, Integer::sum);
            }
        }
        return counts;
    }

    private static String countsText(Map<Severity, List<CheckedFinding>> bySeverity) {
        List<String> parts = new ArrayList<>();
        int total = 0;
        for (Map.Entry<Severity, List<CheckedFinding>> e : bySeverity.entrySet()) {
            if (!e.getValue().isEmpty()) {
                parts.add(e.getValue().size() + " " + e.getKey().id());
                total += e.getValue().size();
            }
        }
        return total == 0 ? "no issues" : total + (total == 1 ? " issue (" : " issues (") + String.join(", ", parts) + ")";
    }

    private static String title(Severity s) {
        return Character.toUpperCase(s.id().charAt(0)) + s.id().substring(1);
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static String cell(String text) {
        return oneLine(text).replace("|", "\\|");
    }
}
