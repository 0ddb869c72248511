package dev.longtask.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;

/**
 * The workspaces a person trusted, each with the hash of the configuration they saw: {@code trusted.json} beside the
 * user's config file ({@code ~/.config/longtask/}), outside every workspace and hidden from every sandbox, so no
 * agent can read or forge it. A workspace whose configuration changed since (another hash) is untrusted again.
 */
public final class TrustRecord {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private final Path file;

    public TrustRecord(Path file) {
        this.file = file;
    }

    /** The record of the user whose config {@code env} reads. */
    public static TrustRecord of(Environment env) {
        return new TrustRecord(env.userConfigFile().resolveSibling("trusted.json"));
    }

    public Path file() {
        return file;
    }

    /** Whether {@code workspace}'s configuration with {@code hash} was trusted. */
    public boolean trusts(Path workspace, String hash) {
        return hashOf(workspace).map(hash::equals).orElse(false);
    }

    /** The hash trusted for {@code workspace}, if any. */
    public Optional<String> hashOf(Path workspace) {
        JsonNode entry = read().path("workspaces").path(key(workspace));
        return entry.hasNonNull("sha256") ? Optional.of(entry.get("sha256").asText()) : Optional.empty();
    }

    /** Records that {@code workspace}'s configuration with {@code hash} is trusted (replacing what was). */
    public void trust(Path workspace, String hash) {
        update(root -> {
            ObjectNode entry = root.with("workspaces").putObject(key(workspace));
            entry.put("sha256", hash);
            entry.put("trusted_at", Instant.now().toString());
        });
    }

    /** Forgets {@code workspace}; true when it was trusted. */
    public boolean revoke(Path workspace) {
        boolean[] was = {false};
        update(root -> was[0] = root.with("workspaces").remove(key(workspace)) != null);
        return was[0];
    }

    private static String key(Path workspace) {
        return workspace.toAbsolutePath().normalize().toString();
    }

    private ObjectNode read() {
        if (!Files.exists(file)) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                throw new ConfigException(file + ": expected a JSON object; remove the file to trust afresh");
            }
            return (ObjectNode) root;
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the trusted workspaces: " + e.getMessage());
        }
    }

    private interface Change {
        void apply(ObjectNode root);
    }

    /** Read, change and replace the file atomically, holding a lock so two processes do not lose each other's. */
    private void update(Change change) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path lock = file.resolveSibling(file.getFileName() + ".lock");
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                ObjectNode root = read();
                root.put("version", 1);
                change.apply(root);
                Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), "trusted", ".tmp");
                try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    out.write(java.nio.ByteBuffer.wrap(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root)));
                    out.force(true);
                }
                try {
                    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record trust in " + file + ": " + e.getMessage(), e);
        }
    }
}
