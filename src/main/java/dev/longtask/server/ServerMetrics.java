package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The server's figures in Prometheus text format, through Micrometer: runs by status, the queue, tasks by status,
 * tokens, cost, model call latency, retries, webhook deliveries. Counters follow the events as they are published;
 * gauges read one count of the pool taken per scrape.
 */
final class ServerMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Counter inputTokens;
    private final Counter outputTokens;
    private final Counter cost;
    private final Counter modelRetries;
    private final Counter poolRetries;
    private final Counter events;
    private final AtomicReference<Counts> counts = new AtomicReference<>(Counts.NONE);
    private Supplier<Counts> counter = () -> Counts.NONE;

    /** One count of the pool: runs and tasks by status, the queue, the running sessions. */
    record Counts(Map<RunStatus, Integer> runs, Map<TaskStatus, Integer> tasks, int queued, int running) {
        static final Counts NONE = new Counts(Map.of(), Map.of(), 0, 0);
    }

    ServerMetrics(int maxRuns) {
        inputTokens = Counter.builder("longtask.tokens").tag("direction", "input")
                .description("Model tokens sent, over all runs of this server").register(registry);
        outputTokens = Counter.builder("longtask.tokens").tag("direction", "output")
                .description("Model tokens received, over all runs of this server").register(registry);
        cost = Counter.builder("longtask.cost.usd").description("Model cost in US dollars, where priced")
                .register(registry);
        modelRetries = Counter.builder("longtask.model.retries")
                .description("Failed model calls that were retried (llm.retry events)").register(registry);
        poolRetries = Counter.builder("longtask.pool.retries")
                .description("Failed runs put back in the queue for another try").register(registry);
        events = Counter.builder("longtask.events").description("Events appended by the runs of this server")
                .register(registry);
        for (RunStatus status : RunStatus.values()) {
            Gauge.builder("longtask.runs", () -> counts.get().runs().getOrDefault(status, 0))
                    .tag("status", status.wire()).description("Runs of this server by status").register(registry);
        }
        for (TaskStatus status : TaskStatus.values()) {
            Gauge.builder("longtask.tasks", () -> counts.get().tasks().getOrDefault(status, 0))
                    .tag("status", status.name().toLowerCase(Locale.ROOT))
                    .description("Tasks of this server's runs by status").register(registry);
        }
        Gauge.builder("longtask.queue.length", () -> counts.get().queued())
                .description("Runs waiting for a pool slot").register(registry);
        Gauge.builder("longtask.pool.running", () -> counts.get().running())
                .description("Sessions running now, the foreground one included").register(registry);
        Gauge.builder("longtask.pool.capacity", () -> maxRuns).description("--max-runs").register(registry);
    }

    /** Where the gauges' count comes from (the pool); taken once per scrape. */
    void countWith(Supplier<Counts> newCounter) {
        this.counter = newCounter;
    }

    /** Sees each published event; cheap. */
    void onEvent(Event event) {
        events.increment();
        switch (event.type()) {
            case EventType.LLM_CALL -> {
                JsonNode usage = event.data().path("usage");
                inputTokens.increment(usage.path("input_tokens").asLong());
                outputTokens.increment(usage.path("output_tokens").asLong());
                cost.increment(usage.path("cost_usd").asDouble());
                Timer.builder("longtask.model.call").tag("model", event.data().path("model").asText("unknown"))
                        .description("Latency of model calls").publishPercentileHistogram()
                        .register(registry).record(Duration.ofMillis(event.data().path("duration_ms").asLong()));
            }
            case EventType.LLM_RETRY -> modelRetries.increment();
            default -> {
            }
        }
    }

    void poolRetried() {
        poolRetries.increment();
    }

    void webhookDelivered(String route) {
        Counter.builder("longtask.webhook.deliveries").tag("route", route).tag("outcome", "delivered")
                .register(registry).increment();
    }

    void webhookFailed(String route) {
        Counter.builder("longtask.webhook.deliveries").tag("route", route).tag("outcome", "failed")
                .register(registry).increment();
    }

    /** The Prometheus text exposition of every meter, with the gauges counted now. */
    String scrape() {
        counts.set(counter.get());
        return registry.scrape();
    }
}
