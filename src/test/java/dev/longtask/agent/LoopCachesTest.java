package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoopCachesTest {
    private static ObjectNode pathOfType(String type) {
        return Json.parseObject("{\"type\": \"object\", \"properties\": {\"path\": {\"type\": \"" + type + "\"}},"
                + " \"required\": [\"path\"]}");
    }

    @Test
    void aSchemaIsCompiledOnceForItsContentAndAChangedSchemaIsCompiledAnew() {
        LoopCaches caches = new LoopCaches(null);
        ObjectNode text = pathOfType("string");
        SchemaCheck first = caches.schema(text);
        assertThat(caches.schema(pathOfType("string"))).isSameAs(first);
        ObjectNode call = Json.parseObject("{\"path\": \"a.txt\"}");
        assertThat(first.problems(call)).isEmpty();

        // Another tool's schema, and the same node changed after it was compiled: each is checked as it now reads.
        assertThat(caches.schema(pathOfType("integer")).problems(call)).singleElement().asString().contains("path").contains("integer expected");
        ((ObjectNode) text.get("properties").get("path")).put("type", "integer");
        assertThat(caches.schema(text)).isNotSameAs(first);
        assertThat(caches.schema(text).problems(call)).isNotEmpty();
        assertThat(caches.schema(pathOfType("string")).problems(call)).isEmpty();
    }

    @Test
    void theSecretsAreTheEnvironmentsItWasMadeFrom() {
        LoopCaches caches = LoopCaches.of(Map.of("SERVICE_TOKEN", "s3cret-value-for-tests", "HOME", "/home/someone"));
        assertThat(caches.secrets().redact("token s3cret-value-for-tests in /home/someone"))
                .isEqualTo("token [redacted SERVICE_TOKEN] in /home/someone");
        assertThat(new LoopCaches(null).secrets().redact("s3cret-value-for-tests")).isEqualTo("s3cret-value-for-tests");
    }

    @Test
    void aSubmitResultCheckedThroughTheCachesRefusesWhatTheUncachedOneRefuses() throws Exception {
        LoopCaches caches = new LoopCaches(null);
        ObjectNode missingSummary = Json.parseObject("{\"success\": true}");
        dev.longtask.tools.Workspace workspace = new dev.longtask.tools.Workspace(java.nio.file.Path.of("."));
        Terminal cached = Terminal.submitResult(workspace, Map.of(), caches);
        Terminal again = Terminal.submitResult(workspace, Map.of(), caches);
        Terminal fresh = Terminal.submitResult(workspace, Map.of());
        assertThat(again.check().problems(missingSummary)).isNotEmpty()
                .isEqualTo(cached.check().problems(missingSummary)).isEqualTo(fresh.check().problems(missingSummary));
    }
}
