package dev.longtask.agent;

import dev.longtask.model.Task;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one agent run must do: the instruction, the files to read, the files it must write, how success is
 * judged, and where it stands in the run ("task 3 of 7"; {@code total} 0 leaves that out, as for role agents).
 * Part of the system prompt, so compaction never loses it.
 */
public record TaskContract(
        String subject,
        String instruction,
        Map<String, String> inputs,
        Map<String, String> outputs,
        List<String> successCriteria,
        int index,
        int total) {

    public TaskContract {
        subject = subject == null ? "" : subject;
        instruction = instruction == null ? "" : instruction;
        inputs = Map.copyOf(inputs == null ? Map.of() : inputs);
        outputs = Map.copyOf(outputs == null ? Map.of() : outputs);
        successCriteria = List.copyOf(successCriteria == null ? List.of() : successCriteria);
    }

    /** The contract of a task of the graph. */
    public static TaskContract of(Task task, int index, int total) {
        return new TaskContract(task.subject(), task.instruction(), task.inputs(), task.outputs(),
                task.successCriteria(), index, total);
    }

    /** A contract that is only an instruction: an ad-hoc agent, or a role agent given its brief. */
    public static TaskContract instruction(String instruction) {
        return new TaskContract("", instruction, Map.of(), Map.of(), List.of(), 0, 0);
    }

    /**
     * The contract as the system prompt shows it. With required outputs, a {@code submit_result}'s details is told to
     * summarise them rather than repeat them.
     */
    public String render(String terminalTool) {
        StringBuilder out = new StringBuilder("# Your task");
        if (total > 0) {
            out.append(" (task ").append(index).append(" of ").append(total).append(")");
        }
        out.append('\n');
        if (!subject.isBlank()) {
            out.append("\nSubject: ").append(subject.strip()).append('\n');
        }
        out.append("\nInstruction:\n").append(instruction.strip()).append('\n');
        if (!inputs.isEmpty()) {
            out.append("\nInputs (read these; paths are relative to the workspace):\n");
            new TreeMap<>(inputs).forEach((name, path) -> out.append("- ").append(name).append(": ").append(path)
                    .append('\n'));
        }
        if (!outputs.isEmpty()) {
            // The synthesizer reads both the result and the files: the whole result in details would cost twice.
            out.append(terminalTool.equals(SubmitResult.NAME)
                    ? "\nRequired outputs (write each before you finish: success=true is refused while one is missing;"
                    + " they hold your full result, which details only summarises, naming them):\n"
                    : "\nRequired outputs (write each file before you finish):\n");
            new TreeMap<>(outputs).forEach((name, path) -> out.append("- ").append(name).append(": ").append(path)
                    .append('\n'));
        }
        if (!successCriteria.isEmpty()) {
            out.append("\nSuccess criteria (check each before you finish):\n");
            successCriteria.forEach(c -> out.append("- ").append(c.strip()).append('\n'));
        }
        return out.toString();
    }
}
