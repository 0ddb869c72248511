package dev.longtask.review.map;

import dev.longtask.llm.TokenCounter;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Token counts of a file's lines for one map, the same as {@link TokenCounter#count(String)} of each line (its break
 * included), counted piece by piece. The encoding first cuts text into pieces (a word with the one space or sign
 * before it, up to three digits, a run of signs with the line breaks after it, a run of spaces) and encodes each piece
 * on its own, so a line's count is the sum of its pieces' counts; source code is made of few distinct pieces (names,
 * keywords, indentation), so each is encoded once per map and looked up after that. Lines of ASCII text are cut here;
 * a line with any other character is counted whole by the encoder, as before. Thread-safe: each thread borrows a
 * table of pieces of its own.
 */
final class LineTokens {
    /** Pieces one table keeps at most; past it, new pieces are encoded each time they are met. */
    static final int MAX_PIECES = 1 << 20;

    private final TokenCounter tokens;
    private final ConcurrentLinkedQueue<Pieces> idle = new ConcurrentLinkedQueue<>();

    LineTokens(TokenCounter tokens) {
        this.tokens = tokens;
    }

    /** The tokens of each line of {@code text}, its line break included; the sum is the file's count. */
    int[] count(String text) {
        int lines = text.isEmpty() ? 0 : 1;
        int n = text.length();
        for (int k = 0; k < n; k++) {
            if (text.charAt(k) == '\n' && k + 1 < n) {
                lines++;
            }
        }
        int[] counts = new int[lines];
        Pieces pieces = idle.poll();
        if (pieces == null) {
            pieces = new Pieces();
        }
        try {
            int start = 0;
            for (int k = 0; k < lines; k++) {
                int end = text.indexOf('\n', start);
                int stop = end < 0 ? n : end + 1;
                counts[k] = line(text, start, stop, pieces);
                start = stop;
            }
        } finally {
            idle.add(pieces);
        }
        return counts;
    }

    private int line(String text, int from, int to, Pieces pieces) {
        for (int k = from; k < to; k++) {
            if (text.charAt(k) >= 0x80) {
                return tokens.count(text.substring(from, to));
            }
        }
        int count = 0;
        int at = from;
        while (at < to) {
            int end = pieceEnd(text, at, to);
            if (end < 0) { // a run of spaces split in two: a line break and what follows it
                int split = -end;
                count += pieces.count(text, at, split, tokens);
                at = split;
                continue;
            }
            count += pieces.count(text, at, end, tokens);
            at = end;
        }
        return count;
    }

    /**
     * Where the piece of ASCII text {@code text[at, to)} that starts at {@code at} ends, as cl100k_base cuts it:
     * {@code 's 'd 't 'm 'll 've 're} in any case; a letter run, with one character before it that is neither a line
     * break, letter nor digit; one to three digits; a run of signs (what is not a space, letter or digit), with one
     * space before it and the line breaks after it; then spaces: a run ending in a line break, or a run without one,
     * less its last space when more text follows (that space goes with the next piece). A run of spaces that holds a
     * line break and goes on after it is two pieces: the end of the first is returned negated.
     */
    static int pieceEnd(String text, int at, int to) {
        char c = text.charAt(at);
        char next = at + 1 < to ? text.charAt(at + 1) : 0;
        if (c == '\'' && at + 1 < to) {
            if ("sdtmSDTM".indexOf(next) >= 0) {
                return at + 2;
            }
            if (at + 2 < to) {
                char third = Character.toLowerCase(text.charAt(at + 2));
                char second = Character.toLowerCase(next);
                if (second == 'l' && third == 'l' || second == 'v' && third == 'e' || second == 'r' && third == 'e') {
                    return at + 3;
                }
            }
        }
        if (letter(c) || (at + 1 < to && letter(next) && c != '\r' && c != '\n' && !digit(c))) {
            int k = at + 1;
            while (k < to && letter(text.charAt(k))) {
                k++;
            }
            return k;
        }
        if (digit(c)) {
            int k = at + 1;
            while (k < to && k < at + 3 && digit(text.charAt(k))) {
                k++;
            }
            return k;
        }
        if (sign(c) || (c == ' ' && at + 1 < to && sign(next))) {
            int k = at + 1;
            while (k < to && sign(text.charAt(k))) {
                k++;
            }
            while (k < to && (text.charAt(k) == '\r' || text.charAt(k) == '\n')) {
                k++;
            }
            return k;
        }
        int end = at;
        int lastBreak = -1;
        while (end < to && space(text.charAt(end))) {
            if (text.charAt(end) == '\r' || text.charAt(end) == '\n') {
                lastBreak = end;
            }
            end++;
        }
        if (lastBreak >= 0 && lastBreak + 1 < end && lastBreak + 1 > at) {
            return -(lastBreak + 1);
        }
        if (lastBreak + 1 < end && end - at >= 2 && end < to) {
            end--;
        }
        return end;
    }

    private static boolean letter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean space(char c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    private static boolean sign(char c) {
        return !space(c) && !letter(c) && !digit(c);
    }

    /** The pieces one thread has met, with their counts: an open-addressing table over the pieces' characters. */
    private static final class Pieces {
        private String[] keys = new String[1 << 12];
        private int[] hashes = new int[1 << 12];
        private int[] counts = new int[1 << 12];
        private int size;

        int count(String text, int from, int to, TokenCounter tokens) {
            int hash = 1;
            for (int k = from; k < to; k++) {
                hash = 31 * hash + text.charAt(k);
            }
            hash ^= hash >>> 16;
            int length = to - from;
            int mask = keys.length - 1;
            int slot = hash & mask;
            while (true) {
                String key = keys[slot];
                if (key == null) {
                    break;
                }
                if (hashes[slot] == hash && key.length() == length && key.regionMatches(0, text, from, length)) {
                    return counts[slot];
                }
                slot = (slot + 1) & mask;
            }
            String piece = text.substring(from, to);
            int count = tokens.count(piece);
            if (size < MAX_PIECES) {
                keys[slot] = piece;
                hashes[slot] = hash;
                counts[slot] = count;
                if (++size * 2 > keys.length) {
                    grow();
                }
            }
            return count;
        }

        private void grow() {
            String[] oldKeys = keys;
            int[] oldHashes = hashes;
            int[] oldCounts = counts;
            keys = new String[oldKeys.length * 2];
            hashes = new int[keys.length];
            counts = new int[keys.length];
            int mask = keys.length - 1;
            for (int k = 0; k < oldKeys.length; k++) {
                if (oldKeys[k] != null) {
                    int slot = oldHashes[k] & mask;
                    while (keys[slot] != null) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = oldKeys[k];
                    hashes[slot] = oldHashes[k];
                    counts[slot] = oldCounts[k];
                }
            }
        }
    }
}
