package dev.longtask.server;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;

/**
 * Who may use the server: every request carries the bearer token ({@code Authorization: Bearer ...}; clients that
 * cannot set headers, like EventSource and browser WebSockets, may pass {@code ?access_token=} on a GET). There is
 * no cookie, so a page of another site cannot act with the user's browser; and a state-changing request (or a
 * WebSocket) that comes from a browser must come from the server's own origin or an allowed one. A server without a
 * token (loopback only) answers only requests whose {@code Host} names it: a loopback name or address, the bound
 * address, or an {@code --allow-host}; a page whose own name was pointed at 127.0.0.1 (DNS rebinding) is refused.
 */
final class Access {
    private final byte[] token;
    private final List<String> allowedOrigins;
    private final HostNames hosts;

    /** @param token null when the server runs without a token (loopback only) */
    Access(String token, List<String> allowedOrigins) {
        this(token, allowedOrigins, List.of());
    }

    /** @param allowedHosts the bound address and the {@code --allow-host} names, for a server without a token */
    Access(String token, List<String> allowedOrigins, List<String> allowedHosts) {
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
        this.allowedOrigins = allowedOrigins.stream().map(o -> o.toLowerCase(Locale.ROOT)).toList();
        this.hosts = new HostNames(allowedHosts);
    }

    /** For every request, the dashboard's files too: without a token, the Host must name this server. */
    void checkHost(String host) {
        if (token == null && !hosts.allows(host)) {
            throw new ApiError(403, "forbidden_host", "this server runs without a token and answers only requests "
                    + "for localhost, a loopback address or " + hosts.describe() + ", not for '" + host + "' (a page "
                    + "of another site may have pointed its name at this machine); start the server with --allow-host "
                    + "NAME to allow a name");
        }
    }

    /** For every HTTP request. */
    void check(Context ctx) {
        authenticate(ctx.header("Authorization"), ctx.method() == HandlerType.GET ? ctx.queryParam("access_token")
                : null);
        HandlerType method = ctx.method();
        boolean changesState = method != HandlerType.GET && method != HandlerType.HEAD
                && method != HandlerType.OPTIONS;
        if (changesState) {
            checkOrigin(ctx.header("Origin"), ctx.header("Host"));
        }
    }

    /** For the upgrade request of a WebSocket: the token, and the origin whenever a browser sends one. */
    void checkUpgrade(Context ctx) {
        checkHost(ctx.header("Host"));
        authenticate(ctx.header("Authorization"), ctx.queryParam("access_token"));
        checkOrigin(ctx.header("Origin"), ctx.header("Host"));
    }

    /**
     * For the MCP endpoint, a servlet outside Javalin's routes: the token on every request (MCP clients set headers,
     * so never from the query), and the origin whenever a browser sends one, as the MCP specification asks of a
     * server on localhost against DNS rebinding.
     */
    void checkMcp(HttpServletRequest request) {
        checkHost(request.getHeader("Host"));
        authenticate(request.getHeader("Authorization"), null);
        checkOrigin(request.getHeader("Origin"), request.getHeader("Host"));
    }

    private void authenticate(String authorization, String queryToken) {
        if (token == null) {
            return;
        }
        String given = null;
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            given = authorization.substring(7).strip();
        } else if (queryToken != null) {
            given = queryToken;
        }
        if (given == null) {
            throw new ApiError(401, "unauthorized", "this server needs its token: send 'Authorization: Bearer TOKEN'"
                    + " (the token is printed when the server starts and kept in its token file)");
        }
        if (!MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8))) {
            throw new ApiError(401, "unauthorized", "the token is not this server's; use the one it printed at start"
                    + " or the one in its token file");
        }
    }

    private void checkOrigin(String origin, String host) {
        if (origin == null) {
            return;
        }
        String normalized = origin.toLowerCase(Locale.ROOT);
        if (allowedOrigins.contains(normalized)) {
            return;
        }
        try {
            String authority = URI.create(normalized).getAuthority();
            if (authority != null && host != null && authority.equals(host.toLowerCase(Locale.ROOT))) {
                return;
            }
        } catch (IllegalArgumentException malformed) {
            // refused below
        }
        throw new ApiError(403, "forbidden_origin", "requests from the page at " + origin + " may not change runs;"
                + " start the server with --allow-origin " + origin + " to allow it");
    }
}
