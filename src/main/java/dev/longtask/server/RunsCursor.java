package dev.longtask.server;

import dev.longtask.api.Runs;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The {@code cursor} of {@code GET /api/runs}: where the next page starts, as an opaque URL-safe token. It holds the id
 * of the last run the page before looked at (the pages are in run-id order, so that is a place in the order that
 * does not move when runs are made or end meanwhile); the version prefix lets a later server read an older token or
 * refuse it clearly.
 */
final class RunsCursor {
    private static final String VERSION = "r1:";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private RunsCursor() {
    }

    static String after(String runId) {
        return ENCODER.encodeToString((VERSION + runId).getBytes(StandardCharsets.UTF_8));
    }

    /** The run id a cursor names, or null for none (the first page). @throws ApiError 400 for a token not ours */
    static String runId(String cursor) {
        if (cursor == null || cursor.isBlank()) {
            return null;
        }
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(cursor.strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            text = "";
        }
        String runId = text.startsWith(VERSION) ? text.substring(VERSION.length()) : "";
        if (Runs.idProblem(runId).isPresent()) {
            throw ApiError.badRequest("'cursor' is not one this server gave: pass the 'next' of the page before"
                    + " unchanged, or leave 'cursor' out for the first page");
        }
        return runId;
    }
}
