package dev.longtask.server;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.object;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.llm.LlmInterruptedException;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A scripted model for the dashboard: every run is planned as a small graph, "Survey the notes" first, then
 * "Summarise alpha" and "Summarise beta" beside each other, then "Write the digest" after both. Each task reads a
 * file (after {@link #surveySearches} searches, for a long transcript), writes its output and submits; the director stops and the synthesizer reports in Markdown (a table, and raw
 * HTML that must arrive escaped). A test holds a task at a step ({@link #hold}) to watch it while it runs; a held call
 * gives way to an interrupt as a real model call would.
 */
final class Digest {
    static final String SURVEY = "Survey the notes";
    static final String ALPHA = "Summarise alpha";
    static final String BETA = "Summarise beta";
    static final String DIGEST = "Write the digest";
    static final String REPORT = """
            # Digest of the notes

            Both files were read and summarised. <script>alert('not run')</script>

            | file | lines |
            |---|---|
            | alpha.txt | 2 |
            | beta.txt | 2 |
            """;

    private final Map<String, CountDownLatch> holds = new ConcurrentHashMap<>();
    /** Subjects whose next submission reports a failure (once each). */
    private final java.util.Set<String> failing = ConcurrentHashMap.newKeySet();
    /** Searches "Survey the notes" makes before it reads, each a step of its transcript. */
    volatile int surveySearches;
    /** "Write the digest" also rewrites alpha's summary first: a file two tasks changed. */
    volatile boolean digestEditsAlpha;
    final ScriptedModel model = new ScriptedModel(this::answer);

    /** The call of {@code subject}'s agent at {@code step} (1 read, 2 write, 3 submit) waits for {@link #release}. */
    void hold(String subject, int step) {
        holds.put(subject + "#" + step, new CountDownLatch(1));
    }

    void release(String subject, int step) {
        CountDownLatch latch = holds.get(subject + "#" + step);
        if (latch != null) {
            latch.countDown();
        }
    }

    /** The next attempt of {@code subject}'s agent submits a failure; the attempts after it succeed. */
    void failOnce(String subject) {
        failing.add(subject);
    }

    void releaseAll() {
        holds.values().forEach(CountDownLatch::countDown);
    }

    private ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", plan());
            case "director" -> decide("stop", "every task met its criteria");
            case "synthesizer" -> report("Digest of the notes", REPORT);
            default -> task(turn);
        };
    }

    private ChatMessage.Assistant task(ScriptedModel.Turn turn) {
        String subject = turn.subject();
        wait(subject + "#" + turn.step());
        int searches = subject.equals(SURVEY) ? surveySearches : 0;
        if (turn.step() <= searches) {
            return call("grep", object().put("pattern", "line " + turn.step()).put("path", "src"));
        }
        int step = turn.step() - searches;
        if (digestEditsAlpha && subject.equals(DIGEST) && step >= 2) {
            if (step == 2) {
                return write(output(ALPHA), "# " + ALPHA + "\n\nnotes of " + ALPHA + ", as the digest has them\n");
            }
            step--;
        }
        return switch (step) {
            case 1 -> call("read", object().put("path", subject.contains("beta") ? "src/beta.txt" : "src/alpha.txt"));
            case 2 -> write(output(subject), "# " + subject + "\n\nnotes of " + subject + "\n");
            default -> failing.remove(subject) ? submitResult(false, "could not do " + subject, "no finding")
                    : submitResult(true, "did " + subject, "finding of " + subject);
        };
    }

    private void wait(String key) {
        CountDownLatch latch = holds.get(key);
        if (latch == null) {
            return;
        }
        try {
            if (!latch.await(120, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released " + key);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmInterruptedException("interrupted while the scripted model held " + key, e);
        }
    }

    private static ObjectNode plan() {
        return EngineFixture.plan(
                EngineFixture.task("survey", SURVEY, "general", List.of(), Map.of("notes", output(SURVEY))),
                EngineFixture.task("alpha", ALPHA, "general", List.of("survey"), Map.of("summary", output(ALPHA))),
                EngineFixture.task("beta", BETA, "general", List.of("survey"), Map.of("summary", output(BETA))),
                EngineFixture.task("digest", DIGEST, "general", List.of("alpha", "beta"),
                        Map.of("digest", output(DIGEST))));
    }

    private static String output(String subject) {
        return "out/" + subject.toLowerCase(java.util.Locale.ROOT).replace(' ', '-') + ".md";
    }
}
