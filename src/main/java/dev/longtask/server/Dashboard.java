package dev.longtask.server;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The dashboard: static HTML, CSS and ES modules from the jar's {@code dashboard/} folder, at {@code /} and under
 * {@code /assets/}. These files hold no data, so they are served without the token (the page then calls the API
 * with it); everything else stays behind {@link Access}. The page may only load what comes from this server.
 */
final class Dashboard {
    static final String ASSETS = "/assets/";
    private static final String FOLDER = "dashboard/";
    private static final String PAGE = FOLDER + "index.html";
    /** Plain names in plain folders, no dot segments: nothing outside the dashboard's folder can be named. */
    private static final Pattern ASSET = Pattern.compile("([A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+(\\.[a-z0-9]+)+");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml",
            "png", "image/png",
            "txt", "text/plain; charset=utf-8");
    private static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private final ClassLoader loader;
    /** Files read once; a name that is not there is not remembered, so no request can grow this. */
    private final Map<String, Asset> cache = new ConcurrentHashMap<>();

    private record Asset(byte[] bytes, String type, String etag) {
    }

    Dashboard(ClassLoader loader) {
        this.loader = loader;
    }

    /** The paths served without the token. */
    static boolean isPublic(String path) {
        return path.equals("/") || path.equals("/index.html") || path.startsWith(ASSETS);
    }

    void page(Context ctx) {
        serve(ctx, PAGE);
    }

    void asset(Context ctx) {
        String name = ctx.path().substring(ASSETS.length());
        if (!ASSET.matcher(name).matches()) {
            throw ApiError.notFound("no dashboard file " + ctx.path());
        }
        serve(ctx, FOLDER + "assets/" + name);
    }

    /** @param name the resource's path in the jar */
    private void serve(Context ctx, String name) {
        Asset asset = cache.get(name);
        if (asset == null) {
            asset = load(name).orElseThrow(() -> ApiError.notFound("no dashboard file " + ctx.path()));
            cache.put(name, asset);
        }
        ctx.header("Cache-Control", "no-cache").header("ETag", asset.etag())
                .header("X-Content-Type-Options", "nosniff").header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", POLICY);
        if (asset.etag().equals(ctx.header("If-None-Match"))) {
            ctx.status(304);
            return;
        }
        ctx.contentType(asset.type()).result(asset.bytes());
    }

    private Optional<Asset> load(String name) {
        String extension = name.substring(name.lastIndexOf('.') + 1);
        String type = TYPES.get(extension);
        if (type == null) {
            return Optional.empty();
        }
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] bytes = in.readAllBytes();
            return Optional.of(new Asset(bytes, type, etag(bytes)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dashboard file " + name + " from the jar", e);
        }
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(digest, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }
}
