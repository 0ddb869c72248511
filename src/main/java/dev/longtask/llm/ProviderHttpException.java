package dev.longtask.llm;

import java.util.List;
import java.util.Map;

/**
 * A non-2xx answer with its status, its headers (Retry-After) and its body. The message is the response body only;
 * request headers (and so the key) are never part of it.
 */
final class ProviderHttpException extends RuntimeException {
    private final int statusCode;
    private final transient Map<String, List<String>> headers;
    private final String body;

    ProviderHttpException(int status, Map<String, List<String>> headers, String body) {
        super(body);
        this.statusCode = status;
        this.headers = headers;
        this.body = body;
    }

    int statusCode() {
        return statusCode;
    }

    /** The first value of the header, matched ignoring case, or null. */
    String header(String name) {
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            if (h.getKey() != null && h.getKey().equalsIgnoreCase(name) && !h.getValue().isEmpty()) {
                return h.getValue().get(0);
            }
        }
        return null;
    }

    String body() {
        return body;
    }
}
