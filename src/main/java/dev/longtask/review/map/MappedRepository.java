package dev.longtask.review.map;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.RepoMap;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A repository's map and its renderings ({@link MapRenderer}). A map of a cached mapper keeps each rendering it
 * makes with the map's snapshot, so the next map of the unchanged tree renders nothing: it never loads the tokenizer.
 */
public final class MappedRepository {
    private final RepoMap map;
    private final TokenCounter tokens;
    private final MapSnapshot snapshot;
    private final AtomicInteger renders;

    /** @param snapshot where renderings are kept, or null to render each time */
    MappedRepository(RepoMap map, TokenCounter tokens, MapSnapshot snapshot, AtomicInteger renders) {
        this.map = map;
        this.tokens = tokens;
        this.snapshot = snapshot;
        this.renders = renders;
    }

    public RepoMap map() {
        return map;
    }

    /** The map as text within {@code budget} tokens ({@link MapRenderer#render}). */
    public String render(int budget) {
        Optional<String> kept = snapshot == null ? Optional.empty() : snapshot.rendering(budget);
        if (kept.isPresent()) {
            return kept.get();
        }
        renders.incrementAndGet();
        String text = new MapRenderer(tokens).render(map, budget);
        if (snapshot != null) {
            snapshot.keepRendering(budget, text);
        }
        return text;
    }
}
