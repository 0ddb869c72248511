package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.agent.AgentRunner;
import dev.longtask.agent.LoopSettings;
import dev.longtask.model.RunSettings;
import dev.longtask.store.RunStore;
import dev.longtask.model.JsonMapping;
import dev.longtask.tools.ToolContext;
import java.time.Clock;

/** What the parts of one session (planning, execution, director rounds, the end) share. */
record SessionParts(RunStore store, EngineSetup setup, StopSignal stop, AgentRunner runner, RoleKit kit,
                    PlanBook book, PlanValidator validator, ObjectMapper json, Clock clock, EngineConfig config) {

    static SessionParts of(RunStore store, EngineSetup setup, StopSignal stop) {
        ObjectMapper json = JsonMapping.newMapper();
        Clock clock = setup.storeOptions().clock();
        RunSettings settings = store.run().recordedSettings();
        ToolContext context = new ToolContext(setup.workspace(), store, 0, settings.approval(), settings.sandbox());
        AgentRunner runner = new AgentRunner(store, new AgentRunner.Parts(setup.models(), setup.tools(),
                setup.tokens(), clock, LoopSettings.DEFAULTS, context, loop -> {
                    try {
                        return stop.interruptibly(loop);
                    } finally {
                        // The loop leaves the interrupt flag set; clear it so the bookkeeping that follows is not cut short.
                        Thread.interrupted();
                    }
                }));
        PlanBook book = new PlanBook(store, json, setup.workspace().relative(store.directory()));
        PlanValidator validator = new PlanValidator(TaskAgents.names(setup.agents()), setup.workspace());
        RoleKit kit = new RoleKit(setup.agents(), runner, store, validator, new RoleTools(json), json,
                setup.workspace(), book, context);
        return new SessionParts(store, setup, stop, runner, kit, book, validator, json, clock, setup.config());
    }
}
