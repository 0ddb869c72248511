package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The settings a run keeps across sessions besides its model and budgets (which {@link Run} holds): where the
 * model is served, how many tasks run at once, the approval and sandbox modes, and whether each task works in a tree
 * of its own ({@link Isolation}). A resume keeps them unless a flag changes them (the isolation only a new run sets). Never a key. A null field was not recorded (a run made before settings were recorded).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"base_url", "concurrency", "approval", "sandbox", "isolation"})
public record RunSettings(
        @JsonProperty("base_url") String baseUrl,
        Integer concurrency,
        ApprovalMode approval,
        SandboxMode sandbox,
        Isolation isolation) {

    public static final RunSettings NONE = new RunSettings(null, null, null, null);

    /** Settings that say nothing of the isolation: the run's tasks share the workspace. */
    public RunSettings(String baseUrl, Integer concurrency, ApprovalMode approval, SandboxMode sandbox) {
        this(baseUrl, concurrency, approval, sandbox, null);
    }

    /** Whether each task works in a tree of its own; a run that recorded no isolation shares the workspace. */
    public boolean isolated() {
        return isolation == Isolation.WORKTREE;
    }

    /**
     * What a run, a resume, a submission to the server and the settings use when nothing sets a field (no flag, no
     * variable, no config file, nothing recorded): the one place these defaults are written. No base URL: the
     * provider's own.
     */
    public static final RunSettings DEFAULTS = new RunSettings(null, RunSettings.DEFAULT_CONCURRENCY,
            ApprovalMode.AUTO, SandboxMode.AUTO);

    /** {@link #DEFAULTS}' concurrency, as a constant a {@code --help} text can name (docs/models.md says it too). */
    public static final int DEFAULT_CONCURRENCY = 4;

    /** Fields set in {@code override} replace those here; the rest stay. */
    public RunSettings overriddenBy(RunSettings override) {
        return new RunSettings(
                override.baseUrl != null ? override.baseUrl : baseUrl,
                override.concurrency != null ? override.concurrency : concurrency,
                override.approval != null ? override.approval : approval,
                override.sandbox != null ? override.sandbox : sandbox,
                override.isolation != null ? override.isolation : isolation);
    }

    /** The fields of {@code other} that differ from these, by their names on disk, as "old -> new" pairs. */
    public Map<String, String> changesTo(RunSettings other) {
        Map<String, String> changes = new LinkedHashMap<>();
        change(changes, "base_url", baseUrl, other.baseUrl);
        change(changes, "concurrency", concurrency, other.concurrency);
        change(changes, "approval", approval == null ? null : approval.wire(),
                other.approval == null ? null : other.approval.wire());
        change(changes, "sandbox", sandbox == null ? null : sandbox.wire(),
                other.sandbox == null ? null : other.sandbox.wire());
        change(changes, "isolation", isolation == null ? null : isolation.wire(),
                other.isolation == null ? null : other.isolation.wire());
        return changes;
    }

    private static void change(Map<String, String> changes, String name, Object before, Object after) {
        if (after != null && !Objects.equals(before, after)) {
            changes.put(name, (before == null ? "(not recorded)" : before) + " -> " + after);
        }
    }
}
