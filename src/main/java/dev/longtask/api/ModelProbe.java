package dev.longtask.api;

import dev.longtask.llm.AttemptListener;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.llm.Endpoint;
import dev.longtask.model.llm.LlmException;
import dev.longtask.llm.ModelClient;
import dev.longtask.llm.Provider;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** One tiny request that proves a provider answers, and what to do when it does not. */
final class ModelProbe {
    private static final String PROBE = "Reply with the single word: pong";
    private static final int MAX_TOKENS = 16;

    private ModelProbe() {
    }

    /** A listener that tells {@code retrying} about each failed attempt that is tried again. */
    static AttemptListener reporting(Consumer<ModelCheck.Retry> retrying) {
        return new AttemptListener() {
            @Override
            public void attemptFailed(Failure f) {
                if (f.willRetry()) {
                    retrying.accept(new ModelCheck.Retry(f.attempt(), f.error(), f.retryIn()));
                }
            }
        };
    }

    static ModelCheck send(ModelClient client, Endpoint endpoint) {
        long start = System.nanoTime();
        try {
            ChatResponse answer = client.chat(new ChatRequest(List.of(new ChatMessage.User(PROBE)), List.of(),
                    MAX_TOKENS));
            return new ModelCheck(answer.message().text().strip(), answer.usage(),
                    Duration.ofNanos(System.nanoTime() - start), null, null);
        } catch (LlmException e) {
            return new ModelCheck(null, null, Duration.ofNanos(System.nanoTime() - start), e.getMessage(),
                    advice(endpoint, e));
        }
    }

    /** One line saying what to do about a failed probe. */
    static String advice(Endpoint endpoint, LlmException e) {
        String name = endpoint.spec().name();
        Provider provider = endpoint.spec().provider();
        int status = e.status();
        if (status == 401 || status == 403) {
            return endpoint.keyVariable() != null && endpoint.keyPresent()
                    ? "the key in " + endpoint.keyVariable() + " was refused: check it is current and allowed to use "
                      + name + ", then export it again"
                    : "the server wants a key: export " + Provider.OPENAI.keyVariable() + "=... for it";
        }
        if (status == 404) {
            return provider == Provider.OLLAMA
                    ? "Ollama does not have " + name + ": run 'ollama pull " + name + "'"
                    : "the model '" + name + "' or the API path was not found at " + endpoint.baseUrl()
                      + ": check the model name and that the base URL ends where the API starts (often /v1)";
        }
        if (status == 400 || status == 422) {
            return "the provider refused the request: check that " + name + " is a chat model and the base URL is right";
        }
        if (status == 429) {
            return "rate limited or out of quota: wait and try again, or check your plan and limits with the provider";
        }
        if (status >= 500) {
            return "the provider is having trouble: try again later";
        }
        if (status == 0 && e.retryable()) {
            return provider == Provider.OLLAMA
                    ? "is Ollama running? start it with 'ollama serve' (and 'ollama pull " + name + "'), or point "
                      + "--base-url at it"
                    : "cannot reach " + endpoint.baseUrl() + ": check the URL, your network and any proxy";
        }
        return "the server at " + endpoint.baseUrl() + " did not answer like the " + endpoint.protocol().title()
                + ": check --base-url (OpenAI-compatible servers usually end in /v1)";
    }
}
