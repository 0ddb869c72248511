package dev.longtask.tools;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the text tools agree on: text is UTF-8, or UTF-16 when the file starts with its byte-order mark (as some
 * Windows tools write sources and logs); any other file whose first 8 KiB hold a NUL byte is binary.
 */
final class TextFiles {
    static final int SNIFF_BYTES = 8192;

    private TextFiles() {
    }

    static boolean isBinary(Path file) throws IOException {
        byte[] head = new byte[SNIFF_BYTES];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (utf16(head, n) != null) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * A reader that never fails on bad bytes: they become U+FFFD, so one odd byte hides no line. A byte-order mark
     * picks UTF-16 and is not part of the text; so is a UTF-8 one.
     */
    static BufferedReader lenientReader(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file));
        in.mark(3);
        byte[] head = in.readNBytes(3);
        Charset utf16 = utf16(head, head.length);
        in.reset();
        Charset charset = utf16 != null ? utf16 : StandardCharsets.UTF_8;
        long bom = utf16 != null ? 2
                : head.length == 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF
                ? 3 : 0;
        in.skipNBytes(bom);
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new BufferedReader(new InputStreamReader(in, decoder));
    }

    /** UTF-16LE or UTF-16BE when the bytes start with that byte-order mark, else null. */
    private static Charset utf16(byte[] head, int n) {
        if (n >= 2 && (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xFE) {
            return StandardCharsets.UTF_16LE;
        }
        if (n >= 2 && (head[0] & 0xFF) == 0xFE && (head[1] & 0xFF) == 0xFF) {
            return StandardCharsets.UTF_16BE;
        }
        return null;
    }

    /** Cuts one long line for display, saying how much was left out. */
    static String cutLine(String line, int max) {
        if (line.length() <= max) {
            return line;
        }
        return line.substring(0, max) + " ... [line cut: " + (line.length() - max) + " more chars]";
    }
}
