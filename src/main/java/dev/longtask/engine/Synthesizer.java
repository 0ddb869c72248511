package dev.longtask.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.agent.AgentOutcome;
import dev.longtask.agent.AgentSpec;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.RunMemory;
import dev.longtask.agent.TaskContract;
import dev.longtask.agent.Terminal;
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
 * in parts, each part by a summarizer told to keep everything the report needs, and the synthesizer reads the
 * parts' notes; nothing is ever cut to a preview.
 */
final class Synthesizer {
    static final int MAX_REDUCTIONS = 3;
    static final int CHARS_PER_TOKEN = 3;
    static final long MAX_OUTPUT_FILE_BYTES = 4L << 20;

    /** The accepted report arguments, or why there are none. */
    record Result(ObjectNode report, AgentOutcome outcome) {
        boolean written() {
            return report != null;
        }
    }

    private final RoleKit kit;
    private final int partChars;

    Synthesizer(RoleKit kit, int configuredPartChars) {
        this.kit = kit;
        AgentSpec synthesizer = kit.agents().require("synthesizer");
        this.partChars = configuredPartChars > 0 ? configuredPartChars
                : Math.max(4_000, kit.runner().contextWindow(synthesizer.model()) / 2 * CHARS_PER_TOKEN);
    }

    Result synthesize(String goal, int session) {
        List<ResultParts.Document> documents = documents();
        for (int reduction = 1; reduction <= MAX_REDUCTIONS; reduction++) {
            List<String> parts = ResultParts.split(documents, partChars);
            if (parts.size() <= 1) {
                return report(goal, parts.isEmpty() ? "" : parts.get(0), session);
            }
            List<ResultParts.Document> notes = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                AgentOutcome part = readPart(goal, parts.get(i), i + 1, parts.size(), session, reduction);
                if (part.ending() != AgentOutcome.Ending.SUBMITTED) {
                    return new Result(null, part);
                }
                notes.add(new ResultParts.Document("notes on part " + (i + 1) + " of " + parts.size(), part.output()));
            }
            documents = notes;
        }
        return report(goal, String.join("\n", ResultParts.split(documents, Integer.MAX_VALUE)), session);
    }

    private Result report(String goal, String results, int session) {
        Terminal submitReport = Terminal.of(kit.roles().submitReport(), args -> List.of());
        String brief = "The goal of the run:\n\n" + goal.strip() + "\n\nBelow is every result of the run, in full: each "
                + "task's result.json and the output files it declared. Task files are also in the workspace if you "
                + "need to check a claim.\n\n" + results + "\nWrite the final report and call submit_report.\n";
        AgentTask job = new AgentTask(kit.agents().require("synthesizer"), TaskContract.instruction(brief),
                RunMemory.read(kit.store().directory()), kit.context(), submitReport);
        AgentOutcome outcome = kit.runner().run(job, null, kit.store().roleTranscript("synthesizer_session_" + session));
        return outcome.ending() == AgentOutcome.Ending.SUBMITTED
                ? new Result(outcome.submitted(), outcome) : new Result(null, outcome);
    }

    private AgentOutcome readPart(String goal, String part, int index, int total, int session, int reduction) {
        String brief = "You are reading part " + index + " of " + total + " of the results of a run whose goal is:\n\n"
                + goal.strip() + "\n\nRead all of this part. Then call submit_result with success true, and in summary "
                + "and details write down everything a final report on the goal needs from it: every finding and "
                + "issue with its exact location (path:line), severity and suggestion, every number, every failed "
                + "task and why. Do not drop anything relevant; the report is written from your notes only.\n\n"
                + part;
        AgentTask job = AgentTask.submitting(kit.agents().require("summarizer"), TaskContract.instruction(brief),
                RunMemory.NONE, kit.context());
        return kit.runner().run(job, null, kit.store().roleTranscript("synthesizer_session_" + session + "_pass_" + reduction
                + "_part_" + index));
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
        Path file = kit.store().directory().resolve("results").resolve("task_" + t.id()).resolve("result.json");
        if (!Files.exists(file)) {
            return "(no result: the task is " + t.status().wire()
                    + (t.error() == null || t.error().isEmpty() ? "" : "; error: " + t.error()) + ")";
        }
        return read(file);
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
