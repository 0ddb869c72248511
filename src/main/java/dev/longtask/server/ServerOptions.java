package dev.longtask.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * How {@code longtask serve} runs.
 *
 * @param bind            the address to listen on; a non-loopback one needs the token
 * @param port            0 for any free port
 * @param maxRuns         pool runs at once (the foreground run is not counted)
 * @param retries         automatic retries of a pool run that failed
 * @param roots           submitted workdirs must be under one of these (real paths)
 * @param stateDirectory  the pool's entries, the delivery cursors, and by default the token file
 * @param tokenFile       the bearer token's file; made with mode 0600 when missing
 * @param noToken         serve without a token (refused unless bound to loopback)
 * @param allowedOrigins  browser origins besides the server's own that may change runs
 * @param configFiles     files whose {@code routes:} the server reads
 * @param environment     where {@code secret_env} and {@code url_env} of routes are looked up
 * @param shutdownGrace   how long a stop waits for running runs to save
 * @param webhookRetry    the first wait after a failed delivery; it doubles up to {@code webhookRetryMax}
 * @param allowedHosts    host names besides the loopback ones and the bound address that requests to a server
 *                        without a token may name in their {@code Host} header ({@code --allow-host})
 * @param retryDelay      the wait before the first automatic retry of a failed pool run; it doubles for each later one
 */
public record ServerOptions(String bind, int port, int maxRuns, int retries, List<Path> roots, Path stateDirectory,
                            Path tokenFile, boolean noToken, List<String> allowedOrigins, List<Path> configFiles,
                            Map<String, String> environment, Duration shutdownGrace, Duration webhookRetry,
                            Duration webhookRetryMax, List<String> allowedHosts, Duration retryDelay) {
    public static final int DEFAULT_PORT = 7420;
    public static final int DEFAULT_MAX_RUNS = 4;
    public static final Duration DEFAULT_RETRY_DELAY = Duration.ofSeconds(30);

    public ServerOptions {
        roots = List.copyOf(roots);
        allowedOrigins = List.copyOf(allowedOrigins);
        configFiles = List.copyOf(configFiles);
        environment = Map.copyOf(environment);
        allowedHosts = List.copyOf(allowedHosts);
    }

    /** Options with no host allowed beyond the loopback names and the bound address. */
    public ServerOptions(String bind, int port, int maxRuns, int retries, List<Path> roots, Path stateDirectory,
                         Path tokenFile, boolean noToken, List<String> allowedOrigins, List<Path> configFiles,
                         Map<String, String> environment, Duration shutdownGrace, Duration webhookRetry,
                         Duration webhookRetryMax) {
        this(bind, port, maxRuns, retries, roots, stateDirectory, tokenFile, noToken, allowedOrigins, configFiles,
                environment, shutdownGrace, webhookRetry, webhookRetryMax, List.of(), DEFAULT_RETRY_DELAY);
    }

    /** Options whose failed pool runs are retried after {@link #DEFAULT_RETRY_DELAY}, doubling. */
    public ServerOptions(String bind, int port, int maxRuns, int retries, List<Path> roots, Path stateDirectory,
                         Path tokenFile, boolean noToken, List<String> allowedOrigins, List<Path> configFiles,
                         Map<String, String> environment, Duration shutdownGrace, Duration webhookRetry,
                         Duration webhookRetryMax, List<String> allowedHosts) {
        this(bind, port, maxRuns, retries, roots, stateDirectory, tokenFile, noToken, allowedOrigins, configFiles,
                environment, shutdownGrace, webhookRetry, webhookRetryMax, allowedHosts, DEFAULT_RETRY_DELAY);
    }

    /** Loopback on the default port, the state under {@code <root>/.longtask/server}, one retry. */
    public static ServerOptions defaults(Path root) {
        Path state = root.resolve(".longtask").resolve("server");
        return new ServerOptions("127.0.0.1", DEFAULT_PORT, DEFAULT_MAX_RUNS, 1, List.of(root), state,
                state.resolve("token"), false, List.of(), List.of(root.resolve(".longtask").resolve("config.yaml")),
                System.getenv(), Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofMinutes(5));
    }

    public ServerOptions withPort(int newPort) {
        return new ServerOptions(bind, newPort, maxRuns, retries, roots, stateDirectory, tokenFile, noToken,
                allowedOrigins, configFiles, environment, shutdownGrace, webhookRetry, webhookRetryMax, allowedHosts,
                retryDelay);
    }

    /** {@code n} automatic retries of a failed pool run, the first after {@code firstDelay}, doubling. */
    public ServerOptions withRetries(int n, Duration firstDelay) {
        return new ServerOptions(bind, port, maxRuns, n, roots, stateDirectory, tokenFile, noToken, allowedOrigins,
                configFiles, environment, shutdownGrace, webhookRetry, webhookRetryMax, allowedHosts, firstDelay);
    }

    public ServerOptions withMaxRuns(int n) {
        return new ServerOptions(bind, port, n, retries, roots, stateDirectory, tokenFile, noToken, allowedOrigins,
                configFiles, environment, shutdownGrace, webhookRetry, webhookRetryMax, allowedHosts,
                retryDelay);
    }

    public ServerOptions withWebhookRetry(Duration first, Duration max) {
        return new ServerOptions(bind, port, maxRuns, retries, roots, stateDirectory, tokenFile, noToken,
                allowedOrigins, configFiles, environment, shutdownGrace, first, max, allowedHosts, retryDelay);
    }

    public ServerOptions withConfigFiles(List<Path> files) {
        return new ServerOptions(bind, port, maxRuns, retries, roots, stateDirectory, tokenFile, noToken,
                allowedOrigins, files, environment, shutdownGrace, webhookRetry, webhookRetryMax,
                allowedHosts, retryDelay);
    }

    public ServerOptions withAllowedHosts(List<String> hosts) {
        return new ServerOptions(bind, port, maxRuns, retries, roots, stateDirectory, tokenFile, noToken,
                allowedOrigins, configFiles, environment, shutdownGrace, webhookRetry, webhookRetryMax, hosts,
                retryDelay);
    }
}
