package dev.longtask.api;

import dev.longtask.model.agent.Approver;
import dev.longtask.model.config.Environment;
import dev.longtask.engine.EngineConfig;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.Pricing;
import dev.longtask.model.llm.Tape;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.SandboxMode;
import dev.longtask.review.ReviewFinisher;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStores;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Longtask} ({@link Longtask#builder()}); every setting is optional. The settings are fields of
 * this package that {@link Longtask}'s constructor copies: nothing outside the package sees them but through
 * the runtime.
 */
public final class LongtaskBuilder {
    Path workspace = Path.of(".");
    Environment environment = Environment.system();
    Path home = userHome();
    String model;
    String baseUrl;
    LlmClient llm;
    Pricing pricing = Pricing.unknown();
    Budget budget = Budget.UNLIMITED;
    Integer concurrency;
    int maxRounds = EngineConfig.DEFAULT_MAX_ROUNDS;
    FsyncPolicy fsync;
    ApprovalMode approval;
    SandboxMode sandbox;
    Approver approver = Approver.NOBODY;
    Tape tape = Tape.NONE;
    Clock clock = Clock.systemUTC();
    final List<Finisher> finishers = new ArrayList<>(List.of(ReviewFinisher.resuming()));
    RunStores stores = Stores.files();
    boolean workersOnly;
    boolean trustWorkspaceConfig;

    LongtaskBuilder() {
    }

    /** The workspace of runs whose request names none (default: the current directory). */
    public LongtaskBuilder workspace(Path dir) {
        this.workspace = dir;
        return this;
    }

    /** Environment variables (API keys, OPENAI_BASE_URL, LONGTASK_*) and the user's config file. */
    public LongtaskBuilder environment(Environment env) {
        this.environment = env;
        return this;
    }

    /** Environment variables, with the user's config file where {@link Environment#system()} finds it. */
    public LongtaskBuilder environment(Map<String, String> variables) {
        this.environment = new Environment(variables, Environment.system().userConfigFile());
        return this;
    }

    /** Where the user's own agents are ({@code <home>/.longtask/agents}); default: the user's home. */
    public LongtaskBuilder home(Path dir) {
        this.home = dir;
        return this;
    }

    /** The model of new runs, e.g. {@code anthropic:claude-sonnet-4-5}; a run's request may name another. */
    public LongtaskBuilder model(String spec) {
        this.model = spec;
        return this;
    }

    /** Where new runs' OpenAI-compatible model is served. */
    public LongtaskBuilder baseUrl(String url) {
        this.baseUrl = url;
        return this;
    }

    /** One client for every agent of every run (a library user's own adapter); priced by {@code price}. */
    public LongtaskBuilder llm(LlmClient client, Pricing price) {
        this.llm = client;
        this.pricing = price == null ? Pricing.unknown() : price;
        return this;
    }

    /** Budgets of new runs; fields set replace the configured ones. */
    public LongtaskBuilder budget(Budget limits) {
        this.budget = limits == null ? Budget.UNLIMITED : limits;
        return this;
    }

    /** Tasks a new run runs at once (default: the configured concurrency). */
    public LongtaskBuilder concurrency(int tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + tasks);
        }
        this.concurrency = tasks;
        return this;
    }

    /** Rounds of work a run may have, the plan's first included; each consultation of the director opens one. */
    public LongtaskBuilder maxRounds(int rounds) {
        this.maxRounds = rounds;
        return this;
    }

    /** When events are forced to disk (default: the configured policy, else always). */
    public LongtaskBuilder fsync(FsyncPolicy policy) {
        this.fsync = policy;
        return this;
    }

    /** Whether tool calls of new runs wait for a person (default: auto). */
    public LongtaskBuilder approval(ApprovalMode mode) {
        this.approval = mode;
        return this;
    }

    /**
     * Who answers tool calls that wait for approval ({@code ask}, or an ask rule), for every run of this runtime
     * and possibly for several at once; by default nobody, so such a run pauses with the question open.
     */
    public LongtaskBuilder approver(Approver answering) {
        this.approver = answering == null ? Approver.NOBODY : answering;
        return this;
    }

    /** How {@code bash} is confined in new runs (default: auto). */
    public LongtaskBuilder sandbox(SandboxMode mode) {
        this.sandbox = mode;
        return this;
    }

    /** Record or replay model calls (clients built from settings only). */
    public LongtaskBuilder tape(Tape recording) {
        this.tape = recording == null ? Tape.NONE : recording;
        return this;
    }

    /** The time stamped on events. */
    public LongtaskBuilder clock(Clock time) {
        this.clock = time;
        return this;
    }

    /** A post-run step runs may name, besides the code review's, which every runtime has. */
    public LongtaskBuilder finisher(Finisher step) {
        finishers.add(step);
        return this;
    }

    // ---- scale-out (docs/scale-out.md)

    /**
     * Where runs are kept (default: the files of each workspace); a PostgreSQL store is shared with workers on
     * other machines. The caller closes it after the runtime.
     */
    public LongtaskBuilder stores(RunStores where) {
        this.stores = where == null ? Stores.files() : where;
        return this;
    }

    /**
     * With {@code true} this runtime plans, directs and concludes its runs but runs no task's agent: workers
     * ({@link Longtask#work}) take the tasks. Needs a shared store ({@link #stores}).
     */
    public LongtaskBuilder workersOnly(boolean none) {
        this.workersOnly = none;
        return this;
    }

    /**
     * With {@code true} runs start in any workspace whatever its own files loosen (an operator's choice for a
     * server, {@code --trust-workspace-config}); by default such files must be trusted first.
     */
    public LongtaskBuilder trustWorkspaceConfig(boolean all) {
        this.trustWorkspaceConfig = all;
        return this;
    }

    /** The runtime; nothing is started or read until a run is started, resumed or read. */
    public Longtask build() {
        if (workersOnly && !stores.shared()) {
            throw new IllegalArgumentException("a runtime that leaves its tasks to workers needs a shared store "
                    + "(--store postgresql://...)");
        }
        return new Longtask(this);
    }

    private static Path userHome() {
        return Environment.home(System.getenv());
    }
}
