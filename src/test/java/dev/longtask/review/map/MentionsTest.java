package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.review.RepoMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MentionsTest {

    @Test
    void proseAndCodeNameFilesByStemInAnyCaseAndByTheTypesTheyDefine() {
        Mentions m = Mentions.of("""
                # Gin
                Start with `gin.Default()`; routing lives in lib/tree.go. GIN is fast. Every Session keeps cookies;
                sessions are cheap. The index is built once.
                ```go
                r := gin.Default()
                ```
                """);
        assertThat(m.count("gin.go", List.of())).isEqualTo(4);            // Gin, gin, GIN, gin: prose and code
        assertThat(m.count("lib/tree.go", List.of())).isEqualTo(1);       // by path
        assertThat(m.count("other/tree.go", List.of())).isEqualTo(1);     // by file name (and stem)
        assertThat(m.count("requests/sessions.py", List.of())).isEqualTo(2); // Session and sessions meet
        assertThat(m.count("index.go", List.of())).isZero();              // a stem that says nothing
        assertThat(m.count("router.go", List.of("Gin"))).isEqualTo(4);    // by the name of a type it defines
        assertThat(m.boost("context.go", List.of())).isEqualTo(1.0);
        assertThat(m.boost("gin.go", List.of())).isBetween(1.3, 1.4);
    }

    @Test
    void theBoostIsAtMostDouble() {
        Mentions m = Mentions.of("Widget ".repeat(10_000));
        assertThat(m.boost("Widget.java", List.of())).isEqualTo(2.0);
        assertThat(Mentions.of("one Widget").boost("Widget.java", List.of())).isBetween(1.1, 1.2);
    }

    @Test
    void theFileTheReadmeNamesRanksAboveItsTwin(@TempDir Path repo) throws IOException {
        // two files defining one name each, used equally by one caller: only the README tells them apart
        Files.writeString(repo.resolve("alpha.py"), "def alpha_value():\n    return 1\n");
        Files.writeString(repo.resolve("beta.py"), "def beta_value():\n    return 2\n");
        Files.writeString(repo.resolve("main.py"), "from alpha import alpha_value\nfrom beta import beta_value\n"
                + "print(alpha_value() + beta_value())\n");
        RepoMap plain = new RepoMapper(TokenCounter.shared()).map(repo, ScopeOptions.defaults());
        assertThat(plain.file("alpha.py").orElseThrow().rank())
                .isCloseTo(plain.file("beta.py").orElseThrow().rank(), org.assertj.core.data.Offset.offset(1e-9));
        Files.writeString(repo.resolve("README.md"), "Everything starts in beta, as the Beta guide says.\n");
        RepoMap named = new RepoMapper(TokenCounter.shared()).map(repo, ScopeOptions.defaults());
        assertThat(named.file("beta.py").orElseThrow().rank()).isGreaterThan(named.file("alpha.py").orElseThrow().rank());
    }

    @Test
    void theDocumentationCountsButHistoryDoesNot(@TempDir Path repo) throws IOException {
        Files.createDirectories(repo.resolve("docs/guide"));
        Files.writeString(repo.resolve("README.md"), "A library.\n");
        Files.writeString(repo.resolve("docs/guide/start.md"), "Create a Parser, then call the Parser.\n");
        Files.writeString(repo.resolve("CHANGELOG.md"), "Lexer fixed. Lexer faster. Lexer again.\n");
        Mentions m = Mentions.ofProject(repo);
        assertThat(m.count("src/Parser.java", List.of())).isEqualTo(2);
        assertThat(m.count("src/Lexer.java", List.of())).isZero();
    }

    @Test
    void aFileNamedOftenButUsedByNothingStaysBelowTheFilesTheCodeUses(@TempDir Path repo) throws IOException {
        Files.createDirectories(repo.resolve("shop"));
        Files.writeString(repo.resolve("shop/ledger.py"), "class Ledger:\n    def record_entry(self, x):\n        return x\n");
        for (String caller : List.of("orders", "invoices", "refunds")) {
            Files.writeString(repo.resolve("shop/" + caller + ".py"), "from shop.ledger import Ledger\n\n"
                    + "def handle_" + caller + "(x):\n    return Ledger().record_entry(x)\n");
        }
        Files.writeString(repo.resolve("shop/banner.py"), "def show_banner():\n    return 'hi'\n");
        Files.writeString(repo.resolve("README.md"), "The banner! ".repeat(5_000) + "`banner.py` `show_banner()`\n");
        RepoMap map = new RepoMapper(TokenCounter.shared()).map(repo, ScopeOptions.defaults());
        assertThat(map.files().get(0).path()).isEqualTo("shop/ledger.py");
        assertThat(map.file("shop/banner.py").orElseThrow().rank())
                .isLessThan(map.file("shop/ledger.py").orElseThrow().rank() / 2);
    }
}
