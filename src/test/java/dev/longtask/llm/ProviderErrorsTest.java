package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.LlmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderErrorsTest {
    private final Clock clock = Clock.fixed(Instant.parse("2025-11-25T21:30:00Z"), ZoneOffset.UTC);

    @Test
    void retryAfterInSecondsOrAsAnHttpDate() {
        assertThat(ProviderErrors.parseRetryAfter("2", clock)).isEqualTo(Duration.ofSeconds(2));
        assertThat(ProviderErrors.parseRetryAfter("1.5", clock)).isEqualTo(Duration.ofMillis(1500));
        assertThat(ProviderErrors.parseRetryAfter("Tue, 25 Nov 2025 21:30:42 GMT", clock))
                .isEqualTo(Duration.ofSeconds(42));
        assertThat(ProviderErrors.parseRetryAfter("Tue, 25 Nov 2025 21:00:00 GMT", clock)).isEqualTo(Duration.ZERO);
        assertThat(ProviderErrors.parseRetryAfter("soon", clock)).isNull();
        assertThat(ProviderErrors.parseRetryAfter(null, clock)).isNull();
    }

    @Test
    void retryAfterMsWinsOverRetryAfter() {
        ProviderHttpException e = new ProviderHttpException(429,
                Map.of("Retry-After", List.of("20"), "retry-after-ms", List.of("1234.5")), "{}");
        assertThat(new ProviderErrors("openai", "https://api.openai.com/v1", clock).retryAfter(e)).isEqualTo(Duration.ofMillis(1234));
    }

    @Test
    void providerMessagesAreReadFromEachShape() {
        assertThat(ProviderErrors.errorMessage(Wire.body("anthropic-401.json")))
                .isEqualTo("authentication_error: invalid x-api-key");
        assertThat(ProviderErrors.errorMessage(Wire.body("openai-404-model.json")))
                .isEqualTo("invalid_request_error: The model `gpt-9-ultra` does not exist or you do not have access to it.");
        assertThat(ProviderErrors.errorMessage("{\"error\":\"model \\\"llama9\\\" not found, try pulling it first\"}"))
                .isEqualTo("model \"llama9\" not found, try pulling it first");
        assertThat(ProviderErrors.errorMessage("{\"object\":\"error\",\"message\":\"max_tokens is too large\",\"code\":400}"))
                .isEqualTo("max_tokens is too large");
        assertThat(ProviderErrors.errorMessage("{\"detail\":\"Not Found\"}")).isEqualTo("Not Found");
        assertThat(ProviderErrors.errorMessage("<html>\n<h1>Bad   gateway</h1></html>"))
                .isEqualTo("<html> <h1>Bad gateway</h1></html>");
        assertThat(ProviderErrors.errorMessage("")).isEqualTo("(empty body)");
    }

    @Test
    void unresolvableHostIsARetryableConnectionFailureNamingTheUrl() {
        RuntimeException thrown = new dev.langchain4j.exception.UnresolvedModelServerException(
                new java.nio.channels.UnresolvedAddressException());
        LlmException e = new ProviderErrors("anthropic", "https://api.anthropic.com/v1/", clock).toLlmException(thrown);

        assertThat(e.retryable()).isTrue();
        assertThat(e.status()).isZero();
        assertThat(e.getMessage()).isEqualTo("anthropic: cannot resolve the host of https://api.anthropic.com/v1/ "
                + "(no network, or a wrong URL)");
    }

    @Test
    void httpFailureKeepsStatusRetryabilityAndWait() {
        ProviderHttpException http = new ProviderHttpException(529, Map.of("retry-after", List.of("3")),
                Wire.body("anthropic-529.json"));
        LlmException e = new ProviderErrors("anthropic", "https://api.anthropic.com/v1/", clock).toLlmException(new RuntimeException("wrapped", http));

        assertThat(e.status()).isEqualTo(529);
        assertThat(e.retryable()).isTrue();
        assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(3));
        assertThat(e.getMessage()).isEqualTo("anthropic answered HTTP 529: overloaded_error: Overloaded");
    }
}
