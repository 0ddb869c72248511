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
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.anthropic.AnthropicChatRequestParameters;
import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Our messages, tools and usage to LangChain4j's types and back. */
final class MessageMapping {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    /** Anthropic's mark for a prompt-cache breakpoint, as LangChain4j reads it from a message's attributes. */
    private static final Map<String, Object> CACHE_BREAKPOINT = Map.of("cache_control", "ephemeral");

    private MessageMapping() {
    }

    /**
     * The request in LangChain4j's terms for an endpoint of the given dialect: the output limit under the name
     * it takes; tools strict where the dialect and the schema allow; a forced finishing tool as the provider's
     * named tool choice; and for Anthropic the prompt-cache breakpoints: the tools and the system prompt (the
     * stable prefix of every step) and the last message (a breakpoint that moves with the conversation, so each
     * step reads the one before from the cache).
     *
     * @param specifications the endpoint's tools already converted, of the same dialect
     */
    static dev.langchain4j.model.chat.request.ChatRequest toLangChain(ChatRequest request, int defaultMaxOutput,
                                                                      Dialect dialect,
                                                                      ToolSpecifications specifications) {
        List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>();
        List<ChatMessage> ours = request.messages();
        for (int i = 0; i < ours.size(); i++) {
            boolean breakpoint = dialect.promptCaching() && i == ours.size() - 1;
            messages.add(toLangChain(ours.get(i), breakpoint));
        }
        List<ToolSpecification> tools = request.tools().stream().map(specifications::of).toList();
        List<ToolSpecification> offered = tools.isEmpty() ? null : tools;
        int maxOutput = request.maxOutputTokens() != null ? request.maxOutputTokens() : defaultMaxOutput;
        String forced = request.forcedTool();
        ChatRequestParameters parameters = switch (dialect.protocol()) {
            case ANTHROPIC -> AnthropicChatRequestParameters.builder()
                    .maxOutputTokens(maxOutput)
                    .toolSpecifications(offered)
                    .cacheSystemMessages(dialect.promptCaching())
                    .cacheTools(dialect.promptCaching() && offered != null)
                    .toolChoice(forced == null ? null : ToolChoice.REQUIRED)
                    .toolChoiceName(forced)
                    .build();
            case OPENAI -> {
                OpenAiChatRequestParameters.Builder b = OpenAiChatRequestParameters.builder().toolSpecifications(offered);
                if (dialect.maxCompletionTokens()) {
                    b.maxCompletionTokens(maxOutput);
                } else {
                    b.maxOutputTokens(maxOutput);
                }
                if (forced != null) {
                    // LangChain4j 1.19 names only auto/required/none for Chat Completions; the named form goes as is.
                    b.customParameters(Map.of("tool_choice",
                            Map.of("type", "function", "function", Map.of("name", forced))));
                }
                yield b.build();
            }
        };
        return dev.langchain4j.model.chat.request.ChatRequest.builder()
                .messages(messages)
                .parameters(parameters)
                .build();
    }

    private static dev.langchain4j.data.message.ChatMessage toLangChain(ChatMessage message, boolean breakpoint) {
        Map<String, Object> attributes = breakpoint ? CACHE_BREAKPOINT : Map.of();
        if (message instanceof ChatMessage.System s) {
            return SystemMessage.from(s.text());
        } else if (message instanceof ChatMessage.User u) {
            return UserMessage.builder().addContent(TextContent.from(u.text())).attributes(attributes).build();
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
                    .attributes(attributes)
                    .build();
        } else {
            ChatMessage.ToolResult r = (ChatMessage.ToolResult) message;
            return ToolExecutionResultMessage.builder()
                    .id(r.toolCallId())
                    .toolName(r.toolName())
                    .text(r.content())
                    .isError(r.error() ? Boolean.TRUE : null)
                    .attributes(attributes)
                    .build();
        }
    }

    /**
     * LangChain4j's own JSON reading of a tool, which keeps the whole JSON schema of the parameters.
     * {@code strict} asks the provider to hold the model's arguments to the schema.
     */
    static ToolSpecification toLangChain(ToolSpec tool, boolean strict) {
        ObjectNode json = JSON.createObjectNode();
        json.put("name", tool.name());
        json.put("description", tool.description());
        json.set("parameters", tool.parameters() != null ? tool.parameters()
                : JSON.createObjectNode().put("type", "object"));
        if (strict) {
            json.put("strict", true);
        }
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
