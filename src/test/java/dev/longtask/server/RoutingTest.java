package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Routes from config, the chat platforms' documented messages and signatures, and which events go where. */
class RoutingTest {
    private static final Instant NOW = Instant.ofEpochSecond(1_599_360_473L);

    @TempDir
    Path dir;

    private final ObjectNode envelope = ServerFixture.JSON.createObjectNode().put("delivery_id", "r:run:3");

    @Test
    void slackGetsItsIncomingWebhookText() {
        assertThat(WebhookFormat.SLACK.body(ServerFixture.JSON, envelope, "hello", null, NOW).toString())
                .isEqualTo("{\"text\":\"hello\"}");
    }

    @Test
    void feishuGetsATextMessageSignedWithTimestampNewlineSecretAsTheKeyOfAnEmptyMessage() throws Exception {
        ObjectNode body = WebhookFormat.FEISHU.body(ServerFixture.JSON, envelope, "hello", "SEC-feishu", NOW);
        assertThat(body.path("msg_type").asText()).isEqualTo("text");
        assertThat(body.path("content").path("text").asText()).isEqualTo("hello");
        assertThat(body.path("timestamp").asText()).isEqualTo("1599360473");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("1599360473\nSEC-feishu".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertThat(body.path("sign").asText()).isEqualTo(Base64.getEncoder().encodeToString(mac.doFinal(new byte[0])));
        assertThat(WebhookFormat.FEISHU.body(ServerFixture.JSON, envelope, "hi", null, NOW).has("sign")).isFalse();
        assertThat(WebhookFormat.FEISHU.refusal(ServerFixture.JSON, "{\"code\":19021,\"msg\":\"sign match fail\"}"))
                .contains("19021").contains("sign match fail");
        assertThat(WebhookFormat.FEISHU.refusal(ServerFixture.JSON, "{\"code\":0,\"msg\":\"success\"}")).isNull();
    }

    @Test
    void dingTalkGetsATextMessageAndItsSignatureInTheUrl() throws Exception {
        ObjectNode body = WebhookFormat.DINGTALK.body(ServerFixture.JSON, envelope, "hello", "SEC-ding", NOW);
        assertThat(body.toString()).isEqualTo("{\"msgtype\":\"text\",\"text\":{\"content\":\"hello\"}}");
        URI target = WebhookFormat.DINGTALK.target(URI.create("https://oapi.dingtalk.com/robot/send?access_token=abc"),
                "SEC-ding", NOW);
        String query = target.getRawQuery();
        assertThat(query).startsWith("access_token=abc&timestamp=1599360473000&sign=");
        String sign = URLDecoder.decode(query.substring(query.indexOf("sign=") + 5), StandardCharsets.UTF_8);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("SEC-ding".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        assertThat(sign).isEqualTo(Base64.getEncoder().encodeToString(
                mac.doFinal("1599360473000\nSEC-ding".getBytes(StandardCharsets.UTF_8))));
        assertThat(WebhookFormat.DINGTALK.refusal(ServerFixture.JSON, "{\"errcode\":310000,\"errmsg\":\"sign not match\"}"))
                .contains("310000");
    }

    @Test
    void theSignatureHeaderIsTheHexHmacOfTheBody() throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("k3y".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        assertThat(WebhookFormat.signature("k3y", body)).isEqualTo("sha256="
                + java.util.HexFormat.of().formatHex(mac.doFinal(body)));
    }

    @Test
    void routesAreReadWithSecretsFromTheEnvironmentAndDefaultsForWhatIsLeftOut() throws Exception {
        Path file = dir.resolve("config.yaml");
        Files.writeString(file, """
                model: openai:gpt-4.1
                routes:
                  - name: team-chat
                    url_env: CHAT_URL
                    format: feishu
                    secret_env: CHAT_SECRET
                    events: [run.status, "task.*"]
                    exclude: [task.claimed]
                    runs: [pool]
                    unless_viewed: true
                  - name: audit
                    url: https://audit.example/hook
                """);
        List<Route> routes = RouteConfig.read(List.of(file, dir.resolve("missing.yaml")),
                Map.of("CHAT_URL", "https://open.feishu.cn/open-apis/bot/v2/hook/x", "CHAT_SECRET", "s3cret"));
        assertThat(routes).hasSize(2);
        Route chat = routes.get(0);
        assertThat(chat.format()).isEqualTo(WebhookFormat.FEISHU);
        assertThat(chat.secret()).isEqualTo("s3cret");
        assertThat(chat.unlessViewed()).isTrue();
        assertThat(chat.events().accepts("task.failed")).isTrue();
        assertThat(chat.events().accepts("task.claimed")).isFalse();
        assertThat(chat.events().accepts("llm.call")).isFalse();
        PoolEntry pool = entry(false);
        PoolEntry foreground = entry(true);
        assertThat(chat.covers(pool)).isTrue();
        assertThat(chat.covers(foreground)).isFalse();
        Route audit = routes.get(1);
        assertThat(audit.format()).isEqualTo(WebhookFormat.JSON);
        assertThat(audit.secret()).isNull();
        assertThat(audit.covers(foreground)).isTrue();
        assertThat(audit.events().accepts("task.completed")).as("run-level by default").isTrue();
        assertThat(audit.events().accepts("llm.call")).as("chatty only when asked").isFalse();
    }

    @Test
    void badRoutesAreOneLineErrorsNamingTheFileTheRouteAndTheKey() throws Exception {
        assertBad("routes: {name: x}", "'routes' must be a list");
        assertBad("routes:\n  - name: Bad Name\n    url: https://x.example", "'name' must be lower-case");
        assertBad("routes:\n  - name: a\n", "give the webhook's 'url'");
        assertBad("routes:\n  - name: a\n    url: ftp://x.example", "http:// or https://");
        assertBad("routes:\n  - name: a\n    url: https://x.example\n    format: teams", "format 'teams'");
        assertBad("routes:\n  - name: a\n    url: https://x.example\n    colour: red", "unknown key 'colour'");
        assertBad("routes:\n  - name: a\n    url: https://x.example\n    secret_env: NOT_SET", "NOT_SET, which is not set");
        assertBad("routes:\n  - name: a\n    url: https://x.example\n    events: [\"Task Done\"]", "not an event type");
        assertBad("routes:\n  - name: a\n    url: https://x.example\n  - name: a\n    url: https://y.example",
                "defined twice");
    }

    private void assertBad(String yaml, String message) throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, yaml);
        assertThatThrownBy(() -> RouteConfig.read(List.of(file), Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(file.toString())
                .hasMessageContaining(message);
    }

    private static PoolEntry entry(boolean foreground) {
        return new PoolEntry("r1", Path.of("/w"), "goal", PoolEntry.State.QUEUED, 0, 1, foreground, null, null, null,
                "auto", null, 0, NOW, "", null, null);
    }
}
