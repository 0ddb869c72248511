package dev.longtask.cli;

import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.store.FileRunStore;
import java.io.PrintWriter;
import java.nio.file.Path;
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
                "Without --deny the call is allowed once; --always allows calls like it for the rest of the run.",
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

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public ExitCode call() {
        if (deny != null && always) {
            throw CliFailure.usage("--deny and --always contradict each other: give one of them");
        }
        Path workspace = workdir.workspace();
        runId = RunAccess.resolve(workspace, runId);
        PrintWriter out = spec.commandLine().getOut();
        try (FileRunStore store = RunAccess.openForWriting(workspace, runId, spec.commandLine().getErr())) {
            Approval chosen = choose(store.approvals().stream().filter(Approval::open).toList());
            ApprovalAnswer answer = deny != null ? ApprovalAnswer.deny(chosen.id(), deny, "longtask approve")
                    : always ? ApprovalAnswer.allowAlways(chosen.id(), "longtask approve")
                    : ApprovalAnswer.allowOnce(chosen.id(), "longtask approve");
            RunAccess.call(() -> store.answerApproval(answer));
            out.println(ApprovalText.line(chosen.question()));
            out.println("answered: " + switch (answer.decision()) {
                case ALLOW_ONCE -> "allowed once";
                case ALLOW_ALWAYS -> "allowed for the rest of the run (" + chosen.question().always() + ")";
                case DENY -> "denied" + (answer.reason().isEmpty() ? "" : " (" + answer.reason() + ")");
            });
            out.println("continue with: longtask resume " + runId
                    + (workdir.path.equals(Path.of(".")) ? "" : " --workdir " + workdir.path));
            return ExitCode.OK;
        }
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
                    + "): choose one with --question N ('longtask status " + runId + "' shows them)");
        }
        return open.get(0);
    }

    private static String ids(List<Approval> open) {
        return open.stream().map(a -> "#" + a.id()).collect(Collectors.joining(", "));
    }
}
