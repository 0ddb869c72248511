package dev.longtask.llm;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTTP exchange of a model call: java.net.http, the body sent as the bytes it was written to, a non-2xx answer
 * thrown as a {@link ProviderHttpException} that keeps the headers, an interrupt surfaced as
 * {@link LlmInterruptedException}, and every request told to {@link RequestLog} (silent unless {@code -v} or
 * {@code --debug} asks; a header that carries the key is always redacted).
 */
final class ProviderHttpClient {
    /** LangChain4j's defaults when no timeout is set, kept so that an endpoint behaves as it always did. */
    private static final Duration DEFAULT_CONNECT = Duration.ofSeconds(15);
    private static final Duration DEFAULT_READ = Duration.ofSeconds(60);
    /** A dead host should fail sooner than a slow answer. */
    static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(20);

    private final URI uri;
    private final String url;
    private final String where;
    private final Map<String, List<String>> headers;
    private final Duration readTimeout;
    /** Shared with every client of the same endpoint; built on the first request: making one sets up TLS (the trust
     * store, the ciphers), a fifth of a second on a cold JVM that a resume would otherwise spend before its first task
     * is claimed. */
    private final ModelConnections connections;
    private final ModelConnections.Key endpoint;

    /**
     * @param url      where every request goes
     * @param headers  sent with every request, in this order
     * @param timeout  how long an answer may take (the connection at most {@link #MAX_CONNECT_TIMEOUT}); null for
     *                 the defaults
     * @param endpoint what tells this endpoint's shared connection apart from others' in {@code connections}
     */
    ProviderHttpClient(String url, Map<String, String> headers, Duration timeout, ModelConnections connections,
                       String endpoint) {
        this.uri = URI.create(url);
        this.url = url;
        this.where = uri.getScheme() + "://" + uri.getAuthority();
        Map<String, List<String>> all = new LinkedHashMap<>();
        headers.forEach((name, value) -> all.put(name, List.of(value)));
        this.headers = java.util.Collections.unmodifiableMap(all);
        Duration connect = timeout == null ? DEFAULT_CONNECT : timeout;
        this.readTimeout = timeout == null ? DEFAULT_READ : timeout;
        this.connections = connections;
        this.endpoint = new ModelConnections.Key(endpoint,
                connect.compareTo(MAX_CONNECT_TIMEOUT) > 0 ? MAX_CONNECT_TIMEOUT : connect);
    }

    /** POSTs {@code body} and returns the answer's body, decoded as UTF-8. */
    String post(byte[] body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .timeout(readTimeout);
        headers.forEach((name, values) -> values.forEach(v -> b.header(name, v)));
        RequestLog.sent("POST", url, headers, body);
        long start = System.nanoTime();
        HttpResponse<String> response;
        java.net.http.HttpClient http = connections.acquire(endpoint);
        try {
            response = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            RequestLog.failed("POST", url, millisSince(start), "interrupted");
            throw new LlmInterruptedException("interrupted while waiting for " + where, e);
        } catch (IOException e) {
            ConnectionFailure failure = new ConnectionFailure(where, e);
            RequestLog.failed("POST", url, millisSince(start), failure.getMessage());
            throw failure;
        } finally {
            connections.release(endpoint);
        }
        int status = response.statusCode();
        RequestLog.answered("POST", url, status, millisSince(start), body, response.body(),
                response.headers().map());
        if (status < 200 || status >= 300) {
            throw new ProviderHttpException(status, response.headers().map(), response.body());
        }
        return response.body();
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** The provider could not be reached or the connection broke; says where, never what was sent. */
    static final class ConnectionFailure extends RuntimeException {
        final String where;

        ConnectionFailure(String where, IOException cause) {
            super(describe(where, cause), cause);
            this.where = where;
        }

        private static String describe(String where, IOException e) {
            String kind = e instanceof java.net.http.HttpTimeoutException ? "timed out"
                    : e instanceof java.net.ConnectException ? "connection refused"
                    : "connection failed";
            String detail = e.getMessage() == null || e.getMessage().isBlank() ? "" : " (" + e.getMessage() + ")";
            return kind + " talking to " + where + detail;
        }
    }
}
