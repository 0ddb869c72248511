package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.RepoMap;
import dev.longtask.review.ReviewFixture;
import java.io.IOException;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
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

    /** The parsed files' entries (in their key-named directories), not the index or the snapshots. */
    private static List<Path> entries(Path repo) throws IOException {
        try (Stream<Path> files = Files.walk(repo.resolve(MapCache.DIRECTORY))) {
            return files.filter(Files::isRegularFile).filter(f -> f.getParent().getFileName().toString().length() == 2)
                    .sorted().toList();
        }
    }

    /** Dates every file of the tree an hour back, so their stamps are settled (files just written are read again). */
    private static void age(Path repo) throws IOException {
        FileTime hourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        try (Stream<Path> files = Files.walk(repo)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.toString().contains(".longtask")).toList()) {
                Files.setLastModifiedTime(f, hourAgo);
            }
        }
    }

    private static Path snapshot(Path repo) throws IOException {
        try (Stream<Path> files = Files.walk(repo.resolve(MapCache.DIRECTORY))) {
            return files.filter(f -> f.getFileName().toString().equals("snapshot")).findFirst().orElseThrow();
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
    void anUnchangedTreeIsMappedFromItsSnapshotWithoutReadingParsingOrRenderingAnything() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        age(repo);
        RepoMapper first = RepoMapper.cached(RepoMapperTest.TOKENS);
        MappedRepository cold = first.mapped(repo, ScopeOptions.defaults());
        String rendered = cold.render(2048);
        assertThat(first.parses()).isEqualTo(RepoMapperTest.IN_SCOPE.size());
        assertThat(first.reads()).as("with the test file read and left out").isEqualTo(first.parses() + 1);
        assertThat(first.renders()).isEqualTo(1);

        RepoMapper second = RepoMapper.cached(RepoMapperTest.TOKENS);
        MappedRepository warm = second.mapped(repo, ScopeOptions.defaults());
        assertThat(warm.render(2048)).isEqualTo(rendered);
        assertThat(second.snapshots()).isEqualTo(1);
        assertThat(second.reads()).as("files read").isZero();
        assertThat(second.parses()).isZero();
        assertThat(second.renders()).as("renderings made (the tokenizer)").isZero();
        assertThat(warm.map()).usingRecursiveComparison().isEqualTo(cold.map());

        assertThat(warm.render(512)).isEqualTo(new MapRenderer(RepoMapperTest.TOKENS).render(cold.map(), 512));
        assertThat(second.renders()).as("another budget is rendered once").isEqualTo(1);
        RepoMapper third = RepoMapper.cached(RepoMapperTest.TOKENS);
        MappedRepository again = third.mapped(repo, ScopeOptions.defaults());
        assertThat(again.render(512)).isEqualTo(warm.render(512));
        assertThat(again.render(2048)).isEqualTo(rendered);
        assertThat(third.renders()).isZero();
    }

    @Test
    void aSnapshotIsNotTakenForAnotherScopeOrAfterADocumentOrACrateManifestChanged() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        age(repo);
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));

        RepoMapper tests = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap withTests = tests.map(repo, ScopeOptions.defaults().withTests(true));
        assertThat(tests.snapshots()).isZero();
        assertThat(withTests.files().size()).isGreaterThan(RepoMapperTest.IN_SCOPE.size());

        Files.writeString(repo.resolve("README.md"), "The ledger is kept by `Inventory`.\n");
        RepoMapper documented = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, documented);
        assertThat(documented.snapshots()).as("the README the ranking reads changed").isZero();
        assertThat(documented.reads()).as("no source file changed").isZero();
        age(repo);

        Path cargo = repo.resolve("rust/Cargo.toml");
        Files.writeString(cargo, Files.readString(cargo).replace("name = \"", "name = \"renamed_"));
        RepoMapper renamed = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, renamed);
        assertThat(renamed.snapshots()).as("the crate's name, which Rust imports resolve by, changed").isZero();
        assertThat(renamed.parses()).isZero();

        age(repo);
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS)); // a manifest just written left the tree without a digest
        RepoMapper settled = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, settled);
        assertThat(settled.snapshots()).isEqualTo(1);
    }

    @Test
    void aFileWrittenMomentsAgoIsReadAgainUntilItsTimeIsSettledAndADamagedSnapshotIsAMiss() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        RepoMapper first = RepoMapper.cached(RepoMapperTest.TOKENS);
        map(repo, first);
        RepoMapper fresh = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap cold = map(repo, fresh);
        assertThat(fresh.snapshots()).isZero();
        assertThat(fresh.reads()).as("a stamp of a file just written may not show its next change")
                .isEqualTo(first.reads());
        assertThat(fresh.parses()).isZero();

        age(repo);
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        byte[] damaged = Files.readAllBytes(snapshot(repo));
        damaged[damaged.length / 2] ^= 0x5a;
        Files.write(snapshot(repo), damaged);
        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap rebuilt = map(repo, mapper);
        assertThat(mapper.snapshots()).isZero();
        assertThat(mapper.reads()).isZero();
        assertThat(rebuilt).usingRecursiveComparison().isEqualTo(cold);
    }

    @Test
    void changingOneFileReparsesExactlyThatFileAndDropsItsOldEntry() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        age(repo);
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        Path inventory = repo.resolve(RepoMapperTest.INVENTORY);
        Files.writeString(inventory, Files.readString(inventory).replace("class Inventory {",
                "class Inventory {\n    public int restockedToday() { return 0; }"));

        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap changed = map(repo, mapper);
        assertThat(mapper.snapshots()).isZero();
        assertThat(mapper.reads()).as("the other files are known by their stamps").isEqualTo(1);
        assertThat(mapper.parses()).isEqualTo(1);
        assertThat(changed.file(RepoMapperTest.INVENTORY).orElseThrow().definitions())
                .extracting(Definition::name).contains("restockedToday");
        assertThat(entries(repo)).as("the old version's entry is evicted").hasSize(RepoMapperTest.IN_SCOPE.size());
    }

    @Test
    void aFileRewrittenToTheSameSizeIsKnownChangedByItsTime() throws IOException {
        Path repo = ReviewFixture.copyTo(dir.resolve("repo"));
        age(repo);
        map(repo, RepoMapper.cached(RepoMapperTest.TOKENS));
        Path inventory = repo.resolve(RepoMapperTest.INVENTORY);
        String text = Files.readString(inventory);
        Files.writeString(inventory, text.replace("class Inventory {", "class Inventorz {"));
        assertThat(Files.size(inventory)).isEqualTo(text.length());

        RepoMapper mapper = RepoMapper.cached(RepoMapperTest.TOKENS);
        RepoMap changed = map(repo, mapper);
        assertThat(mapper.reads()).isEqualTo(1);
        assertThat(mapper.parses()).isEqualTo(1);
        assertThat(changed.file(RepoMapperTest.INVENTORY).orElseThrow().definitions())
                .extracting(Definition::name).contains("Inventorz");
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
