package dev.longtask.cli.view;

import dev.longtask.model.Approval;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.run.RunSnapshot;
import java.util.ArrayList;
import java.util.List;

/** What {@code status} says about a run's permissions: how bash runs, the approval mode, the questions that wait. */
public final class PermissionLines {
    private PermissionLines() {
    }

    public static List<String> of(RunSnapshot run) {
        List<String> lines = new ArrayList<>();
        PermissionSettings p = run.permissions();
        if (p != null) {
            long fromFiles = p.rules().size() - p.runRules().size();
            lines.add("approval " + p.approval().wire() + (fromFiles == 0 ? "" : " (" + fromFiles
                    + (fromFiles == 1 ? " rule" : " rules") + " of settings files)"));
            lines.add("shell    " + switch (p.shell()) {
                case "off", "unconfined" -> p.shellNote();
                case "" -> "unknown";
                default -> "confined (" + p.shell() + ")";
            });
        }
        List<Approval> open = run.openApprovals();
        for (Approval waiting : open) {
            lines.add("waiting  " + ApprovalText.line(waiting.question()));
            lines.add("         answer: longtask approve " + run.run().id() + (open.size() == 1 ? "" : " --question "
                    + waiting.id()) + " [--always | --deny REASON]; then longtask resume " + run.run().id());
        }
        return lines;
    }
}
