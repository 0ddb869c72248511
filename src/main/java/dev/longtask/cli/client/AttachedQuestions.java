package dev.longtask.cli.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.view.ApprovalText;
import dev.longtask.cli.view.ProgressView;
import dev.longtask.cli.view.TerminalApprover;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.JsonMapping;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The questions of the foreground run that {@code longtask run --server} follows: asked at this terminal as a local
 * run asks them ({@link TerminalApprover}: the call's preview, then y/a/n) and answered through the server's API, one
 * at a time on a thread of its own so the run's events keep coming. A question answered elsewhere meanwhile (the
 * dashboard, the API) leaves the screen. Without a terminal the question is only named, with where to answer it.
 */
final class AttachedQuestions implements AutoCloseable {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private final String runId;
    private final ServerClient client;
    private final PrintWriter out;
    private final TerminalApprover terminal;
    private final BlockingQueue<ApprovalQuestion> asked = new LinkedBlockingQueue<>();
    private final Set<Integer> answered = ConcurrentHashMap.newKeySet();
    private final Thread asker;
    /** The question on screen, 0 for none; guarded by this. */
    private int showing;
    private volatile boolean closed;

    /**
     * @param input the terminal's input, or null when there is none (input is not a terminal)
     * @param view  the run's lines, held while a question is on the screen
     */
    AttachedQuestions(String runId, ServerClient client, PrintWriter out, InputStream input, ProgressView view) {
        this.runId = runId;
        this.client = client;
        this.out = out;
        this.terminal = input == null ? null : new TerminalApprover(input, out, view, (id, q) -> elsewhere(q));
        this.asker = terminal == null ? null : new Thread(this::askInTurn, "longtask-attached-questions");
        if (asker != null) {
            asker.setDaemon(true);
            asker.start();
        }
    }

    /** The run asked {@code question} (its {@code approval.requested} event). */
    void requested(ApprovalQuestion question) {
        if (terminal == null) {
            out.println("question #" + question.id() + " waits for approval: " + ApprovalText.line(question)
                    + "; answer it on the dashboard or with " + where(question));
            out.flush();
            return;
        }
        asked.add(question);
    }

    /** The run recorded an answer to question {@code id}: it leaves the screen if it is still there. */
    void answered(int id) {
        synchronized (this) {
            answered.add(id);
            if (showing == id) {
                asker.interrupt();
            }
        }
    }

    private void askInTurn() {
        while (!closed) {
            ApprovalQuestion question;
            try {
                question = asked.take();
            } catch (InterruptedException e) {
                continue; // closed, or a question already answered: the loop decides
            }
            if (answered.contains(question.id()) || !stillWaiting(question)) {
                continue;
            }
            Optional<ApprovalAnswer> answer;
            synchronized (this) {
                showing = question.id();
            }
            try {
                answer = terminal.ask(runId, question);
            } catch (InterruptedException e) {
                if (!closed) {
                    out.println();
                    out.println("(question #" + question.id() + " was answered elsewhere)");
                    out.flush();
                }
                continue;
            } finally {
                synchronized (this) {
                    showing = 0;
                    Thread.interrupted(); // an answer that came just after this one's: nothing left to stop
                }
            }
            if (answer.isEmpty()) {
                return; // no more input: the questions wait for an answer from elsewhere
            }
            send(question, answer.get());
        }
    }

    /** A question asked before this terminal followed the run may have been answered already. */
    private boolean stillWaiting(ApprovalQuestion question) {
        try {
            return "waiting".equals(client.get("/api/approvals/" + id(question), "the question").path("state")
                    .asText());
        } catch (CliFailure e) {
            return true;
        }
    }

    private void send(ApprovalQuestion question, ApprovalAnswer answer) {
        ObjectNode body = JSON.createObjectNode().put("decision", answer.decision().wire()).put("by", "terminal");
        if (!answer.reason().isEmpty()) {
            body.put("reason", answer.reason());
        } else if (answer.decision() == ApprovalDecision.DENY) {
            body.put("reason", "denied at the terminal"); // the server wants a reason for the agent with a deny
        }
        try {
            client.post("/api/approvals/" + id(question), body, status -> status == 200 || status == 202,
                    "the answer");
        } catch (CliFailure e) {
            if (!closed) {
                out.println("longtask: " + e.getMessage());
                out.flush();
            }
        }
    }

    private String id(ApprovalQuestion question) {
        return runId + ":" + question.id();
    }

    private String where(ApprovalQuestion question) {
        return "curl -X POST -H \"Authorization: Bearer $TOKEN\" -d '{\"decision\":\"allow_once\"}' " + client.base()
                + "/api/approvals/" + id(question);
    }

    /** How a question left open at the end of this terminal's input can be answered. */
    private String elsewhere(ApprovalQuestion question) {
        return "the dashboard or " + where(question);
    }

    @Override
    public void close() {
        closed = true;
        if (asker != null) {
            asker.interrupt();
        }
    }
}
