package dev.longtask.cli.command;

import dev.longtask.model.Counts;
import dev.longtask.model.review.ReviewPart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code review} and {@code review --dry-run} tell a review that covers only part of the repository: which
 * modules it reviews, which it does not and why, and the command that reviews the next part.
 */
final class ReviewPartText {
    /** Modules not reviewed listed by name; the rest are counted (all are in the JSON). */
    static final int LISTED = 10;

    private ReviewPartText() {
    }

    /** "part: the modules ranked 1-37 of 412 (100 chunks, 231,456 lines); not reviewed: 375 modules, ...". */
    static String headline(ReviewPart part, int chunks) {
        long notReviewed = part.notReviewed().size();
        return "part: " + part.rangeText() + " of " + Counts.plural(part.modulesTotal(), "module") + " by rank ("
                + Counts.plural(chunks, "chunk") + ", " + Counts.plural(part.linesReviewed(), "line")
                + "); not reviewed: " + Counts.plural(notReviewed, "module") + ", "
                + Counts.plural(part.linesNotReviewed(), "line") + (part.limit() == null ? "" : " (" + part.limit()
                + ")");
    }

    /**
     * The command that reviews the next part, or null when none is left; with the {@code --base-url} this one was
     * given, as the part's options name the model but not where it was reached.
     */
    static String next(ReviewPart part, Path repository, String baseUrl) {
        return part.next() == null ? null : "longtask review " + repository + " " + part.next()
                + (baseUrl == null ? "" : " --base-url " + baseUrl);
    }

    /** The dry run's lines: the headline, the modules reviewed, those not (the first {@value #LISTED}), the next part. */
    static List<String> lines(ReviewPart part, int chunks, Path repository, String baseUrl) {
        List<String> lines = new ArrayList<>();
        lines.add(headline(part, chunks));
        lines.add("modules reviewed (" + part.reviewed().size() + "):");
        part.reviewed().forEach(m -> lines.add(module(m)));
        lines.add("modules not reviewed (" + part.notReviewed().size() + "), highest-ranked first:");
        part.notReviewed().stream().limit(LISTED).forEach(m -> lines.add(module(m) + ": " + m.reason()));
        if (part.notReviewed().size() > LISTED) {
            lines.add("  +" + (part.notReviewed().size() - LISTED) + " more ("
                    + Counts.plural(part.notReviewed().stream().skip(LISTED).mapToLong(ReviewPart.Module::lines).sum(),
                    "line") + "; --dry-run --json lists them all)");
        }
        String next = next(part, repository, baseUrl);
        lines.add(next == null ? "next part: none (every module not reviewed here is too large for one run or ranked"
                + " above --skip)" : "next part: " + next);
        return lines;
    }

    private static String module(ReviewPart.Module m) {
        return String.format("  %3d. %s (%s, %s, %s, rank %.3f)", m.position(), m.module(),
                Counts.plural(m.files(), "file"), Counts.plural(m.lines(), "line"), Counts.plural(m.chunks(), "chunk"),
                m.rank());
    }
}
