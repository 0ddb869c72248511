package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What governed a session's tool calls: the payload of {@code permissions.set}, recorded when a session starts.
 *
 * @param approval  the approval mode
 * @param sandbox   whether bash must be confined ({@code auto}) or the user accepted it unconfined ({@code off})
 * @param shell     how bash actually runs: {@code bubblewrap}, {@code unshare}, {@code unconfined} or {@code off}
 *                  (no confinement works here, so bash is refused)
 * @param shellNote one line saying what that means and, when the shell is off or unconfined, what to do
 * @param rules     the permission rules in force, with the file each came from ({@code run} for the run's own)
 */
@JsonPropertyOrder({"approval", "sandbox", "shell", "shell_note", "rules"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PermissionSettings(
        ApprovalMode approval,
        SandboxMode sandbox,
        String shell,
        @JsonProperty("shell_note") String shellNote,
        List<Rule> rules) {

    /** The source of the rules a run was given itself (a review's rule for its own output files). */
    public static final String RUN_SOURCE = "run";

    public PermissionSettings {
        approval = approval == null ? ApprovalMode.AUTO : approval;
        sandbox = sandbox == null ? SandboxMode.AUTO : sandbox;
        shell = shell == null ? "" : shell;
        shellNote = shellNote == null ? "" : shellNote;
        rules = List.copyOf(rules == null ? List.of() : rules);
    }

    /** One rule as written: kind ({@code allow}, {@code ask}, {@code deny}), the rule, and where it came from. */
    public record Rule(String kind, String rule, String source) {
    }

    /** The rules the run was given itself, which a resume keeps. */
    public List<Rule> runRules() {
        return rules.stream().filter(r -> RUN_SOURCE.equals(r.source())).toList();
    }
}
