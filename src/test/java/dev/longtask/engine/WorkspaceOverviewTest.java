package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.review.map.PlannerMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's view of the workspace is its shape within a budget: the README and the build file always, the
 * directories with their counts, then the ranked map of the source; on this repository and on a big generated tree.
 */
class WorkspaceOverviewTest {
    private static final TokenCounter TOKENS = TokenCounter.shared();
    private final WorkspaceOverview overview = new WorkspaceOverview(TOKENS, new PlannerMap(TOKENS));

    @Test
    void thisRepositoryShowsItsReadmeBuildFileDocsAndTheMostReferencedSource() throws IOException {
        Path repository = Path.of("").toAbsolutePath();
        int budget = WorkspaceOverview.budgetFor(200_000);

        String text = overview.of(repository, budget);

        assertThat(TOKENS.count(text)).isLessThanOrEqualTo(budget);
        assertThat(text).startsWith("Top-level files");
        assertThat(text.indexOf("README.md (")).isLessThan(text.indexOf("pom.xml ("));
        assertThat(text.indexOf("pom.xml (")).isLessThan(text.indexOf("Directories"));
        assertThat(text).doesNotContain(".git (");
        assertThat(text).containsPattern("(?m)^docs/  \\d+ files: \\.md")
                .containsPattern("(?m)^src/main/java/dev/longtask/cli/  [\\d,]+ files: \\.java")
                .contains("# Repository map: ").contains("src/main/java/dev/longtask/");
        assertThat(text).as("a directory holding only one other is left to its child's line")
                .doesNotContain("src/main/java/dev/  ");
        assertThat(text.indexOf("# Repository map")).isGreaterThan(text.indexOf("Directories"));
    }

    @Test
    void aTwentyThousandFileTreeFitsItsBudgetWithTheReadmeAndBuildFile(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("README.md"), "# Big\nA generated tree.\n");
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        for (int i = 0; i < 40; i++) {
            Files.writeString(root.resolve("note" + i + ".txt"), "n\n");
        }
        for (int module = 0; module < 20; module++) {
            for (int pkg = 0; pkg < 25; pkg++) {
                Path dir = Files.createDirectories(root.resolve("module" + module + "/src/pkg" + pkg));
                for (int file = 0; file < 40; file++) {
                    Files.writeString(dir.resolve("C" + file + ".java"), "package pkg" + pkg + ";\nclass C" + file
                            + " { C" + ((file + 1) % 40) + " next; }\n");
                }
            }
        }
        for (int budget : new int[] {WorkspaceOverview.budgetFor(200_000), WorkspaceOverview.budgetFor(8_000)}) {
            String text = overview.of(root, budget);

            assertThat(TOKENS.count(text)).isLessThanOrEqualTo(budget);
            assertThat(text).startsWith("Top-level files").contains("README.md (", "pom.xml (")
                    .contains("(20,042 files in all;");
            assertThat(text).containsPattern("(?m)^module\\d+/src/  1,000 files: \\.java 1,000$")
                    .contains("(no map of the source: 20,000 source files is more than the 4,000 the planner maps)");
        }
    }

    @Test
    void aWorkspaceWithoutTopLevelFilesStartsWithItsDirectories(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("notes"));
        Files.writeString(root.resolve("notes/a.md"), "a\n");

        assertThat(overview.of(root, 1_000)).isEqualTo("Directories (files under each, counting subdirectories, by"
                + " extension):\nnotes/  1 file: .md 1\n(1 file in all; use ls and glob for more)\n");
    }

    @Test
    void anEmptyWorkspaceSaysSo(@TempDir Path root) {
        assertThat(overview.of(root, 1_000)).isEqualTo("(the workspace has no files yet)\n");
    }
}
