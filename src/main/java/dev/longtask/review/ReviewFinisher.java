package dev.longtask.review;

import dev.longtask.model.run.Finisher;
import dev.longtask.model.RunStatus;
import dev.longtask.review.plan.ReviewManifest;
import dev.longtask.review.report.ReviewReportWriter;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A code review's post-run step: it writes the review's manifest into the run as the run is created, and the
 * checked report (every location verified, duplicates merged, a score) in the session that ends the run, whichever
 * process that is. The runtime knows it by {@link #NAME}, so a resume finishes a review as its start would have.
 */
public final class ReviewFinisher implements Finisher {
    public static final String NAME = "review";

    private final ReviewManifest manifest;

    private ReviewFinisher(ReviewManifest manifest) {
        this.manifest = manifest;
    }

    /** The step of a review being started: prepares the run with {@code manifest}. */
    public static ReviewFinisher starting(ReviewManifest manifest) {
        return new ReviewFinisher(manifest);
    }

    /** The step as a runtime registers it, for the reviews it resumes (their manifest is in the run already). */
    public static ReviewFinisher resuming() {
        return new ReviewFinisher(null);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(RunStore store) throws IOException {
        if (manifest != null) {
            store.write(RunFile.REVIEW_MANIFEST, manifest.json());
        }
    }

    @Override
    public Finished finish(RunStore store, Path workspace, RunStatus ending) throws IOException {
        ReviewReportWriter.Written written = new ReviewReportWriter(workspace).write(store, ending);
        return new Finished(written.line(), Map.of("markdown", written.markdown(), "json", written.json()));
    }
}
