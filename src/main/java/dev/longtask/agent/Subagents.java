package dev.longtask.agent;

import dev.longtask.model.agent.AgentOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs several agent invocations: side by side with a concurrency cap, or as a chain where each step's
 * {@code {previous}} is replaced by the whole final output of the step before (never a preview), stopping at
 * the first failure. What one invocation does (store task, model, loop) is the {@link Runner}'s business.
 */
public final class Subagents {
    /** The placeholder a chain step's task text uses for the previous step's output. */
    public static final String PREVIOUS = "{previous}";
    /** How long an interrupted parallel run waits for its agents to record their interrupted outcome. */
    private static final long DRAIN_SECONDS = 30;

    /** One invocation: an agent's name and the task text for it. */
    public record Step(String agent, String task) {
        public Step {
            if (agent == null || agent.isBlank()) {
                throw new IllegalArgumentException("a step needs an agent name");
            }
            task = task == null ? "" : task;
        }

        /**
         * Parses {@code NAME=TASK} (split at the first '=').
         *
         * @throws IllegalArgumentException saying what the form should be
         */
        public static Step parse(String text) {
            int eq = text.indexOf('=');
            if (eq <= 0 || text.substring(0, eq).isBlank() || text.substring(eq + 1).isBlank()) {
                throw new IllegalArgumentException("'" + text + "' is not AGENT=TASK (for example "
                        + "analyzer=\"Analyze src/core\")");
            }
            return new Step(text.substring(0, eq).strip(), text.substring(eq + 1).strip());
        }
    }

    /** A step as it ran: the task text it was given (with {@code {previous}} filled in) and how it ended. */
    public record StepResult(Step step, String task, AgentOutcome outcome) {
    }

    /** Runs one invocation to its end; {@code index} counts from 1 of {@code total}. */
    @FunctionalInterface
    public interface Runner {
        AgentOutcome run(Step step, String task, int index, int total);
    }

    private final Runner runner;

    public Subagents(Runner runner) {
        this.runner = runner;
    }

    /**
     * Runs every step with at most {@code concurrency} at a time; results come in the order of the steps.
     * When the calling thread is interrupted, the running agents are interrupted too, and the results of
     * the steps that ended are returned with the interrupt flag set.
     */
    public List<StepResult> parallel(List<Step> steps, int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(concurrency, steps.size())),
                threads());
        List<Future<StepResult>> futures = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            int index = i + 1;
            futures.add(pool.submit(() -> new StepResult(step, step.task(),
                    runner.run(step, step.task(), index, steps.size()))));
        }
        List<StepResult> results = new ArrayList<>();
        try {
            for (Future<StepResult> future : futures) {
                results.add(future.get());
            }
            return results;
        } catch (InterruptedException e) {
            pool.shutdownNow();
            drain(pool);
            Thread.currentThread().interrupt();
            return finished(futures);
        } catch (ExecutionException e) {
            pool.shutdownNow();
            drain(pool);
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } finally {
            pool.shutdown();
        }
    }

    /**
     * Runs the steps in order on this thread, each given the previous step's whole output for
     * {@code {previous}}; stops after the first step that does not succeed.
     */
    public List<StepResult> chain(List<Step> steps) {
        List<StepResult> results = new ArrayList<>();
        String previous = "";
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String task = step.task().replace(PREVIOUS, previous);
            AgentOutcome outcome = runner.run(step, task, i + 1, steps.size());
            results.add(new StepResult(step, task, outcome));
            if (!outcome.success()) {
                break;
            }
            previous = outcome.output();
        }
        return results;
    }

    private static void drain(ExecutorService pool) {
        boolean interrupted = Thread.interrupted();
        try {
            pool.awaitTermination(DRAIN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException again) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static List<StepResult> finished(List<Future<StepResult>> futures) {
        List<StepResult> done = new ArrayList<>();
        for (Future<StepResult> future : futures) {
            if (future.isDone() && !future.isCancelled()) {
                try {
                    done.add(future.get());
                } catch (ExecutionException | InterruptedException failed) {
                    // That step threw (or cannot be waited for now); there is no outcome to show for it.
                }
            }
        }
        return done;
    }

    private static ThreadFactory threads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "agent-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
