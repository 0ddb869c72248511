package dev.longtask.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Answers from a file written by {@link RecordingLlmClient}, with no network. A request that says who makes it
 * ({@link ChatRequest.Origin}: agent, task, step) gets the next unused recorded exchange of the same origin, so the
 * calls of tasks that run side by side may come in any order; a request of an older recording without origins gets
 * the next recorded request that equals it. Parts of a prompt marked {@link AsOf as of} the call are not compared. A
 * request that differs from the exchange it is matched to fails, not to be retried, naming that exchange and the
 * first place where the two differ.
 */
final class ReplayLlmClient implements LlmClient {
    private static final int SHOWN = 80;

    private record Mask(Pattern pattern, String replacement) {
    }

    private static final List<Mask> VOLATILE = List.of(
            new Mask(Pattern.compile("\\b\\d{8}-\\d{6}-[0-9a-f]{4}\\b"), "<run-id>"),
            new Mask(Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?Z?"), "<time>"),
            new Mask(Pattern.compile("\\b\\d+(\\.\\d+)?(ms|s)\\b|\\b\\d+[hm]( \\d+[ms])?\\b"), "<duration>"));

    private final Path file;
    private final String modelSpec;
    private final int contextWindow;
    private final List<LlmJson.Exchange> exchanges;
    private final List<JsonNode> requests;
    private final boolean[] used;
    /** The indexes of the exchanges recorded with an origin, in recorded order, by origin. */
    private final Map<ChatRequest.Origin, Deque<Integer>> byOrigin = new HashMap<>();

    private ReplayLlmClient(Path file, List<LlmJson.Exchange> exchanges, String modelSpec, int contextWindow) {
        this.file = file;
        this.exchanges = exchanges;
        this.requests = exchanges.stream()
                .map(e -> comparable(LlmJson.MAPPER.valueToTree(e.request()))).toList();
        this.used = new boolean[exchanges.size()];
        this.modelSpec = modelSpec;
        this.contextWindow = contextWindow;
        for (int i = 0; i < exchanges.size(); i++) {
            ChatRequest.Origin origin = exchanges.get(i).request().origin();
            if (origin != null) {
                byOrigin.computeIfAbsent(origin, o -> new ArrayDeque<>()).add(i);
            }
        }
    }

    /** Reads the whole file; a missing file or a bad line is a {@link ConfigException} naming it. */
    static List<LlmJson.Exchange> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException("--replay " + file + ": no such file");
        } catch (IOException e) {
            throw new ConfigException("--replay " + file + ": cannot read: " + e.getMessage());
        }
        List<LlmJson.Exchange> exchanges = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                LlmJson.Exchange e = LlmJson.MAPPER.readValue(lines.get(i), LlmJson.Exchange.class);
                if (e.request() == null || e.response() == null) {
                    throw new IOException("no request or response");
                }
                exchanges.add(e);
            } catch (IOException | RuntimeException e) {
                throw new ConfigException("--replay " + file + ": line " + (i + 1)
                        + " is not a recorded exchange (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
        }
        return exchanges;
    }

    static ReplayLlmClient of(Path file, List<LlmJson.Exchange> exchanges, String modelSpec, int contextWindow) {
        return new ReplayLlmClient(file, exchanges, modelSpec, contextWindow);
    }

    @Override
    public synchronized ChatResponse chat(ChatRequest request) {
        JsonNode now = comparable(LlmJson.MAPPER.valueToTree(request));
        ChatRequest.Origin origin = request.origin();
        return origin != null && !byOrigin.isEmpty() ? byOrigin(origin, now) : inOrder(now);
    }

    /** The next unused exchange recorded for {@code origin}, when the request is the one recorded. */
    private ChatResponse byOrigin(ChatRequest.Origin origin, JsonNode now) {
        Deque<Integer> recorded = byOrigin.get(origin);
        if (recorded == null || recorded.isEmpty()) {
            throw new LlmException("replay " + file + ": the call of " + origin.describe() + " was not recorded ("
                    + (recorded == null ? "the recording has no such call" : "its recorded calls are used")
                    + "); the run has gone another way than the recorded one", 0, false, null);
        }
        int next = recorded.peekFirst();
        if (!requests.get(next).equals(now)) {
            throw mismatch(next, origin, now);
        }
        recorded.removeFirst();
        used[next] = true;
        return exchanges.get(next).response();
    }

    /** The first unused exchange from the next one recorded whose request equals {@code now}. */
    private ChatResponse inOrder(JsonNode now) {
        int next = firstUnused();
        if (next < 0) {
            throw new LlmException("replay " + file + ": all " + exchanges.size()
                    + " recorded exchanges are used; this request was not recorded", 0, false, null);
        }
        for (int i = next; i < exchanges.size(); i++) {
            if (!used[i] && requests.get(i).equals(now)) {
                used[i] = true;
                return exchanges.get(i).response();
            }
        }
        throw mismatch(next, null, now);
    }

    private LlmException mismatch(int exchange, ChatRequest.Origin origin, JsonNode now) {
        return new LlmException("replay " + file + ": request does not match recorded exchange #" + (exchange + 1)
                + (origin == null ? "" : " (" + origin.describe() + ")") + ": "
                + firstDifference("", requests.get(exchange), now), 0, false, null);
    }

    /**
     * The request as replay compares it: what differs from one run to the next of the same job (the run's id in
     * paths, the times and durations in its memory files, the blocks marked as of the call) is masked in every
     * text, so a recorded run replays in a new run.
     */
    static JsonNode comparable(JsonNode node) {
        if (node.isTextual()) {
            return TextNode.valueOf(VOLATILE.stream().reduce(AsOf.masked(node.asText()),
                    (text, mask) -> mask.pattern().matcher(text).replaceAll(mask.replacement()), (a, b) -> b));
        }
        if (node.isObject()) {
            ObjectNode copy = LlmJson.MAPPER.createObjectNode();
            node.fields().forEachRemaining(f -> copy.set(f.getKey(), comparable(f.getValue())));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = LlmJson.MAPPER.createArrayNode();
            node.forEach(n -> copy.add(comparable(n)));
            return copy;
        }
        return node;
    }

    private int firstUnused() {
        for (int i = 0; i < used.length; i++) {
            if (!used[i]) {
                return i;
            }
        }
        return -1;
    }

    /** The first path where two JSON trees differ, with both values shortened. */
    static String firstDifference(String path, JsonNode recorded, JsonNode now) {
        if (recorded.isObject() && now.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = recorded.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                JsonNode other = now.get(f.getKey());
                String at = path.isEmpty() ? f.getKey() : path + "." + f.getKey();
                if (other == null) {
                    return at + " was recorded but is missing now";
                }
                if (!f.getValue().equals(other)) {
                    return firstDifference(at, f.getValue(), other);
                }
            }
            for (Iterator<String> it = now.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!recorded.has(name)) {
                    return (path.isEmpty() ? name : path + "." + name) + " is new (not recorded)";
                }
            }
        }
        if (recorded.isArray() && now.isArray()) {
            for (int i = 0; i < Math.min(recorded.size(), now.size()); i++) {
                if (!recorded.get(i).equals(now.get(i))) {
                    return firstDifference(path + "[" + i + "]", recorded.get(i), now.get(i));
                }
            }
            if (recorded.size() != now.size()) {
                return path + " had " + recorded.size() + " entries when recorded, " + now.size() + " now";
            }
        }
        String at = path.isEmpty() ? "the request" : path;
        if (recorded.isTextual() && now.isTextual()) {
            String was = recorded.asText();
            String is = now.asText();
            int from = Math.max(0, firstDifferentChar(was, is) - SHOWN / 2);
            return at + " differs at character " + (firstDifferentChar(was, is) + 1) + ": was " + excerpt(was, from)
                    + ", now " + excerpt(is, from);
        }
        return at + " was " + shown(recorded) + ", now " + shown(now);
    }

    private static int firstDifferentChar(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    /**
     * {@link #SHOWN} characters from {@code from}, quoted, with "..." where text was left out and line breaks as
     * {@code \n}, so that the error stays on one line.
     */
    private static String excerpt(String text, int from) {
        int to = Math.min(text.length(), from + SHOWN);
        return "\"" + (from > 0 ? "..." : "") + text.substring(Math.min(from, text.length()), to).replace("\n", "\\n")
                + (to < text.length() ? "..." : "") + "\"";
    }

    private static String shown(JsonNode n) {
        String s = Objects.toString(n);
        return s.length() > SHOWN ? s.substring(0, SHOWN) + "..." : s;
    }

    @Override
    public String modelSpec() {
        return modelSpec;
    }

    @Override
    public int contextWindowTokens() {
        return contextWindow;
    }
}
