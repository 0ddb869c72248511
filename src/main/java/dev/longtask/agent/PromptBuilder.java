package dev.longtask.agent;

import dev.longtask.llm.AsOf;
import dev.longtask.model.agent.AgentSpec;

/**
 * Builds an agent's system prompt: its definition's body, how the runtime works (tools, guardrails, how to
 * finish), the run's disk memory (head of the plan, tail of findings and progress) as of the agent's start, then the
 * task contract.
 */
final class PromptBuilder {
    static final String MEMORY_TAG = "run_memory";
    static final String MEMORY_AS_OF = "when you started; tasks running beside you may have changed these files since";

    private PromptBuilder() {
    }

    static String system(AgentTask task, boolean notes) {
        AgentSpec agent = task.agent();
        String terminal = task.terminal().name();
        StringBuilder out = new StringBuilder(agent.systemPrompt().strip()).append("\n\n---\n\n");
        out.append("# How you work here\n");
        out.append("You are the agent \"").append(agent.name()).append("\", one isolated step of a longer job run by ")
                .append("longtask. Only your tool calls have effect; nobody reads plain replies.\n");
        out.append("- Paths are relative to the workspace root; one outside it (\"..\", absolute, a link out) is ")
                .append("refused.\n");
        out.append("- Look before you conclude; base every claim on what you read, cited as path:line.\n");
        out.append("- Read a file at most twice, then grep or read a new range (offset, limit). Long tool output is ")
                .append("cut in the middle: ask precisely.\n");
        if (notes) {
            out.append("- Record what you learn with note as you read: notes reach the run's findings at once and ")
                    .append("survive compaction.\n");
        }
        out.append("- A call repeated with the same result stops the task: change approach. You have at most ")
                .append(agent.maxSteps()).append(" steps.\n");
        out.append("- Finish by calling ").append(terminal).append(" once; if it is refused, fix what it names and ")
                .append("call it again.");
        if (terminal.equals(SubmitResult.NAME)) {
            out.append(" If you cannot complete the task, say so with success=false: an honest failure helps the ")
                    .append("run, a false success harms it.");
        }
        out.append('\n');
        out.append(memory(task.memory()));
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

    /**
     * The run's memory as the agent starts: tasks that run beside it change the files as they go (which of them has
     * finished, in what order), so it is marked as of this moment and a replay does not compare it.
     */
    private static String memory(RunMemory memory) {
        if (memory.isEmpty()) {
            return "";
        }
        StringBuilder sections = new StringBuilder();
        section(sections, "The run's plan (head of task_plan.md)", memory.planHead());
        section(sections, "Recent findings (tail of findings.md)", memory.findingsTail());
        section(sections, "Recent progress (tail of progress.md)", memory.progressTail());
        return "\n" + AsOf.block(MEMORY_TAG, MEMORY_AS_OF, sections.toString()) + "\n";
    }

    private static void section(StringBuilder out, String title, String text) {
        if (text != null && !text.isBlank()) {
            out.append("\n# ").append(title).append('\n').append(text.strip()).append('\n');
        }
    }
}
