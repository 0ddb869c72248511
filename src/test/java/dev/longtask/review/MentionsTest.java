package dev.longtask.review;

import dev.longtask.llm.TokenCounter;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MentionsTest {

    @Test
    void theReadmesCodeAndPathsNameFilesAndIdentifiers() {
        Mentions m = Mentions.of("""
                # Gin
                Start with `gin.Default()`; routing lives in lib/tree.go.
                ```go
                r := gin.Default()
                r.GET("/ping", handler)
                index := 1
                ```
                """);
        assertThat(m.identifiers()).contains("gin", "Default", "GET", "handler");
        assertThat(m.names("gin.go")).isTrue();           // the stem of gin.Default()
        assertThat(m.names("lib/tree.go")).isTrue();      // by path
        assertThat(m.names("other/tree.go")).isTrue();    // by file name
        assertThat(m.names("index.go")).isFalse();        // a stem that says nothing
        assertThat(m.names("context.go")).isFalse();
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
        Files.writeString(repo.resolve("README.md"), "Everything starts in `beta.py`.\n");
        RepoMap named = new RepoMapper(TokenCounter.shared()).map(repo, ScopeOptions.defaults());
        assertThat(named.file("beta.py").orElseThrow().rank()).isGreaterThan(named.file("alpha.py").orElseThrow().rank());
    }
}
