package dev.longtask.server;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.engine.RunEngine;
import dev.longtask.engine.RunOutcome;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.RunStatus;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.RunStore;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** The runtime behind the server: one engine per session, over the workspace's own settings. */
public final class EngineBackend implements RunBackend {
    private final WorkspaceSetup setup;
    private final StoreOptions storeOptions;
    private final Path home;

    /** @param home where user agents live ({@code ~/.longtask/agents}), or null */
    public EngineBackend(WorkspaceSetup setup, StoreOptions storeOptions, Path home) {
        this.setup = setup;
        this.storeOptions = storeOptions;
        this.home = home;
    }

    @Override
    public void create(String runId, RunRequest request) {
        WorkspaceSetup.Setup resolved = setup.open(request.workspace(), request.model());
        Budget budget = resolved.budget().overriddenBy(request.budget() == null ? Budget.UNLIMITED : request.budget());
        try (RunStore store = FileRunStore.create(request.workspace(), runId, request.goal(),
                resolved.models().runModel(), budget, storeOptions)) {
            store.setRunStatus(RunStatus.QUEUED, "waiting for a slot in the server's pool");
        }
    }

    @Override
    public LiveRun launch(String runId, RunRequest request, Consumer<Event> events) {
        WorkspaceSetup.Setup resolved = setup.open(request.workspace(), request.model());
        int concurrency = request.concurrency() != null ? request.concurrency() : resolved.concurrency();
        Toolbox tools = Toolbox.builtIn();
        Session[] session = new Session[1];
        RunEngine engine = new RunEngine(workspace(request.workspace()),
                AgentCatalog.discover(request.workspace(), home, new HashSet<>(tools.names())), tools.all(),
                resolved.models(), new EngineConfig(concurrency, EngineConfig.DEFAULT_MAX_ROUNDS, 0, null),
                storeOptions, (event, snapshot) -> {
                    session[0].honourStop();
                    events.accept(event);
                });
        session[0] = new Session(runId, request.workspace(), engine);
        Thread thread = new Thread(session[0]::drive, "longtask-run-" + runId);
        thread.setDaemon(true);
        thread.start();
        return session[0];
    }

    @Override
    public void setStatus(Path workspace, String runId, RunStatus status, String reason) {
        try (RunStore store = FileRunStore.open(workspace, runId, storeOptions)) {
            store.setRunStatus(status, reason);
        }
    }

    private static Workspace workspace(Path root) {
        try {
            return new Workspace(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the workspace " + root + ": " + e.getMessage(), e);
        }
    }

    /** One session on its own thread; a cancel is a pause followed by marking the run cancelled. */
    private final class Session implements LiveRun {
        private final String runId;
        private final Path workspace;
        private final RunEngine engine;
        private final CompletableFuture<Ended> ended = new CompletableFuture<>();
        private volatile String cancelledBecause;
        private volatile String stopBecause;
        private volatile boolean stopRepeated;

        Session(String runId, Path workspace, RunEngine engine) {
            this.runId = runId;
            this.workspace = workspace;
            this.engine = engine;
        }

        void drive() {
            try {
                RunOutcome outcome = engine.resume(runId, Budget.UNLIMITED);
                String cancelled = cancelledBecause;
                if (cancelled != null && outcome.status().isResumable()) {
                    setStatus(workspace, runId, RunStatus.CANCELLED, cancelled);
                    ended.complete(new Ended(RunStatus.CANCELLED, cancelled));
                } else {
                    ended.complete(new Ended(outcome.status(), outcome.reason()));
                }
            } catch (RuntimeException | Error e) {
                ended.completeExceptionally(e);
            }
        }

        @Override
        public String runId() {
            return runId;
        }

        @Override
        public void pause(String reason) {
            stopBecause = reason;
            engine.interrupt(reason);
        }

        @Override
        public void cancel(String reason) {
            cancelledBecause = reason;
            pause(reason);
        }

        /**
         * A stop asked for before the session had taken the run up was lost (the engine stops only a session it
         * runs); the session's first event repeats it.
         */
        void honourStop() {
            String reason = stopBecause;
            if (reason != null && !stopRepeated) {
                stopRepeated = true;
                engine.interrupt(reason);
            }
        }

        @Override
        public Optional<ProgressSnapshot> progress() {
            return engine.progress();
        }

        @Override
        public CompletableFuture<Ended> ended() {
            return ended;
        }
    }
}
