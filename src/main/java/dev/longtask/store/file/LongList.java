package dev.longtask.store.file;

import java.util.Arrays;

/** A growable list of longs, safe for one writer and concurrent readers of what was added before. */
final class LongList {
    private long[] values = new long[1024];
    private int size;

    synchronized void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    synchronized long get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return values[index];
    }

    synchronized int size() {
        return size;
    }
}
