package dev.longtask.review.plan;

import dev.longtask.model.llm.Pricing;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.ReviewEstimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Estimates a whole review from its chunks before anything is spent: tokens in and out, calls, cost (only when
 * a price is known) and wall time with the given concurrency. The model of the work is
 * {@link EstimateAssumptions}: per chunk an analysis task then a review task, each an agent loop whose
 * instruction carries the repo map and which reads the chunk's parts one call at a time; after them the
 * director and the synthesizer. The plan is made in code from the chunks, so no planner call is counted. Time
 * comes from a simulation of the schedule: the chunk tasks on {@code concurrency} workers (a review starts when
 * its chunk's analysis is done, longest chains first), then the director and the synthesizer.
 */
public final class ReviewEstimator {
    private final EstimateAssumptions assumptions;
    private final Pricing pricing;

    public ReviewEstimator(EstimateAssumptions assumptions, Pricing pricing) {
        this.assumptions = assumptions;
        this.pricing = pricing;
    }

    /**
     * @param mapTokens tokens of the repo map every task's instruction carries
     * @param model     the model spec, only to name it in the result (may be null)
     */
    public ReviewEstimate estimate(List<Chunk> chunks, long mapTokens, ReviewFocus focus, int concurrency, String model) {
        return estimate(chunks, mapTokens, focus, concurrency, model, 0);
    }

    /**
     * As above, each call's input capped at {@code window} (0: no cap): a conversation never holds more than its
     * model's window (the agent compacts it first), so a chunk too large for one call is not priced as if it were.
     */
    public ReviewEstimate estimate(List<Chunk> chunks, long mapTokens, ReviewFocus focus, int concurrency, String model,
                                   int window) {
        long cap = window > 0 ? window : Long.MAX_VALUE;
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        }
        EstimateAssumptions a = assumptions;
        long prompt = a.systemPromptTokens() + (long) a.focusTokensPerArea() * focus.areas().size() + mapTokens;
        List<Call> analysis = new ArrayList<>();
        List<Call> review = new ArrayList<>();
        List<ReviewEstimate.ChunkEstimate> perChunk = new ArrayList<>();
        for (Chunk chunk : chunks) {
            Call an = readingTask(prompt, chunk, a.analysisOutputTokens(), cap);
            Call re = readingTask(prompt + a.analysisOutputTokens(), chunk, a.reviewOutputTokens(), cap);
            analysis.add(an);
            review.add(re);
            perChunk.add(new ReviewEstimate.ChunkEstimate(chunk.id(), chunk.tokens(), an.calls + re.calls,
                    an.input + re.input, an.output + re.output, round1(an.seconds + re.seconds)));
        }
        int tasks = chunks.size() * 2;
        Call director = call(a.systemPromptTokens() + (long) a.directorTokensPerTask() * tasks, 300);
        Call synthesizer = synthesis(chunks.size());

        List<ReviewEstimate.StepEstimate> steps = List.of(step("director", director), step("synthesizer", synthesizer));
        long input = director.input + synthesizer.input;
        long output = director.output + synthesizer.output;
        int calls = director.calls + synthesizer.calls;
        for (int k = 0; k < chunks.size(); k++) {
            input += analysis.get(k).input + review.get(k).input;
            output += analysis.get(k).output + review.get(k).output;
            calls += analysis.get(k).calls + review.get(k).calls;
        }
        double seconds = schedule(analysis, review, concurrency) + director.seconds + synthesizer.seconds;
        return new ReviewEstimate(chunks.size(), tasks, calls, input, output, pricing.cost(input, output).orElse(null),
                Math.round(Math.ceil(seconds)), concurrency, model, focus.areas(), perChunk, steps, a.describe());
    }

    /** Tokens, calls and seconds of one or more model calls. */
    private record Call(int calls, long input, long output, double seconds) {
    }

    private Call call(long input, long output) {
        return new Call(1, input, output, seconds(input, output));
    }

    private double seconds(long input, long output) {
        return assumptions.secondsPerCall() + input / assumptions.inputTokensPerSecond()
                + output / assumptions.outputTokensPerSecond();
    }

    /** An agent loop that reads each part in one call, then writes its result: call j resends all read before it. */
    private Call readingTask(long prompt, Chunk chunk, long finalOutput, long window) {
        long conversation = prompt;
        long input = 0;
        long output = 0;
        double seconds = 0;
        int calls = 0;
        for (ChunkPart part : chunk.parts()) {
            long sent = Math.min(conversation, window);
            input += sent;
            output += assumptions.toolCallTokens();
            seconds += seconds(sent, assumptions.toolCallTokens());
            calls++;
            conversation += assumptions.toolCallTokens() + part.tokens();
        }
        long sent = Math.min(conversation, window);
        input += sent;
        output += finalOutput;
        seconds += seconds(sent, finalOutput);
        calls++;
        return new Call(calls, input, output, seconds);
    }

    /** Reads every result: in one call when they fit a batch, else a summary per batch and one final call. */
    private Call synthesis(int chunks) {
        EstimateAssumptions a = assumptions;
        long results = (long) chunks * (a.analysisOutputTokens() + a.reviewOutputTokens());
        long batches = Math.max(1, (results + a.synthesisBatchTokens() - 1) / a.synthesisBatchTokens());
        if (batches == 1) {
            return call(a.systemPromptTokens() + results, a.reportOutputTokens());
        }
        long input = batches * a.systemPromptTokens() + results;
        long output = batches * a.synthesisSummaryTokens();
        double seconds = 0;
        for (long b = 0; b < batches; b++) {
            long batch = Math.min(a.synthesisBatchTokens(), results - b * a.synthesisBatchTokens());
            seconds += seconds(a.systemPromptTokens() + batch, a.synthesisSummaryTokens());
        }
        long finalInput = a.systemPromptTokens() + batches * a.synthesisSummaryTokens();
        Call last = call(finalInput, a.reportOutputTokens());
        return new Call((int) batches + 1, input + last.input, output + last.output, seconds + last.seconds);
    }

    /**
     * Wall time of the chunk tasks on {@code workers}: a list schedule where a review becomes ready when its
     * analysis finishes, and the ready task with the longest remaining chain runs first.
     */
    static double schedule(List<Call> analysis, List<Call> review, int workers) {
        record Ready(int chunk, boolean isReview, double remaining) {
        }
        record Running(int chunk, boolean isReview, double finish) {
        }
        PriorityQueue<Ready> ready = new PriorityQueue<>(Comparator.comparingDouble(Ready::remaining).reversed()
                .thenComparingInt(Ready::chunk));
        for (int k = 0; k < analysis.size(); k++) {
            ready.add(new Ready(k, false, analysis.get(k).seconds + review.get(k).seconds));
        }
        PriorityQueue<Running> running = new PriorityQueue<>(Comparator.comparingDouble(Running::finish)
                .thenComparingInt(Running::chunk));
        double now = 0;
        double end = 0;
        while (!ready.isEmpty() || !running.isEmpty()) {
            while (running.size() < workers && !ready.isEmpty()) {
                Ready next = ready.poll();
                double duration = next.isReview() ? review.get(next.chunk()).seconds : analysis.get(next.chunk()).seconds;
                running.add(new Running(next.chunk(), next.isReview(), now + duration));
            }
            Running done = running.poll();
            now = done.finish();
            end = Math.max(end, now);
            if (!done.isReview()) {
                ready.add(new Ready(done.chunk(), true, review.get(done.chunk()).seconds));
            }
        }
        return end;
    }

    private static ReviewEstimate.StepEstimate step(String name, Call call) {
        return new ReviewEstimate.StepEstimate(name, call.calls, call.input, call.output, round1(call.seconds));
    }

    private static double round1(double seconds) {
        return Math.round(seconds * 10) / 10.0;
    }
}
