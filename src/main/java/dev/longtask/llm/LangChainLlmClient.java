package dev.longtask.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;

/**
 * The adapter from our port to a LangChain4j chat model (Anthropic Messages or OpenAI Chat Completions).
 * LangChain4j's own retries are off; failures come out as {@link LlmException} via {@link ProviderErrors}.
 * Usage comes back unpriced; {@link PricedLlmClient} prices it.
 */
final class LangChainLlmClient implements LlmClient {
    /** An output limit below this is not worth a call, whatever the window. */
    static final int MIN_OUTPUT_TOKENS = 512;

    private final ChatModel model;
    private final String modelSpec;
    private final int contextWindow;
    private final int defaultMaxOutputTokens;
    private final Dialect dialect;
    private final ProviderErrors errors;
    private final ToolSpecifications tools;

    LangChainLlmClient(ChatModel model, String modelSpec, int contextWindow, int defaultMaxOutputTokens,
                       Dialect dialect, ProviderErrors errors) {
        this(model, modelSpec, contextWindow, defaultMaxOutputTokens, dialect, errors,
                new ToolSpecifications(dialect.strictTools()));
    }

    /** @param tools the conversions of our tools to share, made for {@code dialect}'s strictness */
    LangChainLlmClient(ChatModel model, String modelSpec, int contextWindow, int defaultMaxOutputTokens,
                       Dialect dialect, ProviderErrors errors, ToolSpecifications tools) {
        this.model = model;
        this.modelSpec = modelSpec;
        this.contextWindow = contextWindow;
        this.defaultMaxOutputTokens = defaultMaxOutputTokens;
        this.dialect = dialect;
        this.errors = errors;
        this.tools = tools;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        dev.langchain4j.model.chat.response.ChatResponse response;
        try {
            response = model.chat(MessageMapping.toLangChain(sized(request), defaultMaxOutputTokens, dialect, tools));
        } catch (RuntimeException e) {
            throw errors.toLlmException(e);
        }
        try {
            return MessageMapping.fromLangChain(response);
        } catch (RuntimeException e) {
            throw errors.toLlmException(e);
        }
    }

    /**
     * The request with its output limit (the default when it names none) at most a quarter of the context window:
     * the prompt may fill the rest (conversations are compacted at three quarters), and a model on a small window
     * must not be asked for more than fits beside its prompt.
     */
    private ChatRequest sized(ChatRequest request) {
        int cap = outputCap(contextWindow);
        int asked = request.maxOutputTokens() != null ? request.maxOutputTokens() : defaultMaxOutputTokens;
        return asked <= cap ? request : new ChatRequest(request.messages(), request.tools(), cap,
                request.finishingTool(), request.finishNow(), request.origin());
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
