package dev.longtask.agent;

import dev.longtask.model.Secrets;
import dev.longtask.llm.TokenCounter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import dev.longtask.model.Usage;
import dev.longtask.model.run.Transcript;
import dev.longtask.tools.Tool;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;

/**
 * Runs one agent on one job: a tool loop that ends when the agent's terminal tool is called with arguments
 * that pass its check, or with a failure (max_steps, stuck, too many refusals, context overflow, provider
 * error, interrupt). Guardrails: the whitelist at dispatch, the repeated-read refusal, head-and-tail cutting
 * of long output, ×N de-duplication, the note reminder, the stuck-repeat stop and compaction before the
 * window is outgrown. Every message, call and result goes to the transcript as it happens; every model call
 * goes to the listener and into the outcome's usage.
 *
 * <p>One instance serves one job at a time (the transcript is the job's); make one per task.
 */
final class AgentLoop {
    /** From this many steps left, each step's last result says how many remain. */
    static final int STEPS_LEFT_SHOWN = 3;

    private final LlmClient llm;
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final Transcript transcript;
    private final Clock clock;
    private final TokenCounter tokens;
    private final ModelCall.Listener listener;
    private final LoopSettings settings;
    private final LoopCaches caches;
    private final PermissionGate gate;

    /**
     * @param tools      every work tool of the runtime; each job gets those on its agent's whitelist
     * @param transcript where this job's conversation is written ({@code RunStore.transcript(taskId)})
     * @param tokens     the process's shared token counter
     * @param listener   told of every model call (the engine appends {@code llm.call} events)
     */
    public AgentLoop(LlmClient llm, Collection<? extends Tool> tools, Transcript transcript, Clock clock,
                     TokenCounter tokens, ModelCall.Listener listener) {
        this(llm, tools, transcript, clock, tokens, listener, LoopSettings.DEFAULTS);
    }

    public AgentLoop(LlmClient llm, Collection<? extends Tool> tools, Transcript transcript, Clock clock,
                     TokenCounter tokens, ModelCall.Listener listener, LoopSettings settings) {
        this(llm, tools, transcript, clock, tokens, listener, settings, PermissionGate.ALLOW_ALL);
    }

    /** @param gate the run's permission gate, which every work-tool call passes after the agent's whitelist */
    public AgentLoop(LlmClient llm, Collection<? extends Tool> tools, Transcript transcript, Clock clock,
                     TokenCounter tokens, ModelCall.Listener listener, LoopSettings settings, PermissionGate gate) {
        this(llm, tools, transcript, clock, tokens, listener, settings, gate, LoopCaches.ofProcess());
    }

    /**
     * @param gate   the run's permission gate, which every work-tool call passes after the agent's whitelist
     * @param caches what the runtime's loops share: the environment's secrets, the tools' compiled schemas
     */
    public AgentLoop(LlmClient llm, Collection<? extends Tool> tools, Transcript transcript, Clock clock,
                     TokenCounter tokens, ModelCall.Listener listener, LoopSettings settings, PermissionGate gate,
                     LoopCaches caches) {
        this.llm = llm;
        tools.forEach(t -> this.tools.put(t.name(), t));
        this.transcript = transcript;
        this.clock = clock;
        this.tokens = tokens;
        this.listener = listener == null ? ModelCall.Listener.NONE : listener;
        this.settings = settings;
        this.caches = caches;
        this.gate = gate;
    }

    AgentLoop(LlmClient llm, Collection<? extends Tool> tools, Transcript transcript, Clock clock,
              TokenCounter tokens, ModelCall.Listener listener, LoopSettings settings, Secrets redactor) {
        this(llm, tools, transcript, clock, tokens, listener, settings, redactor, PermissionGate.ALLOW_ALL);
    }

    AgentLoop(LlmClient llm, Collection<? extends Tool> tools, Transcript transcript, Clock clock,
              TokenCounter tokens, ModelCall.Listener listener, LoopSettings settings, Secrets redactor,
              PermissionGate gate) {
        this(llm, tools, transcript, clock, tokens, listener, settings, gate, new LoopCaches(redactor));
    }

    /**
     * Runs the job to its end. Never throws for what the model does; a failure of the transcript's storage
     * propagates. On interrupt it returns promptly with {@link AgentOutcome.Ending#INTERRUPTED} and leaves the
     * thread's interrupt flag set.
     */
    public AgentOutcome run(AgentTask task) {
        return new Job(task).run();
    }

    /** The state of one run of the loop. */
    private final class Job {
        private final AgentTask task;
        private final Terminal terminal;
        private final NoteTool note;
        private final ToolSpecs specs;
        private final ToolDispatcher dispatcher;
        private final TranscriptRecorder recorder;
        private final Compactor compactor;
        private final Conversation conversation;
        private Usage usage = Usage.ZERO;
        private int steps;
        private int rejections;

        Job(AgentTask task) {
            this.task = task;
            this.terminal = task.terminal();
            this.note = new NoteTool(task.agent().name());
            List<Tool> allowed = new ArrayList<>();
            for (String name : task.agent().tools()) {
                Tool tool = tools.get(name);
                if (tool != null && !name.equals(terminal.name())) {
                    allowed.add(tool);
                }
            }
            // Only a task agent's notes reach anyone (findings.md, the outcome); a role agent hands in all it has.
            boolean notes = terminal.name().equals(SubmitResult.NAME);
            if (notes) {
                allowed.add(note);
            }
            List<ToolSpec> offered = new ArrayList<>();
            allowed.forEach(t -> offered.add(new ToolSpec(t.name(), t.description(), t.parameters())));
            offered.add(terminal.spec());
            this.specs = new ToolSpecs(offered, tokens);
            LoopSettings sized = settings.forWindow(llm.contextWindowTokens());
            this.dispatcher = new ToolDispatcher(task.agent().name(), allowed, task.context(), sized, caches, gate);
            this.recorder = new TranscriptRecorder(transcript, clock, caches.secrets());
            this.compactor = new Compactor(llm, tokens, sized, clock, task.contract().render(terminal.name()));
            AgentTask fitted = task.withMemory(
                    task.memory().fitTo(LoopSettings.memoryCharsPerSection(llm.contextWindowTokens())));
            this.conversation = new Conversation(tokens, PromptBuilder.system(fitted, notes),
                    PromptBuilder.kickoff(fitted));
        }

        AgentOutcome run() {
            List<ChatMessage> start = conversation.messages();
            recorder.opening(((ChatMessage.System) start.get(0)).text(), ((ChatMessage.User) start.get(1)).text());
            int maxSteps = task.agent().maxSteps();
            try {
                for (int step = 1; step <= maxSteps; step++) {
                    if (Thread.currentThread().isInterrupted()) {
                        return interrupted();
                    }
                    Compactor.Result fit = compactor.ensureFits(conversation, specs,
                            origin(step, ChatRequest.Origin.COMPACTION),
                            (response, started) -> account(response, ModelCall.Purpose.COMPACTION, started));
                    if (fit.compacted()) {
                        dispatcher.compacted();
                        recorder.compaction(fit.summary(), fit.turnsSummarised(), fit.before(), fit.after(), step);
                    }
                    if (!fit.fits()) {
                        return end(AgentOutcome.Ending.CONTEXT_OVERFLOW, "the conversation (" + fit.after()
                                + " tokens estimated) does not fit the model's context window of "
                                + llm.contextWindowTokens() + " tokens even after compaction; split the task", null);
                    }
                    Instant started = clock.instant();
                    ChatResponse response = llm.chat(new ChatRequest(conversation.messages(), specs.list(),
                            settings.maxOutputTokens(), terminal.name(), step == maxSteps,
                            origin(step, ChatRequest.Origin.STEP)));
                    steps = step;
                    account(response, ModelCall.Purpose.STEP, started);
                    AgentOutcome outcome = answer(response.message(), step);
                    if (outcome != null) {
                        return outcome;
                    }
                }
            } catch (LlmException e) {
                if (isInterrupt(e)) {
                    return interrupted();
                }
                return finish(new AgentOutcome(task.agent().name(), AgentOutcome.Ending.PROVIDER_ERROR, false,
                        "model provider error: " + e.getMessage(), null, "", note.notes(), usage, steps, e));
            }
            return end(AgentOutcome.Ending.MAX_STEPS, "reached max_steps (" + maxSteps + ") without an accepted "
                    + terminal.name() + " call", null);
        }

        /**
         * Handles one assistant message; an outcome when the job is over, else null. Every call of the message gets
         * an answer: the calls after one that ends the job are answered with an error saying they were not run.
         */
        private AgentOutcome answer(ChatMessage.Assistant message, int step) {
            ChatMessage.Assistant said = message == null ? new ChatMessage.Assistant("", List.of()) : message;
            conversation.add(said);
            recorder.assistant(said, step);
            String stepsLeft = stepsLeft(step);
            if (!said.hasToolCalls()) {
                String nudge = "You replied without calling a tool, and plain replies reach nobody. Go on with the "
                        + "task using your tools, and finish by calling " + terminal.name() + "."
                        + (stepsLeft == null ? "" : "\n\n" + stepsLeft);
                conversation.add(new ChatMessage.User(nudge));
                recorder.user(nudge, step);
                return null;
            }
            List<ToolCall> calls = said.toolCalls();
            for (int i = 0; i < calls.size(); i++) {
                ToolCall call = calls.get(i);
                if (Thread.currentThread().isInterrupted()) {
                    return interrupted();
                }
                String notice = i == calls.size() - 1 ? stepsLeft : null;
                AgentOutcome outcome = call.name() != null && call.name().equals(terminal.name())
                        ? terminalCall(call, step, notice) : workCall(call, step, notice);
                if (outcome != null) {
                    for (ToolCall skipped : calls.subList(i + 1, calls.size())) {
                        reply(skipped, "not run: " + (outcome.ending() == AgentOutcome.Ending.SUBMITTED
                                ? "the " + terminal.name() + " call before it ended the task"
                                : "the task ended before it (" + outcome.reason() + ")"), true, step);
                    }
                    return finish(outcome);
                }
            }
            return null;
        }

        /** Who makes a call at {@code step}: a replay finds the recorded call of the same origin. */
        private ChatRequest.Origin origin(int step, String purpose) {
            return new ChatRequest.Origin(task.agent().name(), task.context().taskId(), step, purpose);
        }

        /** The notice that closes a step when few steps remain, or null. */
        private String stepsLeft(int step) {
            int left = task.agent().maxSteps() - step;
            if (left > STEPS_LEFT_SHOWN || left < 1) {
                return null;
            }
            if (left == 1) {
                return "[last step] Your next answer is your last: it can only call " + terminal.name()
                        + ". Call it with what you have" + (terminal.name().equals(SubmitResult.NAME)
                        ? "; if the task is not done, set success=false and say what remains." : ".");
            }
            return "[" + left + " steps left] Wrap up: make sure what the task requires is in place, then call "
                    + terminal.name() + " before the steps run out.";
        }

        private AgentOutcome workCall(ToolCall call, int step, String notice) {
            ToolDispatcher.Dispatched result = dispatcher.dispatch(call, step);
            reply(call, withNotice(result.content(), notice), result.error(), step);
            if (result.stuck()) {
                return ending(AgentOutcome.Ending.STUCK, "stuck: called " + call.name() + " "
                        + Json.canonical(call.arguments()) + " " + settings.repeatLimit()
                        + " times with the same result and no progress in between");
            }
            return null;
        }

        private AgentOutcome terminalCall(ToolCall call, int step, String notice) {
            ObjectNode args = call.invalidArguments().isPresent() ? null : call.arguments();
            List<String> problems = args == null
                    ? List.of(ToolDispatcher.invalidArguments(call))
                    : terminal.check().problems(args);
            if (problems.isEmpty()) {
                reply(call, "accepted", false, step);
                boolean success = terminal.success().test(args);
                String output = terminal.render().apply(args);
                String reason = success ? "" : "the agent reported failure: " + args.path("summary").asText("");
                return new AgentOutcome(task.agent().name(), AgentOutcome.Ending.SUBMITTED, success, reason,
                        args.deepCopy(), output, note.notes(), usage, steps, null);
            }
            rejections++;
            // The advice is the agent's alone: the problems also become the task's error, which the director reads.
            String content = "refused: " + String.join("\n", problems) + (terminal.name().equals(SubmitResult.NAME)
                    ? "\nFix that and call it again, or call it with success=false and say why." : "");
            reply(call, withNotice(content, notice), true, step);
            if (dispatcher.terminalRefused(call, content)) {
                return ending(AgentOutcome.Ending.STUCK, "stuck: " + terminal.name() + " was refused "
                        + settings.repeatLimit() + " times for the same arguments: " + problems.get(0));
            }
            if (rejections >= terminal.maxRejections()) {
                return ending(AgentOutcome.Ending.REJECTED, terminal.name() + " was refused " + rejections
                        + " times; last: " + String.join("; ", problems));
            }
            return null;
        }

        private static String withNotice(String content, String notice) {
            return notice == null ? content : content + "\n\n" + notice;
        }

        private void reply(ToolCall call, String content, boolean error, int step) {
            conversation.add(new ChatMessage.ToolResult(call.id(), call.name(), content, error));
            recorder.toolResult(call, content, error, step);
        }

        private void account(ChatResponse response, ModelCall.Purpose purpose, Instant started) {
            Usage used = response.usage() == null ? Usage.ZERO : response.usage();
            usage = usage.plus(used);
            ModelCall call = new ModelCall(task.agent().name(), llm.modelSpec(), purpose, steps, used,
                    Duration.between(started, clock.instant()));
            Uninterrupted.run(() -> listener.called(call));
        }

        private AgentOutcome interrupted() {
            Thread.currentThread().interrupt();
            return end(AgentOutcome.Ending.INTERRUPTED, "interrupted", null);
        }

        private AgentOutcome end(AgentOutcome.Ending ending, String reason, LlmException error) {
            return finish(new AgentOutcome(task.agent().name(), ending, false, reason, null, "", note.notes(), usage,
                    steps, error));
        }

        /** A failed ending, not yet recorded (the calls after it in the same answer are answered first). */
        private AgentOutcome ending(AgentOutcome.Ending ending, String reason) {
            return new AgentOutcome(task.agent().name(), ending, false, reason, null, "", note.notes(), usage, steps,
                    null);
        }

        private AgentOutcome finish(AgentOutcome outcome) {
            AgentOutcome told = withRefusal(outcome);
            recorder.outcome(told);
            return told;
        }

        /**
         * A task that failed after the permissions refused one of its calls says which call and which rule: the
         * failure itself ("required output file is missing") rarely names the cause.
         */
        private AgentOutcome withRefusal(AgentOutcome o) {
            boolean failed = !o.success() && o.ending() != AgentOutcome.Ending.INTERRUPTED
                    && o.ending() != AgentOutcome.Ending.PROVIDER_ERROR;
            Optional<String> refusal = dispatcher.permissionRefusal();
            if (!failed || refusal.isEmpty()) {
                return o;
            }
            return new AgentOutcome(o.agent(), o.ending(), false, o.reason() + "; the permissions refused a call of"
                    + " this task: " + refusal.get(), o.submitted(), o.output(), o.notes(), o.usage(), o.steps(),
                    o.providerError());
        }
    }

    private static boolean isInterrupt(LlmException e) {
        if (Thread.currentThread().isInterrupted()) {
            return true;
        }
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof ClosedByInterruptException
                    || (t instanceof InterruptedIOException && !(t instanceof java.net.SocketTimeoutException))) {
                return true;
            }
        }
        return false;
    }
}
