package dev.longtask.review.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewIgnoreTest {
    private static CheckedFinding f(String type, String path, int line, String description, String fingerprint) {
        return new CheckedFinding(Severity.MEDIUM, type, new Location(path, line, line), description, "", true, null, 1,
                fingerprint);
    }

    @Test
    void eachRuleSuppressesWhatItNamesAndCountsIt() {
        ReviewIgnore ignore = ReviewIgnore.parse("""
                # judged false
                fingerprint:3F2A9C1B7D4E   # the caller validates the id
                path:src/gen/**            # generated
                rule:style path:legacy/
                rule:magic-number

                """);
        CheckedFinding byPrint = f("bug", "src/a/A.java", 3, "Missing check of the id", "3f2a9c1b7d4e");
        CheckedFinding generated = f("bug", "src/gen/deep/Table.java", 9, "Huge method", "aaaaaaaaaaaa");
        CheckedFinding legacyStyle = f("style", "old/legacy/Page.java", 2, "Field name is not camelCase", "bbbbbbbbbbbb");
        CheckedFinding legacyBug = f("bug", "old/legacy/Page.java", 4, "Off by one in the loop", "cccccccccccc");
        CheckedFinding magic = f("maintainability", "src/a/A.java", 8, "Magic number 86400 for a day", "dddddddddddd");
        CheckedFinding real = f("security", "src/a/A.java", 5, "SQL built by concatenation", "eeeeeeeeeeee");

        ReviewIgnore.Applied applied = ignore.apply(List.of(byPrint, generated, legacyStyle, legacyBug, magic, real));

        assertThat(applied.kept()).containsExactly(legacyBug, real);
        assertThat(applied.suppressed()).extracting(s -> s.finding().location().path() + "@" + s.rule().line())
                .containsExactly("src/a/A.java@2", "src/gen/deep/Table.java@3", "old/legacy/Page.java@4",
                        "src/a/A.java@5");
        assertThat(applied.suppressed().get(0).rule().reason()).isEqualTo("the caller validates the id");
        assertThat(applied.rules()).allSatisfy(r -> assertThat(applied.matched(r)).isEqualTo(1));
        assertThat(applied.problems()).isEmpty();
    }

    @Test
    void aLineNotUnderstoodIsLeftOutAndNamed() {
        ReviewIgnore ignore = ReviewIgnore.parse("src/gen/**\nfingerprint:xyz\npath:\nrule:style\n");
        assertThat(ignore.rules()).singleElement().satisfies(r -> assertThat(r.kind()).isEqualTo("style"));
        assertThat(ignore.problems()).containsExactly(
                ".longtask/review-ignore line 1: 'src/gen/**' is not path:GLOB, rule:NAME or fingerprint:HEX; the line is left out",
                ".longtask/review-ignore line 2: 'xyz' is not a fingerprint (the hexadecimal one the report prints); the line is left out",
                ".longtask/review-ignore line 3: 'path:' is not path:GLOB, rule:NAME or fingerprint:HEX; the line is left out");
    }

    @Test
    void globsMatchAsGitignoreDoes() {
        assertThat(ReviewIgnore.glob("*.gen.py").matcher("python/acme/schema.gen.py").matches()).isTrue();
        assertThat(ReviewIgnore.glob("src/*.java").matcher("src/A.java").matches()).isTrue();
        assertThat(ReviewIgnore.glob("src/*.java").matcher("src/a/A.java").matches()).isFalse();
        assertThat(ReviewIgnore.glob("src/**/A.java").matcher("src/A.java").matches()).isTrue();
        assertThat(ReviewIgnore.glob("src/**/A.java").matcher("src/x/y/A.java").matches()).isTrue();
        assertThat(ReviewIgnore.glob("vendor/").matcher("lib/vendor/x.c").matches()).isTrue();
        assertThat(ReviewIgnore.glob("/vendor/").matcher("lib/vendor/x.c").matches()).isFalse();
        assertThat(ReviewIgnore.glob("/vendor/").matcher("vendor/x.c").matches()).isTrue();
    }
}
