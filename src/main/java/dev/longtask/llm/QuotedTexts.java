package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Long texts as JSON string literals, each escaped once and copied into every request that sends it again: a
 * conversation sends its system prompt, its kickoff and each earlier turn again on every step, and escaping them was
 * most of writing a request. A literal is what the generator's own {@code writeString} writes for the text, so the
 * bytes sent are the same. Only texts of at least {@value #MIN_CHARS} characters are kept, at most
 * {@value #MAX_KEPT_CHARS} characters of literals in all, after which it starts over. A literal is kept only while
 * its text is held elsewhere (a conversation that sends it again): a server's client outlives the runs it served, and
 * their texts must not stay behind with it. Thread-safe.
 */
final class QuotedTexts {
    static final int MIN_CHARS = 256;
    static final long MAX_KEPT_CHARS = 1 << 20;

    private final Map<String, String> literals = Collections.synchronizedMap(new WeakHashMap<>());
    private final AtomicLong kept = new AtomicLong();

    /** Writes the field {@code name} with the text {@code value}, as {@link JsonGenerator#writeStringField} does. */
    void field(JsonGenerator json, String name, String value) throws IOException {
        if (value == null || value.length() < MIN_CHARS) {
            json.writeStringField(name, value);
            return;
        }
        json.writeFieldName(name);
        json.writeRawValue(literal(value));
    }

    /** The text as a JSON string literal, quotes included. */
    String literal(String text) {
        String literal = literals.get(text);
        if (literal == null) {
            literal = WireJson.literal(text);
            if (kept.addAndGet(literal.length()) > MAX_KEPT_CHARS) {
                literals.clear();
                kept.set(literal.length());
            }
            literals.put(text, literal);
        }
        return literal;
    }
}
