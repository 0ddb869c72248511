package dev.longtask.llm;

import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import java.io.IOException;
import java.util.function.Function;

/**
 * Our port on a provider's HTTP API (Anthropic Messages or OpenAI Chat Completions): the request written straight to
 * the bytes that go on the wire, the answer read straight from its text. Failures come out as
 * {@link dev.longtask.model.llm.LlmException} via {@link ProviderErrors}; there are no retries here. Usage comes back
 * unpriced; {@link PricedLlmClient} prices it.
 */
final class ProviderLlmClient implements LlmClient {
    /** An output limit below this is not worth a call, whatever the window. */
    static final int MIN_OUTPUT_TOKENS = 512;

    /** Sends a body and returns the answer's (ProviderHttpClient's post). */
    private final Function<byte[], String> http;
    private final String modelName;
    private final String modelSpec;
    private final int contextWindow;
    private final int defaultMaxOutputTokens;
    private final Dialect dialect;
    private final ProviderErrors errors;
    private final ToolSpecifications tools;

    /**
     * @param http      sends a request body and returns the answer's body ({@link ProviderHttpClient#post})
     * @param modelName the model as the provider names it
     * @param modelSpec the model as longtask names it ({@code provider:name})
     * @param tools     the written tools to share, made for {@code dialect}'s strictness
     */
    ProviderLlmClient(Function<byte[], String> http, String modelName, String modelSpec, int contextWindow,
                      int defaultMaxOutputTokens, Dialect dialect, ProviderErrors errors, ToolSpecifications tools) {
        this.http = http;
        this.modelName = modelName;
        this.modelSpec = modelSpec;
        this.contextWindow = contextWindow;
        this.defaultMaxOutputTokens = defaultMaxOutputTokens;
        this.dialect = dialect;
        this.errors = errors;
        this.tools = tools;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        boolean anthropic = dialect.protocol() == Provider.Protocol.ANTHROPIC;
        String answer;
        try {
            int maxOutput = maxOutput(request);
            byte[] body = anthropic ? AnthropicMessages.request(request, modelName, maxOutput, dialect, tools)
                    : ChatCompletions.request(request, modelName, maxOutput, dialect, tools);
            answer = http.apply(body);
        } catch (RuntimeException e) {
            throw errors.toLlmException(e);
        }
        try {
            return anthropic ? AnthropicMessages.response(answer) : ChatCompletions.response(answer);
        } catch (IOException | RuntimeException e) {
            throw errors.toLlmException(e);
        }
    }

    /**
     * The request's output limit (the default when it names none), at most a quarter of the context window: the
     * prompt may fill the rest (conversations are compacted at three quarters), and a model on a small window must not
     * be asked for more than fits beside its prompt.
     */
    private int maxOutput(ChatRequest request) {
        int asked = request.maxOutputTokens() != null ? request.maxOutputTokens() : defaultMaxOutputTokens;
        return Math.min(asked, outputCap(contextWindow));
    }

    /** The most output tokens a call on a model with {@code window} tokens of context is asked for. */
    static int outputCap(int window) {
        return Math.max(MIN_OUTPUT_TOKENS, window / 4);
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
