package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.api.AtomicWrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The pool's entries on disk: {@code <state-dir>/pool/<run-id>.json}, each replaced atomically and fsynced. */
final class PoolBook {
    private static final Logger LOG = LoggerFactory.getLogger(PoolBook.class);

    private final Path directory;
    private final ObjectMapper json;

    PoolBook(Path stateDirectory, ObjectMapper json) {
        this.directory = stateDirectory.resolve("pool");
        this.json = json;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory + ": " + e.getMessage(), e);
        }
    }

    void write(PoolEntry entry) {
        Path file = directory.resolve(entry.runId() + ".json");
        try {
            AtomicWrite.write(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(entry));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    void delete(String runId) {
        try {
            Files.deleteIfExists(directory.resolve(runId + ".json"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the pool entry of " + runId + ": " + e.getMessage(), e);
        }
    }

    /** Every entry; one that cannot be read is skipped with a warning naming the file. */
    List<PoolEntry> readAll() {
        List<PoolEntry> entries = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.json")) {
            for (Path file : files) {
                try {
                    entries.add(json.readValue(file.toFile(), PoolEntry.class));
                } catch (NoSuchFileException gone) {
                    // deleted while we listed
                } catch (IOException e) {
                    LOG.warn("skipping the pool entry {}: {}", file, e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory + ": " + e.getMessage(), e);
        }
        return entries;
    }
}
