package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The digest of everything a map reads, as far as it can be known without reading the sources: the options, the
 * scope's listing (files, languages, what was skipped and why), each source file's {@link FileStamp}, the text of the
 * documents the ranking reads, and the stamps of the crates' manifests ({@code Cargo.toml}) the import resolution may
 * read for Rust. Two maps of the same digest map the same tree, so the second may take the first's ranked map whole
 * ({@link MapSnapshot}). A file whose stamp cannot be trusted yet (not {@link FileStamp#settled}, or unreadable)
 * leaves the tree without a digest.
 */
final class TreeDigest {
    private static final String CRATE_MANIFEST = "Cargo.toml";

    private final MessageDigest digest;

    private TreeDigest() {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * @param stamps     the stamps of the scope's candidates and held-back files, taken at {@code stampedAt}
     * @param documents  what {@link Mentions#documentText} read
     * @return the digest, or null when the tree has none
     */
    static byte[] of(Path root, RepoScanner.Scope scope, ScopeOptions options, Map<String, FileStamp> stamps,
            String documents, long stampedAt) {
        TreeDigest d = new TreeDigest();
        d.add(options.includeTests() ? "tests" : "no tests").add(Long.toString(options.maxFileBytes()))
                .add(scope.method());
        Set<String> rustDirectories = new TreeSet<>();
        for (RepoScanner.Candidate c : scope.candidates()) {
            if (!d.addFile(c, stamps.get(c.path()), stampedAt, rustDirectories)) {
                return null;
            }
        }
        for (Map.Entry<String, List<RepoScanner.Candidate>> held : scope.heldBack().entrySet()) {
            d.add("held back").add(held.getKey());
            for (RepoScanner.Candidate c : held.getValue()) {
                if (!d.addFile(c, stamps.get(c.path()), stampedAt, rustDirectories)) {
                    return null;
                }
            }
        }
        d.add("skipped");
        scope.skipped().forEach((reason, count) -> d.add(reason).add(Integer.toString(count)));
        d.add("listed");
        scope.listed().forEach((reason, paths) -> {
            d.add(reason);
            paths.forEach(d::add);
        });
        d.add("documents").add(documents);
        // every manifest the resolver could read: in each directory of a Rust file, and up to the root
        Set<String> manifests = new TreeSet<>();
        for (String dir : rustDirectories) {
            for (String at = dir; ; at = at.contains("/") ? at.substring(0, at.lastIndexOf('/')) : "") {
                if (!manifests.add(at.isEmpty() ? CRATE_MANIFEST : at + "/" + CRATE_MANIFEST) || at.isEmpty()) {
                    break;
                }
            }
        }
        for (String manifest : manifests) {
            FileStamp stamp = FileStamp.of(root.resolve(manifest));
            if (stamp != null && !stamp.settled(stampedAt)) {
                return null;
            }
            d.add(manifest).add(stamp == null ? "absent" : d.stampText(stamp));
        }
        return d.digest.digest();
    }

    private boolean addFile(RepoScanner.Candidate c, FileStamp stamp, long stampedAt, Set<String> rustDirectories) {
        if (stamp == null || !stamp.settled(stampedAt)) {
            return false;
        }
        add(c.path()).add(c.language().name()).add(c.testSuspect() ? "suspect" : "-").add(stampText(stamp));
        if (c.language() == Language.RUST) {
            int slash = c.path().lastIndexOf('/');
            rustDirectories.add(slash < 0 ? "" : c.path().substring(0, slash));
        }
        return true;
    }

    private String stampText(FileStamp stamp) {
        return stamp.size() + " " + stamp.modifiedNanos() + " " + stamp.identity();
    }

    /** Each piece is followed by a zero byte, so pieces cannot run into each other. */
    private TreeDigest add(String piece) {
        digest.update(piece.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        return this;
    }
}
