package dev.longtask.store;

import dev.longtask.model.run.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The texts of a run's memory files, {@code task_plan.md}, {@code findings.md} and {@code progress.md}, as of one
 * state of the run: what every agent of the run starts from. A missing file is an empty text.
 */
public record MemoryFiles(String plan, String findings, String progress) {

    public MemoryFiles {
        plan = plan == null ? "" : plan;
        findings = findings == null ? "" : findings;
        progress = progress == null ? "" : progress;
    }

    /** The files as a run directory holds them now. */
    public static MemoryFiles read(Path runDirectory) {
        return new MemoryFiles(text(runDirectory.resolve(RunLayout.PLAN_FILE)),
                text(runDirectory.resolve(RunLayout.FINDINGS_FILE)),
                text(runDirectory.resolve(RunLayout.PROGRESS_FILE)));
    }

    /** The texts the projector writes for {@code state}, byte for byte. */
    public static MemoryFiles of(RunState state) {
        return new MemoryFiles(MarkdownProjections.taskPlan(state), MarkdownProjections.findings(state), MarkdownProjections.progress(state));
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + ": " + e, e);
        }
    }
}
