package dev.longtask.store;

import dev.longtask.model.run.MemoryFiles;
import dev.longtask.model.run.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Where a run's {@link MemoryFiles} come from: the files of its directory, or the projector's rendering of a state. */
public final class MemoryTexts {
    private MemoryTexts() {
    }

    /** The files as a run directory holds them now. */
    public static MemoryFiles read(Path runDirectory) {
        return new MemoryFiles(text(runDirectory.resolve(RunLayout.PLAN_FILE)),
                text(runDirectory.resolve(RunLayout.FINDINGS_FILE)),
                text(runDirectory.resolve(RunLayout.PROGRESS_FILE)));
    }

    /** The texts the projector writes for {@code state}, byte for byte. */
    public static MemoryFiles of(RunState state) {
        return new MemoryFiles(MarkdownProjections.taskPlan(state), MarkdownProjections.findings(state),
                MarkdownProjections.progress(state));
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
