package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.support.ui.Select;

/**
 * A run's changes in the dashboard, in a real Chromium over a real server: a task's diff, the files two tasks changed,
 * and a rollback behind a confirmation, refused where the user changed the same lines since and done where not.
 */
class DashboardChangesBrowserTest {
    static Browser browser;

    @TempDir
    Path dir;

    @RegisterExtension
    final AfterTestExecutionCallback screenshot = (ExtensionContext context) -> {
        if (browser != null) {
            browser.keep(context.getRequiredTestMethod().getName(), context.getExecutionException().isPresent());
        }
    };

    @BeforeAll
    static void startBrowser() {
        browser = Browser.start("UTC");
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @AfterEach
    void noConsoleErrors() {
        assertThat(browser.consoleErrors()).as("errors in the browser's console").isEmpty();
    }

    @Test
    void aTasksDiffTheSharedFilesAndARollbackThatIsRefusedThenDone() throws Exception {
        Digest model = new Digest();
        model.digestEditsAlpha = true;
        try (ServerFixture server = ServerFixture.start(dir, model.model, options -> options)) {
            browser.size(1280, 1000);
            String runId = server.submit("Digest the notes", Map.of("concurrency", 1));
            ServerFixture.await("the run to complete", Duration.ofSeconds(90),
                    () -> "completed".equals(server.run(runId).path("status").asText()));
            String home = server.server.url() + "/?access_token=" + server.server.token();

            browser.open(home + "#/runs/" + runId + "/tasks/4");
            String alpha = ".diff-file[data-path='out/summarise-alpha.md']";
            browser.text(alpha + " .d-add", "as the digest has them");
            browser.text(alpha + " .d-del", "^-notes of Summarise alpha$");
            browser.text(".diff-file[data-path='out/write-the-digest.md'] summary", "\\+3 −0 \\(added\\)");
            assertThat(browser.all(".changes button")).as("the task's diff is read-only").isEmpty();

            browser.open(home + "#/runs/" + runId);
            browser.text(".shared li[data-path='out/summarise-alpha.md']", "#2, #4");
            browser.text(".task-changes li[data-task='3']", "out/summarise-beta.md");

            Path digest = server.workspace.resolve("out/write-the-digest.md");
            Files.writeString(digest, "my own digest\n");
            browser.find(".rollback button.danger").click();
            browser.text(".rollback .question", "Undo the changes of the whole run\\?");
            assertThat(Files.readString(digest)).as("nothing happens before the confirmation").isEqualTo("my own digest\n");
            browser.find(".rollback .confirm button.danger").click();
            browser.text(".rollback-result.error .refused li", "out/write-the-digest.md \\(task #4's change; "
                    + "changed since on the same lines by someone outside the run\\)");
            assertThat(Files.readString(digest)).isEqualTo("my own digest\n");
            assertThat(server.workspace.resolve("out/summarise-beta.md")).as("a refusal changes nothing").exists();

            // the refusal makes the panel read the changes again, which replaces the select's options (the choice
            // stays): an option found before that is stale, so choose until the choice holds
            browser.until("task #3 chosen as the scope", d -> {
                new Select(browser.find("#rollback-scope")).selectByVisibleText("task #3 only");
                return "task:3".equals(browser.find("#rollback-scope").getDomProperty("value")) ? true : null;
            });
            browser.find(".rollback button.danger").click();
            browser.find(".rollback .confirm button.danger").click();
            browser.text(".rollback-result.ok", "1 file put back: out/summarise-beta.md");
            browser.text(".rollback-result.ok code", "git --git-dir .longtask/shadow show \\w+:PATH");
            assertThat(server.workspace.resolve("out/summarise-beta.md")).doesNotExist();
            assertThat(Files.readString(digest)).isEqualTo("my own digest\n");
            browser.until("task #3 to leave the list", d -> browser.all(".task-changes li[data-task='3']").isEmpty()
                    ? true : null);
            browser.expectConsoleError("409");
        }
    }
}
