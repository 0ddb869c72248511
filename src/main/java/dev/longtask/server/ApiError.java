package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A request the server refuses, with the HTTP status and a one-line message saying what to do instead, and for a
 * submission the field at fault (so a form can show the message beside it).
 */
final class ApiError extends RuntimeException {
    private final int status;
    private final String code;
    private final String field;
    private final java.util.List<String> refused;

    ApiError(int status, String code, String message) {
        this(status, code, null, message);
    }

    ApiError(int status, String code, String field, String message) {
        this(status, code, field, message, null);
    }

    private ApiError(int status, String code, String field, String message, java.util.List<String> refused) {
        super(message);
        this.status = status;
        this.code = code;
        this.field = field;
        this.refused = refused;
    }

    static ApiError badRequest(String message) {
        return new ApiError(400, "bad_request", message);
    }

    /** @param field the body's field at fault, dotted inside an object ({@code budgets.max_time}) */
    static ApiError badField(String field, String message) {
        return new ApiError(400, "bad_request", field, message);
    }

    static ApiError notFound(String message) {
        return new ApiError(404, "not_found", message);
    }

    static ApiError conflict(String message) {
        return new ApiError(409, "conflict", message);
    }

    /** A 409 that names each thing in the way ({@code refused}: a file and who changed it), for a page to list. */
    static ApiError conflict(String message, java.util.List<String> refused) {
        return new ApiError(409, "conflict", null, message, java.util.List.copyOf(refused));
    }

    /** The body of every refusal: {@code {"error": {"status", "code", "message", "field"?}}}. */
    static ObjectNode body(ObjectMapper json, int status, String code, String message, String field) {
        ObjectNode body = json.createObjectNode();
        ObjectNode error = body.putObject("error").put("status", status).put("code", code).put("message", message);
        if (field != null) {
            error.put("field", field);
        }
        return body;
    }

    /** This refusal's body, with {@code refused} when it names things in the way. */
    ObjectNode body(ObjectMapper json) {
        ObjectNode body = body(json, status, code, getMessage(), field);
        if (refused != null) {
            var list = ((ObjectNode) body.get("error")).putArray("refused");
            refused.forEach(list::add);
        }
        return body;
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }

    /** The field at fault, or null. */
    String field() {
        return field;
    }
}
