package dev.longtask.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The CRC-32C of every projection as the projector last wrote it, and their record on disk,
 * {@code checkpoints/projections.crc}, written when the projections are flushed (on close) at a state's last seq.
 *
 * <p>A write open must find every projection that disagrees with the log. Rendering each of them to compare took a
 * cold JVM most of its open (a fifth of a second for 1,000 tasks, more than a second for 10,000). When the record was
 * written at exactly the state the log ends in, a file whose checksum is the recorded one is the file the projector
 * wrote for that state, so only files that differ are rendered and compared. A record of any other state (events came
 * after it, say the process was killed) is not used, and every file is compared as before.
 *
 * <p>Text: a header line {@code longtask-projections 1 <last_seq> <log_bytes> <tasks>}, then one line of 8 hex digits
 * for each of {@link #FILES} in that order, then one for each task in id order.
 */
public final class ProjectionSums {
    static final String FILE = "projections.crc";
    /** The projections other than the task files, in the record's order. */
    public static final List<String> FILES = List.of(RunLayout.RUN_FILE, RunLayout.PLAN_FILE, RunLayout.PROGRESS_FILE,
            RunLayout.FINDINGS_FILE);
    private static final String MAGIC = "longtask-projections 1";
    private static final int LINE = 9;

    private final int[] files = new int[FILES.size()];
    private final boolean[] filesKnown = new boolean[FILES.size()];
    private int[] tasks = new int[0];
    private int tasksKnown;

    public static int of(byte[] content) {
        CRC32C crc = new CRC32C();
        crc.update(content, 0, content.length);
        return (int) crc.getValue();
    }

    /** Notes that the projection {@code name} (one of {@link #FILES}) holds {@code content}. */
    void putFile(String name, byte[] content) {
        putFile(name, of(content));
    }

    void putFile(String name, int sum) {
        int index = FILES.indexOf(name);
        files[index] = sum;
        filesKnown[index] = true;
    }

    /** Notes that task {@code id}'s file holds {@code content}. */
    void putTask(int id, byte[] content) {
        putTask(id, of(content));
    }

    void putTask(int id, int sum) {
        if (id > tasks.length) {
            tasks = Arrays.copyOf(tasks, Math.max(id, tasks.length * 2));
        }
        tasks[id - 1] = sum;
        tasksKnown = Math.max(tasksKnown, id);
    }

    /**
     * Records the sums as those of the state at {@code lastSeq} with {@code taskCount} tasks; nothing when this
     * projector has not written or checked every file of it.
     */
    void save(Path runDirectory, long lastSeq, long logBytes, int taskCount) throws IOException {
        if (taskCount > tasksKnown) {
            return;
        }
        for (boolean known : filesKnown) {
            if (!known) {
                return;
            }
        }
        StringBuilder text = new StringBuilder(MAGIC.length() + 40 + LINE * (files.length + taskCount));
        text.append(header(lastSeq, logBytes, taskCount));
        for (int sum : files) {
            appendHex(text, sum);
        }
        for (int i = 0; i < taskCount; i++) {
            appendHex(text, tasks[i]);
        }
        AtomicFiles.write(file(runDirectory), text.toString().getBytes(StandardCharsets.US_ASCII), false);
    }

    /**
     * The sums recorded at exactly this state (its last seq, the log's length up to it, its number of tasks): those
     * of {@link #FILES} in order, then the tasks'; null when there is no record of this state (none, another
     * state's, unreadable).
     */
    public static int[] load(Path runDirectory, long lastSeq, long logBytes, int taskCount) {
        byte[] bytes;
        try {
            bytes = AtomicFiles.readAll(file(runDirectory));
        } catch (IOException noneOrUnreadable) {
            return null;
        }
        byte[] header = header(lastSeq, logBytes, taskCount).getBytes(StandardCharsets.US_ASCII);
        int count = FILES.size() + taskCount;
        if (bytes.length != header.length + (long) LINE * count
                || !Arrays.equals(bytes, 0, header.length, header, 0, header.length)) {
            return null;
        }
        int[] sums = new int[count];
        for (int i = 0, at = header.length; i < count; i++, at += LINE) {
            if (bytes[at + LINE - 1] != '\n') {
                return null;
            }
            long sum = 0;
            for (int j = 0; j < LINE - 1; j++) {
                int digit = Character.digit(bytes[at + j], 16);
                if (digit < 0) {
                    return null;
                }
                sum = (sum << 4) | digit;
            }
            sums[i] = (int) sum;
        }
        return sums;
    }

    public static Path file(Path runDirectory) {
        return runDirectory.resolve(RunLayout.CHECKPOINTS).resolve(FILE);
    }

    private static String header(long lastSeq, long logBytes, int taskCount) {
        return MAGIC + " " + lastSeq + " " + logBytes + " " + taskCount + "\n";
    }

    private static void appendHex(StringBuilder text, int sum) {
        String hex = Integer.toHexString(sum);
        text.append("00000000", hex.length(), 8).append(hex).append('\n');
    }
}
