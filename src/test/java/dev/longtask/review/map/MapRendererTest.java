package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import dev.longtask.review.ReviewFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MapRendererTest {
    private static final TokenCounter TOKENS = RepoMapperTest.TOKENS;
    private static List<String> shownFiles(String rendered) {
        return rendered.lines().filter(l -> !l.startsWith("#") && !l.startsWith(" "))
                .map(l -> l.substring(0, l.indexOf("  ("))).toList();
    }

    @Property(tries = 60)
    void neverExceedsTheBudgetAndShowsTheHighestRankedFilesFirst(@ForAll @IntRange(min = 64, max = 4_000) int budget) {
        RepoMap map = ReviewFixture.map();
        String rendered = new MapRenderer(TOKENS).render(map, budget);
        assertThat(TOKENS.count(rendered)).isLessThanOrEqualTo(budget);
        List<String> shown = shownFiles(rendered);
        List<String> ranking = map.files().stream().map(MappedFile::path).toList();
        assertThat(shown).isEqualTo(ranking.subList(0, shown.size()));
        if (shown.size() < ranking.size()) {
            int hidden = ranking.size() - shown.size();
            assertThat(rendered).contains(hidden + (hidden == 1 ? " more file not shown" : " more files not shown"));
        }
    }

    @Test
    void aLargeBudgetShowsEveryFileWithItsKeyDefinitionsAndUses() {
        RepoMap map = ReviewFixture.map();
        String rendered = new MapRenderer(TOKENS).render(map, 100_000);
        assertThat(shownFiles(rendered)).hasSize(map.files().size());
        assertThat(rendered).doesNotContain("more files not shown")
                .contains("java/src/main/java/com/acme/store/Inventory.java  (java, 33 lines,")
                .contains("  18: method Inventory.addStock\n")
                .contains("  uses: python/acme/pricing.py");
    }

    @Test
    void aOneLineFileIsOneLineAndCountsHaveSeparators() {
        MappedFile one = new MappedFile("a.py", Language.PYTHON, 1, 4, 1.0, List.of(), List.of(), List.of(),
                new int[] {4}, new int[] {1}, new double[0]);
        MappedFile two = new MappedFile("b.py", Language.PYTHON, 2, 8, 1.0, List.of(), List.of(), List.of(),
                new int[] {4, 4}, new int[] {1}, new double[0]);
        assertThat(MapRenderer.block(one, false)).isEqualTo("a.py  (python, 1 line, 4 tokens)\n");
        assertThat(MapRenderer.block(two, false)).isEqualTo("b.py  (python, 2 lines, 8 tokens)\n");
        MappedFile big = new MappedFile("c.py", Language.PYTHON, 1247, 12590, 1.0, List.of(), List.of(), List.of(),
                new int[] {12590}, new int[] {1}, new double[0]);
        assertThat(MapRenderer.block(big, false)).as("counts as every count of longtask's text")
                .isEqualTo("c.py  (python, 1,247 lines, 12,590 tokens)\n");
    }

    @Test
    void aSmallBudgetCutsToTheTopFiles() {
        RepoMap map = ReviewFixture.map();
        String rendered = new MapRenderer(TOKENS).render(map, 150);
        List<String> shown = shownFiles(rendered);
        assertThat(shown).isNotEmpty().hasSizeLessThan(map.files().size());
        assertThat(shown.get(0)).isEqualTo(RepoMapperTest.INVENTORY);
    }

    @Test
    void keyDefinitionsPreferWhatOtherFilesUse() {
        MappedFile inventory = ReviewFixture.map().file(RepoMapperTest.INVENTORY).orElseThrow();
        assertThat(inventory.keyDefinitions(3)).extracting(Definition::name)
                .containsExactly("Inventory", "addStock", "countOf"); // describe() and Snapshot are used by no one
    }
}
