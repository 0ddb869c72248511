package dev.longtask.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Measures what a run sent: reads the request bodies {@code scripted-model --record DIR} wrote
 * ({@code 00001-planner.json}, ...) and prints, per role, the number of requests, their bytes as sent and as
 * compact JSON (what is left when the whitespace of pretty-printing is taken out), and the first request's size
 * in o200k tokens, split into system prompt, tools and messages.
 *
 * <pre>
 * java -cp ... dev.longtask.testing.RequestSizes DIR
 * </pre>
 */
public final class RequestSizes {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One role's figures. */
    public record Row(String role, int requests, long bytes, long jsonBytes, int firstTokens, int firstSystem,
                      int firstTools, int firstMessages) {
    }

    private final Encoding encoding = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: RequestSizes DIR   (a directory written by scripted-model --record)");
            System.exit(2);
        }
        print(new RequestSizes().measure(Path.of(args[0])), System.out);
    }

    /** The rows in the order the roles first appeared, and a total row last. */
    public List<Row> measure(Path dir) throws IOException {
        Map<String, Row> rows = new LinkedHashMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        long total = 0;
        long totalJson = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            String role = name.substring(name.indexOf('-') + 1, name.length() - ".json".length());
            JsonNode body = JSON.readTree(file.toFile());
            long bytes = Files.size(file);
            long json = JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8).length;
            total += bytes;
            totalJson += json;
            Row old = rows.get(role);
            rows.put(role, old == null ? first(role, body, bytes, json)
                    : new Row(role, old.requests() + 1, old.bytes() + bytes, old.jsonBytes() + json,
                            old.firstTokens(), old.firstSystem(), old.firstTools(), old.firstMessages()));
        }
        List<Row> out = new java.util.ArrayList<>(rows.values());
        out.add(new Row("all", files.size(), total, totalJson, 0, 0, 0, 0));
        return out;
    }

    private Row first(String role, JsonNode body, long bytes, long json) throws IOException {
        int system = tokens(body.path("system").isMissingNode() ? "" : JSON.writeValueAsString(body.get("system")));
        int messages = 0;
        for (JsonNode m : body.path("messages")) {
            String r = m.path("role").asText();
            int t = tokens(JSON.writeValueAsString(m));
            if ("system".equals(r) || "developer".equals(r)) {
                system += t;
            } else {
                messages += t;
            }
        }
        int tools = tokens(body.has("tools") ? JSON.writeValueAsString(body.get("tools")) : "");
        return new Row(role, 1, bytes, json, tokens(JSON.writeValueAsString(body)), system, tools, messages);
    }

    private int tokens(String text) {
        return text.isEmpty() ? 0 : encoding.countTokensOrdinary(text);
    }

    static void print(List<Row> rows, PrintStream out) {
        out.println("| role | requests | bytes sent | as compact JSON | first request tokens | system | tools | messages |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            out.printf("| %s | %d | %d | %d | %s | %s | %s | %s |%n", r.role(), r.requests(), r.bytes(), r.jsonBytes(),
                    r.firstTokens() == 0 ? "" : r.firstTokens(), r.firstTokens() == 0 ? "" : r.firstSystem(),
                    r.firstTokens() == 0 ? "" : r.firstTools(), r.firstTokens() == 0 ? "" : r.firstMessages());
        }
    }
}
