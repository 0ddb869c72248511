package dev.longtask.review.map;

import dev.longtask.engine.WorkspaceMap;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Counts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The review's ranked repository map as the planner's view of the source: the same map a review plans its chunks
 * from (tests left out), rendered within the budget the engine gives it. A workspace that cannot be listed gets no
 * map, so planning goes on with the shape alone; so does one with more source files than {@link #MAX_FILES}, whose
 * parse would keep the planner waiting (its shape still shows where the source is).
 */
public final class PlannerMap implements WorkspaceMap {
    private static final Logger log = LoggerFactory.getLogger(PlannerMap.class);

    static final int MAX_FILES = 4_000;

    private final TokenCounter tokens;
    /** One mapper for every plan of this map's runtime: it finds its cache's version once. */
    private final RepoMapper mapper;

    public PlannerMap(TokenCounter tokens) {
        this.tokens = tokens;
        this.mapper = RepoMapper.cached(tokens);
    }

    @Override
    public String render(Path root, int tokenBudget) {
        try {
            Path base = root.toAbsolutePath().normalize();
            if (!java.nio.file.Files.isDirectory(base)) {
                throw new IllegalArgumentException(root + " is not a directory");
            }
            RepoScanner.Scope scope = RepoScanner.scan(base, ScopeOptions.defaults());
            int files = scope.candidates().size();
            if (files > MAX_FILES) {
                String note = "(no map of the source: " + Counts.plural(files, "source file") + " is more than the "
                        + Counts.full(MAX_FILES) + " the planner maps)\n";
                return tokens.count(note) <= tokenBudget ? note : "";
            }
            MappedRepository mapped = mapper.mapped(base, ScopeOptions.defaults(), scope);
            return mapped.map().files().isEmpty() ? "" : mapped.render(tokenBudget);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            log.warn("no repository map for the planner of {}: {}", root, e.getMessage());
            return "";
        }
    }
}
