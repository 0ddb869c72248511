package dev.longtask.cli.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Event;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The question on the terminal: what it shows, what each answer means, the end of input, and an interrupt. */
class TerminalApproverTest {
    private final StringWriter screen = new StringWriter();
    private final List<String> view = new CopyOnWriteArrayList<>();
    private final ProgressView recording = new ProgressView() {
        @Override
        public void onEvent(Event event, ProgressSnapshot snapshot) {
        }

        @Override
        public void hold() {
            view.add("hold");
        }

        @Override
        public void release() {
            view.add("release");
        }
    };

    private static ApprovalQuestion question(int id) {
        return new ApprovalQuestion(id, 3, "general", "bash", JsonNodeFactory.instance.objectNode().put("command",
                "git push"), "key", "$ git push", "Bash(git push:*)", "the rule Bash(git push:*) of x asks");
    }

    private TerminalApprover typing(String input) {
        return new TerminalApprover(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(screen, true), recording);
    }

    @Test
    void showsTheCallAndTakesEachAnswer() throws Exception {
        TerminalApprover approver = typing("maybe\ny\na\nn\nnot on a Friday\n");

        Optional<ApprovalAnswer> once = approver.ask("r1", question(1));
        Optional<ApprovalAnswer> always = approver.ask("r1", question(2));
        Optional<ApprovalAnswer> denied = approver.ask("r1", question(3));

        assertThat(once).contains(ApprovalAnswer.allowOnce(1, "terminal"));
        assertThat(always).contains(ApprovalAnswer.allowAlways(2, "terminal"));
        assertThat(denied).contains(ApprovalAnswer.deny(3, "not on a Friday", "terminal"));
        assertThat(screen.toString()).startsWith("""

                approval needed (#1): task #3, agent general wants to use bash
                  because the rule Bash(git push:*) of x asks
                  $ git push
                  (allow always adds the rule Bash(git push:*) for the rest of this run)
                allow once [y], allow always for this run [a], deny [n]: please answer y, a or n
                allow once [y], allow always for this run [a], deny [n]: \
                """).contains("reason, for the agent (Enter for none): ");
        assertThat(view).containsExactly("hold", "release", "hold", "release", "hold", "release");
    }

    @Test
    void atTheEndOfTheInputNobodyAnswersAndTheQuestionStaysOpen() throws Exception {
        TerminalApprover approver = typing("");

        assertThat(approver.ask("r1", question(1))).isEmpty();
        assertThat(approver.ask("r1", question(2))).isEmpty();
        assertThat(screen.toString()).contains("answer it with longtask approve r1");
        assertThat(view).containsExactly("hold", "release", "hold", "release");
    }

    @Test
    void anInterruptEndsTheWait() throws IOException, InterruptedException {
        PipedOutputStream keyboard = new PipedOutputStream();
        TerminalApprover approver = new TerminalApprover(new PipedInputStream(keyboard), new PrintWriter(screen, true),
                recording);
        CompletableFuture<Thread> asking = new CompletableFuture<>();
        CompletableFuture<Optional<ApprovalAnswer>> answer = CompletableFuture.supplyAsync(() -> {
            asking.complete(Thread.currentThread());
            try {
                return approver.ask("r1", question(1));
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted", e);
            }
        });
        Thread asker = asking.join();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!screen.toString().contains("deny [n]: ") && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(screen.toString()).as("the question is on screen").contains("deny [n]: ");
        asker.interrupt();

        assertThatThrownBy(() -> answer.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasRootCauseInstanceOf(InterruptedException.class);
        assertThat(view).containsExactly("hold", "release");
        // Answered elsewhere (or stopped) while the prompt waited: what the view prints next starts a new line.
        assertThat(screen.toString()).endsWith("deny [n]: " + System.lineSeparator());
        keyboard.close();
    }

    @Test
    void onANarrowTerminalTheQuestionWrapsWithItsContinuationLinesIndented() throws Exception {
        ProgressView narrow = new ProgressView() {
            @Override
            public void onEvent(Event event, ProgressSnapshot snapshot) {
            }

            @Override
            public int columns() {
                return 40;
            }
        };
        TerminalApprover approver = new TerminalApprover(new ByteArrayInputStream("y\n".getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(screen, true), narrow);

        approver.ask("r1", question(1));

        assertThat(screen.toString()).contains("""
                approval needed (#1): task #3, agent
                  general wants to use bash
                  because the rule Bash(git push:*) of
                    x asks
                """);
    }
}
