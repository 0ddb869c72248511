package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The map of a repository: every source file in scope, highest rank first, how many files were left out for each
 * reason, and which: per reason the directories left out whole (ending in '/') and the files, at most 50 each (not
 * kept for files of no known language or ignored by .gitignore, which are only counted). {@code scope} says how the files were listed ("git ls-files" or "walk with .gitignore");
 * {@code encoding} which tokenizer counted the tokens.
 */
public record RepoMap(
        String root,
        String scope,
        String encoding,
        List<MappedFile> files,
        Map<String, Integer> skipped,
        @JsonProperty("skipped_paths") Map<String, List<String>> skippedPaths) {

    public RepoMap {
        skippedPaths = skippedPaths == null ? Map.of() : skippedPaths;
    }

    public RepoMap(String root, String scope, String encoding, List<MappedFile> files, Map<String, Integer> skipped) {
        this(root, scope, encoding, files, skipped, Map.of());
    }

    @JsonProperty("total_tokens")
    public long totalTokens() {
        return files.stream().mapToLong(MappedFile::tokens).sum();
    }

    @JsonProperty("total_lines")
    public long totalLines() {
        return files.stream().mapToLong(MappedFile::lines).sum();
    }

    public Optional<MappedFile> file(String path) {
        return files.stream().filter(f -> f.path().equals(path)).findFirst();
    }
}
