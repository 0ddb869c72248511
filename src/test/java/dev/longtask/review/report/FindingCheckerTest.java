package dev.longtask.review.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.review.ReviewFixture;
import dev.longtask.review.plan.ReviewPlanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FindingCheckerTest {
    private static final String INVENTORY = "java/src/main/java/com/acme/store/Inventory.java"; // 33 lines

    @TempDir
    Path dir;
    Path repo;
    FindingChecker checker;

    @BeforeEach
    void setUp() throws IOException {
        repo = ReviewFixture.copyTo(dir.resolve("repo"));
        checker = new FindingChecker(repo, List.of(INVENTORY, "python/acme/pricing.py", "c/src/main.c"));
    }

    private CheckedFinding check(String location) {
        return checker.check(new Finding("high", "bug", location, "Null dereference of the map entry", "Check for null"));
    }

    @Test
    void aLocationInsideAnExistingFileIsVerified() {
        CheckedFinding f = check(INVENTORY + ":22-23");
        assertThat(f.verified()).isTrue();
        assertThat(f.problem()).isNull();
        assertThat(f.location()).isEqualTo(new Location(INVENTORY, 22, 23));
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(check(INVENTORY + ":33").verified()).isTrue(); // the last line
        assertThat(check("./" + INVENTORY + ":1").verified()).isTrue();
        assertThat(check("`" + INVENTORY + ":5:12`").location()).isEqualTo(new Location(INVENTORY, 5, 5));
    }

    @Test
    void anInventedFileIsUnverified() {
        CheckedFinding f = check("java/src/main/java/com/acme/store/Warehouse.java:10");
        assertThat(f.verified()).isFalse();
        assertThat(f.problem()).isEqualTo("file does not exist: java/src/main/java/com/acme/store/Warehouse.java");
    }

    @Test
    void aLinePastTheEndOrBeforeTheStartIsUnverified() {
        CheckedFinding past = check(INVENTORY + ":30-34");
        assertThat(past.verified()).isFalse();
        assertThat(past.problem()).isEqualTo("line 34 is past the end of " + INVENTORY + " (33 lines)");
        assertThat(check(INVENTORY + ":0-4").problem()).contains("line 0 does not exist");
        assertThat(check(INVENTORY + ":0").location().wholeFile()).isTrue(); // line 0 alone names the file
        assertThat(check(INVENTORY + ":20-12").problem()).contains("ends before it starts");
    }

    @Test
    void aUtf16FileCountsItsLinesDecoded() throws IOException {
        byte[] text = "int a;\nint b;\nint c;\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        byte[] withMark = new byte[text.length + 2];
        withMark[0] = (byte) 0xFF;
        withMark[1] = (byte) 0xFE;
        System.arraycopy(text, 0, withMark, 2, text.length);
        java.nio.file.Files.write(repo.resolve("c/src/wide.c"), withMark);

        assertThat(check("c/src/wide.c:3").verified()).isTrue();
        assertThat(check("c/src/wide.c:4").problem()).isEqualTo("line 4 is past the end of c/src/wide.c (3 lines)");
    }

    @Test
    void pathsOutsideTheRepositoryAreUnverifiedEvenWhenTheyExist() throws IOException {
        Files.writeString(dir.resolve("outside.py"), "x = 1\n");
        assertThat(check("../outside.py:1").problem()).isEqualTo("outside the repository");
        assertThat(check(dir.resolve("outside.py") + ":1").problem()).isEqualTo("outside the repository");
        Files.createSymbolicLink(repo.resolve("link.py"), dir.resolve("outside.py"));
        assertThat(check("link.py:1").problem()).startsWith("outside the repository");
    }

    @Test
    void anAbsolutePathInsideTheRepositoryIsMadeRelative() {
        CheckedFinding f = check(repo.resolve(INVENTORY) + ":3");
        assertThat(f.verified()).isTrue();
        assertThat(f.location()).isEqualTo(new Location(INVENTORY, 3, 3));
    }

    @Test
    void aShortenedPathIsCompletedOnlyWhenItIsUnambiguous() throws IOException {
        CheckedFinding f = check("store/Inventory.java:9");
        assertThat(f.verified()).isTrue();
        assertThat(f.location()).isEqualTo(new Location(INVENTORY, 9, 9));
        CheckedFinding ambiguous = new FindingChecker(repo, List.of("a/main.c", "b/main.c"))
                .check(new Finding("low", "style", "main.c:1", "x", ""));
        assertThat(ambiguous.verified()).isFalse();
    }

    @Test
    void aWholeFileFindingIsVerifiedWhenTheFileExistsAndOtherFormsParse() {
        assertThat(check("python/acme/pricing.py").verified()).isTrue();
        assertThat(check("python/acme/pricing.py").location().wholeFile()).isTrue();
        assertThat(check("python/acme/pricing.py (lines 13-20)").location()).isEqualTo(new Location("python/acme/pricing.py", 13, 20));
        assertThat(check("python/acme/pricing.py#L6").location()).isEqualTo(new Location("python/acme/pricing.py", 6, 6));
        assertThat(check("python/acme").problem()).startsWith("not a file");
        assertThat(check("  ").problem()).isEqualTo("no location given");
    }

    @Test
    void theFormatExampleCopiedIsRejectedEvenAtARealLocation() {
        CheckedFinding atExample = checker.check(new Finding("high", "bug", ReviewPlanner.EXAMPLE_LOCATION,
                "Null dereference of the map entry", "Check for null"));
        CheckedFinding placeholders = checker.check(new Finding("high", "bug", INVENTORY + ":3",
                "<what is wrong and what goes wrong because of it>", "<the concrete fix>"));

        assertThat(List.of(atExample, placeholders)).allSatisfy(f -> {
            assertThat(f.verified()).isFalse();
            assertThat(f.problem()).isEqualTo("copied from the format example, not a finding");
        });
        assertThat(check(INVENTORY + ":3").verified()).isTrue();
    }

    @Test
    void aFindingWithoutADescriptionIsNotPassedOn() {
        CheckedFinding f = checker.check(new Finding("high", "bug", INVENTORY + ":3", " ", null));
        assertThat(f.verified()).isFalse();
        assertThat(f.problem()).isEqualTo("no description");
    }

    @Test
    void severitiesAndTypesAreNormalised() {
        assertThat(Severity.parse("Critical")).isEqualTo(Severity.CRITICAL);
        assertThat(Severity.parse("major")).isEqualTo(Severity.HIGH);
        assertThat(Severity.parse("nit")).isEqualTo(Severity.INFO);
        assertThat(Severity.parse("whatever")).isEqualTo(Severity.MEDIUM);
        assertThat(checker.check(new Finding(null, " Security ", INVENTORY + ":3", "x", "")).type()).isEqualTo("security");
    }
}
