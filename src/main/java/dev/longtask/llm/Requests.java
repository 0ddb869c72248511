package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import java.io.IOException;

/** What both protocols' request writers and answer readers share. */
final class Requests {
    private Requests() {
    }

    /**
     * Refuses what never went out: no messages, a blank system prompt, a user message or tool result without text (the
     * conversation is broken, and a provider would refuse it or read it wrong).
     */
    static void check(ChatRequest request) {
        if (request.messages().isEmpty()) {
            throw new IllegalArgumentException("messages cannot be null or empty");
        }
        for (ChatMessage m : request.messages()) {
            if (m instanceof ChatMessage.System s && (s.text() == null || s.text().trim().isEmpty())) {
                throw new IllegalArgumentException("text cannot be null or blank");
            }
            if (m instanceof ChatMessage.User u && u.text() == null
                    || m instanceof ChatMessage.ToolResult r && r.content() == null) {
                throw new IllegalArgumentException("text cannot be null");
            }
        }
    }

    /** A guess of a request body's size in bytes, so that its buffer is rarely copied to grow. */
    static int size(ChatRequest request) {
        int n = 1024 + 512 * request.tools().size();
        for (ChatMessage m : request.messages()) {
            n += 64;
            if (m instanceof ChatMessage.System s) {
                n += s.text().length();
            } else if (m instanceof ChatMessage.User u) {
                n += u.text().length();
            } else if (m instanceof ChatMessage.Assistant a) {
                n += a.text().length() + 256 * a.toolCalls().size();
            } else if (m instanceof ChatMessage.ToolResult r) {
                n += r.content().length();
            }
        }
        return n;
    }

    static void expectObject(JsonParser in) throws IOException {
        expect(in.nextToken(), JsonToken.START_OBJECT);
    }

    static void expect(JsonToken found, JsonToken expected) throws IOException {
        if (found != expected) {
            throw new IOException("expected " + expected + ", found " + found);
        }
    }

    static long orZero(Integer n) {
        return n == null ? 0 : n;
    }
}
