package dev.longtask.llm;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.longtask.model.Usage;
import java.util.ArrayList;
import java.util.List;

/** Our messages, tools and usage to LangChain4j's types and back. */
final class MessageMapping {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    /** How the output-token limit is sent: OpenAI's own API wants max_completion_tokens, others max_tokens. */
    enum OutputLimit { MAX_TOKENS, MAX_COMPLETION_TOKENS }

    private MessageMapping() {
    }

    static dev.langchain4j.model.chat.request.ChatRequest toLangChain(ChatRequest request, int defaultMaxOutput,
                                                                      OutputLimit limit) {
        List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>();
        for (ChatMessage m : request.messages()) {
            messages.add(toLangChain(m));
        }
        List<ToolSpecification> tools = request.tools().stream().map(MessageMapping::toLangChain).toList();
        int maxOutput = request.maxOutputTokens() != null ? request.maxOutputTokens() : defaultMaxOutput;
        ChatRequestParameters parameters = limit == OutputLimit.MAX_COMPLETION_TOKENS
                ? OpenAiChatRequestParameters.builder()
                        .maxCompletionTokens(maxOutput)
                        .toolSpecifications(tools.isEmpty() ? null : tools)
                        .build()
                : ChatRequestParameters.builder()
                        .maxOutputTokens(maxOutput)
                        .toolSpecifications(tools.isEmpty() ? null : tools)
                        .build();
        return dev.langchain4j.model.chat.request.ChatRequest.builder()
                .messages(messages)
                .parameters(parameters)
                .build();
    }

    private static dev.langchain4j.data.message.ChatMessage toLangChain(ChatMessage message) {
        if (message instanceof ChatMessage.System s) {
            return SystemMessage.from(s.text());
        } else if (message instanceof ChatMessage.User u) {
            return UserMessage.from(u.text());
        } else if (message instanceof ChatMessage.Assistant a) {
            List<ToolExecutionRequest> calls = a.toolCalls().stream()
                    .map(c -> ToolExecutionRequest.builder()
                            .id(c.id())
                            .name(c.name())
                            .arguments(c.arguments() == null ? "{}" : c.arguments().toString())
                            .build())
                    .toList();
            return AiMessage.builder()
                    .text(a.text().isEmpty() ? null : a.text())
                    .toolExecutionRequests(calls)
                    .build();
        } else {
            ChatMessage.ToolResult r = (ChatMessage.ToolResult) message;
            return ToolExecutionResultMessage.builder()
                    .id(r.toolCallId())
                    .toolName(r.toolName())
                    .text(r.content())
                    .isError(r.error() ? Boolean.TRUE : null)
                    .build();
        }
    }

    /** LangChain4j's own JSON reading of a tool, which keeps the whole JSON schema of the parameters. */
    static ToolSpecification toLangChain(ToolSpec tool) {
        ObjectNode json = JSON.createObjectNode();
        json.put("name", tool.name());
        json.put("description", tool.description());
        json.set("parameters", tool.parameters() != null ? tool.parameters()
                : JSON.createObjectNode().put("type", "object"));
        return ToolSpecification.fromJson(json.toString());
    }

    static ChatResponse fromLangChain(dev.langchain4j.model.chat.response.ChatResponse response) {
        AiMessage ai = response.aiMessage();
        List<ToolCall> calls = new ArrayList<>();
        if (ai.hasToolExecutionRequests()) {
            int n = 0;
            for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
                n++;
                String id = r.id() == null || r.id().isBlank() ? "call_" + n : r.id();
                calls.add(new ToolCall(id, r.name(), arguments(r.arguments())));
            }
        }
        ChatMessage.Assistant message = new ChatMessage.Assistant(ai.text(), calls);
        return new ChatResponse(message, usage(response.tokenUsage()), finishReason(response.finishReason()));
    }

    /** The arguments as an object; text that is not a JSON object is kept under {@link ToolCall#INVALID_ARGUMENTS}. */
    static ObjectNode arguments(String text) {
        if (text == null || text.isBlank()) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode node = JSON.readTree(text);
            if (node != null && node.isObject()) {
                return (ObjectNode) node;
            }
        } catch (JsonProcessingException ignored) {
            // kept as invalid below
        }
        return JSON.createObjectNode().put(ToolCall.INVALID_ARGUMENTS, text);
    }

    /**
     * Tokens by kind, with {@code input} counting only the uncached input: Anthropic reports it that way,
     * OpenAI counts cached tokens inside prompt_tokens, so they are taken out here.
     */
    static Usage usage(TokenUsage usage) {
        if (usage == null) {
            return Usage.unpriced(0, 0, 0, 0);
        }
        long input = orZero(usage.inputTokenCount());
        long output = orZero(usage.outputTokenCount());
        long cacheRead = 0;
        long cacheWrite = 0;
        if (usage instanceof AnthropicTokenUsage a) {
            cacheRead = orZero(a.cacheReadInputTokens());
            cacheWrite = orZero(a.cacheCreationInputTokens());
        } else if (usage instanceof OpenAiTokenUsage o && o.inputTokensDetails() != null) {
            cacheRead = orZero(o.inputTokensDetails().cachedTokens());
            input = Math.max(0, input - cacheRead);
        }
        return Usage.unpriced(input, output, cacheRead, cacheWrite);
    }

    static String finishReason(FinishReason reason) {
        if (reason == null) {
            return "unknown";
        }
        return switch (reason) {
            case STOP -> "stop";
            case LENGTH -> "length";
            case TOOL_EXECUTION -> "tool_calls";
            case CONTENT_FILTER -> "content_filter";
            default -> "other";
        };
    }

    private static long orZero(Integer n) {
        return n == null ? 0 : n;
    }
}
