package dev.longtask.server;

/** A request the server refuses, with the HTTP status and a one-line message saying what to do instead. */
final class ApiError extends RuntimeException {
    private final int status;
    private final String code;

    ApiError(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    static ApiError badRequest(String message) {
        return new ApiError(400, "bad_request", message);
    }

    static ApiError notFound(String message) {
        return new ApiError(404, "not_found", message);
    }

    static ApiError conflict(String message) {
        return new ApiError(409, "conflict", message);
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }
}
