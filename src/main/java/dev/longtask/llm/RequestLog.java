package dev.longtask.llm;

import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of model requests ({@code dev.longtask.llm.http}), silent unless asked for: at DEBUG one line per
 * request (method, URL, status, time, sizes), at TRACE also the headers and bodies. A header that can carry a
 * credential is always shown as {@code [redacted]}, whatever its value.
 */
final class RequestLog {
    static final String NAME = "dev.longtask.llm.http";
    private static final Logger LOG = LoggerFactory.getLogger(NAME);
    private static final String REDACTED = "[redacted]";

    private RequestLog() {
    }

    static void sent(String method, String url, Map<String, List<String>> headers, byte[] body) {
        if (LOG.isTraceEnabled()) {
            LOG.trace("{} {} headers {}\n{}", method, url, redacted(headers), body == null ? "" : text(body));
        }
    }

    static void answered(String method, String url, int status, long millis, byte[] requestBody, String responseBody,
            Map<String, List<String>> headers) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} {} -> {} in {} ({} characters sent, {} received)", method, url, status,
                    Durations.text(Duration.ofMillis(millis)), Counts.full(requestBody == null ? 0 : text(requestBody).length()),
                    Counts.full(length(responseBody)));
        }
        if (LOG.isTraceEnabled()) {
            LOG.trace("{} {} answer headers {}\n{}", method, url, redacted(headers), responseBody);
        }
    }

    static void failed(String method, String url, long millis, String what) {
        LOG.debug("{} {} -> {} after {}", method, url, what, Durations.text(Duration.ofMillis(millis)));
    }

    /** The headers with every value that may be a credential replaced; names sorted for reading. */
    static Map<String, List<String>> redacted(Map<String, List<String>> headers) {
        Map<String, List<String>> shown = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> shown.put(name, secret(name) ? List.of(REDACTED) : values));
        return shown;
    }

    private static boolean secret(String header) {
        String h = header.toLowerCase(Locale.ROOT);
        return h.equals("authorization") || h.equals("proxy-authorization") || h.equals("cookie")
                || h.contains("key") || h.contains("token") || h.contains("secret");
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }

    private static int length(String body) {
        return body == null ? 0 : body.length();
    }
}
