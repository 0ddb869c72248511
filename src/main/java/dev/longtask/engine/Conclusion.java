package dev.longtask.engine;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.EventData;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.Finisher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The end of a run: the synthesizer's report, the run's finisher (a post-run step such as a review's checked
 * report), then the final status. A run is completed only when every task that was not cancelled on purpose
 * completed and the report was synthesized.
 */
final class Conclusion {

    /** How the end went: null report when a stop came first. */
    record Ended(Path report, Finisher.Finished finished) {
        static final Ended STOPPED = new Ended(null, null);

        boolean stopped() {
            return report == null;
        }
    }

    private final SessionParts s;
    private final Set<Integer> blockedCancels;
    private final Finisher finisher;

    Conclusion(SessionParts s, Set<Integer> blockedCancels, Finisher finisher) {
        this.s = s;
        this.blockedCancels = blockedCancels;
        this.finisher = finisher;
    }

    /** Synthesizes the report, then concludes; {@link Ended#STOPPED} when a stop or the provider cut it short. */
    Ended finish(int session) {
        s.store().setRunStatus(RunStatus.RUNNING, "writing the report");
        Synthesizer.Result result = new Synthesizer(s.kit(), s.config().synthesisPartChars())
                .synthesize(s.store().run().goal(), session);
        if (!result.written()) {
            AgentOutcome o = result.outcome();
            if (o.ending() == AgentOutcome.Ending.INTERRUPTED || s.stop().stopping()) {
                return Ended.STOPPED;
            }
            if (o.ending() == AgentOutcome.Ending.PROVIDER_ERROR) {
                s.stop().stop(StopSignal.Kind.PAUSE, "the model provider failed: " + o.reason());
                return Ended.STOPPED;
            }
        }
        String failure = result.written() ? null : result.outcome().reason();
        Path report = new ReportWriter(s.store(), s.json(), s.book()).write(result.report(), failure, sharedFiles());
        return conclude(report, failure);
    }

    /**
     * Records what the run took in the workspace's and the user's usage history, for the estimates of later runs; a
     * history that cannot be written is an error of the run's record, not of the run.
     */
    private void learnFrom(RunStatus status) {
        RunRecord record = RunActuals.of(s.store(), s.config().concurrency(), status, s.clock().instant());
        for (String failure : UsageHistories.of(s.setup()).record(record)) {
            s.store().append(null, new EventData.ErrorRecorded(failure));
        }
    }

    /** The files two or more tasks changed, for the report; none when the record cannot be read. */
    private Map<String, List<Integer>> sharedFiles() {
        try {
            return s.kit().context().checkpoints().sharedFiles();
        } catch (IOException e) {
            return Map.of();
        }
    }

    /**
     * Runs the finisher and sets the final status, after a report is written: in the session that wrote it, or in a
     * resume after a crash came between the report and the status.
     *
     * @param synthesisFailure why the synthesizer did not finish, or null when the report is its
     */
    Ended conclude(Path report, String synthesisFailure) {
        String resume = "'longtask resume " + s.store().runId() + "'";
        List<Task> tasks = s.store().tasks();
        long failed = tasks.stream().filter(t -> t.status() == TaskStatus.FAILED).count();
        long blocked = tasks.stream().filter(t -> t.status() == TaskStatus.CANCELLED && blockedCancels.contains(t.id()))
                .count();
        RunStatus status = RunStatus.FAILED;
        String reason;
        if (synthesisFailure != null) {
            reason = "the synthesizer did not finish (" + synthesisFailure + "); report.md lists the tasks' own results; "
                    + resume + " tries again";
        } else if (failed > 0 || blocked > 0) {
            // the tasks they waited for may have failed in an earlier session and since been given up
            reason = (failed > 0 ? failed + " of " + tasks.size() + " tasks failed"
                    + (blocked > 0 ? ", " + blocked + " could not run because of them" : "")
                    : blocked + " of " + tasks.size() + " tasks could not run: a task they wait for failed")
                    + "; the report says which; " + resume + " retries them";
        } else {
            status = RunStatus.COMPLETED;
            reason = "";
        }
        Finisher.Finished finished = null;
        if (finisher != null) {
            try {
                finished = finisher.finish(s.store(), s.setup().workspace().root(), status);
            } catch (IOException | RuntimeException e) {
                String failure = "the post-run step '" + finisher.name() + "' failed: " + e.getMessage();
                s.store().append(null, new EventData.ErrorRecorded(failure));
                if (status == RunStatus.COMPLETED) {
                    status = RunStatus.FAILED;
                    reason = failure + "; " + resume + " tries again";
                }
            }
        }
        learnFrom(status);
        s.store().setRunStatus(status, reason);
        return new Ended(report, finished);
    }
}
