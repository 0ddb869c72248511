package dev.longtask.store.postgres;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Secrets;
import dev.longtask.model.run.Transcript;
import java.util.ArrayList;
import java.util.List;

/**
 * A transcript kept in {@code longtask_transcripts}: a task's lines carry the attempt of this store's claim, which the
 * database checks as it does for events. Lines appended together go in one statement, all or none, in order.
 */
final class PostgresTranscript implements Transcript {
    private final String runId;
    private final String name;
    private final Integer task;
    private final ObjectMapper json;
    private final Secrets redactor;
    private final PostgresCommits commits;
    private final Leases leases;
    private final PostgresRunRows rows;

    /** @param task the task whose transcript it is, or null for a role's (a planner's, a reviewer's) */
    PostgresTranscript(String runId, String name, Integer task, ObjectMapper json, Secrets redactor,
                       PostgresCommits commits, Leases leases, PostgresRunRows rows) {
        this.runId = runId;
        this.name = name;
        this.task = task;
        this.json = json;
        this.redactor = redactor;
        this.commits = commits;
        this.leases = leases;
        this.rows = rows;
    }

    @Override
    public void append(ObjectNode entry) {
        appendAll(List.of(entry));
    }

    @Override
    public void appendAll(List<ObjectNode> entries) {
        if (entries.isEmpty()) {
            return;
        }
        commits.refuseAfterLetGo(task);
        Integer attempt = task == null ? null : leases.attempt(task);
        List<String> lines = new ArrayList<>(entries.size());
        for (ObjectNode entry : entries) {
            try {
                lines.add(redactor.redact(json.writeValueAsString(entry)));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("a transcript line of run " + runId + " is not serialisable", e);
            }
        }
        rows.addTranscriptLines(name, task, attempt, lines);
    }
}
