package dev.longtask.agent;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentStep;
import dev.longtask.model.agent.AgentStepResult;
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

    /** Runs one invocation to its end; {@code index} counts from 1 of {@code total}. */
    @FunctionalInterface
    public interface Runner {
        AgentOutcome run(AgentStep step, String task, int index, int total);
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
    public List<AgentStepResult> parallel(List<AgentStep> steps, int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(concurrency, steps.size())),
                threads());
        List<Future<AgentStepResult>> futures = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            AgentStep step = steps.get(i);
            int index = i + 1;
            futures.add(pool.submit(() -> new AgentStepResult(step, step.task(),
                    runner.run(step, step.task(), index, steps.size()))));
        }
        List<AgentStepResult> results = new ArrayList<>();
        try {
            for (Future<AgentStepResult> future : futures) {
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
    public List<AgentStepResult> chain(List<AgentStep> steps) {
        List<AgentStepResult> results = new ArrayList<>();
        String previous = "";
        for (int i = 0; i < steps.size(); i++) {
            AgentStep step = steps.get(i);
            String task = step.task().replace(PREVIOUS, previous);
            AgentOutcome outcome = runner.run(step, task, i + 1, steps.size());
            results.add(new AgentStepResult(step, task, outcome));
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

    private static List<AgentStepResult> finished(List<Future<AgentStepResult>> futures) {
        List<AgentStepResult> done = new ArrayList<>();
        for (Future<AgentStepResult> future : futures) {
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
