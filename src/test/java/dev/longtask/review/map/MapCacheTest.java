package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.RepoMap;
import dev.longtask.review.ReviewFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The map cache: an unchanged tree is parsed once, a changed file again, a damaged entry is rebuilt. */
class MapCacheTest {
    @TempDir
    Path dir;

    private RepoMap map(Path repo, RepoMapper mapper) throws IOException {
        return mapper.map(repo, ScopeOptions.defaults());
    }

    private static List<Path> entries(Path repo) throws IOException {
        try (Stream<Path> files = Files.walk(repo.resolve(MapCache.DIRECTORY))) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void aSecondMapOfAnUnchangedTreeParsesNothingAndMapsTheSame() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        RepoMapper first = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap cold = map(repo, first);
        assertThat(first.parses()).isEqualTo(RepoMapperTest.IN_SCOPE.size());
        assertThat(entries(repo)).hasSize(RepoMapperTest.IN_SCOPE.size());

        RepoMapper second = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap warm = map(repo, second);
        assertThat(second.parses()).isZero();
        assertThat(warm).usingRecursiveComparison().isEqualTo(cold);
        assertThat(warm.skipped()).as("the cache's own files are not counted as skipped").isEqualTo(cold.skipped());
    }

    @Test
    void changingOneFileReparsesExactlyThatFileAndDropsItsOldEntry() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        Path inventory = repo.resolve(RepoMapperTest.INVENTORY);
        Files.writeString(inventory, Files.readString(inventory).replace("class Inventory {",
                "class Inventory {\n    public int restockedToday() { return 0; }"));

        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap changed = map(repo, mapper);
        assertThat(mapper.parses()).isEqualTo(1);
        assertThat(changed.file(RepoMapperTest.INVENTORY).orElseThrow().definitions())
                .extracting(Definition::name).contains("restockedToday");
        assertThat(entries(repo)).as("the old version's entry is evicted").hasSize(RepoMapperTest.IN_SCOPE.size());
    }

    @Test
    void aDeletedFileLosesItsEntry() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        Files.delete(repo.resolve(RepoMapperTest.INVENTORY));
        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, mapper);
        assertThat(mapper.parses()).isZero();
        assertThat(entries(repo)).hasSize(RepoMapperTest.IN_SCOPE.size() - 1);
    }

    @Test
    void aCorruptedOrTruncatedEntryIsIgnoredAndRebuilt() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        RepoMap cold = map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        List<Path> entries = entries(repo);
        byte[] flipped = Files.readAllBytes(entries.get(0));
        flipped[flipped.length / 2] ^= 0x5a;
        Files.write(entries.get(0), flipped);
        byte[] whole = Files.readAllBytes(entries.get(1));
        Files.write(entries.get(1), java.util.Arrays.copyOf(whole, whole.length / 3));
        Files.write(entries.get(2), new byte[0]);

        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap rebuilt = map(repo, mapper);
        assertThat(mapper.parses()).isEqualTo(3);
        assertThat(rebuilt).usingRecursiveComparison().isEqualTo(cold);

        RepoMapper after = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, after);
        assertThat(after.parses()).as("the rebuilt entries are whole again").isZero();
    }

    @Test
    void anEntryOfAnotherKeyIsNotTakenForThisOne() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        List<Path> entries = entries(repo);
        Files.copy(entries.get(0), entries.get(1), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, mapper);
        assertThat(mapper.parses()).isEqualTo(1);
    }

    @Test
    void entriesOfAnotherVersionAreDeleted() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        Path stale = repo.resolve(MapCache.DIRECTORY).resolve("map-0000000000000000/ab/ab12");
        Files.createDirectories(stale.getParent());
        Files.writeString(stale, "an entry of an older parser");
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        assertThat(stale.getParent().getParent()).doesNotExist();
        assertThat(entries(repo)).hasSize(RepoMapperTest.IN_SCOPE.size());
    }

    @Test
    void anEntryReadsBackAsWritten() throws IOException {
        Extraction extraction = new Extraction(List.of(new Definition("class", "Cart", null, 3),
                new Definition("method", "add", "Cart", 7)), List.of(new Import("a.b"), new Import(".", List.of("x", "y"))),
                "acme", java.util.Map.of("Cart", 2), java.util.Map.of("add", 1), new int[] {1, 3},
                java.util.Map.of("Cart", new int[UseKind.COUNT]), "parse took over 5 s");
        MapCache.Entry entry = new MapCache.Entry(new int[] {4, 0, 9}, extraction);
        MapCache.Entry back = MapCache.decode("k", MapCache.encode("k", entry));
        assertThat(back).usingRecursiveComparison().isEqualTo(entry);
    }

    @Test
    void anEntryIteratesItsNamesInTheOrderOfTheMapItKeeps() throws IOException {
        // a map sized for more names than it holds iterates them in another order than one grown name by name,
        // as a parse's maps may be: the ranking adds its edges up in this order, so it must survive the cache
        java.util.Map<String, int[]> uses = new java.util.HashMap<>(256);
        java.util.Map<String, Integer> counts = new java.util.HashMap<>(256);
        for (int k = 0; k < 40; k++) {
            uses.put("name" + k * 37, new int[UseKind.COUNT]);
            counts.put("name" + k * 37, k);
        }
        Extraction extraction = new Extraction(List.of(), List.of(), null, counts, counts, new int[0], uses, null);
        Extraction back = MapCache.decode("k", MapCache.encode("k", new MapCache.Entry(new int[0], extraction)))
                .extraction();
        assertThat(back.uses().keySet()).containsExactlyElementsOf(uses.keySet());
        assertThat(back.identifiers().keySet()).containsExactlyElementsOf(counts.keySet());
    }
}
