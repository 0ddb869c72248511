package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.agent.AgentDiscovery;
import dev.longtask.agent.Permissions;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Budget;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Estimates learn from the runs already made: each run records what its agents took in the workspace's and the
 * user's usage history, and the next plan's estimate is made from them rather than from the priors.
 */
class EstimatesLearnTest {
    @TempDir
    Path dir;

    private RunEngine engine(Path ws, Path userHistory) throws Exception {
        Toolbox box = Toolbox.builtIn();
        AgentCatalog agents = AgentDiscovery.discover(ws, ws.resolve(".home"), new HashSet<>(box.names()));
        return new RunEngine(new EngineSetup(new Workspace(ws), agents, box.all(),
                EngineFixture.models(new ScriptedModel(RunEngineTest::happy)), EngineConfig.defaults().withConcurrency(2),
                StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE), TokenCounter.shared(),
                Map.of(), Permissions.AUTO, null, null, userHistory), RunObserver.NONE);
    }

    private static long error(RunOutcome o, Path ws) {
        long used = FileRunStore.read(ws, o.runId()).run().usage().totalTokens();
        return Math.abs(o.estimate().totalTokens() - used);
    }

    @Test
    void theSecondRunIsEstimatedFromTheFirstAndCloser() throws Exception {
        Path ws = EngineFixture.workspace(Files.createDirectories(dir.resolve("ws")));
        Path user = dir.resolve("config/longtask/usage-history.json");

        RunOutcome first = engine(ws, user).start("Summarise the two files", "run-1", Budget.UNLIMITED);
        assertThat(first.status()).as(first.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(first.estimate().basis()).isEqualTo("built-in priors");

        List<RunRecord> recorded = UsageHistory.ofWorkspace(ws).read();
        assertThat(recorded).hasSize(1);
        RunRecord run = recorded.get(0);
        assertThat(run.runId()).isEqualTo("run-1");
        assertThat(run.status()).isEqualTo("completed");
        assertThat(run.estimate().inputTokens()).isEqualTo(first.estimate().inputTokens());
        AgentFigures general = run.agents().stream().filter(a -> a.agent().equals("general")).findFirst().orElseThrow();
        // three tasks of two calls each (write, submit_result) at 1,000 tokens in and 100 out a call
        assertThat(general.units()).isEqualTo(3);
        assertThat(general.steps()).isEqualTo(6);
        assertThat(general.inputTokens()).isEqualTo(6_000);
        assertThat(general.outputTokens()).isEqualTo(600);
        assertThat(general.model()).isEqualTo("test:scripted");
        assertThat(run.agents()).extracting(AgentFigures::agent).contains("planner", "director", "synthesizer");
        assertThat(new UsageHistory(user).read()).as("the user's history has it too").hasSize(1);

        RunOutcome second = engine(ws, user).start("Summarise the two files", "run-2", Budget.UNLIMITED);
        assertThat(second.status()).as(second.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(second.estimate().basis()).isEqualTo("this workspace's last run");
        assertThat(error(second, ws)).as("the learned estimate is closer than the priors'")
                .isLessThan(error(first, ws));
        long used = FileRunStore.read(ws, "run-2").run().usage().totalTokens();
        assertThat((double) second.estimate().totalTokens()).isBetween(used / 1.5, used * 1.5);
        assertThat(UsageHistory.ofWorkspace(ws).read()).extracting(RunRecord::runId).containsExactly("run-1", "run-2");

        // Another workspace of the same user learns from the user's history.
        Path other = EngineFixture.workspace(Files.createDirectories(dir.resolve("other")));
        RunOutcome elsewhere = engine(other, user).plan("Summarise the two files", "run-3", Budget.UNLIMITED);
        assertThat(elsewhere.estimate().basis()).isEqualTo("your last 2 runs in other workspaces");
    }

    @Test
    void thePlansEventCarriesWhatTheEstimateWasLearnedFromAndAssumes() throws Exception {
        Path ws = EngineFixture.workspace(Files.createDirectories(dir.resolve("ws")));
        RunOutcome planned = engine(ws, null).plan("Summarise the two files", "run-p", Budget.UNLIMITED);
        JsonNode accepted = null;
        for (String line : Files.readAllLines(planned.directory().resolve("events.jsonl"))) {
            JsonNode e = JsonMapping.MAPPER.readTree(line);
            if (EventType.PLAN_ACCEPTED.equals(e.path("type").asText())) {
                accepted = e;
            }
        }
        JsonNode estimate = accepted.path("data").path("estimate");
        assertThat(estimate.path("basis").asText()).isEqualTo("built-in priors");
        assertThat(estimate.path("assumptions").asText()).contains("a task of general: ~3 model calls")
                .contains("planner: ").contains("director: ").contains("synthesizer: ")
                .contains("no prompt caching billed");
        assertThat(planned.estimate().tasks()).isEqualTo(3);
    }

    @Test
    void aProviderThatBillsCachingIsEstimatedWithCacheReadsAtTheirPrice() {
        Plan plan = new Plan(List.of(new PlannedTask("a", "A", "do a", "general", List.of(), Map.of(), Map.of(), List.of()),
                new PlannedTask("b", "B", "do b", "general", List.of("a"), Map.of(), Map.of(), List.of())));
        Pricing plain = Pricing.of(new dev.longtask.model.config.ModelPrice(new BigDecimal("3"), new BigDecimal("15"),
                null, null));
        Pricing cached = Pricing.of(new dev.longtask.model.config.ModelPrice(new BigDecimal("3"), new BigDecimal("15"),
                new BigDecimal("0.30"), new BigDecimal("3.75")));
        Estimate without = new Estimator(plain).estimate(plan, 4);
        Estimate with = new Estimator(cached).estimate(plan, 4);
        assertThat(without.cacheReadTokens()).isZero();
        assertThat(with.cacheReadTokens()).isPositive();
        assertThat(with.totalTokens()).as("the same tokens, read partly from the cache").isEqualTo(without.totalTokens());
        assertThat(with.costUsd()).isLessThan(without.costUsd());
        assertThat(with.assumptions()).contains("from cache").contains("prompt caching billed by the provider");
        assertThat(with.seconds()).as("a chain of two tasks, then the roles").isGreaterThan(2 * (long) Priors.of("general")
                .seconds());
    }

    @Test
    void aHistoryThatCannotBeReadCountsAsNone() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.createDirectories(ws.resolve(".longtask"));
        Files.writeString(ws.resolve(".longtask/usage-history.json"), "{ not json");
        assertThat(UsageHistory.ofWorkspace(ws).read()).isEmpty();
        RunRecord r = new RunRecord("r", java.time.Instant.parse("2026-01-01T00:00:00Z"), "m", "completed", 1, 1,
                1, 1, 0, null, 1, 0, List.of(), null);
        UsageHistory.ofWorkspace(ws).record(r);
        assertThat(JsonMapping.MAPPER.readTree(ws.resolve(".longtask/usage-history.json").toFile()).size()).isEqualTo(1);
        assertThat(Optional.of(UsageHistory.ofWorkspace(ws).read().get(0).runId())).contains("r");
    }
}
