package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.ApprovalText;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.model.run.RunStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask approve RUN_ID [--always | --deny REASON] [--question N]}: answers a tool call that waits for
 * approval in a paused run (one that ran without a terminal in {@code --approval ask}); {@code resume} then carries
 * the run on, and the call runs or gets the reason as its error.
 */
@Command(name = "approve", mixinStandardHelpOptions = true,
        description = {"Answer a tool call that waits for approval in a paused run, then continue it with"
                + " 'longtask resume RUN_ID'.",
                "Without --deny the call is allowed once; --always allows calls like it for the rest of the run, and"
                        + " answers the other waiting questions its rule covers; --all answers every waiting question.",
                "'longtask status RUN_ID' shows the questions that wait."})
final class ApproveCommand implements Callable<ExitCode> {
    @Mixin
    RunAccess.Workdir workdir;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The paused run.")
    String runId;

    @Option(names = "--deny", paramLabel = "REASON",
            description = "Refuse the call; REASON goes back to the agent as the tool's error.")
    String deny;

    @Option(names = "--always", description = "Allow this call and calls like it (the rule the question names) for"
            + " the rest of the run.")
    boolean always;

    @Option(names = "--question", paramLabel = "N", description = "Which question, when several wait.")
    Integer question;

    @Option(names = "--all", description = "Answer every question that waits the same way (none waiting is no error).")
    boolean all;

    @Option(names = "--json", description = "Print the questions answered as one JSON object.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public ExitCode call() {
        if (deny != null && always) {
            throw CliFailure.usage("--deny and --always contradict each other: give one of them");
        }
        if (all && question != null) {
            throw CliFailure.usage("--all and --question contradict each other: give one of them");
        }
        Path workspace = workdir.workspace();
        runId = RunAccess.resolve(workspace, runId);
        PrintWriter out = spec.commandLine().getOut();
        try (RunStore store = RunAccess.openForWriting(workspace, runId, spec.commandLine().getErr())) {
            List<Approval> open = store.approvals().stream().filter(Approval::open).toList();
            List<Approval> answering = answering(open);
            ArrayNode answered = JsonOutput.mapper().createArrayNode();
            for (Approval chosen : answering) {
                ApprovalAnswer answer = deny != null ? ApprovalAnswer.deny(chosen.id(), deny, "longtask approve")
                        : always ? ApprovalAnswer.allowAlways(chosen.id(), "longtask approve")
                        : ApprovalAnswer.allowOnce(chosen.id(), "longtask approve");
                RunAccess.call(() -> store.answerApproval(answer));
                answered.addObject().put("id", chosen.id()).put("decision", answer.decision().wire())
                        .put("rule", answer.decision() == ApprovalDecision.ALLOW_ALWAYS ? chosen.question().always() : null)
                        .put("reason", answer.decision() == ApprovalDecision.DENY ? answer.reason() : null);
                if (!json) {
                    out.println(ApprovalText.line(chosen.question()));
                    out.println("answered: " + switch (answer.decision()) {
                        case ALLOW_ONCE -> "allowed once";
                        case ALLOW_ALWAYS -> "allowed for the rest of the run (" + chosen.question().always() + ")";
                        case DENY -> "denied" + (answer.reason().isEmpty() ? "" : " (" + answer.reason() + ")");
                    });
                }
            }
            String resume = "longtask resume " + runId + (workdir.path.equals(Path.of(".")) ? "" : " --workdir " + workdir.path);
            if (json) {
                ObjectNode result = JsonOutput.mapper().createObjectNode().put("run_id", runId);
                result.set("answered", answered);
                result.put("still_waiting", open.size() - answering.size()).put("resume", resume);
                out.println(JsonOutput.pretty(result));
            } else if (answering.isEmpty()) {
                out.println("no question waits for approval in run " + runId);
            } else {
                out.println("continue with: " + resume);
            }
            return ExitCode.OK;
        }
    }

    /**
     * The questions this answer settles: all with {@code --all}; else the one chosen, and with {@code --always}
     * every other waiting question whose "always" rule is the same, which the rule now allows anyway.
     */
    private List<Approval> answering(List<Approval> open) {
        if (all) {
            return open; // "answer whatever waits" is met by nothing waiting: a script may call it after every pause
        }
        Approval chosen = choose(open);
        if (!always || chosen.question().always().isEmpty()) {
            return List.of(chosen);
        }
        List<Approval> covered = new ArrayList<>(List.of(chosen));
        open.stream().filter(a -> a.id() != chosen.id() && a.question().always().equals(chosen.question().always()))
                .forEach(covered::add);
        return covered;
    }

    private Approval choose(List<Approval> open) {
        if (open.isEmpty()) {
            throw CliFailure.usage("no question waits for approval in run " + runId + " ('longtask status " + runId
                    + "' shows where it stands)");
        }
        if (question != null) {
            return open.stream().filter(a -> a.id() == question).findFirst().orElseThrow(() -> CliFailure.usage(
                    "question #" + question + " does not wait in run " + runId + "; waiting: " + ids(open)));
        }
        if (open.size() > 1) {
            throw CliFailure.usage(open.size() + " questions wait in run " + runId + " (" + ids(open)
                    + "): choose one with --question N, or answer them all with --all ('longtask status " + runId
                    + "' shows them)");
        }
        return open.get(0);
    }

    private static String ids(List<Approval> open) {
        return open.stream().map(a -> "#" + a.id()).collect(Collectors.joining(", "));
    }
}
