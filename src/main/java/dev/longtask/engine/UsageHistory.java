package dev.longtask.engine;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.longtask.model.JsonMapping;
import dev.longtask.store.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A file of what finished runs took ({@link RunRecord}s, newest last), that estimates of later plans learn from:
 * the workspace's ({@code .longtask/usage-history.json}, out of the agents' reach like the rest of
 * {@code .longtask}) and the user's across workspaces (beside the user's config file). A run is recorded once:
 * a run recorded again (failed, then resumed to the end) replaces its earlier record. The newest
 * {@value #KEPT} runs are kept. Writers of one file (two runs ending at once, in one process or several) take
 * turns on a lock file beside it; the file itself is replaced whole, so a reader never sees half of it. A file
 * that cannot be read counts as empty: a history only makes estimates better, it never stops a run.
 */
final class UsageHistory {
    static final int KEPT = 100;
    /** The file's name in a workspace's {@code .longtask} and beside the user's config file. */
    static final String FILE = "usage-history.json";

    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    private static final ObjectWriter PRETTY = JSON.writerWithDefaultPrettyPrinter();
    private static final TypeReference<List<RunRecord>> RECORDS = new TypeReference<>() {
    };

    private final Path file;
    private final UsageHistoryCache cache;

    UsageHistory(Path file) {
        this(file, new UsageHistoryCache());
    }

    /** @param cache the runtime's parsed histories, shared with its other runs */
    UsageHistory(Path file, UsageHistoryCache cache) {
        this.file = file;
        this.cache = cache;
    }

    /** The workspace's history. */
    static UsageHistory ofWorkspace(Path root) {
        return ofWorkspace(root, new UsageHistoryCache());
    }

    static UsageHistory ofWorkspace(Path root, UsageHistoryCache cache) {
        return new UsageHistory(root.resolve(".longtask").resolve(FILE), cache);
    }

    Path file() {
        return file;
    }

    /** The runs recorded, oldest first; none when there is no file or it cannot be read. */
    List<RunRecord> read() {
        try {
            // stamped before the read: a file replaced meanwhile is never kept under its new stamp with old records
            BasicFileAttributes stamp = Files.readAttributes(file, BasicFileAttributes.class);
            List<RunRecord> kept = cache.get(file, stamp);
            if (kept != null) {
                return kept;
            }
            List<RunRecord> records = JSON.readValue(Files.readAllBytes(file), RECORDS);
            List<RunRecord> read = records == null ? List.of() : List.copyOf(records);
            cache.put(file, stamp, read);
            return read;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** Adds {@code run}, replacing an earlier record of the same run, and keeps the newest {@value #KEPT}. */
    void record(RunRecord run) throws IOException {
        Files.createDirectories(file.getParent());
        try (FileChannel lock = FileChannel.open(file.resolveSibling("." + file.getFileName() + ".lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = turn(lock)) {
            List<RunRecord> runs = new ArrayList<>(read());
            runs.removeIf(r -> r.runId().equals(run.runId()));
            runs.add(run);
            runs.sort(Comparator.comparing(RunRecord::finished, Comparator.nullsFirst(Comparator.naturalOrder())));
            List<RunRecord> kept = runs.subList(Math.max(0, runs.size() - KEPT), runs.size());
            Map<RunRecord, byte[]> rendered = new IdentityHashMap<>(cache.rendered(file));
            AtomicFiles.write(file, render(kept, rendered), true);
            // the lock is still held: no other writer replaced the file since
            cache.put(file, Files.readAttributes(file, BasicFileAttributes.class), kept, rendered);
        }
    }

    /**
     * The bytes the pretty printer makes of {@code records}, each record's JSON taken from {@code rendered} (by identity)
     * when there, else rendered and added to it. The printer indents an array's elements inline ({@code [ {...}, {...}
     * ]}) and nests by objects only, so a record inside the list is rendered exactly as it is alone.
     */
    static byte[] render(List<RunRecord> records, Map<RunRecord, byte[]> rendered) throws IOException {
        if (records.isEmpty()) {
            return PRETTY.writeValueAsBytes(records);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(records.size() * 1024);
        out.write('[');
        out.write(' ');
        for (int i = 0; i < records.size(); i++) {
            if (i > 0) {
                out.write(',');
                out.write(' ');
            }
            RunRecord r = records.get(i);
            byte[] b = rendered.get(r);
            if (b == null) {
                b = PRETTY.writeValueAsBytes(r);
                rendered.put(r, b);
            }
            out.write(b);
        }
        out.write(' ');
        out.write(']');
        return out.toByteArray();
    }

    /**
     * The lock of the file: a lock held by another process is waited for; one held by this process (two runs of a
     * server ending at once) is refused by the JVM rather than waited for, so that one is tried again.
     */
    private static FileLock turn(FileChannel channel) throws IOException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return channel.lock();
            } catch (OverlappingFileLockException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("the usage history stays locked by this process", e);
                }
                try {
                    Thread.sleep(5);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for the usage history's lock", stop);
                }
            }
        }
    }
}
