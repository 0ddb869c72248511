package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The child process of {@link CrashResumeTest}: starts or resumes a run of six tasks with a scripted model that
 * takes a few milliseconds per call, and appends one line per model call ("pid role subject step") to a log the
 * parent watches to choose its moment to kill.
 */
public final class CrashingRun {
    static final int TASKS = 6;

    public static void main(String[] args) throws Exception {
        Path workspace = Path.of(args[0]);
        String mode = args[1];
        Path callLog = Path.of(args[2]);
        long pid = ProcessHandle.current().pid();
        try (FileOutputStream log = new FileOutputStream(callLog.toFile(), true)) {
            ScriptedModel model = new ScriptedModel(turn -> {
                String line = pid + "\t" + turn.role() + "\t" + turn.subject() + "\t" + turn.step() + "\n";
                try {
                    log.write(line.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                LockSupport.parkNanos(15_000_000); // the model's latency: calls are in flight when the kill comes
                return answer(turn);
            });
            RunEngine engine = EngineFixture.engine(workspace, model, EngineConfig.defaults().withConcurrency(2),
                    RunObserver.NONE, FsyncPolicy.ALWAYS);
            RunOutcome outcome = mode.equals("start") ? engine.start("six parts", "run-crash", Budget.UNLIMITED)
                    : engine.resume("run-crash", Budget.UNLIMITED);
            System.out.println("OUTCOME " + outcome.status().wire());
        }
    }

    static String subject(int i) {
        return "Part " + i;
    }

    static ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> {
                List<com.fasterxml.jackson.databind.node.ObjectNode> tasks = new ArrayList<>();
                for (int i = 1; i <= TASKS; i++) {
                    tasks.add(EngineFixture.task("p" + i, subject(i), "general",
                            i > 2 ? List.of("p" + (i - 2)) : List.of(), Map.of("out", "parts/" + i + ".md")));
                }
                yield call("submit_plan", EngineFixture.plan(tasks.toArray(new com.fasterxml.jackson.databind.node.ObjectNode[0])));
            }
            case "director" -> decide("stop", "all parts are written");
            case "synthesizer" -> report("Six parts", "# Six parts\n\nEvery part was written.");
            default -> turn.step() == 1
                    ? write("parts/" + turn.subject().substring(5) + ".md", "content of " + turn.subject())
                    : submitResult(true, "wrote " + turn.subject());
        };
    }
}
