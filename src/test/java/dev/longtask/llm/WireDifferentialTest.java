package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The requests the client writes itself against the ones LangChain4j's models wrote before (finished the same way):
 * many generated conversations, tools and limits, for every dialect, must give the same bytes; and many generated
 * answers must read to the same response, or fail alike.
 */
class WireDifferentialTest {
    private static final String ANSWER_ANTHROPIC = Wire.body("anthropic-tool-use.json");
    private static final String ANSWER_OPENAI = Wire.body("openai-tool-calls.json");
    private static final List<Case> DIALECTS = List.of(
            new Case("claude-sonnet-4-5", Dialect.of(Provider.ANTHROPIC, "claude-sonnet-4-5", "x")),
            new Case("claude-3-5-haiku-latest", Dialect.of(Provider.ANTHROPIC, "claude-3-5-haiku-latest", "x")),
            new Case("gpt-4.1", Dialect.of(Provider.OPENAI, "gpt-4.1", Provider.OPENAI.defaultBaseUrl())),
            new Case("llama3.1", Dialect.of(Provider.OLLAMA, "llama3.1", Provider.OLLAMA.defaultBaseUrl())));

    private record Case(String model, Dialect dialect) {
    }

    @Test
    void everyGeneratedRequestGoesOutAsTheSameBytesInEveryDialect() {
        Random random = new Random(31);
        ToolSpecifications strict = new ToolSpecifications(true);
        ToolSpecifications plain = new ToolSpecifications(false);
        int compared = 0;
        for (int i = 0; i < 600; i++) {
            ChatRequest request = request(random);
            int window = random.nextBoolean() ? 200_000 : 1 + random.nextInt(40_000);
            int defaultMax = 256 + random.nextInt(16_000);
            for (Case c : DIALECTS) {
                boolean anthropic = c.dialect.protocol() == Provider.Protocol.ANTHROPIC;
                String answer = anthropic ? ANSWER_ANTHROPIC : ANSWER_OPENAI;
                LangChainReference.Exchange before = LangChainReference.exchange(request, c.model, c.dialect,
                        "http://localhost/v1", "sk-key", window, defaultMax, answer);
                List<byte[]> sent = new ArrayList<>();
                ProviderLlmClient client = new ProviderLlmClient(body -> {
                    sent.add(body);
                    return answer;
                }, c.model, "p:" + c.model, window, defaultMax, c.dialect, errors(), c.dialect.strictTools()
                        ? strict : plain);
                ChatResponse after = null;
                LlmException failed = null;
                try {
                    after = client.chat(request);
                } catch (LlmException e) {
                    failed = e;
                }
                if (before.failure() != null) {
                    assertThat(failed).as("request %d in %s fails as before: %s", i, c.model, before.failure()).isNotNull();
                    assertThat(failed.getMessage()).isEqualTo(errors().toLlmException(before.failure()).getMessage());
                    continue;
                }
                assertThat(failed).as("request %d in %s", i, c.model).isNull();
                String expected = new String(before.body(), StandardCharsets.UTF_8);
                String actual = new String(sent.get(0), StandardCharsets.UTF_8);
                assertThat(tree(actual)).as("request %d in %s:\n%s\n%s", i, c.model, ascii(expected), ascii(actual))
                        .isEqualTo(tree(expected));
                if (request.forcedTool() == null || anthropic) {
                    // LangChain4j wrote the OpenAI tool choice from an unordered map: only its tree is the same
                    assertThat(sent.get(0)).as("request %d in %s", i, c.model).isEqualTo(before.body());
                }
                assertThat(after).isEqualTo(before.response());
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(2000);
    }

    @Test
    void everyGeneratedAnswerReadsToTheSameResponseOrFailsAlike() {
        Random random = new Random(7);
        ChatRequest request = Wire.simple("ping");
        for (int i = 0; i < 1500; i++) {
            for (Case c : List.of(DIALECTS.get(0), DIALECTS.get(2))) {
                boolean anthropic = c.dialect.protocol() == Provider.Protocol.ANTHROPIC;
                // as it arrives: decoded from UTF-8, where no half of a surrogate pair can stand alone
                String answer = new String((anthropic ? anthropicAnswer(random) : openAiAnswer(random))
                        .getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
                LangChainReference.Exchange before = LangChainReference.exchange(request, c.model, c.dialect,
                        "http://localhost/v1", "sk-key", 200_000, 4096, answer);
                ProviderLlmClient client = new ProviderLlmClient(body -> answer, c.model, "p:" + c.model, 200_000,
                        4096, c.dialect, errors(), new ToolSpecifications(false));
                ChatResponse after = null;
                LlmException failed = null;
                try {
                    after = client.chat(request);
                } catch (LlmException e) {
                    failed = e;
                }
                if (before.failure() != null) {
                    assertThat(failed).as("answer %s", ascii(answer)).isNotNull();
                    LlmException expected = errors().toLlmException(before.failure());
                    assertThat(failed.retryable()).isEqualTo(expected.retryable());
                    assertThat(failed.status()).isEqualTo(expected.status());
                    assertThat(failed.getMessage()).startsWith("p answered with something longtask could not read");
                } else {
                    assertThat(failed).as("answer %s", ascii(answer)).isNull();
                    assertThat(after).as("answer %s:\n%s\n%s", ascii(answer), ascii(before.response()), ascii(after))
                            .isEqualTo(before.response());
                    assertThat(after.message().toolCalls()).extracting(ToolCall::arguments)
                            .map(JsonNode::toString).as("answer %s", ascii(answer))
                            .isEqualTo(before.response().message().toolCalls().stream()
                                    .map(t -> t.arguments().toString()).toList());
                }
            }
        }
    }

    @Test
    void eachEndpointGetsTheSameUrlAndHeadersAsBefore(@org.junit.jupiter.api.io.TempDir java.nio.file.Path home)
            throws Exception {
        for (String model : List.of("anthropic:claude-sonnet-4-5", "openai:gpt-4o", "ollama:llama3.1",
                "openai:Qwen/Qwen2.5-7B-Instruct")) {
            try (mockwebserver3.MockWebServer server = new mockwebserver3.MockWebServer()) {
                server.start();
                boolean anthropic = model.startsWith("anthropic:");
                String base = server.url(anthropic ? "/v1/" : "/v1").toString();
                server.enqueue(Wire.json(200, anthropic ? "anthropic-text.json" : "openai-text.json"));
                java.util.Map<String, String> env = model.startsWith("openai:Qwen") ? java.util.Map.of()
                        : java.util.Map.of("ANTHROPIC_API_KEY", "sk-ant-k", "OPENAI_API_KEY", "sk-k");
                ModelClient client = Wire.noWaiting(new ArrayList<>()).build(Wire.settings(home, env, model, base),
                        dev.longtask.model.llm.Tape.NONE, AttemptListener.NONE);
                ChatRequest request = Wire.toolRequest();
                client.chat(request);
                mockwebserver3.RecordedRequest sent = server.takeRequest(5, java.util.concurrent.TimeUnit.SECONDS);

                String name = model.substring(model.indexOf(':') + 1);
                Provider provider = Provider.valueOf(model.substring(0, model.indexOf(':')).toUpperCase());
                String key = env.get(anthropic ? "ANTHROPIC_API_KEY" : provider == Provider.OLLAMA ? "none"
                        : "OPENAI_API_KEY");
                LangChainReference.Exchange before = LangChainReference.exchange(request, name,
                        Dialect.of(provider, name, base), base, key, client.contextWindowTokens(), 8192,
                        Wire.body(anthropic ? "anthropic-text.json" : "openai-text.json"));
                assertThat(sent.getUrl().toString()).as(model).isEqualTo(before.url());
                assertThat(sent.getMethod()).isEqualTo("POST");
                assertThat(sent.getBody().toByteArray()).as(model).isEqualTo(before.body());
                java.util.Set<String> expected = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
                before.headers().forEach((header, values) -> {
                    expected.add(header);
                    assertThat(sent.getHeaders().values(header)).as(model + " " + header).isEqualTo(values);
                });
                for (String header : sent.getHeaders().names()) {
                    assertThat(expected.contains(header) || List.of("host", "content-length", "user-agent")
                            .contains(header.toLowerCase())).as(model + " sends " + header).isTrue();
                }
            }
        }
    }

    /** Text a report shows whatever it holds (a lone surrogate cuts the report's file short). */
    private static String ascii(Object value) {
        StringBuilder b = new StringBuilder();
        String.valueOf(value).chars().forEach(c -> b.append(c < 128 ? String.valueOf((char) c)
                : String.format("\\u%04x", c)));
        return b.toString();
    }

    private static ProviderErrors errors() {
        return new ProviderErrors("p", "http://localhost/v1", Clock.systemUTC());
    }

    private static JsonNode tree(String json) {
        try {
            return Wire.JSON.readTree(json);
        } catch (IOException e) {
            throw new AssertionError(json, e);
        }
    }

    // ---- generated requests

    private static final String[] WORDS = {"read", "the", "file", "caf\u00e9", "\u4e2d\u6587", "\ud83d\ude00",
        "\"quoted\"", "back\\slash", "tab\there", "line\nbreak", "\u0001ctl", "</script>", "  ", "\u2028",
        "cut \ud83d", "\ude00 low", "null", "{\"json\":1}", "1.50", ""};

    private static String text(Random random, int maxWords) {
        StringBuilder b = new StringBuilder();
        int n = random.nextInt(maxWords + 1);
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return b.toString();
    }

    private static ChatRequest request(Random random) {
        List<ToolSpec> tools = new ArrayList<>();
        int toolCount = random.nextInt(5);
        for (int i = 0; i < toolCount; i++) {
            tools.add(TOOLS.get(random.nextInt(TOOLS.size())));
        }
        tools = tools.stream().distinct().toList();
        List<ChatMessage> messages = new ArrayList<>();
        if (random.nextInt(4) > 0) {
            messages.add(new ChatMessage.System(random.nextInt(10) == 0 ? " " : "You are careful. " + text(random, 8)));
        }
        int n = random.nextInt(9);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(7)) {
                case 0, 1 -> messages.add(new ChatMessage.User(text(random, 12)));
                case 2, 3 -> {
                    List<ToolCall> calls = new ArrayList<>();
                    int k = random.nextInt(4);
                    for (int j = 0; j < k; j++) {
                        calls.add(new ToolCall(random.nextInt(12) == 0 ? (random.nextBoolean() ? null : "")
                                : "call_" + i + "_" + j, random.nextInt(15) == 0 ? null : "tool_" + j,
                                random.nextInt(8) == 0 ? null : arguments(random, 0)));
                    }
                    messages.add(new ChatMessage.Assistant(random.nextInt(4) == 0 ? "" : text(random, 6), calls));
                    for (ToolCall call : calls) {
                        if (random.nextInt(5) > 0) {
                            messages.add(new ChatMessage.ToolResult(call.id(), call.name(), text(random, 20),
                                    random.nextInt(5) == 0));
                        }
                    }
                }
                case 4 -> messages.add(new ChatMessage.ToolResult(random.nextInt(10) == 0 ? null : "call_x" + i,
                        "read", text(random, 20), random.nextBoolean()));
                case 5 -> messages.add(new ChatMessage.System("Also: " + text(random, 4)));
                default -> messages.add(new ChatMessage.Assistant(text(random, 3), List.of()));
            }
        }
        Integer max = random.nextInt(3) == 0 ? null : 1 + random.nextInt(70_000);
        boolean forced = !tools.isEmpty() && random.nextInt(3) == 0;
        String finishing = tools.isEmpty() ? null : tools.get(random.nextInt(tools.size())).name();
        return new ChatRequest(messages, tools, max, finishing, forced);
    }

    private static ObjectNode arguments(Random random, int depth) {
        ObjectNode node = JsonMapping.MAPPER.createObjectNode();
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            String name = random.nextInt(6) == 0 ? text(random, 1) : "k" + i;
            switch (random.nextInt(10)) {
                case 0 -> node.put(name, text(random, 5));
                case 1 -> node.put(name, random.nextInt());
                case 2 -> node.put(name, random.nextLong());
                case 3 -> node.put(name, new java.math.BigDecimal(random.nextInt(100000) + "." + random.nextInt(1000)
                        + (random.nextBoolean() ? "0" : "")));
                case 4 -> node.put(name, new BigInteger("123456789012345678901234567890"));
                case 5 -> node.put(name, random.nextBoolean());
                case 6 -> node.putNull(name);
                case 7 -> {
                    if (depth < 3) {
                        node.set(name, arguments(random, depth + 1));
                    }
                }
                case 8 -> {
                    ArrayNode array = node.putArray(name);
                    for (int j = random.nextInt(4); j > 0; j--) {
                        array.add(random.nextBoolean() ? text(random, 2) : (Object) null == null ? "x" : "y");
                        array.add(random.nextDouble() * 1e6);
                    }
                }
                default -> node.put(name, new java.math.BigDecimal("1E+" + random.nextInt(30)));
            }
        }
        return node;
    }

    private static final List<ToolSpec> TOOLS = List.of(
            new ToolSpec("read", "Read a file", Wire.readSchema()),
            new ToolSpec("read_closed", "Read a file, closed", Wire.readSchema().put("additionalProperties", false)),
            new ToolSpec("write", "Write a file", Wire.parse("""
                    {"type":"object","properties":{"path":{"type":"string","description":"where"},
                     "content":{"type":"string","description":"what"}},
                     "required":["path","content"],"additionalProperties":false}""")),
            new ToolSpec("plan", "Plan tasks", Wire.parse("""
                    {"type":"object","properties":{"tasks":{"type":"array","items":{"type":"object",
                     "properties":{"title":{"type":"string"},"outputs":{"type":"object",
                     "additionalProperties":{"type":"string"}},"kind":{"type":"string","enum":["a","b"]}},
                     "required":["title"]}},"note":{"type":"string","minLength":1},
                     "weight":{"type":"number","minimum":0.5},"n":{"type":"integer","default":3}},
                     "required":["tasks"]}""")),
            new ToolSpec("submit_result", "Finish \u2014 caf\u00e9", Wire.parse("""
                    {"type":"object","properties":{"summary":{"type":"string"},"ok":{"type":"boolean"},
                     "items":{"type":"array","items":{"type":"string"}}},
                     "required":["summary","ok","items"],"additionalProperties":false}""")),
            new ToolSpec("ls", "List", Wire.parse("{\"type\":\"object\",\"properties\":{}}")),
            new ToolSpec("nothing", "No parameters", null),
            new ToolSpec("any", "Any of", Wire.parse("""
                    {"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]},
                     "r":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"string"}},"required":["v"]}""")));

    // ---- generated answers

    private static String anthropicAnswer(Random random) {
        StringBuilder b = new StringBuilder("{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\"");
        if (random.nextInt(20) > 0) {
            b.append(",\"content\":");
            if (random.nextInt(30) == 0) {
                b.append("null");
            } else {
                b.append('[');
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : ",");
                    switch (random.nextInt(5)) {
                        case 0, 1 -> b.append("{\"type\":\"text\",\"text\":").append(quoted(text(random, 6)))
                                .append('}');
                        case 2, 3 -> b.append("{\"type\":\"tool_use\",\"id\":")
                                .append(random.nextInt(8) == 0 ? "\"\"" : "\"toolu_" + i + "\"")
                                .append(",\"name\":\"read\",\"input\":").append(input(random)).append('}');
                        default -> b.append("{\"type\":\"thinking\",\"thinking\":\"hm\",\"signature\":\"s\"}");
                    }
                }
                b.append(']');
            }
        }
        String[] stops = {"end_turn", "max_tokens", "tool_use", "stop_sequence", "refusal", "pause_turn"};
        if (random.nextInt(8) > 0) {
            b.append(",\"stop_reason\":\"").append(stops[random.nextInt(stops.length)]).append('"');
        }
        if (random.nextInt(8) > 0) {
            b.append(",\"usage\":{\"input_tokens\":").append(random.nextInt(9000))
                    .append(",\"output_tokens\":").append(random.nextInt(900));
            if (random.nextBoolean()) {
                b.append(",\"cache_creation_input_tokens\":").append(random.nextInt(4000))
                        .append(",\"cache_read_input_tokens\":").append(random.nextBoolean() ? "null"
                                : String.valueOf(random.nextInt(4000)));
            }
            b.append(",\"service_tier\":\"standard\"}");
        }
        b.append(random.nextInt(30) == 0 ? "" : "}");
        return b.toString();
    }

    private static String input(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> "{}";
            case 1 -> "null";
            case 2 -> "{\"a\":1.50,\"b\":[1,2.0,3e2,-0.0],\"c\":{\"d\":null,\"e\":true}}";
            case 3 -> "{\"big\":123456789012345678901234567890,\"f\":0.1000000000000000055511151231257827}";
            default -> "{\"path\":" + quoted(text(random, 4)) + ",\"limit\":" + random.nextInt(500) + "}";
        };
    }

    private static String openAiAnswer(Random random) {
        StringBuilder b = new StringBuilder("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\"");
        if (random.nextInt(20) > 0) {
            b.append(",\"choices\":[");
            int choices = random.nextInt(25) == 0 ? 2 : random.nextInt(25) == 0 ? 0 : 1;
            for (int c = 0; c < choices; c++) {
                b.append(c == 0 ? "" : ",").append("{\"index\":0,\"message\":{\"role\":\"assistant\"");
                if (random.nextInt(4) > 0) {
                    b.append(",\"content\":").append(random.nextInt(5) == 0 ? "null" : quoted(text(random, 6)));
                }
                if (random.nextInt(15) == 0) {
                    b.append(",\"refusal\":").append(quoted(text(random, 2)));
                }
                if (random.nextBoolean()) {
                    b.append(",\"tool_calls\":[");
                    int n = random.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        b.append(i == 0 ? "" : ",").append("{\"id\":")
                                .append(random.nextInt(8) == 0 ? "null" : "\"call_" + i + "\"");
                        if (random.nextInt(10) > 0) {
                            b.append(",\"type\":\"function\"");
                        }
                        String args = switch (random.nextInt(5)) {
                            case 0 -> "";
                            case 1 -> "not json";
                            case 2 -> "[1,2]";
                            default -> "{\"path\":\"a.txt\",\"n\":1.50}";
                        };
                        b.append(",\"function\":{\"name\":\"read\",\"arguments\":").append(quoted(args)).append("}}");
                    }
                    b.append(']');
                }
                if (random.nextInt(12) == 0) {
                    b.append(",\"function_call\":{\"name\":\"legacy\",\"arguments\":\"{}\"}");
                }
                b.append("},\"logprobs\":null");
                String[] reasons = {"stop", "length", "tool_calls", "function_call", "content_filter", "other"};
                if (random.nextInt(8) > 0) {
                    b.append(",\"finish_reason\":\"").append(reasons[random.nextInt(reasons.length)]).append('"');
                }
                b.append('}');
            }
            b.append(']');
        }
        if (random.nextInt(8) > 0) {
            b.append(",\"usage\":{\"prompt_tokens\":").append(random.nextInt(9000))
                    .append(",\"completion_tokens\":").append(random.nextInt(900));
            if (random.nextBoolean()) {
                b.append(",\"prompt_tokens_details\":{");
                if (random.nextInt(4) > 0) {
                    b.append("\"cached_tokens\":").append(random.nextInt(9000));
                }
                b.append('}');
            }
            b.append('}');
        }
        b.append(random.nextInt(30) == 0 ? ",\"x\":" : "}");
        return b.toString();
    }

    private static String quoted(String text) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(text).toString();
    }
}
