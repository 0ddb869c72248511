package dev.longtask.review.map;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The byte layout of the map's index and snapshot files: big-endian numbers, strings as a length and UTF-8, and a
 * CRC-32C of everything before it at the end, so a torn or altered file reads as absent. Read from one buffer (a
 * snapshot of a large tree holds a million line counts: no stream, no per-byte call).
 */
final class CacheBytes {
    private CacheBytes() {
    }

    /** Appends to a growing array. */
    static final class Writer {
        private byte[] bytes = new byte[1 << 12];
        private int size;

        private void room(int n) {
            if (size + n > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + n));
            }
        }

        Writer writeByte(int value) {
            room(1);
            bytes[size++] = (byte) value;
            return this;
        }

        Writer writeInt(int value) {
            room(4);
            bytes[size++] = (byte) (value >>> 24);
            bytes[size++] = (byte) (value >>> 16);
            bytes[size++] = (byte) (value >>> 8);
            bytes[size++] = (byte) value;
            return this;
        }

        Writer writeLong(long value) {
            writeInt((int) (value >>> 32));
            return writeInt((int) value);
        }

        Writer writeDouble(double value) {
            return writeLong(Double.doubleToRawLongBits(value));
        }

        /** A count that is usually small (a line's tokens): one byte below 128, else more, 7 bits each. */
        Writer writeSmall(int value) {
            int v = value;
            while ((v & ~0x7f) != 0) {
                writeByte((v & 0x7f) | 0x80);
                v >>>= 7;
            }
            return writeByte(v);
        }

        Writer writeBytes(byte[] value) {
            writeInt(value.length);
            room(value.length);
            System.arraycopy(value, 0, bytes, size, value.length);
            size += value.length;
            return this;
        }

        Writer writeString(String value) {
            return writeBytes(value.getBytes(StandardCharsets.UTF_8));
        }

        Writer writeNullable(String value) {
            writeByte(value == null ? 0 : 1);
            return value == null ? this : writeString(value);
        }

        /** The bytes written, then their CRC-32C. */
        byte[] sealed() {
            CRC32C crc = new CRC32C();
            crc.update(bytes, 0, size);
            writeLong(crc.getValue());
            return Arrays.copyOf(bytes, size);
        }
    }

    /** Reads what a {@link Writer} sealed; any inconsistency is an {@link IOException}. */
    static final class Reader {
        private final ByteBuffer buffer;

        /** @throws IOException when the bytes are shorter than a checksum or their checksum does not match */
        Reader(byte[] bytes) throws IOException {
            if (bytes.length < 8) {
                throw new IOException("truncated");
            }
            CRC32C crc = new CRC32C();
            crc.update(bytes, 0, bytes.length - 8);
            ByteBuffer all = ByteBuffer.wrap(bytes);
            if (all.getLong(bytes.length - 8) != crc.getValue()) {
                throw new IOException("checksum mismatch");
            }
            buffer = ByteBuffer.wrap(bytes, 0, bytes.length - 8);
        }

        int readByte() throws IOException {
            try {
                return buffer.get() & 0xff;
            } catch (BufferUnderflowException e) {
                throw new IOException("truncated", e);
            }
        }

        int readInt() throws IOException {
            try {
                return buffer.getInt();
            } catch (BufferUnderflowException e) {
                throw new IOException("truncated", e);
            }
        }

        long readLong() throws IOException {
            try {
                return buffer.getLong();
            } catch (BufferUnderflowException e) {
                throw new IOException("truncated", e);
            }
        }

        double readDouble() throws IOException {
            return Double.longBitsToDouble(readLong());
        }

        int readSmall() throws IOException {
            int value = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                int b = readByte();
                value |= (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new IOException("bad count");
        }

        /** A count of items that each take at least {@code itemBytes}: more than the bytes left is damage. */
        int readCount(int itemBytes) throws IOException {
            int n = readInt();
            if (n < 0 || (long) n * itemBytes > buffer.remaining()) {
                throw new IOException("bad count " + n);
            }
            return n;
        }

        byte[] readBytes() throws IOException {
            byte[] value = new byte[readCount(1)];
            buffer.get(value);
            return value;
        }

        String readString() throws IOException {
            int n = readCount(1);
            String value = new String(buffer.array(), buffer.position(), n, StandardCharsets.UTF_8);
            buffer.position(buffer.position() + n);
            return value;
        }

        String readNullable() throws IOException {
            return readByte() == 0 ? null : readString();
        }

        /** @throws IOException when bytes are left over: the file is not what its reader expects */
        void end() throws IOException {
            if (buffer.hasRemaining()) {
                throw new IOException("trailing bytes");
            }
        }
    }
}
