package dev.longtask.server;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.llm.LlmInterruptedException;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted model for server tests: a run whose goal names a job ("job-07: ...") is planned as {@code tasks}
 * independent tasks "job-07 step i", each writing {@code out/job-07/step-i.md} and submitting; the director stops
 * and the synthesizer reports. Each call takes {@code latencyMillis} like a real model, and none is answered before
 * {@link #release} (so a test can fill the queue before anything runs).
 */
final class Jobs {
    private static final Pattern JOB = Pattern.compile("Plan the work for this goal:\\s+(job-\\d+)");

    private final int tasks;
    private final long latencyMillis;
    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch heldGate = new CountDownLatch(1);
    private final Map<String, java.util.concurrent.atomic.AtomicInteger> held = new java.util.concurrent.ConcurrentHashMap<>();
    final ScriptedModel model = new ScriptedModel(this::answer);

    Jobs(int tasks, long latencyMillis, boolean open) {
        this.tasks = tasks;
        this.latencyMillis = latencyMillis;
        if (open) {
            gate.countDown();
        }
    }

    void release() {
        gate.countDown();
    }

    /**
     * Once one task of {@code job} has submitted, its other tasks' calls wait until {@link #releaseHeld} (or until
     * the run stops them): a test can act on a run that is certainly still at work, whatever the machine's speed.
     */
    void holdAfterFirstTask(String job) {
        held.put(job, new java.util.concurrent.atomic.AtomicInteger());
    }

    void releaseHeld() {
        heldGate.countDown();
    }

    private void waitIfHeld(String subject) throws InterruptedException {
        Matcher m = Pattern.compile("(job-\\d+) step").matcher(subject);
        var submitted = m.find() ? held.get(m.group(1)) : null;
        if (submitted != null && submitted.get() >= 1 && !heldGate.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the test never released the held tasks");
        }
    }

    private ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        try {
            if (!gate.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the model");
            }
            if (latencyMillis > 0) {
                Thread.sleep(latencyMillis);
            }
            if (!List.of("planner", "director", "synthesizer").contains(turn.role())) {
                waitIfHeld(turn.subject());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmInterruptedException("interrupted while the scripted model thought", e);
        }
        return switch (turn.role()) {
            case "planner" -> plan(job(turn));
            case "director" -> decide("stop", "every task met its criteria");
            case "synthesizer" -> report("Report", "# Report\n\nAll steps done.");
            default -> turn.step() == 1 ? write(output(turn.subject()), "notes of " + turn.subject())
                    : submitted(turn.subject());
        };
    }

    private ChatMessage.Assistant submitted(String subject) {
        Matcher m = Pattern.compile("(job-\\d+) step").matcher(subject);
        if (m.find() && held.containsKey(m.group(1))) {
            held.get(m.group(1)).incrementAndGet();
        }
        return submitResult(true, "did " + subject, "finding of " + subject);
    }

    private ChatMessage.Assistant plan(String job) {
        List<com.fasterxml.jackson.databind.node.ObjectNode> planned = new ArrayList<>();
        for (int i = 1; i <= tasks; i++) {
            String subject = job + " step " + i;
            planned.add(EngineFixture.task("t" + i, subject, "general", List.of(), Map.of("notes", output(subject))));
        }
        return call("submit_plan", EngineFixture.plan(planned.toArray(com.fasterxml.jackson.databind.node.ObjectNode[]::new)));
    }

    private static String output(String subject) {
        Matcher m = Pattern.compile("(job-\\d+) step (\\d+)").matcher(subject);
        if (!m.find()) {
            throw new IllegalStateException("not a job step: " + subject);
        }
        return "out/" + m.group(1) + "/step-" + m.group(2) + ".md";
    }

    private static String job(ScriptedModel.Turn turn) {
        for (ChatMessage message : turn.request().messages()) {
            Matcher m = JOB.matcher(text(message));
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new IllegalStateException("the planner was not told which job");
    }

    private static String text(ChatMessage message) {
        if (message instanceof ChatMessage.System s) {
            return s.text();
        }
        if (message instanceof ChatMessage.User u) {
            return u.text();
        }
        return "";
    }
}
