package dev.longtask.agent;

import java.util.List;

/**
 * Builds an agent's system prompt: its definition's body, how the runtime works (tools, guardrails, how to
 * finish), the run's disk memory (head of the plan, tail of findings and progress), then the task contract.
 */
final class PromptBuilder {
    private PromptBuilder() {
    }

    static String system(AgentTask task, List<String> tools) {
        AgentSpec agent = task.agent();
        String terminal = task.terminal().name();
        StringBuilder out = new StringBuilder(agent.systemPrompt().strip()).append("\n\n---\n\n");
        out.append("# How you work here\n");
        out.append("You are the agent \"").append(agent.name()).append("\", run by longtask: one isolated step of a ")
                .append("longer job. Nobody reads your plain text replies; only your tool calls have effect.\n");
        out.append("- Your tools: ").append(String.join(", ", tools)).append(". Paths are relative to the ")
                .append("workspace root; a path outside the workspace (\"..\", absolute, or a link out) is refused.\n");
        out.append("- Look before you conclude, and base every claim on what you read; cite evidence as path:line.\n");
        out.append("- Read a file at most twice; after that use grep, or read a range with offset and limit. ")
                .append("Long tool output is cut in the middle, so ask for what you need precisely.\n");
        out.append("- Every two view actions (read, glob, grep, ls), record what you learned with note. Notes go to ")
                .append("the run's findings at once and are kept if this conversation is compacted.\n");
        out.append("- Repeating a call that gave the same result gets you nowhere and stops the task; change ")
                .append("approach instead. You have at most ").append(agent.maxSteps()).append(" steps.\n");
        out.append("- Finish by calling ").append(terminal).append(" exactly once. If it returns an error, fix what ")
                .append("it names and call it again.");
        if (terminal.equals(SubmitResult.NAME)) {
            out.append(" If you cannot complete the task, call it with success=false and say why: an honest ")
                    .append("failure helps the run, a claimed success that is not real harms it.");
        }
        out.append('\n');
        RunMemory memory = task.memory();
        section(out, "The run's plan (head of task_plan.md)", memory.planHead());
        section(out, "Recent findings (tail of findings.md)", memory.findingsTail());
        section(out, "Recent progress (tail of progress.md)", memory.progressTail());
        out.append("\n").append(task.contract().render(terminal));
        return out.toString();
    }

    /** The first user message; the contract itself is in the system prompt. */
    static String kickoff(AgentTask task) {
        TaskContract contract = task.contract();
        String which = contract.total() > 0 ? "task " + contract.index() + " of " + contract.total() : "your task";
        return "Begin " + which + " now, as described under \"Your task\" in your instructions. Work with your "
                + "tools, and finish by calling " + task.terminal().name() + ".";
    }

    private static void section(StringBuilder out, String title, String text) {
        if (text != null && !text.isBlank()) {
            out.append("\n# ").append(title).append('\n').append(text.strip()).append('\n');
        }
    }
}
