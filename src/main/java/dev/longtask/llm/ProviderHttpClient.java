package dev.longtask.llm;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;

/**
 * The HTTP client under the LangChain4j models: java.net.http, with a non-2xx answer thrown as a
 * {@link ProviderHttpException} that keeps the headers, an interrupt surfaced as
 * {@link LlmInterruptedException}, every request told to {@link RequestLog} (silent unless {@code -v} or
 * {@code --debug} asks; a header that carries the key is always redacted), and a filter that may finish a request
 * body LangChain4j wrote. The body goes out as the filter's bytes and no other copy is made unless the log shows it.
 */
final class ProviderHttpClient implements HttpClient {
    private final Duration readTimeout;
    /** The bytes sent for a body LangChain4j wrote. */
    private final Function<String, byte[]> wire;
    /** Shared with every client of the same endpoint; built on the first request: making one sets up TLS (the trust
     * store, the ciphers), a fifth of a second on a cold JVM that a resume would otherwise spend before its first task
     * is claimed. */
    private final ModelConnections connections;
    private final ModelConnections.Key endpoint;

    private ProviderHttpClient(Builder builder) {
        this.readTimeout = builder.readTimeout;
        this.wire = builder.wire;
        this.connections = builder.connections;
        this.endpoint = new ModelConnections.Key(builder.endpoint, builder.connectTimeout);
    }

    static Builder builder() {
        return new Builder();
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        byte[] body = request.body() == null ? null : wire.apply(request.body());
        java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(URI.create(request.url()))
                .method(request.method().name(), body == null
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofByteArray(body));
        request.headers().forEach((name, values) -> values.forEach(v -> b.header(name, v)));
        if (readTimeout != null) {
            b.timeout(readTimeout);
        }
        String method = request.method().name();
        RequestLog.sent(method, request.url(), request.headers(), body);
        long start = System.nanoTime();
        HttpResponse<String> response;
        java.net.http.HttpClient http = connections.acquire(endpoint);
        try {
            response = http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            RequestLog.failed(method, request.url(), millisSince(start), "interrupted");
            throw new LlmInterruptedException("interrupted while waiting for " + hostOf(request), e);
        } catch (IOException e) {
            ConnectionFailure failure = new ConnectionFailure(hostOf(request), e);
            RequestLog.failed(method, request.url(), millisSince(start), failure.getMessage());
            throw failure;
        } finally {
            connections.release(endpoint);
        }
        int status = response.statusCode();
        RequestLog.answered(method, request.url(), status, millisSince(start), body, response.body(),
                response.headers().map());
        if (status < 200 || status >= 300) {
            throw new ProviderHttpException(status, response.headers().map(), response.body());
        }
        return SuccessfulHttpResponse.builder()
                .statusCode(status)
                .headers(response.headers().map())
                .body(response.body())
                .build();
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        throw new UnsupportedOperationException("longtask does not stream model answers");
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static String hostOf(HttpRequest request) {
        URI uri = URI.create(request.url());
        return uri.getScheme() + "://" + uri.getAuthority();
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

    static class Builder implements HttpClientBuilder {
        private Duration connectTimeout;
        private Duration readTimeout;
        private Function<String, byte[]> wire = body -> body.getBytes(StandardCharsets.UTF_8);
        private ModelConnections connections = new ModelConnections();
        private String endpoint = "";

        /** Share the HTTP client with every model client of {@code endpoint} that uses {@code connections}. */
        Builder sharing(ModelConnections connections, String endpoint) {
            this.connections = connections;
            this.endpoint = endpoint;
            return this;
        }

        /** Applied to every request body before it is sent. */
        Builder bodyFilter(WireBody filter) {
            this.wire = filter::bytes;
            return this;
        }

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public Builder readTimeout(Duration timeout) {
            this.readTimeout = timeout;
            return this;
        }

        @Override
        public ProviderHttpClient build() {
            return new ProviderHttpClient(this);
        }
    }
}
