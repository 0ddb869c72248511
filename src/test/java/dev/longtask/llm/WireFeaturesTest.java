package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
    void theWireBodyPutsBackWhatTheSchemaDeclaredLeavesMapsAloneAndIsCompact() throws IOException {
        WireBody closed = new WireBody();
        String openAi = """
                {"model":"m","messages":[],"tools":[{"type":"function","function":{"name":"plan","parameters":
                {"type":"object","properties":{"tasks":{"type":"array","items":{"type":"object",
                "properties":{"outputs":{"type":"object","additionalProperties":{"type":"string"}}}}}}}}}]}""";

        JsonNode schema = json(closed.apply(openAi)).get("tools").get(0).get("function").get("parameters");

        assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();
        JsonNode item = schema.get("properties").get("tasks").get("items");
        assertThat(item.get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(item.get("properties").get("outputs").get("additionalProperties").get("type").asText())
                .isEqualTo("string");
        String anthropic = "{\"tools\":[{\"name\":\"ls\",\"input_schema\":{\"type\":\"object\",\"properties\":{}}}]}";
        assertThat(json(closed.apply(anthropic)).get("tools").get(0).get("input_schema").get("additionalProperties")
                .asBoolean(true)).isFalse();
        String pretty = "{\n  \"model\" : \"m\",\n  \"messages\" : [ {\n    \"role\" : \"user\",\n    \"content\" : \"a  b\"\n  } ]\n}";
        assertThat(closed.apply(pretty)).isEqualTo("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"a  b\"}]}");
        assertThat(closed.apply(closed.apply(openAi))).isEqualTo(closed.apply(openAi));
        assertThat(closed.apply("not json {")).isEqualTo("not json {");
        assertThat(closed.apply("[1, 2]")).isEqualTo("[1, 2]");
        assertThat(closed.apply("{\"a\":1} trailing")).isEqualTo("{\"a\":1} trailing");
        // the conversation is copied as written, the tools closed wherever they come
        String conversation = "{ \"messages\" : [ { \"content\" : \"caf\u00e9 \\\"q\\\"\\n\\u0001\", \"n\" : [ 1, -2, true, null ] } ],"
                + " \"tools\" : [ { \"name\" : \"ls\", \"input_schema\" : { \"type\" : \"object\", \"properties\" : { } } } ],"
                + " \"stream\" : false }";
        String wire = closed.apply(conversation);
        assertThat(wire).isEqualTo(json(wire).toString()).doesNotContain("\n ");
        assertThat(json(wire).get("messages")).isEqualTo(json(conversation).get("messages"));
        assertThat(json(wire).at("/tools/0/input_schema/additionalProperties").asBoolean(true)).isFalse();
        assertThat(json(wire).get("stream").asBoolean(true)).isFalse();
    }

    @Test
    void theBytesSentAreTheFinishedBodyInUtf8WhateverTheBodyHolds() {
        WireBody wire = new WireBody();
        List<String> bodies = List.of(
                "{ \"messages\" : [ { \"content\" : \"caf\u00e9 \u4e2d\u6587 \ud83d\ude00 \\\"q\\\"\\n\\u0001\" } ],"
                        + " \"tools\" : [ { \"name\" : \"ls\", \"input_schema\" : { \"type\" : \"object\","
                        + " \"properties\" : { } } } ] }",
                // half of a surrogate pair, as a tool's output cut short may end: UTF-8 cannot carry it as it is
                "{ \"messages\" : [ { \"content\" : \"cut \ud83d\" } ] }",
                "{ \"messages\" : [ { \"content\" : \"escaped \\ud83d half\" } ] }",
                "not json {", "[1, 2]", "{\"a\":1} trailing", "");

        for (String body : bodies) {
            assertThat(wire.bytes(body)).as(body).isEqualTo(wire.apply(body).getBytes(StandardCharsets.UTF_8));
        }
        assertThat(new String(wire.bytes(bodies.get(0)), StandardCharsets.UTF_8))
                .contains("caf\u00e9 \u4e2d\u6587 \ud83d\ude00").contains("\"additionalProperties\":false")
                .doesNotContain("\n ");
    }

    private static JsonNode json(String text) throws IOException {
        return Wire.JSON.readTree(text);
    }
}
