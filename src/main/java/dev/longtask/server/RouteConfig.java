package dev.longtask.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code routes:} from config files. Each problem is one line naming the file, the route and the key;
 * secrets and URLs may come from environment variables ({@code secret_env}, {@code url_env}) so the file holds none.
 * <pre>
 * routes:
 *   - name: team-chat
 *     url_env: FEISHU_WEBHOOK_URL
 *     format: feishu            # json (default), slack, feishu, dingtalk
 *     secret_env: FEISHU_SECRET
 *     events: [run.status, task.failed, "approval.*"]   # default: run-level events
 *     exclude: []
 *     runs: [pool]              # default: every run; or "foreground", or run ids
 *     unless_viewed: true       # not while someone watches the run's events
 * </pre>
 */
final class RouteConfig {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> KEYS = Set.of("name", "url", "url_env", "format", "secret", "secret_env",
            "events", "exclude", "runs", "unless_viewed");

    private RouteConfig() {
    }

    /** The routes of every file that exists, in order; a name may appear once. */
    static List<Route> read(List<Path> files, Map<String, String> environment) {
        List<Route> routes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path file : files) {
            for (Route route : read(file, environment)) {
                if (!names.add(route.name())) {
                    throw new IllegalArgumentException(file + ": route '" + route.name() + "' is defined twice; "
                            + "give each route its own name");
                }
                routes.add(route);
            }
        }
        return routes;
    }

    private static List<Route> read(Path file, Map<String, String> environment) {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not valid YAML: "
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read the file: " + e.getMessage());
        }
        JsonNode list = root == null ? null : root.get("routes");
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new IllegalArgumentException(file + ": 'routes' must be a list of routes (- name: ...)");
        }
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            routes.add(route(file + ": routes[" + i + "]", list.get(i), environment));
        }
        return routes;
    }

    private static Route route(String where, JsonNode node, Map<String, String> environment) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + " must be a mapping with name, url and format");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(where + ": unknown key '" + key + "' (known: " + String.join(", ",
                        new java.util.TreeSet<>(KEYS)) + ")");
            }
        }
        String name = text(node, "name");
        if (name == null || !name.matches("[a-z0-9][a-z0-9_-]{0,63}")) {
            throw new IllegalArgumentException(where + ": 'name' must be lower-case letters, digits, '-' or '_'"
                    + " (it names the route's delivery state on disk)");
        }
        where = where + " (" + name + ")";
        String url = valueOrEnv(where, node, "url", environment);
        if (url == null) {
            throw new IllegalArgumentException(where + ": give the webhook's 'url' (or 'url_env' naming a variable)");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(where + ": 'url' is not a URL");
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
            throw new IllegalArgumentException(where + ": 'url' must be an http:// or https:// URL");
        }
        WebhookFormat format;
        try {
            format = node.has("format") ? WebhookFormat.fromWire(text(node, "format")) : WebhookFormat.JSON;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
        String secret = valueOrEnv(where, node, "secret", environment);
        EventFilter events;
        try {
            events = new EventFilter(strings(where, node, "events"), strings(where, node, "exclude"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
        List<String> runs = strings(where, node, "runs");
        JsonNode unlessViewed = node.get("unless_viewed");
        if (unlessViewed != null && !unlessViewed.isBoolean()) {
            throw new IllegalArgumentException(where + ": 'unless_viewed' must be true or false");
        }
        return new Route(name, uri, format, secret, events, runs.isEmpty() ? List.of("*") : runs,
                unlessViewed != null && unlessViewed.asBoolean());
    }

    private static String valueOrEnv(String where, JsonNode node, String key, Map<String, String> environment) {
        String direct = text(node, key);
        String variable = text(node, key + "_env");
        if (direct != null && variable != null) {
            throw new IllegalArgumentException(where + ": give '" + key + "' or '" + key + "_env', not both");
        }
        if (variable == null) {
            if (direct != null && direct.isBlank()) {
                throw new IllegalArgumentException(where + ": '" + key + "' is empty");
            }
            return direct;
        }
        String value = environment.get(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(where + ": '" + key + "_env' names " + variable
                    + ", which is not set; export it before starting the server");
        }
        return value;
    }

    private static String text(JsonNode node, String key) {
        JsonNode value = node.get(key);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static List<String> strings(String where, JsonNode node, String key) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (value.isTextual()) {
            return List.of(value.asText());
        }
        if (!value.isArray()) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be a list");
        }
        List<String> out = new ArrayList<>();
        value.forEach(v -> out.add(v.asText()));
        return out;
    }
}
