package dev.longtask.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.NearMiss;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Source;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads one config.yaml into a {@link Layer}; every problem is one line naming the file and the key. */
final class ConfigFile {
    static final String PRICES = "prices";
    static final String CONTEXT_WINDOW = "context_window";
    static final String TEXT_PROTOCOL = "text_protocol";
    /** Where the server sends events (webhooks); read and checked by the server, ignored by run commands. */
    static final String ROUTES = "routes";
    static final String PERMISSIONS = "permissions";
    private static final Set<String> PRICE_FIELDS = Set.of("input", "output", "cache_read", "cache_write");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private final Path path;

    private ConfigFile(Path path) {
        this.path = path;
    }

    /** The file's settings, or empty when there is no such file. */
    static Optional<Layer> read(Path path, Source.Kind kind) {
        return new ConfigFile(path).read(new Source(kind, path.toString()));
    }

    private Optional<Layer> read(Source source) {
        Optional<JsonNode> read = ConfigTree.read(YAML, path, "YAML");
        if (read.isEmpty()) {
            return Optional.empty();
        }
        JsonNode root = read.get();
        if (root.isMissingNode() || root.isNull()) {
            return Optional.of(Layer.ofValues(source, Map.of()));
        }
        if (!root.isObject()) {
            throw fail("expected settings as 'key: value' lines at the top level");
        }
        Map<SettingKey, Resolved<Object>> values = new EnumMap<>(SettingKey.class);
        Map<String, ModelPrice> prices = Map.of();
        Map<String, Integer> windows = Map.of();
        Map<String, Boolean> textProtocol = Map.of();
        java.util.List<PermissionRule> rules = java.util.List.of();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            JsonNode node = field.getValue();
            switch (name) {
                case PRICES -> prices = prices(node);
                case CONTEXT_WINDOW -> windows = contextWindows(node);
                case TEXT_PROTOCOL -> textProtocol = textProtocol(node);
                case PERMISSIONS -> rules = PermissionsSection.read(node, path.toString(), false);
                case "retry" -> readSection("retry", node, values, source);
                case "checkpoint" -> readSection("checkpoint", node, values, source);
                case ROUTES -> {
                    // the server's routing table: `longtask serve` reads and checks it
                }
                case EnvironmentSection.KEY -> {
                    if (source.kind() != Source.Kind.USER_FILE) {
                        throw fail("key 'env' is read from the user's config file only (~/.config/longtask/"
                                + "config.yaml): a workspace's files can be written by its agents");
                    }
                    EnvironmentSection.parse(node, path.toString());
                }
                case McpServersConfig.KEY -> {
                    // Servers for agents, not settings: McpServersConfig reads them.
                }
                default -> readScalar(name, node, values, source);
            }
        }
        return Optional.of(new Layer(source, values, prices, windows, textProtocol, rules));
    }

    private void readSection(String section, JsonNode node, Map<SettingKey, Resolved<Object>> values, Source source) {
        if (node.isNull()) {
            return;
        }
        if (!node.isObject()) {
            throw fail("key '" + section + "' must be a mapping (e.g. max_attempts: 6)");
        }
        node.fields().forEachRemaining(f -> readScalar(section + "." + f.getKey(), f.getValue(), values, source));
    }

    private void readScalar(String name, JsonNode node, Map<SettingKey, Resolved<Object>> values, Source source) {
        SettingKey key = SettingKey.byKey(name).orElseThrow(() -> fail("unknown key '" + name + "'" + didYouMean(name)
                + " (known keys: " + knownKeys() + ")"));
        if (node.isNull()) {
            return;
        }
        if (!node.isValueNode()) {
            throw fail("key '" + name + "' must be a single value, not a list or mapping");
        }
        try {
            values.put(key, new Resolved<>(key.parse(node.asText()), source));
        } catch (IllegalArgumentException e) {
            throw fail("key '" + name + "' " + e.getMessage());
        }
    }

    private Map<String, ModelPrice> prices(JsonNode node) {
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> model : entries(PRICES, node)) {
            String where = PRICES + "." + model.getKey();
            JsonNode p = model.getValue();
            if (!p.isObject()) {
                throw fail("key '" + where + "' must be a mapping like {input: 3, output: 15}");
            }
            p.fieldNames().forEachRemaining(f -> {
                if (!PRICE_FIELDS.contains(f)) {
                    throw fail("unknown key '" + where + "." + f + "' (known: input, output, cache_read, cache_write)");
                }
            });
            prices.put(model.getKey(), new ModelPrice(
                    usd(where, p, "input", true), usd(where, p, "output", true),
                    usd(where, p, "cache_read", false), usd(where, p, "cache_write", false)));
        }
        return prices;
    }

    private BigDecimal usd(String where, JsonNode price, String field, boolean required) {
        JsonNode v = price.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw fail("key '" + where + "." + field + "' is missing (USD per million tokens)");
            }
            return null;
        }
        try {
            BigDecimal usd = new BigDecimal(v.asText().trim());
            if (usd.signum() >= 0 && v.isValueNode()) {
                return usd;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw fail("key '" + where + "." + field + "' must be a number of USD per million tokens, got '"
                + v.asText() + "'");
    }

    private Map<String, Integer> contextWindows(JsonNode node) {
        Map<String, Integer> windows = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> model : entries(CONTEXT_WINDOW, node)) {
            JsonNode v = model.getValue();
            if (!v.canConvertToInt() || v.asInt() <= 0 || !v.isIntegralNumber()) {
                throw fail("key '" + CONTEXT_WINDOW + "." + model.getKey()
                        + "' must be a positive number of tokens, got '" + v.asText() + "'");
            }
            windows.put(model.getKey(), v.asInt());
        }
        return windows;
    }

    /** Either a list of models that use the text protocol, or a mapping model -> true/false. */
    private Map<String, Boolean> textProtocol(JsonNode node) {
        Map<String, Boolean> flags = new LinkedHashMap<>();
        if (node.isArray()) {
            for (JsonNode m : node) {
                if (!m.isTextual() || m.asText().isBlank()) {
                    throw fail("key '" + TEXT_PROTOCOL + "' must list model names, got '" + m + "'");
                }
                flags.put(m.asText().trim(), true);
            }
            return flags;
        }
        for (Map.Entry<String, JsonNode> model : entries(TEXT_PROTOCOL, node)) {
            if (!model.getValue().isBoolean()) {
                throw fail("key '" + TEXT_PROTOCOL + "." + model.getKey() + "' must be true or false");
            }
            flags.put(model.getKey(), model.getValue().asBoolean());
        }
        return flags;
    }

    private Iterable<Map.Entry<String, JsonNode>> entries(String key, JsonNode node) {
        if (node.isNull()) {
            return java.util.List.of();
        }
        if (!node.isObject()) {
            throw fail("key '" + key + "' must be a mapping from model name to its value");
        }
        return node::fields;
    }

    private ConfigException fail(String problem) {
        return new ConfigException(path + ": " + problem);
    }

    /** " (did you mean 'model'?)" for a near miss of a known key, else empty. */
    private static String didYouMean(String name) {
        List<String> near = NearMiss.among(name, Arrays.stream(SettingKey.values()).map(SettingKey::key).toList());
        return near.isEmpty() ? "" : " (did you mean '" + String.join("' or '", near) + "'?)";
    }

    private static String knownKeys() {
        return Arrays.stream(SettingKey.values()).map(SettingKey::key)
                .filter(k -> !k.contains("."))
                .collect(Collectors.joining(", "))
                + ", retry.max_attempts, retry.max_wait, checkpoint.max_files, checkpoint.max_bytes, " + PRICES + ", " + CONTEXT_WINDOW + ", " + TEXT_PROTOCOL
                + ", " + ROUTES + ", " + PERMISSIONS + ", " + McpServersConfig.KEY;
    }
}
