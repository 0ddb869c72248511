package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tool call that waits for a person: the payload of {@code approval.requested}.
 *
 * @param id        counts up from 1 within the run
 * @param task      the task whose agent made the call, or null for a role agent
 * @param agent     the agent's name
 * @param tool      the tool's name ({@code bash}, {@code write}, {@code edit}, ...)
 * @param arguments the call's arguments as shown to a person (very long strings are cut)
 * @param callKey   a digest of the tool and its complete arguments: the same call made again after a restart
 *                  finds its question (and its answer) by it
 * @param preview   what the call would do, for a person: the command, or a diff of the file
 * @param always    the rule that "allow always for this run" adds, e.g. {@code Bash(git status:*)}
 * @param why       why it asks: the approval mode, or the ask rule and its file
 */
@JsonPropertyOrder({"id", "task", "agent", "tool", "arguments", "call_key", "preview", "always", "why"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApprovalQuestion(
        int id,
        Integer task,
        String agent,
        String tool,
        JsonNode arguments,
        @JsonProperty("call_key") String callKey,
        String preview,
        String always,
        String why) {

    public ApprovalQuestion {
        if (id < 1) {
            throw new IllegalArgumentException("an approval question's id counts from 1, got " + id);
        }
        if (tool == null || tool.isBlank() || callKey == null || callKey.isBlank()) {
            throw new IllegalArgumentException("an approval question needs a tool and a call key");
        }
        agent = agent == null ? "" : agent;
        preview = preview == null ? "" : preview;
        always = always == null ? "" : always;
        why = why == null ? "" : why;
    }

    /** The same question under another id (the store assigns ids). */
    public ApprovalQuestion withId(int newId) {
        return new ApprovalQuestion(newId, task, agent, tool, arguments, callKey, preview, always, why);
    }
}
