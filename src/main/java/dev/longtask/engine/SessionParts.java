package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.agent.AgentRunner;
import dev.longtask.model.agent.Approver;
import dev.longtask.agent.LoopSettings;
import dev.longtask.agent.PermissionGate;
import dev.longtask.agent.Permissions;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.RunSettings;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.undo.Checkpoints;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** What the parts of one session (planning, execution, director rounds, the end) share. */
record SessionParts(RunStore store, EngineSetup setup, StopSignal stop, AgentRunner runner, RoleKit kit,
                    PlanBook book, PlanValidator validator, ObjectMapper json, Clock clock, EngineConfig config,
                    Permissions permissions, BudgetWatch budget) {

    /** The parts of a session that changes no file of the workspace (planning only): no checkpoints. */
    static SessionParts of(RunStore store, EngineSetup setup, StopSignal stop) {
        return of(store, setup, stop, null);
    }

    /** @param checkpoints the record of each task's changes to the workspace (null: none) */
    static SessionParts of(RunStore store, EngineSetup setup, StopSignal stop, Checkpoints checkpoints) {
        ObjectMapper json = JsonMapping.MAPPER;
        Clock clock = setup.storeOptions().clock();
        RunSettings settings = store.run().recordedSettings();
        ToolContext context = new ToolContext(setup.workspace(), store, 0, settings.approval(), settings.sandbox(),
                checkpoints);
        // the run's approval mode, and one rule of its own: its agents may record their output in its results
        Permissions permissions = setup.permissions().withMode(settings.approval() != null ? settings.approval()
                : setup.permissions().mode()).withRunRules(List.of(
                PermissionRule.parse(PermissionRule.Kind.ALLOW, "Edit(/" + setup.workspace().relative(store.directory())
                        + "/results/**)", PermissionSettings.RUN_SOURCE)));
        PermissionGate gate = permissions.gate(setup.workspace(), store,
                pausingWhenUnanswered(permissions.approver(), stop));
        BudgetWatch budget = new BudgetWatch(stop, clock);
        AgentRunner runner = new AgentRunner(store, new AgentRunner.Parts(setup.models(), setup.tools(),
                setup.tokens(), clock, LoopSettings.DEFAULTS, context, loop -> {
                    try {
                        return stop.interruptibly(loop);
                    } finally {
                        // The loop leaves the interrupt flag set; clear it so the bookkeeping that follows is not cut short.
                        Thread.interrupted();
                    }
                }, gate, setup.mcp(), budget::check, setup.config().taskTimeout(), setup.loops()));
        PlanBook book = new PlanBook(store, json, setup.workspace().relative(store.directory()));
        PlanValidator validator = PlanValidator.of(setup, book.runPath());
        RoleKit kit = new RoleKit(setup.agents(), runner, store, validator, new RoleTools(json), json,
                setup.workspace(), book, context);
        return new SessionParts(store, setup, stop, runner, kit, book, validator, json, clock, setup.config(),
                permissions, budget);
    }

    /**
     * Asks {@code approver}; when nobody can answer (no terminal), the run pauses with the question open, and
     * {@code longtask approve} answers it before {@code longtask resume}.
     */
    private static Approver pausingWhenUnanswered(Approver approver, StopSignal stop) {
        return (runId, question) -> {
            Optional<ApprovalAnswer> answer = approver.ask(runId, question);
            if (answer.isEmpty()) {
                stop.stop(StopSignal.Kind.PAUSE, "waiting for approval: question #" + question.id()
                        + (question.task() == null ? "" : " of task #" + question.task()) + " (" + question.tool()
                        + "); answer it with 'longtask approve " + runId + "' (or --deny REASON), then resume");
            }
            return answer;
        };
    }
}
