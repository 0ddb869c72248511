package dev.longtask.api;

import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Settings;
import dev.longtask.config.SettingsLoader;
import dev.longtask.engine.PlanValidator;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.Endpoint;
import dev.longtask.llm.LlmClients;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Budget;
import dev.longtask.review.ReviewSetup;
import dev.longtask.review.map.RepoMapper;
import dev.longtask.review.map.ScopeOptions;
import dev.longtask.review.plan.ReviewFocus;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * How the runtime plans a code review without starting it ({@link Longtask#planReview}, {@link
 * Longtask#previewReview}): the map, the chunks fitted to each agent's window, the plan, the estimate, and the
 * problems that would stop it.
 */
final class ReviewPlanning {
    private final RunAssembly assembly;
    private final Clock clock;

    /** A workspace's configuration as read once, and the settings a preview estimates with. */
    record Configured(SettingsLoader.Snapshot configuration, Settings settings) {
    }

    ReviewPlanning(RunAssembly assembly, Clock clock) {
        this.assembly = assembly;
        this.clock = clock;
    }

    /**
     * The review a new run on {@code source}'s models would carry out, {@code tasks} at once, of the part of the
     * repository {@code budget} (and the options' top and skip) allow.
     */
    ReviewPlan plan(Path root, ReviewOptions options, ModelSource source, int tasks, Budget budget) {
        String id = options.runId() != null ? options.runId() : ReviewSetup.newRunId(root, clock);
        return review(root, id, options, source.pricing(), source.runModel(), tasks,
                windows(root, agentModel -> source.client(agentModel, AttemptListener.NONE).contextWindowTokens()),
                budget);
    }

    /**
     * The review as {@link #plan} would make it, with no model needed: estimated with the model and price {@code
     * configured} names, if any (or the options' price); with {@code configured} null only the map counts.
     */
    ReviewPlan preview(Path root, ReviewOptions options, Configured configured, int tasks, Budget budget) {
        String id = options.runId() != null ? options.runId() : "<run-id>";
        if (configured == null) {
            return review(root, id, options, Pricing.unknown(), null, 1, null, budget);
        }
        Settings settings = configured.settings();
        Optional<Endpoint> endpoint = settings.model().isEmpty() ? Optional.empty()
                : Optional.of(LlmClients.endpoint(settings));
        Pricing price = options.priceIn() != null ? Pricing.perMillion(options.priceIn(), options.priceOut())
                : endpoint.flatMap(Endpoint::price).map(Resolved::value)
                        .map(p -> Pricing.perMillion(p.input(), p.output())).orElse(Pricing.unknown());
        // With a model known, the tasks are fitted and checked against its window as a real run's would be.
        ToIntFunction<String> windows = endpoint.isEmpty() ? null : windows(root, agentModel -> agentModel == null
                ? endpoint.get().contextWindow().value()
                : LlmClients.endpoint(configured.configuration().with(RunAssembly.flags(agentModel,
                        "the agent's model", null, null))).contextWindow().value());
        return review(root, id, options, price, endpoint.map(e -> e.spec().toString()).orElse(null), tasks, windows,
                budget);
    }

    /** The map a review of {@code root} plans from, without the rest of its planning. */
    ReviewMap map(Path root, ReviewOptions options) {
        try {
            return new ReviewMap(RepoMapper.cached(TokenCounter.shared()).mapped(root,
                    ScopeOptions.defaults().withTests(options.includeTests())), options.mapTokens());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    /** An agent's context window by its name, from the window of a model spec (null for the run's model). */
    private ToIntFunction<String> windows(Path root, Function<String, Integer> windowOfModel) {
        AgentCatalog catalog = assembly.agents(root);
        Map<String, Integer> byAgent = new ConcurrentHashMap<>();
        return agent -> byAgent.computeIfAbsent(agent, name -> windowOfModel.apply(catalog.find(name)
                .map(AgentSpec::model).orElse(null)));
    }

    private ReviewPlan review(Path root, String id, ReviewOptions options, Pricing price, String modelSpec,
                              int tasks, ToIntFunction<String> windowOfAgent, Budget budget) {
        ReviewFocus focus = ReviewFocus.parse(options.focus());
        if (options.minSeverity() != null && !ReviewOptions.SEVERITIES.contains(options.minSeverity())) {
            throw new IllegalArgumentException("--min-severity must be one of "
                    + String.join(", ", ReviewOptions.SEVERITIES) + ", was '" + options.minSeverity() + "'");
        }
        ReviewSetup.Options cut = new ReviewSetup.Options(focus, options.includeTests(), options.mapTokens(),
                options.chunkTokens(), options.minSeverity()).withPart(options.top(), options.skip(), budget);
        ReviewSetup setup;
        try {
            setup = ReviewSetup.preview(root, id, cut, price, modelSpec, tasks, TokenCounter.shared(), windowOfAgent);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
        List<String> problems = List.of();
        if (setup.fit().problem() != null) {
            problems = List.of(setup.fit().problem());
        } else if (setup.plan() != null) {
            try {
                Set<String> names = assembly.agents(root).agents().stream().map(AgentSpec::name)
                        .collect(Collectors.toSet());
                problems = (windowOfAgent == null ? new PlanValidator(names, new Workspace(root))
                        : PlanValidator.sized(names, new Workspace(root), TokenCounter.shared(), windowOfAgent))
                        .problems(setup.plan());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot use " + root + ": " + e.getMessage(), e);
            }
        }
        return new ReviewPlan(setup, focus.text(), modelSpec, tasks, problems);
    }
}
