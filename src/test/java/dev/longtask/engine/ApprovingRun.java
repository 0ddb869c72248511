package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;

import dev.longtask.model.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The child process of {@link ApprovalTest}'s crash test: starts a one-task run in {@code --approval ask} whose
 * approver says "ASKED n" and then waits for an answer that never comes, so the parent can kill it while a question
 * is open.
 */
public final class ApprovingRun {
    private ApprovingRun() {
    }

    public static void main(String[] args) {
        Path workspace = Path.of(args[0]);
        Approver waitsForever = (runId, question) -> {
            System.out.println("ASKED " + question.id());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            return java.util.Optional.empty();
        };
        RunEngine engine = EngineFixture.engine(workspace, new ScriptedModel(ApprovingRun::answer),
                EngineConfig.defaults(), RunObserver.NONE, Permissions.AUTO.withMode(ApprovalMode.ASK)
                        .withApprover(waitsForever));
        engine.start("write one file", "run-ask", Budget.UNLIMITED);
    }

    static ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write the file",
                    "general", List.of(), Map.of("out", "out/result.md"))));
            case "director" -> decide("stop", "the file is written");
            case "synthesizer" -> report("One file", "# One file\n\nwritten");
            default -> turn.step() == 1 ? write("out/result.md", "the result")
                    : turn.lastResult().startsWith("denied") ? submitResult(false, "the user said: " + turn.lastResult())
                    : submitResult(true, "wrote the file");
        };
    }
}
