package dev.longtask.cli;

import dev.longtask.config.Flags;
import dev.longtask.config.ModelPrice;
import dev.longtask.config.Resolved;
import dev.longtask.config.SettingKey;
import dev.longtask.config.Settings;
import dev.longtask.llm.Pricing;
import dev.longtask.llm.ModelSource;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.LlmClient;
import dev.longtask.llm.ModelClient;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The engine's models from the user's settings: the run's model, and for an agent whose definition names its own
 * model a client built from the same settings with that model, built once and shared.
 */
final class SettingsModelSource implements ModelSource {
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    private final ModelOptions options;
    private final Path workspace;
    private final ModelClient runModel;
    private final Map<String, ModelClient> agentModels = new ConcurrentHashMap<>();

    SettingsModelSource(ModelOptions options, Path workspace, Settings settings) {
        this.options = options;
        this.workspace = workspace;
        this.runModel = options.client(settings, AttemptListener.NONE);
    }

    @Override
    public String runModel() {
        return runModel.modelSpec();
    }

    @Override
    public LlmClient client(String modelSpec, AttemptListener listener) {
        if (modelSpec == null || modelSpec.isBlank() || modelSpec.equals(runModel.modelSpec())) {
            return runModel.withListener(listener);
        }
        return agentModels.computeIfAbsent(modelSpec, spec -> options.client(options.settings(workspace,
                Flags.none().set(SettingKey.MODEL, "an agent definition", spec)), AttemptListener.NONE))
                .withListener(listener);
    }

    @Override
    public Pricing pricing() {
        Optional<ModelPrice> price = runModel.endpoint().price().map(Resolved::value);
        return (in, out) -> price.map(p -> p.input().multiply(BigDecimal.valueOf(in))
                .add(p.output().multiply(BigDecimal.valueOf(out))).divide(MILLION, MathContext.DECIMAL64));
    }
}
