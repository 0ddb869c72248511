package dev.longtask.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps the head and the tail of a stream whose middle may be far too long to show: the first {@code headSize} bytes,
 * the last {@code tailSize} bytes (a ring), and the count of everything. Filled by one reader thread; read by another
 * after it, so the methods synchronise.
 */
final class OutputCapture {
    private final byte[] head;
    private final byte[] tail;
    private int headLength;
    private long total;

    OutputCapture(int headSize, int tailSize) {
        this.head = new byte[headSize];
        this.tail = new byte[tailSize];
    }

    /** Reads {@code in} to its end (or until it fails, as when the process is killed). */
    void drain(InputStream in) {
        byte[] buffer = new byte[8192];
        try (in) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                add(buffer, n);
            }
        } catch (IOException e) {
            // the stream closes under us when the process is killed; what we have is what there is
        }
    }

    synchronized void add(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (headLength < head.length) {
                head[headLength++] = b;
            } else if (tail.length > 0) {
                tail[(int) ((total - head.length) % tail.length)] = b;
            }
            total++;
        }
    }

    synchronized long total() {
        return total;
    }

    /** The text, with a note where the middle was left out. */
    synchronized String text() {
        String start = new String(head, 0, headLength, StandardCharsets.UTF_8);
        long afterHead = total - headLength;
        if (afterHead <= 0) {
            return start;
        }
        int kept = (int) Math.min(afterHead, tail.length);
        byte[] end = new byte[kept];
        long from = afterHead - kept;
        for (int i = 0; i < kept; i++) {
            end[i] = tail[(int) ((from + i) % tail.length)];
        }
        long omitted = afterHead - kept;
        String middle = omitted == 0 ? "" : "\n[... " + omitted + " bytes of output left out ...]\n";
        return start + middle + new String(end, StandardCharsets.UTF_8);
    }
}
