package dev.longtask.agent;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.agent.Approver;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.PermissionPolicy;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Workspace;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything that governs a run's tool calls: the approval mode, the rules (of the settings files, and those the
 * run was given itself with source {@link PermissionSettings#RUN_SOURCE}), where {@code ~/} in rules points, who
 * answers questions, and the shell's sandbox (recorded, so {@code status} can say how bash runs).
 *
 * @param sandbox null when the caller does not know it (tests)
 * @param home    null when {@code ~/} rules should match nothing
 */
public record Permissions(ApprovalMode mode, SandboxMode sandboxMode, Sandbox sandbox, List<PermissionRule> rules,
                          Path home, Approver approver) {

    /** Everything allowed unless a rule denies, no rules, nobody to ask. */
    public static final Permissions AUTO = new Permissions(ApprovalMode.AUTO, SandboxMode.AUTO, null, List.of(), null,
            Approver.NOBODY);

    public Permissions {
        mode = mode == null ? ApprovalMode.AUTO : mode;
        sandboxMode = sandboxMode == null ? SandboxMode.AUTO : sandboxMode;
        rules = List.copyOf(rules == null ? List.of() : rules);
        approver = approver == null ? Approver.NOBODY : approver;
    }

    public Permissions withMode(ApprovalMode newMode) {
        return new Permissions(newMode, sandboxMode, sandbox, rules, home, approver);
    }

    /** These permissions with the run's own rules (source {@code run}) in place of any it had. */
    public Permissions withRunRules(List<PermissionRule> runRules) {
        List<PermissionRule> all = new java.util.ArrayList<>(rules.stream()
                .filter(r -> !PermissionSettings.RUN_SOURCE.equals(r.source())).toList());
        all.addAll(runRules);
        return new Permissions(mode, sandboxMode, sandbox, all, home, approver);
    }

    public Permissions withApprover(Approver newApprover) {
        return new Permissions(mode, sandboxMode, sandbox, rules, home, newApprover);
    }

    /** The gate for a run ({@code store} null outside one), asking {@code asker} (this approver, maybe wrapped). */
    public PermissionGate gate(Workspace workspace, RunStore store, Approver asker) {
        return new PermissionGate(PermissionPolicy.of(mode, rules, workspace, home), asker, store, workspace);
    }

    /** What a session records in {@code permissions.set}. */
    public PermissionSettings settings() {
        return new PermissionSettings(mode, sandboxMode, sandbox == null ? "" : sandbox.kind().wire(),
                sandbox == null ? "" : sandbox.description(),
                rules.stream().map(r -> new PermissionSettings.Rule(r.kind().wire(), r.text(), r.source())).toList());
    }
}
