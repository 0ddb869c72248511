package dev.longtask.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the text tools agree on: a file is binary when its first 8 KiB hold a NUL byte; text is read as UTF-8. */
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
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** A reader that never fails on bad UTF-8: broken bytes become U+FFFD, so one odd byte hides no line. */
    static BufferedReader lenientReader(Path file) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder));
    }

    /** Cuts one long line for display, saying how much was left out. */
    static String cutLine(String line, int max) {
        if (line.length() <= max) {
            return line;
        }
        return line.substring(0, max) + " ... [line cut: " + (line.length() - max) + " more chars]";
    }
}
