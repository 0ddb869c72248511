package dev.longtask.server;

import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.llm.LlmInterruptedException;
import dev.longtask.testing.ScriptedModel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted model for code reviews the server carries out: each chunk's analyser writes its analysis and each
 * reviewer an issues file with one finding at a real place of the review fixture ({@link #LOCATION}), then they hand
 * in; the director continues and the synthesizer reports. A review is planned in code, so the planner is never
 * asked: a call to it is counted and fails the run. While the gate is closed, reviewers wait for {@link #release}
 * (a test can stop the server with a review in progress).
 */
final class Reviews {
    static final String LOCATION = "go/inventory/inventory.go:27-29";
    static final String FINDING = "NewStore preallocates a map for DefaultCapacity entries on every call";
    private static final Pattern CHUNK = Pattern.compile("^Subject: (Analyse|Review) (chunk-\\d{3}):",
            Pattern.MULTILINE);
    private static final Pattern OUTPUT = Pattern.compile("^- (analysis|issues): (\\S+)$", Pattern.MULTILINE);

    private final CountDownLatch gate = new CountDownLatch(1);
    final AtomicInteger plannerCalls = new AtomicInteger();
    final AtomicInteger reviewerCalls = new AtomicInteger();
    final ScriptedModel model = new ScriptedModel(this::answer);

    Reviews(boolean open) {
        if (open) {
            gate.countDown();
        }
    }

    void release() {
        gate.countDown();
    }

    private ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> {
                plannerCalls.incrementAndGet();
                yield null; // the script has no plan: a review must not ask for one
            }
            case "director" -> decide("continue", "every chunk has been looked at");
            case "synthesizer" -> report("Review of the fixture", "# Review of the fixture\n\nMostly sound.");
            default -> chunkStep(turn);
        };
    }

    private ChatMessage.Assistant chunkStep(ScriptedModel.Turn turn) {
        Matcher subject = CHUNK.matcher(turn.system());
        Matcher output = OUTPUT.matcher(turn.system().substring(turn.system().lastIndexOf("Required outputs")));
        if (!subject.find() || !output.find()) {
            return null;
        }
        String chunk = subject.group(2);
        if (subject.group(1).equals("Analyse")) {
            return turn.step() == 1 ? write(output.group(2), "## Purpose\n" + chunk + " keeps stock.\n")
                    : submitResult(true, "analysed " + chunk);
        }
        reviewerCalls.incrementAndGet();
        awaitGate();
        return turn.step() == 1 ? write(output.group(2), """
                {"chunk": "%s", "score": 80, "summary": "The stores are small and careful.",
                 "issues": [{"severity": "medium", "type": "performance", "location": "%s",
                   "description": "%s", "suggestion": "Let the map grow"}]}
                """.formatted(chunk, LOCATION, FINDING)) : submitResult(true, "reviewed " + chunk);
    }

    private void awaitGate() {
        try {
            if (!gate.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the reviewers");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmInterruptedException("interrupted while the scripted reviewer thought", e);
        }
    }
}
