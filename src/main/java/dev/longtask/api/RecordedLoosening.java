package dev.longtask.api;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.run.SealCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a resume does with the settings a run's log records that are looser than what the person's trusted sources
 * (flags, their own config, a trusted workspace config) give now: {@code sandbox: off}, a weaker approval mode,
 * another model endpoint. The log is a file, so a recorded {@code sandbox: off} is never enough on its own; the
 * others are honoured only when the log is the one the store wrote ({@link SealCheck}: not changed since, not made
 * before runs were sealed). Otherwise the strictest of what the log, the seal and the trusted sources say is used
 * (and recorded) and one line says why.
 */
final class RecordedLoosening {
    private RecordedLoosening() {
    }

    /** What the trusted sources give now, without the run's record. */
    record Trusted(ApprovalMode approval, Supplier<String> baseUrl, boolean unconfined) {
    }

    /** The request to carry out, with the settings it must not take from the log set, and what to tell the person. */
    record Decision(ResumeRequest request, List<String> notes) {
    }

    static Decision decide(Run run, ResumeRequest asked, Trusted trusted, Supplier<SealCheck> seal) {
        RunSettings was = run.recordedSettings();
        if (!run.status().isResumable()) {
            return new Decision(asked, List.of());
        }
        boolean unconfined = asked.sandbox() == null && was.sandbox() == SandboxMode.OFF && !trusted.unconfined();
        SealCheck check = seal.get();
        if (check.intact()) {
            if (!unconfined) {
                return new Decision(asked, List.of());
            }
            // the log says so, but the log is a file: only the person, now, may run an agent's commands unconfined
            return new Decision(asked.withSandbox(SandboxMode.AUTO), List.of("run " + run.id() + " records sandbox: "
                    + "off, which nothing trusted here says (no --sandbox off, nor sandbox: off in your config or this "
                    + "workspace's trusted one); bash stays confined. Resume with --sandbox off to run it unconfined"));
        }
        RunSettings sealed = check.sealed() == null ? RunSettings.NONE : check.sealed();
        ResumeRequest request = asked;
        List<String> ignored = new ArrayList<>();
        List<String> flags = new ArrayList<>();
        if (unconfined) {
            request = request.withSandbox(SandboxMode.AUTO);
            ignored.add("sandbox: off (bash stays confined)");
            flags.add("--sandbox off");
        }
        if (asked.approval() == null && was.approval() != null) {
            ApprovalMode strictest = stricter(stricter(was.approval(), sealed.approval()), trusted.approval());
            if (strictest != was.approval()) {
                request = request.withApproval(strictest);
                ignored.add("approval: " + was.approval().wire() + " (" + strictest.wire() + " is used)");
                flags.add("--approval " + was.approval().wire());
            }
        }
        if (asked.baseUrl() == null && was.baseUrl() != null && !was.baseUrl().equals(sealed.baseUrl())) {
            String url = trusted.baseUrl().get();
            if (url != null && !url.equals(was.baseUrl())) {
                request = request.withBaseUrl(url);
                ignored.add("base URL " + was.baseUrl() + " (" + url + " is used)");
                flags.add("--base-url " + was.baseUrl());
            }
        }
        boolean changed = check.kind() == SealCheck.Kind.BROKEN;
        if (ignored.isEmpty() && !changed) {
            return new Decision(asked, List.of()); // an older run that records nothing looser than what is trusted
        }
        String why = changed ? "the log of run " + run.id() + " was changed outside longtask (" + check.problem() + ")"
                : "the log of run " + run.id() + " is not sealed (" + check.problem() + ")";
        if (ignored.isEmpty()) {
            return new Decision(request, List.of(why + "; nothing it records loosens confinement, so it goes on"));
        }
        return new Decision(request, List.of(why + ", so what it records that loosens confinement is not used: "
                + String.join(", ", ignored) + ". Resume with " + String.join(" ", flags) + " to use "
                + (flags.size() == 1 ? "it" : "them")));
    }

    private static ApprovalMode stricter(ApprovalMode one, ApprovalMode other) {
        if (other == null) {
            return one;
        }
        return WorkspaceTrust.strictness(other) > WorkspaceTrust.strictness(one) ? other : one;
    }
}
