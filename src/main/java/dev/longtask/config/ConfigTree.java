package dev.longtask.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/** Reads a settings file (YAML or JSON) as a tree; a file that cannot be read or parsed is one line naming it. */
final class ConfigTree {
    private ConfigTree() {
    }

    /**
     * @param format "YAML" or "JSON", for the message
     * @return the tree, empty when there is no such file; a null node for an empty file
     */
    static Optional<JsonNode> read(ObjectMapper mapper, Path path, String format) {
        try {
            JsonNode root = mapper.readTree(Files.readString(path));
            return Optional.of(root == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : root);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            String problem = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("").trim();
            throw new ConfigException(path + ": not valid " + format + where + ": " + problem);
        } catch (IOException e) {
            throw new ConfigException(path + ": cannot read the file: " + e.getMessage());
        }
    }
}
