package dev.longtask.cli.view;

import dev.longtask.model.agent.Approver;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BiFunction;

/**
 * Asks the person at the terminal: the tool, who calls it and why it asks, the command or a diff of the file, then
 * allow once, allow always for this run, or deny with a reason for the model. One question at a time (agents that
 * ask meanwhile wait their turn), with the live progress view held while it is on screen. Input is read by a
 * daemon thread, so a pause or Ctrl-C ends the wait at once; at the end of the input nobody can answer and the
 * question stays open.
 */
public final class TerminalApprover implements Approver {
    private static final String END = "\u0000end";

    private final InputStream input;
    private final PrintWriter out;
    private final ProgressView view;
    private final BiFunction<String, ApprovalQuestion, String> elsewhere;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private Thread reader;
    /** Whether a prompt waits on its line for an answer typed after it. */
    private boolean promptOpen;

    public TerminalApprover(InputStream input, PrintWriter out, ProgressView view) {
        this(input, out, view, (runId, q) -> "longtask approve " + runId);
    }

    /** @param elsewhere how the question can be answered once this terminal has no more input */
    public TerminalApprover(InputStream input, PrintWriter out, ProgressView view,
                     BiFunction<String, ApprovalQuestion, String> elsewhere) {
        this.input = input;
        this.out = out;
        this.view = view;
        this.elsewhere = elsewhere;
    }

    @Override
    public synchronized Optional<ApprovalAnswer> ask(String runId, ApprovalQuestion q) throws InterruptedException {
        startReading();
        view.hold();
        try {
            show(q);
            while (true) {
                out.print("allow once [y], allow always for this run [a], deny [n]: ");
                out.flush();
                promptOpen = true;
                String line = lines.take();
                promptOpen = false;
                if (line.equals(END)) {
                    lines.add(END);
                    out.println();
                    out.println("(no more input: the question stays open; answer it with "
                            + elsewhere.apply(runId, q) + ")");
                    out.flush();
                    return Optional.empty();
                }
                switch (line.strip().toLowerCase(Locale.ROOT)) {
                    case "y", "yes", "o", "once" -> {
                        return Optional.of(ApprovalAnswer.allowOnce(q.id(), "terminal"));
                    }
                    case "a", "always" -> {
                        return Optional.of(ApprovalAnswer.allowAlways(q.id(), "terminal"));
                    }
                    case "n", "no", "d", "deny" -> {
                        out.print("reason, for the agent (Enter for none): ");
                        out.flush();
                        promptOpen = true;
                        String reason = lines.take();
                        promptOpen = false;
                        if (reason.equals(END)) {
                            lines.add(END);
                        }
                        return Optional.of(ApprovalAnswer.deny(q.id(), reason.equals(END) ? "" : reason, "terminal"));
                    }
                    default -> out.println("please answer y, a or n");
                }
            }
        } finally {
            if (promptOpen) {
                // Answered elsewhere (or stopped) while the prompt waited: what the view prints next starts a line.
                out.println();
                out.flush();
                promptOpen = false;
            }
            view.release();
        }
    }

    private void show(ApprovalQuestion q) {
        out.println();
        println("approval needed (#" + q.id() + "): " + (q.task() == null ? "" : "task #" + q.task() + ", ")
                + "agent " + q.agent() + " wants to use " + q.tool());
        if (!q.why().isEmpty()) {
            println("  because " + q.why());
        }
        // The preview (a command, a diff) is shown as it is: its lines are not prose to wrap.
        q.preview().lines().forEach(line -> out.println("  " + line));
        if (!q.always().isEmpty()) {
            println("  (allow always adds the rule " + q.always() + " for the rest of this run)");
        }
    }

    /** A line of prose wrapped to the terminal, its continuation lines indented under the text. */
    private void println(String line) {
        int columns = view.columns();
        (columns > 0 ? TextWidth.wrap(line, columns - 1, "  ") : java.util.List.of(line)).forEach(out::println);
    }

    private void startReading() {
        if (reader != null) {
            return;
        }
        reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the terminal went away: as at the end of input
            }
            lines.add(END);
        }, "longtask-terminal-input");
        reader.setDaemon(true);
        reader.start();
    }
}
