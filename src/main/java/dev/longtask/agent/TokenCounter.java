package dev.longtask.agent;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.longtask.llm.ChatMessage;
import dev.longtask.llm.ToolCall;
import dev.longtask.llm.ToolSpec;

/**
 * Estimates tokens with jtokkit's o200k encoding. Providers tokenize differently, so the counts are
 * estimates and the loop keeps a margin below the window. Building the encoding registry is costly: build
 * one counter per process and share it (it is thread-safe).
 */
public final class TokenCounter {
    /** What a message costs beyond its text: role markers and separators. */
    private static final int PER_MESSAGE = 4;

    private final Encoding encoding;

    public TokenCounter() {
        this.encoding = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    }

    public int count(String text) {
        return text == null || text.isEmpty() ? 0 : encoding.countTokensOrdinary(text);
    }

    public int count(ChatMessage message) {
        int tokens = PER_MESSAGE;
        if (message instanceof ChatMessage.System s) {
            tokens += count(s.text());
        } else if (message instanceof ChatMessage.User u) {
            tokens += count(u.text());
        } else if (message instanceof ChatMessage.Assistant a) {
            tokens += count(a.text());
            for (ToolCall call : a.toolCalls()) {
                tokens += PER_MESSAGE + count(call.name())
                        + count(call.arguments() == null ? "" : call.arguments().toString());
            }
        } else if (message instanceof ChatMessage.ToolResult r) {
            tokens += count(r.content());
        }
        return tokens;
    }

    public int count(ToolSpec spec) {
        return PER_MESSAGE + count(spec.name()) + count(spec.description())
                + count(spec.parameters() == null ? "" : spec.parameters().toString());
    }
}
