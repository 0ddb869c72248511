package dev.longtask.api;

import dev.longtask.model.review.RepoMap;
import dev.longtask.review.map.MappedRepository;

/**
 * A repository's map as a code review plans from it ({@link Longtask#reviewMap}): the files in scope by rank and what
 * was skipped, and the map as every task is given it, cut to the options' budget. Neither needs a model; the text is
 * rendered on first use, or taken from the map cache when the tree has not changed since it was rendered.
 */
public final class ReviewMap {
    private final MappedRepository mapped;
    private final int budget;

    ReviewMap(MappedRepository mapped, int budget) {
        this.mapped = mapped;
        this.budget = budget;
    }

    /** The repository map: files in scope by rank, what was skipped. */
    public RepoMap map() {
        return mapped.map();
    }

    /** The map as every task is given it, cut to the map's token budget. */
    public String renderedMap() {
        return mapped.render(budget);
    }
}
