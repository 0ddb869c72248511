package dev.longtask.store.postgres;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Where a PostgreSQL store lives, as a user writes it: {@code postgresql://[user@]host[:port]/database[?k=v&...]}
 * ({@code postgres://} too). The password is never part of it: it comes from {@code PGPASSWORD} or a pgpass file
 * ({@code PGPASSFILE}, else {@code ~/.pgpass}), so the URL can be shown, logged and kept in config safely.
 *
 * @param jdbcUrl the driver's URL (host, port, database and the query parameters; no user, no password)
 * @param user    the role to log in as: from the URL, else {@code PGUSER}, else the operating-system user
 * @param shown   host:port/database as messages name it
 */
public record PostgresUrl(String jdbcUrl, String user, String shown) {

    /** True for a value of {@code --store} that names PostgreSQL rather than the file store. */
    public static boolean isPostgres(String store) {
        return store != null && (store.startsWith("postgresql://") || store.startsWith("postgres://"));
    }

    /**
     * @throws IllegalArgumentException saying what is wrong with {@code url} and how to write it
     */
    public static PostgresUrl parse(String url, Map<String, String> environment) {
        if (!isPostgres(url)) {
            throw new IllegalArgumentException("store '" + url + "' is not a PostgreSQL URL: write "
                    + "postgresql://[user@]host[:port]/database");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("store URL is not valid (" + e.getReason() + "): write "
                    + "postgresql://[user@]host[:port]/database");
        }
        String host = uri.getHost();
        String path = uri.getPath();
        if (host == null || host.isBlank() || path == null || path.length() < 2 || path.indexOf('/', 1) >= 0) {
            throw new IllegalArgumentException("store URL needs a host and a database: write "
                    + "postgresql://[user@]host[:port]/database");
        }
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null && userInfo.contains(":")) {
            // Never repeat the URL here: it holds the password.
            throw new IllegalArgumentException("the store URL must not hold a password: put it in PGPASSWORD or a "
                    + "pgpass file (~/.pgpass, or the file PGPASSFILE names) and write postgresql://user@host/database");
        }
        String query = uri.getRawQuery();
        if (query != null && query.toLowerCase(java.util.Locale.ROOT).matches("(^|.*&)password=.*")) {
            throw new IllegalArgumentException("the store URL must not hold a password: put it in PGPASSWORD or a "
                    + "pgpass file (~/.pgpass, or the file PGPASSFILE names)");
        }
        String user = userInfo != null && !userInfo.isBlank() ? URLDecoder.decode(userInfo, StandardCharsets.UTF_8)
                : environment.getOrDefault("PGUSER", System.getProperty("user.name"));
        int port = uri.getPort() > 0 ? uri.getPort() : 5432;
        String database = path.substring(1);
        String hostPort = (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
        String jdbc = "jdbc:postgresql://" + hostPort + "/" + database + (query == null ? "" : "?" + query);
        return new PostgresUrl(jdbc, user, hostPort + "/" + URLDecoder.decode(database, StandardCharsets.UTF_8));
    }
}
