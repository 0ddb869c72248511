package dev.longtask.model.llm;

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
 * @param origin        who makes the call, or null; never sent to the provider
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record ChatRequest(List<ChatMessage> messages, List<ToolSpec> tools, Integer maxOutputTokens,
                          String finishingTool, boolean finishNow, Origin origin) {

    /**
     * Who makes a call: the agent (its role: the planner, the director, a task's agent ...), the task it works on
     * (0 for a call that is for no task), the step of its loop, and what for ({@link #STEP}, or {@link #COMPACTION}
     * of its conversation before that step). A recording keeps it and a replay matches each call to the recorded
     * call of the same origin, in whatever order tasks running side by side make their calls.
     */
    public record Origin(String agent, int task, int step, String purpose) {
        public static final String STEP = "step";
        public static final String COMPACTION = "compaction";

        public Origin {
            if (agent == null || agent.isBlank() || purpose == null || purpose.isBlank()) {
                throw new IllegalArgumentException("a call's origin needs an agent and a purpose");
            }
        }

        /** As the replay names it: "task #5, general, step 2", "director, compaction before step 7". */
        public String describe() {
            return (task > 0 ? "task #" + task + ", " : "") + agent + ", "
                    + (purpose.equals(STEP) ? "step " + step : purpose + " before step " + step);
        }
    }

    public ChatRequest(List<ChatMessage> messages, List<ToolSpec> tools, Integer maxOutputTokens,
                       String finishingTool, boolean finishNow) {
        this(messages, tools, maxOutputTokens, finishingTool, finishNow, null);
    }

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
