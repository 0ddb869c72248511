package dev.longtask.api;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.SandboxMode;
import java.nio.file.Path;

/**
 * A run to continue, and what to change about it. A resumed run keeps the model, base URL, concurrency, budgets,
 * approval and sandbox modes it recorded; a field set here replaces the recorded one, and the change is recorded
 * as an event and reported by {@link RunHandle#settingsChanged()}. Immutable.
 *
 * @param runId     the run
 * @param workspace the workspace that holds it, or null for the runtime's
 * @param by        who asks for the changes, for the record ("flags", "the server")
 */
public record ResumeRequest(String runId, Path workspace, String model, String baseUrl, Budget budget,
                            Integer concurrency, ApprovalMode approval, SandboxMode sandbox, String by) {

    public ResumeRequest {
        if (runId == null || runId.isBlank()) {
            throw new IllegalArgumentException("give the id of the run to resume ('longtask runs' lists them)");
        }
        if (concurrency != null && concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        by = by == null || by.isBlank() ? "the resume" : by;
    }

    /** Continues {@code runId} as it was recorded. */
    public static ResumeRequest of(String runId) {
        return new ResumeRequest(runId, null, null, null, null, null, null, null, null);
    }

    public ResumeRequest withWorkspace(Path dir) {
        return new ResumeRequest(runId, dir, model, baseUrl, budget, concurrency, approval, sandbox, by);
    }

    public ResumeRequest withModel(String spec) {
        return new ResumeRequest(runId, workspace, spec, baseUrl, budget, concurrency, approval, sandbox, by);
    }

    public ResumeRequest withBaseUrl(String url) {
        return new ResumeRequest(runId, workspace, model, url, budget, concurrency, approval, sandbox, by);
    }

    /** Fields set in {@code limits} replace the run's budgets. */
    public ResumeRequest withBudget(Budget limits) {
        return new ResumeRequest(runId, workspace, model, baseUrl, limits, concurrency, approval, sandbox, by);
    }

    public ResumeRequest withConcurrency(Integer tasks) {
        return new ResumeRequest(runId, workspace, model, baseUrl, budget, tasks, approval, sandbox, by);
    }

    public ResumeRequest withApproval(ApprovalMode mode) {
        return new ResumeRequest(runId, workspace, model, baseUrl, budget, concurrency, mode, sandbox, by);
    }

    public ResumeRequest withSandbox(SandboxMode mode) {
        return new ResumeRequest(runId, workspace, model, baseUrl, budget, concurrency, approval, mode, by);
    }

    public ResumeRequest by(String who) {
        return new ResumeRequest(runId, workspace, model, baseUrl, budget, concurrency, approval, sandbox, who);
    }
}
