package dev.longtask.review.map;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Decodes a source file: UTF-16 with a byte-order mark (as some Windows tools write C# and C++ sources) is
 * decoded as UTF-16, not mistaken for binary for its NUL bytes; a UTF-8 byte-order mark is dropped (replaced
 * by a space, so offsets and columns stay those of the file); anything else is read as UTF-8. Empty when the
 * file is binary (a NUL byte in its first 8,000 bytes once decoded as bytes).
 */
public final class SourceText {
    private SourceText() {
    }

    public static Optional<String> decode(byte[] bytes) {
        if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE) {
            return Optional.of(new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE));
        }
        if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF) {
            return Optional.of(new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE));
        }
        if (ContentFilter.binary(bytes)) {
            return Optional.empty();
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = ' ' + text.substring(1);
        }
        return Optional.of(text);
    }
}
