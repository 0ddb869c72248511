package dev.longtask.review.map;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Counts;
import dev.longtask.model.review.Definition;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link RepoMap} as text for a planner's prompt, cut to a token budget: files highest rank first,
 * each with its key definitions (line, kind, name) and the files it uses most; as many files as fit. The
 * rendered text never exceeds the budget.
 */
public final class MapRenderer {
    static final int DEFINITIONS_PER_FILE = 8;
    static final int USES_PER_FILE = 3;

    private final TokenCounter tokens;

    public MapRenderer(TokenCounter tokens) {
        this.tokens = tokens;
    }

    public String render(RepoMap map, int budget) {
        String header = String.format("# Repository map: %s, %s, %s (%s); most referenced first%n",
                Counts.plural(map.files().size(), "file"), Counts.plural(map.totalLines(), "line"),
                Counts.plural(map.totalTokens(), "token"), map.encoding());
        int used = tokens.count(header);
        if (used > budget) {
            return "";
        }
        int footerReserve = tokens.count(footer(map.files().size(), budget));
        StringBuilder text = new StringBuilder(header);
        List<String> blocks = new ArrayList<>();
        for (MappedFile file : map.files()) {
            String full = block(file, true);
            String brief = block(file, false);
            int fullTokens = tokens.count(full);
            boolean last = blocks.size() == map.files().size() - 1;
            int reserve = last ? 0 : footerReserve;
            if (used + fullTokens + reserve <= budget) {
                blocks.add(full);
                used += fullTokens;
            } else if (used + tokens.count(brief) + reserve <= budget) {
                blocks.add(brief);
                used += tokens.count(brief);
            } else {
                break;
            }
        }
        blocks.forEach(text::append);
        int hidden = map.files().size() - blocks.size();
        if (hidden > 0) {
            text.append(footer(hidden, budget));
        }
        // Tokens of concatenated pieces can differ by a token or two from the pieces' sum; settle exactly.
        while (tokens.count(text.toString()) > budget && !blocks.isEmpty()) {
            blocks.remove(blocks.size() - 1);
            text = new StringBuilder(header);
            blocks.forEach(text::append);
            text.append(footer(map.files().size() - blocks.size(), budget));
        }
        return tokens.count(text.toString()) <= budget ? text.toString() : "";
    }

    private static String footer(int hidden, int budget) {
        return String.format("# ... %s not shown (map budget %s)%n", Counts.plural(hidden, "more file"),
                Counts.plural(budget, "token"));
    }

    static String block(MappedFile file, boolean withDetail) {
        StringBuilder b = new StringBuilder();
        // counts written as every other count of longtask's text is: "2,590 tokens"
        b.append(file.path()).append("  (").append(file.language().id()).append(", ")
                .append(Counts.plural(file.lines(), "line")).append(", ").append(Counts.plural(file.tokens(), "token"))
                .append(file.fallback() == null ? "" : "; mapped lexically: " + file.fallback()).append(")\n");
        if (!withDetail) {
            return b.toString();
        }
        for (Definition d : file.keyDefinitions(DEFINITIONS_PER_FILE)) {
            b.append("  ").append(d.line()).append(": ").append(d.label()).append('\n');
        }
        int more = file.definitions().size() - Math.min(DEFINITIONS_PER_FILE, file.definitions().size());
        if (more > 0) {
            b.append("  ... ").append(more).append(" more definitions\n");
        }
        if (!file.dependsOn().isEmpty()) {
            List<String> uses = file.dependsOn().subList(0, Math.min(USES_PER_FILE, file.dependsOn().size()));
            b.append("  uses: ").append(String.join(", ", uses));
            if (file.dependsOn().size() > USES_PER_FILE) {
                b.append(" +").append(file.dependsOn().size() - USES_PER_FILE);
            }
            b.append('\n');
        }
        return b.toString();
    }
}
