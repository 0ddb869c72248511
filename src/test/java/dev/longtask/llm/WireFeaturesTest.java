package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import org.junit.jupiter.api.Test;

/** Which endpoint gets which wire feature, which schema may go strict, and the body as it goes on the wire. */
class WireFeaturesTest {

    @Test
    void eachEndpointGetsTheFeaturesItsWireTakes() {
        Dialect openAi = Dialect.of(Provider.OPENAI, "gpt-4.1", "https://api.openai.com/v1");
        assertThat(openAi.maxCompletionTokens()).isTrue();
        assertThat(openAi.strictTools()).isTrue();
        assertThat(openAi.promptCaching()).isFalse();
        Dialect vllm = Dialect.of(Provider.OPENAI, "Qwen/Qwen2.5-32B-Instruct", "http://gpu-box:8000/v1");
        assertThat(vllm.maxCompletionTokens() || vllm.strictTools() || vllm.promptCaching()).isFalse();
        Dialect ollama = Dialect.of(Provider.OLLAMA, "llama3.1", Provider.OLLAMA.defaultBaseUrl());
        assertThat(ollama.strictTools() || ollama.maxCompletionTokens()).isFalse();
        assertThat(Dialect.of(Provider.ANTHROPIC, "claude-sonnet-4-5", "https://api.anthropic.com/v1/"))
                .isEqualTo(new Dialect(Provider.Protocol.ANTHROPIC, false, true, true));
        assertThat(Dialect.of(Provider.ANTHROPIC, "claude-haiku-4-5-20251001", "x").strictTools()).isTrue();
        assertThat(Dialect.of(Provider.ANTHROPIC, "claude-opus-4-6", "x").strictTools()).isTrue();
        assertThat(Dialect.of(Provider.ANTHROPIC, "claude-sonnet-4-20250514", "x").strictTools()).isFalse();
        assertThat(Dialect.of(Provider.ANTHROPIC, "claude-3-5-haiku-latest", "x").strictTools()).isFalse();
        assertThat(Dialect.of(Provider.ANTHROPIC, "claude-3-5-haiku-latest", "x").promptCaching()).isTrue();
    }

    @Test
    void onlyClosedSchemasWithEveryPropertyRequiredMayGoStrict() throws IOException {
        assertThat(StrictSchemas.allows(json("""
                {"type":"object","properties":{"path":{"type":"string","description":"p"},
                 "mode":{"type":"string","enum":["a","b"]},
                 "items":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"}},
                          "required":["n"],"additionalProperties":false}}},
                 "required":["path","mode","items"],"additionalProperties":false}"""))).isTrue();
        assertThat(StrictSchemas.allows(json("{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}")))
                .isTrue();
        // an optional argument, an open object, a map, a keyword strict modes refuse
        assertThat(StrictSchemas.allows(json("""
                {"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},
                 "required":["path"],"additionalProperties":false}"""))).isFalse();
        assertThat(StrictSchemas.allows(json("""
                {"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}"""))).isFalse();
        assertThat(StrictSchemas.allows(json("""
                {"type":"object","properties":{"outputs":{"type":"object","additionalProperties":{"type":"string"}}},
                 "required":["outputs"],"additionalProperties":false}"""))).isFalse();
        assertThat(StrictSchemas.allows(json("""
                {"type":"object","properties":{"text":{"type":"string","minLength":1}},
                 "required":["text"],"additionalProperties":false}"""))).isFalse();
    }

    @Test
    void theToolsGoOutWithWhatTheSchemaDeclaredMapsLeftAloneAndCompact() throws IOException {
        ToolSpecifications tools = new ToolSpecifications(false);
        ToolSpec plan = new ToolSpec("plan", "Plan", (com.fasterxml.jackson.databind.node.ObjectNode) json("""
                {"type":"object","properties":{"tasks":{"type":"array","items":{"type":"object",
                "properties":{"outputs":{"type":"object","additionalProperties":{"type":"string"}}}}}}}"""));

        String openAi = tools.of(plan, ToolSpecifications.Form.OPENAI);
        JsonNode schema = json(openAi).get("function").get("parameters");

        assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();
        JsonNode item = schema.get("properties").get("tasks").get("items");
        assertThat(item.get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(item.get("properties").get("outputs").get("additionalProperties").get("type").asText())
                .isEqualTo("string");
        assertThat(openAi).isEqualTo(json(openAi).toString()).doesNotContain("\n ");
        ToolSpec ls = new ToolSpec("ls", "List", (com.fasterxml.jackson.databind.node.ObjectNode)
                json("{\"type\":\"object\",\"properties\":{}}"));
        assertThat(json(tools.of(ls, ToolSpecifications.Form.ANTHROPIC)).at("/input_schema/additionalProperties")
                .asBoolean(true)).isFalse();
        assertThat(json(tools.of(ls, ToolSpecifications.Form.ANTHROPIC)).has("cache_control")).isFalse();
        assertThat(json(tools.of(ls, ToolSpecifications.Form.ANTHROPIC_CACHED)).at("/cache_control/type").asText())
                .isEqualTo("ephemeral");
    }

    @Test
    void aToolWrittenOnceIsWrittenAnewForAnotherSchemaOfTheSameNameOrAChangedNode() throws IOException {
        ToolSpecifications tools = new ToolSpecifications(false);
        com.fasterxml.jackson.databind.node.ObjectNode schema = (com.fasterxml.jackson.databind.node.ObjectNode)
                json("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}}");
        ToolSpec read = new ToolSpec("read", "Read", schema);
        String first = tools.of(read, ToolSpecifications.Form.OPENAI);
        assertThat(json(first).at("/function/parameters/properties/path/type").asText()).isEqualTo("string");

        // Same name and description, another schema: its own text, and the first is still the first's.
        ToolSpec other = new ToolSpec("read", "Read", (com.fasterxml.jackson.databind.node.ObjectNode)
                json("{\"type\":\"object\",\"properties\":{\"line\":{\"type\":\"integer\"}}}"));
        assertThat(json(tools.of(other, ToolSpecifications.Form.OPENAI)).at("/function/parameters/properties/line/type")
                .asText()).isEqualTo("integer");
        assertThat(tools.of(new ToolSpec("read", "Read", schema.deepCopy()), ToolSpecifications.Form.OPENAI))
                .isEqualTo(first);

        // The node the first text was written from, changed afterwards: the text follows what the node now says.
        ((com.fasterxml.jackson.databind.node.ObjectNode) schema.get("properties").get("path")).put("type", "integer");
        assertThat(json(tools.of(read, ToolSpecifications.Form.OPENAI)).at("/function/parameters/properties/path/type")
                .asText()).isEqualTo("integer");
    }

    @Test
    void aLongTextSentAgainGoesOutAsTheSameBytesAndTwoTextsNeverShareTheirBytes() throws IOException {
        String tricky = "caf\u00e9 \u4e2d \ud83d\ude00 \"q\" \\ / \n\t\u0001\u001f\u2028 cut \ud83d ";
        String system = "S".repeat(QuotedTexts.MIN_CHARS) + tricky;
        String kickoff = "K".repeat(QuotedTexts.MIN_CHARS) + tricky;
        String result = "R".repeat(QuotedTexts.MIN_CHARS - 1) + "!";
        ToolCall call = new ToolCall("c1", "read", (com.fasterxml.jackson.databind.node.ObjectNode) json("{\"path\":\"a\"}"));
        ChatRequest request = new ChatRequest(List.of(new ChatMessage.System(system), new ChatMessage.User(kickoff),
                new ChatMessage.Assistant("", List.of(call)), new ChatMessage.ToolResult("c1", "read", result, false),
                new ChatMessage.User(tricky)), List.of(), 16);
        for (Provider provider : List.of(Provider.OPENAI, Provider.ANTHROPIC)) {
            Dialect dialect = Dialect.of(provider, "m", provider.defaultBaseUrl());
            ToolSpecifications shared = new ToolSpecifications(false);
            byte[] first = body(provider, request, dialect, shared);
            byte[] again = body(provider, new ChatRequest(List.of(new ChatMessage.System(new String(system)),
                    new ChatMessage.User(kickoff), request.messages().get(2), request.messages().get(3),
                    new ChatMessage.User(tricky)), List.of(), 16), dialect, shared);
            byte[] fresh = body(provider, request, dialect, new ToolSpecifications(false));
            assertThat(again).as(provider.name()).isEqualTo(first).isEqualTo(fresh);
            String text = new String(first, StandardCharsets.UTF_8);
            assertThat(text).as(provider.name()).contains("cut ?");

            // Another long text after those: its own bytes, and the earlier ones' still theirs.
            String other = "S".repeat(QuotedTexts.MIN_CHARS) + "another";
            ChatRequest changed = new ChatRequest(List.of(new ChatMessage.System(other), new ChatMessage.User(kickoff)),
                    List.of(), 16);
            JsonNode sent = json(new String(body(provider, changed, dialect, shared), StandardCharsets.UTF_8));
            assertThat(sent.findValuesAsText(provider == Provider.OPENAI ? "content" : "text")).as(provider.name())
                    .contains(other, kickoff.replace("\ud83d ", "? ")).doesNotContain(system);
            assertThat(body(provider, request, dialect, shared)).as(provider.name()).isEqualTo(fresh);
        }
    }

    private static byte[] body(Provider provider, ChatRequest request, Dialect dialect, ToolSpecifications tools) {
        return provider == Provider.OPENAI ? ChatCompletions.request(request, "m", 16, dialect, tools)
                : AnthropicMessages.request(request, "m", 16, dialect, tools);
    }

    @Test
    void theBytesSentAreTheTextInUtf8WithAnUnpairedSurrogateAsAQuestionMark() {
        Dialect dialect = Dialect.of(Provider.OPENAI, "m", "http://localhost:1/v1");
        ChatRequest request = new ChatRequest(List.of(new ChatMessage.User("caf\u00e9 \u4e2d\u6587 \ud83d\ude00 \"q\"\n\u0001"),
                new ChatMessage.User("cut \ud83d")), List.of(), 16);

        String sent = new String(ChatCompletions.request(request, "m", 16, dialect, new ToolSpecifications(false)),
                StandardCharsets.UTF_8);

        assertThat(sent).isEqualTo("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"caf\u00e9 \u4e2d\u6587 "
                + "\ud83d\ude00 \\\"q\\\"\\n\\u0001\"},{\"role\":\"user\",\"content\":\"cut ?\"}],\"stream\":false,"
                + "\"max_tokens\":16}");
    }

    private static JsonNode json(String text) throws IOException {
        return Wire.JSON.readTree(text);
    }
}
