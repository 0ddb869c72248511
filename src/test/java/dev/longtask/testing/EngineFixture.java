package dev.longtask.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.agent.AgentDiscovery;
import dev.longtask.agent.Permissions;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.EngineSetup;
import dev.longtask.engine.RunEngine;
import dev.longtask.engine.RunObserver;
import dev.longtask.llm.AttemptListener;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds an engine over a small fixture workspace (or any given one) with a scripted model. */
public final class EngineFixture {
    private EngineFixture() {
    }

    public static Path workspace(Path dir) {
        try {
            Files.createDirectories(dir.resolve("src"));
            Files.writeString(dir.resolve("src/alpha.txt"), "alpha\nthe first file\n");
            Files.writeString(dir.resolve("src/beta.txt"), "beta\nthe second file\n");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An engine whose store does not fsync: for tests of behaviour, not of durability. */
    public static RunEngine engine(Path workspace, LlmClient model, EngineConfig config, RunObserver observer) {
        return engine(workspace, model, config, observer, FsyncPolicy.NONE);
    }

    /** An engine whose store forces events to disk by {@code fsync}: the crash tests and benchmarks use ALWAYS. */
    /** An engine whose runs (those that record no approval mode of their own) run under {@code permissions}. */
    public static RunEngine engine(Path workspace, LlmClient model, EngineConfig config, RunObserver observer,
            Permissions permissions) {
        try {
            Toolbox box = Toolbox.builtIn();
            AgentCatalog agents = AgentDiscovery.discover(workspace, workspace.resolve(".home"),
                    new HashSet<>(box.names()));
            return new RunEngine(new EngineSetup(new Workspace(workspace), agents, box.all(), models(model), config,
                    StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE), TokenCounter.shared(),
                    Map.of(), permissions), observer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static RunEngine engine(Path workspace, LlmClient model, EngineConfig config, RunObserver observer,
            FsyncPolicy fsync) {
        try {
            Toolbox box = Toolbox.builtIn();
            AgentCatalog agents = AgentDiscovery.discover(workspace, workspace.resolve(".home"),
                    new HashSet<>(box.names()));
            return new RunEngine(new Workspace(workspace), agents, box.all(), models(model), config,
                    StoreOptions.defaults().withSecrets(List.of()).withFsync(fsync), observer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The model for every agent; priced at $3 / $15 per million tokens in and out. */
    public static ModelSource models(LlmClient model) {
        return new ModelSource() {
            @Override
            public String runModel() {
                return model.modelSpec();
            }

            @Override
            public LlmClient client(String modelSpec, AttemptListener listener) {
                return model;
            }

            @Override
            public Pricing pricing() {
                return (in, out) -> Optional.of(BigDecimal.valueOf(in * 3 + out * 15, 6));
            }
        };
    }

    public static ObjectNode task(String key, String subject, String agent, List<String> dependsOn, Map<String, String> outputs) {
        ObjectNode t = ScriptedModel.object().put("key", key).put("subject", subject)
                .put("instruction", "Do: " + subject).put("agent", agent);
        t.set("depends_on", ScriptedModel.JSON.valueToTree(dependsOn));
        t.set("outputs", ScriptedModel.JSON.valueToTree(outputs));
        t.set("success_criteria", ScriptedModel.JSON.valueToTree(List.of("the output exists")));
        return t;
    }

    public static ObjectNode plan(ObjectNode... tasks) {
        ObjectNode plan = ScriptedModel.object();
        ArrayNode list = plan.putArray("tasks");
        for (ObjectNode t : tasks) {
            list.add(t);
        }
        return plan;
    }
}
