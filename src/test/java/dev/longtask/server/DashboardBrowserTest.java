package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The dashboard in a real Chromium over a real server and the scripted {@link Digest} model: a run submitted from
 * the form, a transcript followed live, pause and resume, the API's refusals beside the fields, the server going
 * away and coming back, both window widths, the keyboard, local times. Each test ends with a screenshot in
 * {@code target/dashboard/} (kept when it fails) and with no console error it did not provoke on purpose.
 */
class DashboardBrowserTest {
    /** Kathmandu is UTC+05:45: a time shown in it cannot be UTC or a whole-hour zone by accident. */
    static final String ZONE = "Asia/Kathmandu";
    static Browser browser;

    @TempDir
    Path dir;
    Digest model;
    ServerFixture server;

    @RegisterExtension
    final AfterTestExecutionCallback screenshot = (ExtensionContext context) -> {
        if (browser != null) {
            browser.keep(context.getRequiredTestMethod().getName(), context.getExecutionException().isPresent());
        }
    };

    @BeforeAll
    static void startBrowser() {
        browser = Browser.start(ZONE);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void startServer() {
        model = new Digest();
        server = ServerFixture.start(dir, model.model, options -> options);
        browser.size(1280, 1000);
    }

    @AfterEach
    void stop(TestInfo test) {
        model.releaseAll();
        browser.open("about:blank");
        server.close();
    }

    @AfterEach
    void noConsoleErrors() {
        assertThat(browser.consoleErrors()).as("errors in the browser's console").isEmpty();
    }

    private String address(String hash) {
        return server.server.url() + "/?access_token=" + server.server.token() + hash;
    }

    @Test
    void aRunSubmittedFromTheFormAppearsProgressesLiveAndShowsItsReport() {
        model.hold(Digest.ALPHA, 2);
        model.hold(Digest.BETA, 2);
        browser.open(address(""));
        browser.text(".empty h3", "No runs yet");
        assertThat(browser.find("details.new-run").getAttribute("open")).as("the form opens on an empty server")
                .isNotNull();
        browser.screenshot("empty-state");
        browser.mark();

        browser.find("#f-goal").sendKeys("Digest the notes in src/");
        browser.find("#f-workdir").sendKeys(server.workspace.toString());
        WebElement priority = browser.find("#f-priority");
        priority.clear();
        priority.sendKeys("3");
        browser.find("#f-budgets-max_cost_usd").sendKeys("2.5");
        browser.find(".new-run button[type=submit]").click();

        WebElement status = browser.text(".form-status.ok", "Submitted");
        String runId = status.findElement(By.tagName("a")).getText();
        String row = "tr[data-run='" + runId + "']";
        browser.text(row + " .goal", "Digest the notes in src/");
        browser.text(row + " td[data-label=Tasks]", "1 of 4 done");
        browser.text(row + " td[data-label=Progress]", "25%");
        browser.text(row + " td[data-label=Queue]", "priority 3");
        browser.text(row + " td[data-label='Budget used']", "of \\$2\\.50");
        browser.keep("runs-page-while-it-runs");

        model.release(Digest.ALPHA, 2);
        model.release(Digest.BETA, 2);
        browser.text(row + " .badge", "^completed$");
        browser.text(row + " td[data-label=Progress]", "100%");
        browser.text(row + " td[data-label=Tasks]", "4 of 4 done");
        assertThat(browser.read(row + " td[data-label=Tokens]")).matches("[\\d.,]+K? tokens");
        assertThat(browser.read(row + " td[data-label=Cost]")).matches("\\$\\d+\\.\\d{2,4}");
        assertThat(browser.stillMarked()).as("the list changed without a reload").isTrue();

        browser.find(row + " a.goal").click();
        browser.text("#report .markdown", "Digest of the notes");
        // the ended run's estimate beside what it used, the ratio written as the terminal writes it (never "0.0x")
        browser.text(".stats", "actual (\\d+(\\.\\d{1,2})?|under 0\\.01)x the tokens");
        assertThat(browser.read(".stats")).doesNotContain("actual 0.0x");
        assertThat(browser.read("#report .markdown table")).contains("alpha.txt", "beta.txt");
        assertThat(browser.read("#report .markdown")).contains("<script>alert('not run')</script>");
        assertThat(browser.all("#report script")).as("raw HTML is escaped").isEmpty();
        assertThat(browser.find("#report").getAttribute("open")).isNotNull();
        browser.text(".graph .node.t-completed .state", "#4");
        assertThat(browser.all(".graph .node.critical")).hasSizeGreaterThanOrEqualTo(3);
        browser.text(".feed-state", "has ended \\(completed\\)");
        browser.text(".feed .ev[data-type='report.written'] .text", "report written: Digest of the notes");
        browser.text(".feed .ev[data-type='task.completed'] .task-ref", "#4");
    }

    @Test
    void anInvalidFormShowsTheApiMessageBesideTheField() {
        browser.open(address(""));
        browser.text(".empty h3", "No runs yet");
        assertThat(browser.find("details.new-run").getAttribute("open")).isNotNull();
        browser.find("#f-goal").sendKeys("Digest the notes");
        browser.find("#f-workdir").sendKeys("/no/such/dir");
        browser.expectConsoleError("status of 400");
        browser.find(".new-run button[type=submit]").click();
        String apiSays = refusal(Map.of("goal", "Digest the notes", "workdir", "/no/such/dir"));
        assertThat(browser.text("#f-workdir-error", ".").getText()).isEqualTo(apiSays);
        assertThat(browser.find("#f-workdir").getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(browser.script("return document.activeElement.id")).isEqualTo("f-workdir");

        WebElement workdir = browser.find("#f-workdir");
        workdir.clear();
        workdir.sendKeys(server.workspace.toString());
        WebElement priority = browser.find("#f-priority");
        priority.clear();
        priority.sendKeys("5000");
        browser.expectConsoleError("status of 400");
        browser.find(".new-run button[type=submit]").click();
        apiSays = refusal(Map.of("goal", "Digest the notes", "workdir", server.workspace.toString(), "priority", 5000));
        assertThat(browser.text("#f-priority-error", ".").getText()).isEqualTo(apiSays);
        assertThat(browser.find("#f-workdir-error").isDisplayed()).as("the old message is gone").isFalse();
        browser.screenshot("form-error");
    }

    @Test
    void aTasksTranscriptOpensWhileItRunsAndKeepsGrowing() {
        model.hold(Digest.SURVEY, 2);
        model.hold(Digest.SURVEY, 3);
        String runId = server.submit("Digest the notes", Map.of());
        ServerFixture.await("task 1 to have read its file", Duration.ofSeconds(60), () -> transcriptSize(runId, 1) >= 5);

        browser.open(address("#/runs/" + runId + "/tasks/1"));
        browser.text("h1", "#1 Survey the notes");
        browser.text(".meta .badge", "^running$");
        browser.text(".instruction", "Do: Survey the notes");
        browser.text(".contract", "out/survey-the-notes.md");
        browser.text(".contract", "the output exists");
        browser.text(".e-result .text, .e-result pre", "alpha");
        int before = browser.all(".transcript .entry").size();
        assertThat(before).isGreaterThanOrEqualTo(5);
        browser.text(".follow", "new entries appear as they are written");
        browser.mark();

        model.release(Digest.SURVEY, 2);
        browser.until("the transcript to grow while the task runs",
                d -> browser.all(".transcript .entry").size() > before);
        browser.text(".e-call .tool", "^write$");
        browser.text(".e-call .args", "out/survey-the-notes.md");
        browser.text(".e-call .args pre", "^# Survey the notes\n\nnotes of Survey the notes");
        assertThat(browser.read(".meta .badge")).as("still held at its last step").isEqualTo("running");
        browser.screenshotPage("task-transcript");

        model.release(Digest.SURVEY, 3);
        browser.text(".e-outcome", "success");
        browser.text(".meta .badge", "^completed$");
        browser.text(".follow", "End of the transcript");
        assertThat(browser.stillMarked()).as("it grew without a reload").isTrue();
        assertThat(browser.all(".transcript .entry")).hasSize(transcriptSize(runId, 1));
    }

    @Test
    void aLongTranscriptComesAHundredEntriesAtATime() {
        model.surveySearches = 40;
        String runId = server.submit("Digest the notes", Map.of());
        ServerFixture.await("the run to complete", Duration.ofSeconds(90),
                () -> "completed".equals(server.run(runId).path("status").asText()));
        int entries = transcriptSize(runId, 1);
        assertThat(entries).isGreaterThan(100);

        browser.open(address("#/runs/" + runId + "/tasks/1"));
        browser.text(".transcript-count", "^100 entries so far$");
        assertThat(browser.all(".transcript .entry")).hasSize(100);
        browser.text(".e-call .tool", "^grep$");
        browser.find(".task-page .actions button").click();
        browser.text(".transcript-count", "^" + entries + " entries$");
        assertThat(browser.all(".transcript .entry")).hasSize(entries);
        assertThat(browser.find(".task-page .actions button").isDisplayed()).as("nothing more to load").isFalse();
        browser.text(".e-outcome", "success");
        browser.text(".follow", "End of the transcript");
    }

    @Test
    void anApprovalAskedByAnAskRunIsAnsweredFromThePageAndTheRunGoesOn() {
        String runId = server.submit("Digest the notes", Map.of("foreground", true, "approval", "ask",
                "concurrency", 1));
        browser.open(address("#/runs/" + runId));
        browser.text(".meta .badge", "^(planning|running)$");
        browser.mark();

        String first = ".approval[data-number='1']";
        browser.text(".approvals h2", "^Waiting for your approval \\(1\\)$");
        browser.text(first + " .tool", "^write$");
        browser.text(first + " h3 a", "^task #1$");
        browser.text(first + " .agent", "general");
        browser.text(first + " .preview", "out/survey-the-notes\\.md");
        browser.text(first + " .preview", "notes of Survey the notes");
        JsonNode asked = approval(runId + ":1");
        assertThat(asked.path("state").asText()).isEqualTo("waiting");
        assertThat(browser.read(first + " .why")).isEqualTo(asked.path("question").path("why").asText()).isNotBlank();
        assertThat(browser.read(first + " .always")).isEqualTo(asked.path("question").path("always").asText())
                .isNotBlank();
        assertThat(server.run(runId).path("status").asText()).as("the run waits for the answer").isEqualTo("running");
        browser.screenshot("approval");
        browser.size(400, 900);
        assertThat(browser.overflowsHorizontally()).as("a question at 400 px").isFalse();
        browser.keep("approval-narrow");
        browser.size(1280, 1000);
        browser.find(".crumbs a[href='#/']").click();
        browser.text("tr[data-run='" + runId + "'] a.waiting", "^1 approval waits$").click();
        browser.text(first + " .tool", "^write$");

        browser.expectConsoleError("status of 400");
        browser.find(first + " button.danger").click();
        String apiSays = approvalRefusal(runId + ":1", Map.of("decision", "deny", "by", "dashboard"));
        assertThat(browser.text(first + " .field-error", ".").getText()).isEqualTo(apiSays);
        assertThat(browser.script("return document.activeElement.name")).isEqualTo("reason");
        assertThat(approval(runId + ":1").path("state").asText()).as("a refused answer answers nothing")
                .isEqualTo("waiting");

        watchInFlight(".approvals", "Allowing…");
        browser.find(first + " button.primary").click();
        browser.text(first + " .action-result.ok", "Allowed once: the call runs and the run goes on");
        browser.text(first + " .answer", "^allow once by dashboard$");
        assertThat(inFlightSeen()).as("the buttons were disabled while the answer was in flight").isTrue();
        assertThat(approval(runId + ":1").path("answer").path("by").asText()).isEqualTo("dashboard");

        // the next write asks in turn; it comes without a reload, and an answer given elsewhere shows up too
        String second = ".approval[data-number='2']";
        browser.text(second + " .tool", "^write$");
        browser.text(".approvals h2", "^Waiting for your approval \\(1\\)$");
        HttpResponse<String> elsewhere = server.post("/api/approvals/" + runId + ":2",
                "{\"decision\":\"allow_once\",\"by\":\"terminal\"}");
        assertThat(elsewhere.statusCode()).isEqualTo(200);
        browser.text(second + " .answer", "^allow once by terminal$");

        // "allow always" adds the question's rule: the last write of the run asks nobody
        String third = ".approval[data-number='3']";
        browser.text(third + " .tool", "^write$");
        String rule = browser.read(third + " .always");
        watchInFlight(".approvals", "Allowing…");
        browser.find(third + " .approval-actions button:nth-child(2)").click();
        browser.text(third + " .action-result.ok", "Allowed for the rest of the run");
        browser.text(third + " .answer", "^allow always by dashboard$");
        assertThat(inFlightSeen()).isTrue();
        browser.text(".meta .badge", "^completed$");
        browser.text("#report .markdown", "Digest of the notes");
        assertThat(browser.stillMarked()).as("questions came and went without a reload").isTrue();
        browser.text(".approvals h2", "^Approvals answered$");
        JsonNode all = server.json(server.get("/api/runs/" + runId + "/approvals")).path("approvals");
        assertThat(all.findValuesAsText("decision")).as("the fourth write ran under the rule " + rule)
                .containsExactly("allow_once", "allow_once", "allow_always");
        assertThat(all.findValuesAsText("by")).containsExactly("dashboard", "terminal", "dashboard");
        assertThat(server.json(server.get("/api/approvals?run=" + runId)).path("approvals")).as("none waits").isEmpty();
    }

    @Test
    void pauseAndResumeFromThePage() {
        model.hold(Digest.SURVEY, 2);
        String runId = server.submit("Digest the notes", Map.of());
        browser.open(address("#/runs/" + runId));
        browser.text(".meta .badge", "^running$");
        browser.text(".graph .node.t-in_progress .state", "#1");
        browser.mark();
        watchInFlight("Pause");

        browser.find(".controls button:not(.danger)").click();
        browser.text(".action-result.ok", "Pause");
        browser.text(".meta .badge", "^paused$");
        assertThat(inFlightSeen()).as("the button was disabled while its request was in flight").isTrue();
        assertThat(browser.find(".controls .buttons button:nth-child(1)").isEnabled()).as("pause").isFalse();
        WebElement resume = browser.until("resume to be enabled", d -> {
            WebElement b = d.findElement(By.cssSelector(".controls .buttons button:nth-child(2)"));
            return b.isEnabled() ? b : null;
        });
        assertThat(server.run(runId).path("status").asText()).isEqualTo("paused");

        model.release(Digest.SURVEY, 2);
        watchInFlight("Resume");
        resume.click();
        browser.text(".action-result.ok", "Resumed");
        assertThat(inFlightSeen()).isTrue();
        browser.text(".meta .badge", "^completed$");
        browser.text("#report .markdown", "Digest of the notes");
        assertThat(browser.stillMarked()).isTrue();
        assertThat(server.json(server.get("/api/runs/" + runId + "/events?types=run.status&limit=100"))
                .path("events").findValuesAsText("reason")).anyMatch(r -> r.contains("paused by the API"));
    }

    @Test
    void aFailedTaskIsRetriedFromItsPageAfterAConfirmation() {
        server.close();
        server = ServerFixture.start(dir.resolve("retries"), model.model, o -> o.withRetries(0, Duration.ZERO));
        model.failOnce(Digest.BETA);
        String runId = server.submit("Digest the notes", Map.of("concurrency", 1));
        ServerFixture.await("the run to fail and the pool to be done with it", Duration.ofSeconds(60), () ->
                "failed".equals(server.run(runId).path("status").asText())
                        && "done".equals(server.run(runId).path("pool").path("state").asText()));
        browser.open(address("#/runs/" + runId + "/tasks/1"));
        browser.text(".meta .badge", "^completed$");
        assertThat(browser.find(".task-controls").isDisplayed()).as("no retry for a completed task").isFalse();

        browser.open(address("#/runs/" + runId + "/tasks/3"));
        browser.text(".meta .badge", "^failed$");
        browser.find(".task-controls button.retry").click();
        browser.text(".task-controls .confirm", "Run task #3 again");
        assertThat(server.run(runId).path("status").asText()).as("nothing happens before the confirmation")
                .isEqualTo("failed");
        browser.find(".task-controls .confirm button:not(.yes)").click();
        assertThat(browser.find(".task-controls button.retry").isDisplayed()).as("kept as it is").isTrue();
        assertThat(server.run(runId).path("status").asText()).isEqualTo("failed");

        browser.find(".task-controls button.retry").click();
        browser.find(".task-controls .confirm button.yes").click();
        browser.text(".task-controls .action-result.ok", "Retrying tasks? #3");
        browser.text(".meta .badge", "^completed$");
        ServerFixture.await("the retried run to complete", Duration.ofSeconds(60),
                () -> "completed".equals(server.run(runId).path("status").asText()));
        assertThat(browser.find(".task-controls button.retry").isEnabled()).as("a completed task: no retry")
                .isFalse();

        HttpResponse<String> again = server.post("/api/runs/" + runId + "/tasks/3/retry", "");
        assertThat(again.statusCode()).as("the server refuses a completed task: " + again.body()).isEqualTo(409);
    }

    @Test
    void viewingARunChangesNothingInIt() throws Exception {
        String alone = server.submit("Digest the notes", Map.of("concurrency", 1));
        ServerFixture.await("the run nobody watched to complete", Duration.ofSeconds(60),
                () -> "completed".equals(server.run(alone).path("status").asText()));

        model.hold(Digest.SURVEY, 2);
        String watched = server.submit("Digest the notes", Map.of("concurrency", 1));
        browser.open(address("#/runs/" + watched));
        browser.text(".graph .node.t-in_progress .state", "#1");
        browser.open(address("#/runs/" + watched + "/tasks/1"));
        browser.text(".e-result pre", "alpha");
        model.release(Digest.SURVEY, 2);
        browser.text(".meta .badge", "^completed$");
        browser.find(".crumbs .run-link").click();
        browser.text(".meta .badge", "^completed$");
        browser.text("#report .markdown", "Digest of the notes");

        assertThat(normalised(watched)).as("the watched run's log, but for times, ids and durations")
                .isEqualTo(normalised(alone));

        Map<String, String> before = contents(RunFiles.directory(server.workspace, watched));
        for (int task = 1; task <= 4; task++) {
            browser.open(address("#/runs/" + watched + "/tasks/" + task));
            browser.text(".e-outcome", "success");
        }
        browser.open(address("#/runs/" + watched));
        browser.text("#report .markdown", "Digest of the notes");
        browser.find("#note-findings summary").click();
        browser.text("#note-findings .markdown", "finding of Write the digest");
        assertThat(contents(RunFiles.directory(server.workspace, watched))).as("every file of the run, byte for byte")
                .isEqualTo(before);
    }

    /** The run's events as type, task and data, without what differs between two runs of the same script. */
    private List<String> normalised(String runId) throws java.io.IOException {
        List<String> events = new java.util.ArrayList<>();
        for (String line : java.nio.file.Files.readAllLines(RunFiles.directory(server.workspace, runId)
                .resolve("events.jsonl"))) {
            JsonNode event = ServerFixture.JSON.readTree(line);
            JsonNode data = event.path("data").deepCopy();
            strip(data);
            if ("task.changes".equals(event.path("type").asText())) {
                // the second run writes what the first already wrote: the same files, no change to them
                ((com.fasterxml.jackson.databind.node.ObjectNode) data).remove("files");
            }
            events.add(event.path("type").asText() + " " + event.path("task").asText() + " "
                    + data.toString().replace(runId, "RUN").replaceAll("\\d+(\\.\\d+)?(ms|s)\\b", "N"));
        }
        return events;
    }

    private static void strip(JsonNode node) {
        if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
            // and the estimate: the second run of the workspace learns it from the first
            object.remove(List.of("time", "duration_ms", "duration_s", "pid", "owner", "wait_ms", "run_id",
                    "estimate"));
            object.forEach(DashboardBrowserTest::strip);
        } else if (node.isArray()) {
            node.forEach(DashboardBrowserTest::strip);
        }
    }

    private static Map<String, String> contents(Path directory) throws java.io.IOException {
        Map<String, String> digests = new java.util.TreeMap<>();
        try (var files = java.nio.file.Files.walk(directory)) {
            for (Path file : files.filter(java.nio.file.Files::isRegularFile).toList()) {
                byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                        .digest(java.nio.file.Files.readAllBytes(file));
                digests.put(directory.relativize(file).toString(), java.util.HexFormat.of().formatHex(digest));
            }
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return digests;
    }

    @Test
    void whenTheServerGoesAwayThePageSaysSoAndPicksUpByItselfWhenItIsBack() {
        String done = server.submit("Digest the notes", Map.of());
        ServerFixture.await("the run to complete", Duration.ofSeconds(60),
                () -> "completed".equals(server.run(done).path("status").asText()));
        browser.open(address(""));
        browser.text("tr[data-run='" + done + "'] .badge", "^completed$");
        browser.mark();

        int port = server.server.port();
        browser.expectConsoleError("ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket");
        server.close();
        WebElement banner = browser.until("the banner", d -> {
            WebElement b = d.findElement(By.id("banner"));
            return b.isDisplayed() ? b : null;
        });
        assertThat(banner.getText()).contains("The server cannot be reached", "Trying again");
        browser.screenshot("server-away");

        server = ServerFixture.start(dir, model.model, options -> options.withPort(port));
        browser.until("the banner to go", d -> !d.findElement(By.id("banner")).isDisplayed());
        String later = server.submit("Digest the notes again", Map.of());
        browser.text("tr[data-run='" + later + "'] .badge", "^completed$");
        assertThat(browser.stillMarked()).as("it reconnected without a reload").isTrue();
        browser.expectConsoleError("ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket");
    }

    @Test
    void usableAtBothWidthsByKeyboardWithTimesInTheBrowsersZoneAndNumbersWithUnits() {
        String finished = server.submit("Digest the notes", Map.of());
        ServerFixture.await("the first run to complete", Duration.ofSeconds(60),
                () -> "completed".equals(server.run(finished).path("status").asText()));
        model.hold(Digest.ALPHA, 2);
        String held = server.submit("Digest the notes again, with a budget", Map.of("priority", 5,
                "budgets", Map.of("max_cost_usd", 0.5, "max_time", "30m")));
        ServerFixture.await("the second run to stand at two of four", Duration.ofSeconds(60),
                () -> server.run(held).path("tasks").path("completed").asInt() == 2);

        browser.open(address(""));
        String finishedRow = "tr[data-run='" + finished + "']";
        String heldRow = "tr[data-run='" + held + "']";
        browser.text(heldRow + " td[data-label=Tasks]", "2 of 4 done");
        browser.text(".page-head .hint", "Times in Asia/Kath?mandu");
        Instant updated = Instant.parse(server.run(finished).path("updated").asText());
        assertThat(spaces(browser.read(finishedRow + " td[data-label=Updated]")))
                .isEqualTo(localTime(updated));
        assertThat(browser.read(heldRow + " td[data-label=Tokens]")).matches("[\\d.,]+K? tokens");
        assertThat(browser.read(heldRow + " td[data-label=Cost]")).matches("\\$\\d+\\.\\d{2,4}");
        assertThat(browser.read(heldRow + " td[data-label=Progress]")).matches("50%");
        assertThat(browser.read(heldRow + " td[data-label='Budget used']"))
                .matches("\\d+% \\(\\$[\\d.]+ of \\$0\\.50\\)");
        assertThat(browser.read(heldRow + " td[data-label=ETA]")).matches("—|\\d+ (s|min \\d+ s|h \\d+ min)");
        assertThat(browser.overflowsHorizontally()).as("the runs page at 1280 px").isFalse();
        browser.screenshotPage("dashboard-runs");

        List<String> reached = tabUntil("a.goal[href='#/runs/" + held + "']");
        assertThat(reached).anyMatch(e -> e.startsWith("button.chip")).anyMatch(e -> e.startsWith("summary"));
        browser.driver.switchTo().activeElement().sendKeys(Keys.ENTER);
        browser.text(".meta .badge", "^running$");
        browser.text(".graph .node.t-in_progress .state", "#2");
        browser.text(".stats", "(?i)budget used");
        assertThat(spaces(browser.read(".stats"))).containsPattern("\\d+ tokens").containsPattern("\\$0\\.\\d+")
                .containsPattern("\\d+%");
        assertThat(browser.overflowsHorizontally()).as("the run page at 1280 px").isFalse();
        browser.screenshotPage("dashboard-run");

        reached = tabUntil("a.node");
        assertThat(reached).as("the controls come before the graph").anyMatch(e -> e.startsWith("button") && e.endsWith("Pause"));
        browser.driver.switchTo().activeElement().sendKeys(Keys.ENTER);
        browser.text(".task-page h1", "#\\d ");
        browser.driver.navigate().back();
        browser.text(".meta .badge", "^running$");
        tabUntil("button:not(.danger):not(.chip)");
        assertThat(browser.driver.switchTo().activeElement().getText()).isEqualTo("Pause");

        browser.size(400, 900);
        assertThat(browser.overflowsHorizontally()).as("the run page at 400 px").isFalse();
        browser.screenshotPage("dashboard-run-narrow");
        browser.open(address("#/runs/" + held + "/tasks/2"));
        browser.text(".e-result pre", "alpha");
        assertThat(browser.overflowsHorizontally()).as("the task page at 400 px").isFalse();
        browser.open(address(""));
        browser.text(heldRow + " td[data-label=Tasks]", "2 of 4 done");
        assertThat(browser.overflowsHorizontally()).as("the runs page at 400 px").isFalse();
        assertThat(browser.find(heldRow + " td[data-label=Progress]").isDisplayed()).isTrue();
        browser.screenshotPage("dashboard-runs-narrow");
    }

    /** Presses Tab until the focused element matches {@code css}; returns what got the focus on the way. */
    private List<String> tabUntil(String css) {
        List<String> reached = new java.util.ArrayList<>();
        for (int i = 0; i < 80; i++) {
            browser.driver.switchTo().activeElement().sendKeys(Keys.TAB);
            String focused = (String) browser.script("""
                    const e = document.activeElement;
                    return e.tagName.toLowerCase() + (e.classList.length ? '.' + [...e.classList].join('.') : '')
                      + ' ' + (e.textContent || '').trim().slice(0, 40);""");
            reached.add(focused);
            if (Boolean.TRUE.equals(browser.script("return document.activeElement.matches(arguments[0])", css))) {
                return reached;
            }
        }
        throw new AssertionError("Tab never reached " + css + "; it went through " + reached);
    }

    /** A time as the page shows it in the browser's zone: the time of day today, else the day and the time. */
    private static String localTime(Instant instant) {
        ZoneId zone = ZoneId.of(ZONE);
        boolean today = instant.atZone(zone).toLocalDate().equals(java.time.LocalDate.now(zone));
        return DateTimeFormatter.ofPattern(today ? "hh:mm:ss a" : "MMM d, hh:mm a", Locale.US).withZone(zone)
                .format(instant);
    }

    private static String spaces(String text) {
        return text.replace('\u202f', ' ').replace('\u00a0', ' ');
    }

    /** Records whether a control button ever reads "{@code label}ing…" and is disabled at the same time. */
    private void watchInFlight(String label) {
        watchInFlight(".controls", label.replaceAll("e$", "") + "ing…");
    }

    /** Records whether a button in {@code panel} ever reads {@code busy} and is disabled at the same time. */
    private void watchInFlight(String panel, String busy) {
        browser.script("""
                window.__inFlight = false;
                const panel = document.querySelector(arguments[0]);
                const look = () => panel.querySelectorAll('button').forEach((b) => {
                  if (b.textContent === arguments[1] && b.disabled) window.__inFlight = true;
                });
                new MutationObserver(look).observe(panel,
                  { subtree: true, childList: true, characterData: true, attributes: true });
                """, panel, busy);
    }

    private boolean inFlightSeen() {
        return Boolean.TRUE.equals(browser.script("return window.__inFlight"));
    }

    private int transcriptSize(String runId, int task) {
        JsonNode page = server.json(server.get("/api/runs/" + runId + "/tasks/" + task + "/transcript?limit=1000"));
        return page.path("entries").size();
    }

    private JsonNode approval(String id) {
        HttpResponse<String> r = server.get("/api/approvals/" + id);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return server.json(r);
    }

    /** What the API answers to this answer of a question, as a person's client would see it. */
    private String approvalRefusal(String id, Map<String, Object> body) {
        try {
            HttpResponse<String> r = server.post("/api/approvals/" + id, ServerFixture.JSON.writeValueAsString(body));
            assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
            return server.json(r).path("error").path("message").asText();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** What the API answers to this body, as a person's client would see it. */
    private String refusal(Map<String, Object> body) {
        try {
            HttpResponse<String> r = server.post("/api/runs", ServerFixture.JSON.writeValueAsString(body));
            assertThat(r.statusCode()).isEqualTo(400);
            JsonNode error = server.json(r).path("error");
            return error.path("message").asText();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
