package dev.longtask.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.RunMemory;
import dev.longtask.agent.TaskContract;
import dev.longtask.agent.Terminal;
import dev.longtask.model.Counts;
import dev.longtask.model.Task;
import dev.longtask.tools.OutsideWorkspaceException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the run's report from every result read in full. When the results do not fit one prompt they are read
 * in parts, each part by a summarizer told to keep everything the report needs in notes a few times shorter than
 * the part; when the notes do not fit one prompt either they are read in parts again, as many levels as it takes,
 * and the synthesizer reads the last notes. Nothing is ever cut to a preview. A part that turns out too large for
 * the window (found before any model call) is halved and its level read again.
 */
final class Synthesizer {
    static final int CHARS_PER_TOKEN = 3;
    static final long MAX_OUTPUT_FILE_BYTES = 4L << 20;
    /** Below this a part is no use; a window that small cannot hold the synthesizer's own instructions. */
    static final int MIN_PART_CHARS = 1_000;
    /** Notes are asked to be this many times shorter than the part they summarise, so every level shrinks. */
    static final int NOTES_SHRINK = 4;
    /** What a role's prompt takes besides the results: its instructions, the tools' schemas, the brief. */
    private static final int OVERHEAD_CHARS = 6_000;

    /** The accepted report arguments, or why there are none. */
    record Result(ObjectNode report, AgentOutcome outcome) {
        boolean written() {
            return report != null;
        }
    }

    private final RoleKit kit;
    private final int window;
    private final int configuredPartChars;

    Synthesizer(RoleKit kit, int configuredPartChars) {
        this.kit = kit;
        this.window = kit.runner().contextWindow(kit.agents().require("synthesizer").model());
        this.configuredPartChars = configuredPartChars;
    }

    Result synthesize(String goal, int session) {
        RunMemory memory = memoryThatFits();
        int partChars = configuredPartChars > 0 ? configuredPartChars : Math.max(MIN_PART_CHARS,
                window * 6 / 10 * CHARS_PER_TOKEN - OVERHEAD_CHARS - chars(memory));
        List<ResultParts.Document> documents = documents();
        int level = 1;
        int attempt = 1;
        while (true) {
            List<String> parts = ResultParts.split(documents, partChars);
            if (parts.size() <= 1) {
                Result result = report(goal, parts.isEmpty() ? "" : parts.get(0), session, memory, level > 1);
                if (!overflowed(result.outcome()) || partChars / 2 < MIN_PART_CHARS) {
                    return result;
                }
                partChars /= 2;
                attempt++;
                continue;
            }
            List<ResultParts.Document> notes = new ArrayList<>();
            AgentOutcome failed = null;
            for (int i = 0; i < parts.size() && failed == null; i++) {
                AgentOutcome part = readPart(goal, parts.get(i), i + 1, parts.size(), partChars / NOTES_SHRINK,
                        transcript(session, level, attempt, i + 1));
                if (part.ending() == AgentOutcome.Ending.SUBMITTED) {
                    notes.add(new ResultParts.Document("notes on part " + (i + 1) + " of " + parts.size()
                            + (level > 1 ? " (level " + level + ")" : ""), part.output()));
                } else {
                    failed = part;
                }
            }
            if (failed != null) {
                if (!overflowed(failed) || partChars / 2 < MIN_PART_CHARS) {
                    return new Result(null, failed);
                }
                partChars /= 2;
                attempt++;
                continue;
            }
            if (ResultParts.size(notes) >= ResultParts.size(documents)) {
                return new Result(null, notShrinking(level, notes, documents));
            }
            documents = notes;
            level++;
            attempt = 1;
        }
    }

    private static boolean overflowed(AgentOutcome outcome) {
        return outcome.ending() == AgentOutcome.Ending.CONTEXT_OVERFLOW;
    }

    /** The run's memory for the synthesizer's prompt, unless it would take more than an eighth of a small window. */
    private RunMemory memoryThatFits() {
        RunMemory memory = kit.memory();
        return chars(memory) <= window / 8 * CHARS_PER_TOKEN ? memory : RunMemory.NONE;
    }

    private static int chars(RunMemory memory) {
        return memory.planHead().length() + memory.findingsTail().length() + memory.progressTail().length();
    }

    private String transcript(int session, int level, int attempt, int part) {
        return "synthesizer_session_" + session + "_pass_" + level + (attempt > 1 ? "_try_" + attempt : "")
                + "_part_" + part;
    }

    /** Notes that summarise nothing away would make the next level as large: stop, saying so. */
    private static AgentOutcome notShrinking(int level, List<ResultParts.Document> notes,
            List<ResultParts.Document> read) {
        return new AgentOutcome("summarizer", AgentOutcome.Ending.REJECTED, false, "the notes of level " + level
                + " (" + ResultParts.size(notes) + " characters) are no shorter than what they summarise ("
                + ResultParts.size(read) + "); a model that keeps its notes shorter is needed", null, "", List.of(),
                null, 0, null);
    }

    /** @param notes whether {@code results} are notes on parts (the results were too large for one prompt) */
    private Result report(String goal, String results, int session, RunMemory memory, boolean notes) {
        Terminal submitReport = Terminal.of(kit.roles().submitReport(), args -> List.of());
        String brief = "The goal of the run:\n\n" + goal.strip() + "\n\n" + (notes
                ? "The results were too large for one prompt, so below are notes on them, part by part, taken by "
                + "agents who read every part in full. The results themselves are in the workspace "
                + "(results/task_<id>/result.json of the run, and the files the tasks wrote) if you need to check a "
                + "claim."
                : "Below is every result of the run, in full: what each task handed in, and the output files it "
                + "declared. Their files are in the workspace too, if you need to check a claim.")
                + "\n\n" + results + "\nWrite the final report and call submit_report.\n";
        AgentTask job = new AgentTask(kit.agents().require("synthesizer"), TaskContract.instruction(brief),
                memory, kit.context(), submitReport);
        AgentOutcome outcome = kit.runner().run(job, null, kit.store().roleTranscript("synthesizer_session_" + session));
        return outcome.ending() == AgentOutcome.Ending.SUBMITTED
                ? new Result(outcome.submitted(), outcome) : new Result(null, outcome);
    }

    private AgentOutcome readPart(String goal, String part, int index, int total, int maxNoteChars, String transcript) {
        String brief = "You are reading part " + index + " of " + total + " of the results of a run whose goal is:\n\n"
                + goal.strip() + "\n\nRead all of this part. Then call submit_result with success true, and in summary "
                + "and details write down everything a final report on the goal needs from it: every finding and "
                + "issue with its exact location (path:line), severity and suggestion, every number, every failed "
                + "task and why. Do not drop anything relevant; the report is written from your notes only. Keep "
                + "summary and details together under about " + Counts.full(maxNoteChars / 6) + " words: merge "
                + "what repeats and leave out what the report does not need.\n\n" + part;
        AgentTask job = AgentTask.submitting(kit.agents().require("summarizer"), TaskContract.instruction(brief),
                RunMemory.NONE, kit.context());
        return kit.runner().run(job, null, kit.store().roleTranscript(transcript));
    }

    /** Every task's result.json and declared outputs, as text; a missing or binary file is said so, not skipped. */
    private List<ResultParts.Document> documents() {
        List<ResultParts.Document> docs = new ArrayList<>();
        for (Task t : kit.store().tasks()) {
            String head = "task #" + t.id() + " [" + t.status().wire() + "] " + t.subject() + " (" + t.agent() + ")";
            docs.add(new ResultParts.Document(head + ": " + kit.book().resultPath(t.id()), resultText(t)));
            Map<String, String> outputs = new TreeMap<>(t.outputs());
            outputs.forEach((name, path) -> docs.add(new ResultParts.Document(
                    "task #" + t.id() + " output '" + name + "': " + path, fileText(path))));
        }
        return docs;
    }

    private String resultText(Task t) {
        return kit.store().result(t.id()).map(r -> r.json() != null ? ResultText.of(r.json()) : r.text())
                .orElseGet(() -> "(no result: the task is " + t.status().wire()
                        + (t.error() == null || t.error().isEmpty() ? "" : "; error: " + t.error()) + ")");
    }

    private String fileText(String path) {
        try {
            Path file = kit.workspace().resolveInside(path);
            if (!Files.isRegularFile(file)) {
                return "(the file does not exist)";
            }
            if (Files.size(file) > MAX_OUTPUT_FILE_BYTES) {
                return "(the file has " + Files.size(file) + " bytes, too large to include; read it from the workspace)";
            }
            return read(file);
        } catch (OutsideWorkspaceException | IOException e) {
            return "(cannot read it: " + e.getMessage() + ")";
        }
    }

    private static String read(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return "(a binary file, not included)";
        } catch (IOException e) {
            return "(cannot read it: " + e.getMessage() + ")";
        }
    }
}
