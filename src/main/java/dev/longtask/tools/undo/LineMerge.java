package dev.longtask.tools.undo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.merge.MergeAlgorithm;
import org.eclipse.jgit.merge.MergeFormatter;
import org.eclipse.jgit.merge.MergeResult;

/** Two changes of one text made into one, by lines, as git merges: a rollback's undo and a task tree's merge. */
final class LineMerge {
    private LineMerge() {
    }

    /** {@code base -> ours} and {@code base -> theirs} together; null when they touch the same lines or any is binary. */
    static byte[] merged(byte[] base, byte[] ours, byte[] theirs) throws IOException {
        if (RawText.isBinary(base) || RawText.isBinary(ours) || RawText.isBinary(theirs)) {
            return null;
        }
        MergeResult<RawText> result = new MergeAlgorithm().merge(RawTextComparator.DEFAULT, new RawText(base),
                new RawText(ours), new RawText(theirs));
        if (result.containsConflicts()) {
            return null;
        }
        // without conflicts the names of the sides appear nowhere in what is written
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(ours.length, theirs.length));
        new MergeFormatter().formatMerge(out, result, List.of("base", "ours", "theirs"), StandardCharsets.UTF_8);
        return out.toByteArray();
    }
}
