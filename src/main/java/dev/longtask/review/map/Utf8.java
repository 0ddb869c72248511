package dev.longtask.review.map;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.treesitter.TSNode;

/** The source as UTF-8 bytes (what tree-sitter's offsets count) and the way back to char offsets. */
record Utf8(byte[] bytes, int[] charAt, int[] lineStarts) {
    static Utf8 of(String source) {
        byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
        int[] charAt = null;
        if (bytes.length != source.length()) {
            charAt = new int[bytes.length + 1];
            int b = 0;
            for (int c = 0; c < source.length(); c++) {
                char ch = source.charAt(c);
                int width;
                if (Character.isHighSurrogate(ch) && c + 1 < source.length()
                        && Character.isLowSurrogate(source.charAt(c + 1))) {
                    width = 4;
                } else if (Character.isSurrogate(ch)) {
                    width = 1; // a lone surrogate is encoded as '?'
                } else {
                    width = ch < 0x80 ? 1 : ch < 0x800 ? 2 : 3;
                }
                for (int k = 0; k < width && b < bytes.length; k++) {
                    charAt[b++] = c;
                }
                if (width == 4) {
                    c++;
                }
            }
            charAt[bytes.length] = source.length();
        }
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int k = 0; k < bytes.length; k++) {
            if (bytes[k] == '\n') {
                starts.add(k + 1);
            }
        }
        return new Utf8(bytes, charAt, starts.stream().mapToInt(Integer::intValue).toArray());
    }

    String text(TSNode node) {
        return text(node.getStartByte(), node.getEndByte());
    }

    String text(int startByte, int endByte) {
        return new String(bytes, startByte, endByte - startByte, StandardCharsets.UTF_8);
    }

    int charOffset(int byteOffset) {
        return charAt == null ? byteOffset : charAt[Math.min(byteOffset, charAt.length - 1)];
    }

    /** 1-based line of a byte offset. */
    int line(int byteOffset) {
        int at = java.util.Arrays.binarySearch(lineStarts, byteOffset);
        return at >= 0 ? at + 1 : -at - 1;
    }
}
