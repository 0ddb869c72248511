package dev.longtask.llm;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.llm.LlmException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Turns whatever a model call threw (the HTTP exchange, or an answer that could not be read) into an
 * {@link LlmException}: the HTTP status, the provider's own
 * error message (from its JSON error body), whether a retry may help, and the Retry-After it asked for.
 */
final class ProviderErrors {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    private static final int MAX_DETAIL = 300;

    private final String provider;
    private final String baseUrl;
    private final Clock clock;

    ProviderErrors(String provider, String baseUrl, Clock clock) {
        this.provider = provider;
        this.baseUrl = baseUrl;
        this.clock = clock;
    }

    LlmException toLlmException(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof LlmException e) {
                return e;
            }
            if (t instanceof ProviderHttpException http) {
                return fromHttp(http);
            }
            if (t instanceof ProviderHttpClient.ConnectionFailure failure) {
                return new LlmException(provider + ": " + failure.getMessage(), 0, true, failure);
            }
            if (t instanceof java.nio.channels.UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
                return new LlmException(provider + ": cannot resolve the host of " + baseUrl
                        + " (no network, or a wrong URL)", 0, true, thrown);
            }
            if (t instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                return new LlmInterruptedException(provider + ": interrupted", thrown);
            }
        }
        return new LlmException(provider + " answered with something longtask could not read: "
                + firstLine(rootMessage(thrown)), 0, false, thrown);
    }

    private LlmException fromHttp(ProviderHttpException http) {
        int status = http.statusCode();
        String message = provider + " answered HTTP " + status + ": " + errorMessage(http.body());
        return new LlmException(message, status, retryable(status), retryAfter(http), http);
    }

    /** 408 timeout, 409 conflict, 429 rate limit, 5xx incl. Anthropic's 529 overloaded: trying later may help. */
    static boolean retryable(int status) {
        return status == 408 || status == 409 || status == 429 || status >= 500;
    }

    /**
     * The provider's own words: Anthropic {@code {"type":"error","error":{"type":..,"message":..}}}, OpenAI
     * {@code {"error":{"message":..,"code":..}}}, and the shapes of compatible servers
     * ({@code {"error":"..."}}, {@code {"message":..}}, {@code {"detail":..}}); otherwise the start of the body.
     */
    static String errorMessage(String body) {
        if (body == null || body.isBlank()) {
            return "(empty body)";
        }
        try {
            JsonNode root = JSON.readTree(body);
            JsonNode error = root.path("error");
            if (error.isObject()) {
                String type = error.path("type").asText("");
                String code = error.path("code").isValueNode() ? error.path("code").asText("") : "";
                String text = error.path("message").asText("");
                String label = !type.isEmpty() ? type : code;
                if (!text.isEmpty()) {
                    return label.isEmpty() ? text : label + ": " + text;
                }
            }
            if (error.isTextual()) {
                return error.asText();
            }
            if (root.path("message").isTextual()) {
                return root.path("message").asText();
            }
            if (root.path("detail").isTextual()) {
                return root.path("detail").asText();
            }
        } catch (java.io.IOException | RuntimeException notJson) {
            // not JSON: show the start of the body
        }
        String flat = body.strip().replaceAll("\\s+", " ");
        return flat.length() > MAX_DETAIL ? flat.substring(0, MAX_DETAIL) + "..." : flat;
    }

    /** retry-after-ms (OpenAI), else Retry-After as seconds or an HTTP date; null when absent or unreadable. */
    Duration retryAfter(ProviderHttpException http) {
        String ms = http.header("retry-after-ms");
        if (ms != null) {
            try {
                return nonNegative(Duration.ofMillis((long) Double.parseDouble(ms.trim())));
            } catch (NumberFormatException ignored) {
                // fall back to Retry-After
            }
        }
        return parseRetryAfter(http.header("retry-after"), clock);
    }

    static Duration parseRetryAfter(String value, Clock clock) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        try {
            return nonNegative(Duration.ofMillis((long) (Double.parseDouble(v) * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                return nonNegative(Duration.between(clock.instant(), at.toInstant()));
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage();
        return root.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    private static String firstLine(String s) {
        String line = s.lines().findFirst().orElse("");
        return line.length() > MAX_DETAIL ? line.substring(0, MAX_DETAIL) + "..." : line;
    }
}
