package dev.longtask.llm;

import dev.longtask.model.config.ApiKey;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.Tape;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

/**
 * Builds model clients from resolved settings; the runtime (dev.longtask.api) gets all of its clients here.
 * <pre>
 *   Settings settings = SettingsLoader.load(Environment.system(), workspace, flags);
 *   ModelClient client = LlmClients.create(settings, Tape.NONE, listener);
 * </pre>
 */
public final class LlmClients {
    private static final LlmClients REAL = new LlmClients(Sleeper.REAL,
            () -> ThreadLocalRandom.current().nextDouble(), Clock.systemUTC(), RetryPolicy.BASE_DELAY);
    /** The Messages API version every request names. */
    private static final String ANTHROPIC_VERSION = "2023-06-01";
    /** What OpenAI-compatible servers have always been told the client is. */
    private static final String OPENAI_USER_AGENT = "langchain4j-openai";

    private final Sleeper sleeper;
    private final DoubleSupplier jitter;
    private final Clock clock;
    private final Duration baseDelay;

    LlmClients(Sleeper sleeper, DoubleSupplier jitter, Clock clock, Duration baseDelay) {
        this.sleeper = sleeper;
        this.jitter = jitter;
        this.clock = clock;
        this.baseDelay = baseDelay;
    }

    /**
     * What the settings point at: model, protocol, base URL, key presence, price, context window, each with
     * its source.
     *
     * @throws ConfigException when no model is configured (saying how to add one) or the spec is bad
     */
    public static Endpoint endpoint(Settings settings) {
        return REAL.resolve(settings, null);
    }

    /**
     * The fully decorated client: text protocol (if configured for the model) over our retries (reported to
     * {@code listener}) over pricing over record/replay over the provider's HTTP API.
     *
     * @throws ConfigException when no model is configured, the spec is bad, the provider's key is missing,
     *                         or the replay file cannot be read
     */
    public static ModelClient create(Settings settings, Tape tape, AttemptListener listener) {
        return REAL.build(settings, tape, listener, new ModelConnections());
    }

    /**
     * As {@link #create(Settings, Tape, AttemptListener)}, with the HTTP connection shared with every client built on
     * {@code connections} for the same provider endpoint (provider, base URL and key): what a process that serves
     * many runs and workspaces uses, so that its threads and file descriptors do not grow with them.
     */
    public static ModelClient create(Settings settings, Tape tape, AttemptListener listener,
                                     ModelConnections connections) {
        return REAL.build(settings, tape, listener, connections);
    }

    ModelClient build(Settings settings, Tape tape, AttemptListener listener) {
        return build(settings, tape, listener, new ModelConnections());
    }

    ModelClient build(Settings settings, Tape tape, AttemptListener listener, ModelConnections connections) {
        Endpoint endpoint;
        LlmClient source;
        if (tape instanceof Tape.Replay replay) {
            List<LlmJson.Exchange> exchanges = ReplayLlmClient.read(replay.file());
            endpoint = resolve(settings, exchanges.isEmpty() ? null : exchanges.get(0).model());
            source = ReplayLlmClient.of(replay.file(), exchanges, endpoint.spec().toString(),
                    endpoint.contextWindow().value());
        } else {
            endpoint = resolve(settings, null);
            source = adapter(endpoint, settings, connections);
            if (tape instanceof Tape.Record record) {
                source = new RecordingLlmClient(source, record.file());
            }
        }
        LlmClient priced = new PricedLlmClient(source, endpoint.price().map(Resolved::value).orElse(null));
        // Limits a command set for itself (doctor's quick check) are named as its own, not as the settings'.
        Source attemptsSource = settings.retryMaxAttempts().source();
        RetryPolicy policy = new RetryPolicy(settings.retryMaxAttempts().value(), settings.retryMaxWait().value(),
                baseDelay, RetryPolicy.MAX_DELAY, attemptsSource.kind() == Source.Kind.FLAG ? attemptsSource.where()
                : null);
        boolean textProtocol = endpoint.textProtocol().value();
        Function<AttemptListener, LlmClient> assembly = l -> {
            LlmClient c = new RetryingLlmClient(priced, policy, l, sleeper, jitter, System::nanoTime);
            return textProtocol ? new TextProtocolLlmClient(c, TextProtocolLlmClient.MAX_CORRECTIONS) : c;
        };
        return new ModelClient(endpoint, assembly, listener == null ? AttemptListener.NONE : listener);
    }

    Endpoint resolve(Settings settings, String fallbackModel) {
        Resolved<String> model = settings.model().orElse(null);
        boolean onlyDefaulted = model == null || model.source().kind() == Source.Kind.DEFAULT;
        if (onlyDefaulted && fallbackModel != null) {
            model = new Resolved<>(fallbackModel, Source.defaulted("the replay file"));
        }
        if (model == null) {
            settings.requireModel();
        }
        ModelSpec spec = ModelSpec.parse(model.value());
        Provider provider = spec.provider();
        Resolved<String> url = settings.baseUrl()
                .filter(u -> provider == Provider.OPENAI || u.source().kind() != Source.Kind.ENVIRONMENT)
                .orElse(new Resolved<>(provider.defaultBaseUrl(), Source.defaulted(provider == Provider.OLLAMA
                        ? "Ollama's local server" : "")));
        String keyVariable = provider.keyVariable();
        boolean keyPresent = keyVariable != null && settings.apiKey(keyVariable).isPresent();
        boolean keyRequired = provider == Provider.ANTHROPIC
                || (provider == Provider.OPENAI && url.value().equals(provider.defaultBaseUrl()));
        ModelCatalog catalog = ModelCatalog.of(settings);
        return new Endpoint(spec, model.source(), url.value(), url.source(), keyVariable, keyPresent, keyRequired,
                catalog.textProtocol(spec), catalog.contextWindow(spec), catalog.price(spec));
    }

    private LlmClient adapter(Endpoint endpoint, Settings settings, ModelConnections connections) {
        if (!endpoint.ready()) {
            throw new ConfigException(endpoint.spec() + " needs an API key: export " + endpoint.keyVariable()
                    + "=... , or choose another model with --model (run 'longtask doctor' to check)");
        }
        Provider provider = endpoint.spec().provider();
        String key = endpoint.keyVariable() == null ? null
                : settings.apiKey(endpoint.keyVariable()).map(ApiKey::value).orElse(null);
        Duration timeout = settings.requestTimeout().value();
        String endpointKey = provider.protocol() + " " + endpoint.baseUrl() + " " + fingerprint(key);
        String base = endpoint.baseUrl().endsWith("/")
                ? endpoint.baseUrl().substring(0, endpoint.baseUrl().length() - 1) : endpoint.baseUrl();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        String url;
        switch (provider.protocol()) {
            case ANTHROPIC -> {
                url = base + "/messages";
                headers.put("x-api-key", key);
                headers.put("anthropic-version", ANTHROPIC_VERSION);
            }
            case OPENAI -> {
                url = base + "/chat/completions";
                if (key != null) {
                    headers.put("Authorization", "Bearer " + key);
                }
                headers.put("User-Agent", OPENAI_USER_AGENT);
            }
            default -> throw new IllegalStateException("no such protocol: " + provider.protocol());
        }
        ProviderHttpClient http = new ProviderHttpClient(url, headers, timeout, connections, endpointKey);
        Dialect dialect = Dialect.of(provider, endpoint.spec().name(), endpoint.baseUrl());
        return new ProviderLlmClient(http::post, endpoint.spec().name(), endpoint.spec().toString(),
                endpoint.contextWindow().value(), settings.maxOutputTokens().value(), dialect,
                new ProviderErrors(provider.prefix(), endpoint.baseUrl(), clock),
                connections.toolSpecifications(dialect.strictTools()));
    }

    /** Tells keys apart without keeping one in a map key (a heap dump or a debugger would show it). */
    private static String fingerprint(String key) {
        if (key == null) {
            return "no key";
        }
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

}
