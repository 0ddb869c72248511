package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JSON a webhook receives: longtask's own envelope, or the documented message of a chat platform's incoming
 * webhook (Slack; Feishu/Lark and DingTalk custom bots, with their own signature when a secret is set).
 */
enum WebhookFormat {
    /** {@code {delivery_id, route, run_id, text, event: {seq, time, type, task, data}}}. */
    JSON,
    /** Slack incoming webhook: {@code {"text": ...}}. */
    SLACK,
    /** Feishu/Lark custom bot: {@code {"msg_type":"text","content":{"text":...}}}, plus timestamp and sign. */
    FEISHU,
    /** DingTalk custom robot: {@code {"msgtype":"text","text":{"content":...}}}; timestamp and sign in the URL. */
    DINGTALK;

    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    static WebhookFormat fromWire(String text) {
        for (WebhookFormat f : values()) {
            if (f.wire().equals(text)) {
                return f;
            }
        }
        throw new IllegalArgumentException("format '" + text + "' is not known (json, slack, feishu, dingtalk)");
    }

    /** The body for one delivery; {@code envelope} is longtask's own JSON, {@code text} a line for people. */
    ObjectNode body(ObjectMapper json, ObjectNode envelope, String text, String secret, Instant now) {
        return switch (this) {
            case JSON -> envelope;
            case SLACK -> json.createObjectNode().put("text", text);
            case FEISHU -> {
                ObjectNode body = json.createObjectNode();
                if (secret != null) {
                    long seconds = now.getEpochSecond();
                    body.put("timestamp", Long.toString(seconds))
                            .put("sign", base64(hmac((seconds + "\n" + secret).getBytes(StandardCharsets.UTF_8),
                                    new byte[0])));
                }
                body.put("msg_type", "text").putObject("content").put("text", text);
                yield body;
            }
            case DINGTALK -> {
                ObjectNode body = json.createObjectNode().put("msgtype", "text");
                body.putObject("text").put("content", text);
                yield body;
            }
        };
    }

    /** Where to post: DingTalk takes its signature as query parameters. */
    URI target(URI url, String secret, Instant now) {
        if (this != DINGTALK || secret == null) {
            return url;
        }
        long millis = now.toEpochMilli();
        String sign = base64(hmac(secret.getBytes(StandardCharsets.UTF_8),
                (millis + "\n" + secret).getBytes(StandardCharsets.UTF_8)));
        String query = "timestamp=" + millis + "&sign=" + URLEncoder.encode(sign, StandardCharsets.UTF_8);
        String text = url.toString();
        return URI.create(text + (url.getRawQuery() == null ? "?" : "&") + query);
    }

    /**
     * Why a 2xx answer still refused the message, or null: Feishu answers {@code {"code": 19021, "msg": ...}} and
     * DingTalk {@code {"errcode": 310000, "errmsg": ...}} with status 200 for a bad signature or keyword.
     */
    String refusal(ObjectMapper json, String responseBody) {
        if (this != FEISHU && this != DINGTALK) {
            return null;
        }
        try {
            com.fasterxml.jackson.databind.JsonNode answer = json.readTree(responseBody);
            String codeField = this == FEISHU ? (answer.has("code") ? "code" : "StatusCode") : "errcode";
            int code = answer.path(codeField).asInt(0);
            if (code == 0) {
                return null;
            }
            String message = answer.path(this == FEISHU ? "msg" : "errmsg").asText(answer.path("StatusMessage").asText());
            return wire() + " refused the message: " + code + " " + message;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code X-Longtask-Signature}: {@code sha256=} and the hex HMAC-SHA256 of the body under the secret. */
    static String signature(String secret, byte[] body) {
        return "sha256=" + HexFormat.of().formatHex(hmac(secret.getBytes(StandardCharsets.UTF_8), body));
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
