package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.agent.Approver;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.PermissionPolicy;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The permission gate every work-tool call of a run passes at dispatch, after the agent's whitelist: the
 * {@link PermissionPolicy} allows it, refuses it, or it waits for a person. A waiting call is recorded as
 * {@code approval.requested} before the {@link Approver} is asked and its answer as {@code approval.answered} before
 * the call runs, so a crash in between loses neither. An answer belongs to its task's call (same tool, same
 * arguments): when the task starts over after a pause or a crash, its identical call finds the answer given
 * meanwhile ({@code longtask approve}) or the question still open, and is not asked twice. "Allow always" adds the
 * question's rule to the run's policy, for this session and, read back from the log, for later ones.
 *
 * <p>One gate serves every agent of a run at once.
 */
public final class PermissionGate {
    /** Lets every call through: for code that runs agents without a run's permissions (tests, tools' own checks). */
    public static final PermissionGate ALLOW_ALL = new PermissionGate();

    private final AtomicReference<PermissionPolicy> policy;
    private final Approver approver;
    private final RunStore store;
    private final CallPreview preview;
    /** Answers used in this session: "allow once" lets one call through per session. */
    private final Set<Integer> used = ConcurrentHashMap.newKeySet();
    private final AtomicInteger localIds = new AtomicInteger();

    private PermissionGate() {
        this.policy = null;
        this.approver = Approver.NOBODY;
        this.store = null;
        this.preview = null;
    }

    /**
     * @param store the run's store, where questions and answers are recorded and earlier grants are read from;
     *              null outside a run (questions are then asked without a record)
     */
    public PermissionGate(PermissionPolicy policy, Approver approver, RunStore store, Workspace workspace) {
        PermissionPolicy granted = policy;
        if (store != null) {
            for (Approval a : store.approvals()) {
                if (!a.open() && a.answer().decision() == ApprovalDecision.ALLOW_ALWAYS) {
                    granted = granted.with(grant(a.question()));
                }
            }
        }
        this.policy = new AtomicReference<>(granted);
        this.approver = Objects.requireNonNull(approver);
        this.store = store;
        this.preview = new CallPreview(workspace);
    }

    /**
     * Decides a call whose arguments already fit the tool's schema.
     *
     * @return null when the call may run now, else the tool error for the model
     */
    String check(String agent, String tool, ObjectNode args, ToolContext context) {
        if (policy == null) {
            return null;
        }
        PermissionPolicy.Verdict verdict = (context == null ? policy.get() : policy.get().at(context.workspace()))
                .decide(tool, args);
        return switch (verdict.outcome()) {
            case ALLOW -> null;
            case DENY -> "refused: " + verdict.reason();
            case ASK -> ask(agent, tool, args, context, verdict.reason());
        };
    }

    private String ask(String agent, String tool, ObjectNode args, ToolContext context, String why) {
        if (Thread.currentThread().isInterrupted()) {
            return "interrupted before asking for approval";
        }
        Integer task = context.taskId() == 0 ? null : context.taskId();
        String key = callKey(tool, args);
        ApprovalQuestion question = null;
        Approval prior = prior(task, key);
        if (prior != null && prior.open()) {
            question = prior.question();
        } else if (prior != null && prior.answer().decision() == ApprovalDecision.DENY) {
            return denied(prior.answer());
        } else if (prior != null && used.add(prior.id())) {
            return null;
        }
        if (question == null) {
            ApprovalQuestion asked = new ApprovalQuestion(1, task, agent, tool, CallPreview.shown(args), key,
                    preview.of(tool, args), PermissionPolicy.alwaysRule(tool, args), why);
            question = store == null ? asked.withId(localIds.incrementAndGet()) : store.requestApproval(asked).question();
        }
        Optional<ApprovalAnswer> given;
        try {
            given = approver.ask(store == null ? "" : store.runId(), question);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while waiting for approval of this call (question #" + question.id() + ")";
        }
        if (given.isEmpty()) {
            return Thread.currentThread().isInterrupted()
                    ? "this call waits for a person's approval (question #" + question.id() + "); the run pauses "
                      + "until it is answered"
                    : "this call needs a person's approval and no one can give it now; do the task another way, or "
                      + "finish and report what you could not do";
        }
        ApprovalAnswer answer = new ApprovalAnswer(question.id(), given.get().decision(), given.get().reason(),
                given.get().by());
        if (store != null) {
            store.answerApproval(answer);
        }
        used.add(question.id());
        if (answer.decision() == ApprovalDecision.ALLOW_ALWAYS) {
            ApprovalQuestion granted = question;
            policy.updateAndGet(p -> p.with(grant(granted)));
        }
        return answer.decision().allows() ? null : denied(answer);
    }

    /** The newest question of this task about this very call, or null. */
    private Approval prior(Integer task, String key) {
        if (store == null) {
            return null;
        }
        List<Approval> all = store.approvals();
        for (int i = all.size() - 1; i >= 0; i--) {
            ApprovalQuestion q = all.get(i).question();
            if (Objects.equals(q.task(), task) && q.callKey().equals(key)) {
                return all.get(i);
            }
        }
        return null;
    }

    private static String denied(ApprovalAnswer answer) {
        return "denied by the user" + (answer.reason().isEmpty() ? "" : ": " + answer.reason())
                + ". Do not make this call again; do the task another way, or finish and report what you could not do.";
    }

    private static PermissionRule grant(ApprovalQuestion question) {
        return PermissionRule.parse(PermissionRule.Kind.ALLOW, question.always(), "approval #" + question.id());
    }

    /** A digest of the tool and its complete arguments (keys sorted), so the same call has the same key. */
    static String callKey(String tool, ObjectNode args) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest((tool + "\n" + Json.canonical(args)).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
