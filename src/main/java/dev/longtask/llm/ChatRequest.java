package dev.longtask.llm;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One call to the model. {@code maxOutputTokens} null leaves the provider's default.
 *
 * @param finishingTool the tool whose call ends the caller's work ({@code submit_result}, {@code submit_plan} ...),
 *                      or null; the text protocol reads a {@code FINAL {...}} line as a call of it
 * @param finishNow     the model must call {@code finishingTool} in this answer: the providers' forced tool choice
 *                      ({@code tool_choice} naming it), or the text protocol's instruction to end with FINAL
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ChatRequest(List<ChatMessage> messages, List<ToolSpec> tools, Integer maxOutputTokens,
                          String finishingTool, boolean finishNow) {
    public ChatRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools == null ? List.of() : tools);
        if (finishNow && (finishingTool == null || tools.stream().noneMatch(t -> t.name().equals(finishingTool)))) {
            throw new IllegalArgumentException("finishNow needs a finishing tool among the tools offered, got "
                    + finishingTool);
        }
    }

    /** A call with no finishing tool: the model may answer with text or any of the tools. */
    public ChatRequest(List<ChatMessage> messages, List<ToolSpec> tools, Integer maxOutputTokens) {
        this(messages, tools, maxOutputTokens, null, false);
    }

    /** The tool the model must call now, or null when it may choose. */
    @JsonIgnore
    public String forcedTool() {
        return finishNow ? finishingTool : null;
    }
}
