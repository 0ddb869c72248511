package dev.longtask.review.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.Pricing;
import dev.longtask.review.ReviewFixture;
import dev.longtask.review.plan.Chunker;
import dev.longtask.review.plan.ReviewFocus;
import dev.longtask.review.plan.ReviewManifest;
import dev.longtask.review.plan.ReviewPlanner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IssuesFileTest {
    @TempDir
    Path tmp;

    private static IssuesFile.Content parse(String text) {
        return IssuesFile.parse(text, "work/c1-issues.json");
    }

    @Test
    void theFormatOfTheInstructionIsReadWhole() {
        IssuesFile.Content c = parse("""
                {"chunk": "chunk-001", "score": 85, "summary": "  Pricing; sound.  ",
                 "issues": [{"severity": "high", "type": "bug", "location": "a/b.py:3-4",
                             "description": "d", "suggestion": "s"}]}
                """);
        assertThat(c.usable()).isTrue();
        assertThat(c.score()).isEqualTo(85);
        assertThat(c.summary()).isEqualTo("Pricing; sound.");
        assertThat(c.findings()).containsExactly(new Finding("high", "bug", "a/b.py:3-4", "d", "s"));
    }

    @Test
    void harmlessHabitsOfModelsAreForgiven() {
        assertThat(parse("```json\n{\"issues\": [], \"score\": 100}\n```\n").score()).isEqualTo(100);
        assertThat(parse("{\"issues\": [], \"score\": \"72\"}").score()).isEqualTo(72);
        assertThat(parse("{\"issues\": [], \"score\": \"<an integer from 0 to 100>\"}").score()).isNull();
        assertThat(parse("[{\"severity\": \"low\", \"location\": \"x.go:1\", \"description\": \"d\"}]").findings())
                .extracting(Finding::location).containsExactly("x.go:1");
        assertThat(parse("{\"issues\": [{\"file\": \"x.c\", \"line\": 12, \"end_line\": 14, \"description\": \"d\"},"
                + " {\"path\": \"y.c\", \"description\": \"e\"}]}").findings())
                .extracting(Finding::location).containsExactly("x.c:12-14", "y.c");
        assertThat(parse("{\"issues\": [], \"score\": 140}").score()).as("out of range").isNull();
        assertThat(parse("{\"issues\": [], \"score\": \"good\"}").score()).isNull();
    }

    @Test
    void anIssueThatIsNotAnObjectIsKeptAndCheckedAsUnverified() throws Exception {
        IssuesFile.Content c = parse("{\"issues\": [\"SQL injection somewhere in db.py\", 42,"
                + " {\"severity\": \"high\", \"description\": \"no location\"}]}");
        assertThat(c.findings()).hasSize(3);
        List<CheckedFinding> checked = new FindingChecker(ReviewFixture.source(), List.of()).checkAll(c.findings());
        assertThat(checked).allSatisfy(f -> {
            assertThat(f.verified()).isFalse();
            assertThat(f.problem()).isEqualTo("no location given");
        });
        assertThat(checked.get(0).description()).isEqualTo("SQL injection somewhere in db.py");
    }

    @Test
    void whatCannotBeUsedSaysWhyAndWhere() throws Exception {
        assertThat(parse("{\"issues\": [ {\"severity\": ").problem())
                .startsWith("its issues file work/c1-issues.json is not valid JSON at line 1, column");
        assertThat(parse("{\n  \"issues\": [,]\n}").problem()).contains("at line 2, column");
        assertThat(parse("{\"score\": 80}").problem()).isEqualTo("its issues file work/c1-issues.json has no \"issues\" list");
        assertThat(parse("\"fine\"").problem()).contains("holds a JSON string, not an object with \"issues\"");
        assertThat(parse("   ").problem()).isEqualTo("its issues file work/c1-issues.json is empty");
        assertThat(IssuesFile.read(tmp.resolve("missing.json"), "work/missing.json").problem())
                .isEqualTo("its issues file work/missing.json does not exist");
        Path binary = Files.write(tmp.resolve("bin.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0x00});
        assertThat(IssuesFile.read(binary, "bin.json").problem()).isEqualTo("its issues file bin.json is not UTF-8 text");
        Path good = Files.writeString(tmp.resolve("ok.json"), "{\"issues\": []}", StandardCharsets.UTF_8);
        assertThat(IssuesFile.read(good, "ok.json").usable()).isTrue();
    }

    @Test
    void theFormatExampleCopiedAsItStandsGivesNoScoreAndNoVerifiedFinding() throws Exception {
        ReviewManifest manifest = ReviewManifest.of(new Chunker(600).chunk(ReviewFixture.map()), ".longtask/runs/r1",
                ReviewFocus.parse("security,performance"), false);
        String instruction = new ReviewPlanner("").plan(manifest).tasks().get(1).instruction();
        String example = instruction.substring(instruction.indexOf("{\n"), instruction.indexOf("\n}\n") + 2);

        IssuesFile.Content copied = IssuesFile.parse(example, "issues.json");

        assertThat(copied.usable()).isTrue();
        assertThat(copied.score()).isNull();
        Path repo = ReviewFixture.copyTo(tmp.resolve("repo"));
        assertThat(new FindingChecker(repo, List.of()).checkAll(copied.findings())).singleElement()
                .satisfies(f -> assertThat(f.verified()).isFalse());
        for (ReviewManifest.Item item : manifest.chunks()) {
            item.chunk().parts().forEach(p -> assertThat(example).doesNotContain(p.path()));
        }
    }

}
