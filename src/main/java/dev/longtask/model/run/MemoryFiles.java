package dev.longtask.model.run;

/**
 * The texts of a run's memory files, {@code task_plan.md}, {@code findings.md} and {@code progress.md}, as of one
 * state of the run: what every agent of the run starts from. A missing file is an empty text. The store reads
 * and renders them ({@code store.MemoryTexts}).
 */
public record MemoryFiles(String plan, String findings, String progress) {

    public MemoryFiles {
        plan = plan == null ? "" : plan;
        findings = findings == null ? "" : findings;
        progress = progress == null ? "" : progress;
    }
}
