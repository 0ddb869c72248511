package dev.longtask.review.report;

import dev.longtask.review.map.SourceLines;
import dev.longtask.review.map.SourceText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks each finding's location against the repository: the path must name a regular file inside the root
 * (after resolving {@code ..} and symbolic links) and the lines must exist in it. A finding that fails is
 * kept but marked unverified with the reason; the renderer lists it apart and never counts it in the score,
 * because a location the model invented may still hide a real issue, but must not be passed on as fact.
 * A path that does not exist as given but is the unique suffix of a file in scope (the model dropped a
 * prefix, {@code store/Inventory.java}) is completed to that file. A finding without a line range names the
 * whole file and is verified when the file exists. A finding that copies the issues file's format example (its
 * location or its placeholder text) is never verified.
 */
final class FindingChecker {
    private final Path root;
    private final Path realRoot;
    private final List<String> knownFiles;
    private final Map<Path, Integer> lineCounts = new ConcurrentHashMap<>();

    /**
     * @param knownFiles repository-relative paths in scope (the map's), used only to complete a shortened
     *                   path; may be empty
     */
    public FindingChecker(Path root, Collection<String> knownFiles) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.realRoot = this.root.toRealPath();
        this.knownFiles = List.copyOf(knownFiles);
    }

    public List<CheckedFinding> checkAll(List<Finding> findings) {
        return findings.stream().map(this::check).toList();
    }

    public CheckedFinding check(Finding f) {
        Severity severity = Severity.parse(f.severity());
        String type = f.type() == null || f.type().isBlank() ? "other" : f.type().strip().toLowerCase(Locale.ROOT);
        String description = f.description() == null ? "" : f.description().strip();
        String suggestion = f.suggestion() == null ? "" : f.suggestion().strip();
        Optional<Location> parsed = Location.parse(f.location());
        if (IssuesFile.copiesExample(f)) {
            return new CheckedFinding(severity, type, parsed.orElse(null), description, suggestion, false,
                    "copied from the format example, not a finding", 1);
        }
        if (parsed.isEmpty()) {
            return new CheckedFinding(severity, type, null, description, suggestion, false, "no location given", 1);
        }
        Location location = parsed.get();
        Result result = verify(location);
        Location shown = result.location() != null ? result.location() : location;
        if (result.problem() == null && description.isEmpty()) {
            return new CheckedFinding(severity, type, shown, description, suggestion, false, "no description", 1);
        }
        return new CheckedFinding(severity, type, shown, description, suggestion, result.problem() == null,
                result.problem(), 1);
    }

    private record Result(Location location, String problem) {
    }

    private Result verify(Location location) {
        String path = location.path();
        Path candidate;
        if (Path.of(path).isAbsolute()) {
            candidate = Path.of(path).normalize();
            if (!candidate.startsWith(root) && !candidate.startsWith(realRoot)) {
                return new Result(null, "outside the repository");
            }
            Path base = candidate.startsWith(root) ? root : realRoot;
            path = base.relativize(candidate).toString().replace('\\', '/');
            location = new Location(path, location.startLine(), location.endLine());
        } else {
            candidate = root.resolve(path).normalize();
            if (!candidate.startsWith(root)) {
                return new Result(null, "outside the repository");
            }
        }
        if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
            Optional<String> completed = uniqueSuffix(path);
            if (completed.isEmpty()) {
                return new Result(null, "file does not exist: " + path);
            }
            location = new Location(completed.get(), location.startLine(), location.endLine());
            candidate = root.resolve(completed.get()).normalize();
        }
        try {
            if (!candidate.toRealPath().startsWith(realRoot)) {
                return new Result(null, "outside the repository (symbolic link)");
            }
        } catch (IOException e) {
            return new Result(null, "file cannot be resolved: " + e.getMessage());
        }
        if (!Files.isRegularFile(candidate)) {
            return new Result(null, "not a file: " + location.path());
        }
        if (location.wholeFile()) {
            return new Result(location, null);
        }
        if (location.startLine() < 1) {
            return new Result(location, "line " + location.startLine() + " does not exist (lines count from 1)");
        }
        if (location.endLine() < location.startLine()) {
            return new Result(location, "range " + location.startLine() + "-" + location.endLine() + " ends before it starts");
        }
        int lines;
        try {
            lines = lineCount(candidate);
        } catch (IOException e) {
            return new Result(location, "file cannot be read: " + e.getMessage());
        }
        if (location.endLine() > lines) {
            return new Result(location, "line " + location.endLine() + " is past the end of " + location.path() + " ("
                    + lines + " lines)");
        }
        return new Result(location, null);
    }

    private Optional<String> uniqueSuffix(String path) {
        String tail = "/" + path;
        List<String> matches = knownFiles.stream().filter(f -> f.endsWith(tail)).limit(2).toList();
        return matches.size() == 1 ? Optional.of(matches.get(0)) : Optional.empty();
    }

    /**
     * Lines as {@link SourceLines} counts them, from the bytes (no decoding can fail); a UTF-16 file (it starts with
     * its byte-order mark) is decoded as the map decodes it, since its line breaks are two bytes.
     */
    private int lineCount(Path file) throws IOException {
        Integer known = lineCounts.get(file);
        if (known != null) {
            return known;
        }
        if (startsWithUtf16Mark(file)) {
            int lines = SourceText.decode(Files.readAllBytes(file)).map(SourceLines::count).orElse(0);
            lineCounts.put(file, lines);
            return lines;
        }
        int breaks = 0;
        int last = -1;
        long size = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            int read;
            while ((read = in.read(buffer)) > 0) {
                for (int k = 0; k < read; k++) {
                    if (buffer[k] == '\n') {
                        breaks++;
                    }
                }
                last = buffer[read - 1];
                size += read;
            }
        }
        int lines = size == 0 ? 0 : (last == '\n' ? breaks : breaks + 1);
        lineCounts.put(file, lines);
        return lines;
    }

    private static boolean startsWithUtf16Mark(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(2);
            return head.length == 2 && ((head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xFE
                    || (head[0] & 0xFF) == 0xFE && (head[1] & 0xFF) == 0xFF);
        }
    }
}
