package dev.longtask.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.Isolation;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunSettings;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.Usage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The payload of one event as {@link RunState} folds it, read strictly: every getter checks the field's JSON type and
 * refuses with the event's type and the field's name, so a malformed event is refused whole, before any of it is
 * applied. What the fold decides (ids, cycles, status changes) is {@link RunState}'s; this class only reads.
 */
final class EventFields {
    private final String type;
    private final JsonNode data;

    EventFields(Event event) {
        this.type = event.type();
        this.data = event.data() == null ? MissingNode.getInstance() : event.data();
    }

    boolean has(String name) {
        return data.has(name);
    }

    JsonNode get(String name) {
        return data.get(name);
    }

    Iterator<String> names() {
        return data.fieldNames();
    }

    /** The whole payload as the typed record {@code kind}. */
    <T> T payload(Class<T> kind) {
        try {
            return JsonMapping.MAPPER.treeToValue(data, kind);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalArgumentException(type + ": not a valid " + kind.getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    JsonNode field(String name) {
        JsonNode node = data.get(name);
        if (node == null || node.isNull()) {
            throw new IllegalArgumentException(type + ": field '" + name + "' is missing");
        }
        return node;
    }

    String text(String name) {
        JsonNode node = field(name);
        if (!node.isTextual()) {
            throw new IllegalArgumentException(type + ": field '" + name + "' must be a string");
        }
        return node.asText();
    }

    String optionalText(String name, String fallback) {
        JsonNode node = data.get(name);
        return node == null || node.isNull() ? fallback : text(name);
    }

    int requiredInt(String name) {
        JsonNode node = field(name);
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw new IllegalArgumentException(type + ": field '" + name + "' must be an integer");
        }
        return node.intValue();
    }

    int optionalInt(String name, int fallback) {
        JsonNode node = data.get(name);
        return node == null || node.isNull() ? fallback : requiredInt(name);
    }

    List<Integer> intList(String name) {
        JsonNode node = data.get(name);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException(type + ": field '" + name + "' must be a list of ids");
        }
        List<Integer> ids = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isIntegralNumber() || !item.canConvertToInt()) {
                throw new IllegalArgumentException(type + ": field '" + name + "' must hold task ids");
            }
            ids.add(item.intValue());
        }
        return ids;
    }

    List<String> stringList(String name) {
        JsonNode node = data.get(name);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException(type + ": field '" + name + "' must be a list of strings");
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                throw new IllegalArgumentException(type + ": field '" + name + "' must hold strings");
            }
            items.add(item.asText());
        }
        return items;
    }

    Map<String, String> stringMap(String name) {
        JsonNode node = data.get(name);
        if (node == null || node.isNull()) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(type + ": field '" + name + "' must be an object of paths");
        }
        Map<String, String> map = new LinkedHashMap<>();
        var fields = node.fields();
        while (fields.hasNext()) {
            var entry = fields.next();
            if (!entry.getValue().isTextual()) {
                throw new IllegalArgumentException(type + ": " + name + "." + entry.getKey()
                        + " must be a string");
            }
            map.put(entry.getKey(), entry.getValue().asText());
        }
        return map;
    }

    RunSettings settings(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(type + ": settings must be an object");
        }
        String url = node.path("base_url").isTextual() ? node.get("base_url").asText() : null;
        Long concurrency = optionalLong(node, "concurrency");
        try {
            return new RunSettings(url, concurrency == null ? null : Math.toIntExact(concurrency),
                    node.path("approval").isTextual() ? ApprovalMode.fromWire(node.get("approval").asText()) : null,
                    node.path("sandbox").isTextual() ? SandboxMode.fromWire(node.get("sandbox").asText()) : null,
                    node.path("isolation").isTextual() ? Isolation.fromWire(node.get("isolation").asText()) : null);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(type + ": concurrency is out of range");
        }
    }

    Budget budget(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(type + ": budget must be an object");
        }
        return new Budget(optionalLong(node, "max_tokens"), optionalDecimal(node, "max_cost_usd"),
                optionalLong(node, "max_time_s"));
    }

    Usage usage(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(type + ": usage must be an object");
        }
        Long unpriced = optionalLong(node, "unpriced_calls");
        BigDecimal cost = optionalDecimal(node, "cost_usd");
        return new Usage(zeroIfNull(optionalLong(node, "input_tokens")),
                zeroIfNull(optionalLong(node, "output_tokens")),
                zeroIfNull(optionalLong(node, "cache_read_tokens")),
                zeroIfNull(optionalLong(node, "cache_write_tokens")),
                cost == null ? BigDecimal.ZERO : cost, unpriced == null ? 0 : Math.toIntExact(unpriced));
    }

    private static long zeroIfNull(Long value) {
        return value == null ? 0 : value;
    }

    private Long optionalLong(JsonNode object, String name) {
        JsonNode node = object.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new IllegalArgumentException(type + ": " + name + " must be a whole number");
        }
        return node.longValue();
    }

    private BigDecimal optionalDecimal(JsonNode object, String name) {
        JsonNode node = object.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber() || node.getNodeType() != JsonNodeType.NUMBER) {
            throw new IllegalArgumentException(type + ": " + name + " must be a number");
        }
        return node.decimalValue();
    }
}
