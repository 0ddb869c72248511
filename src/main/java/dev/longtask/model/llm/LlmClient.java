package dev.longtask.model.llm;

/**
 * The port to a language model: messages and tool specifications in, assistant text, tool calls and token
 * usage out. Adapters speak the providers' wire formats; decorators add retries, pricing and recording.
 */
public interface LlmClient {

    /**
     * @throws LlmException when the provider refuses or cannot be reached after the retries allowed;
     *                      {@link LlmException#retryable()} says whether trying later may help
     */
    ChatResponse chat(ChatRequest request) throws LlmException;

    /** The model this client talks to, as a spec ("anthropic:claude-sonnet-4-5"). */
    String modelSpec();

    /** The model's context window in tokens, used to decide when to compact a conversation. */
    int contextWindowTokens();
}
