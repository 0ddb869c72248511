package dev.longtask.review.report;

import dev.longtask.review.map.SourceText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A finding's fingerprint: the first 12 hexadecimal digits of the SHA-256 of its file, the kind of problem its
 * description names (its type when none is recognised, {@link FindingMeaning#primaryKind}) and the text of its first
 * line with the spacing squeezed. So the same issue keeps its fingerprint when a later review words it differently,
 * types it differently, or finds it moved by lines added above; it gets a new one when that line itself changes
 * (then it deserves a new look). Two different issues of one kind on one line share a fingerprint.
 */
final class Fingerprints {
    private final Path repository;
    private final Map<String, List<String>> lines = new HashMap<>();

    Fingerprints(Path repository) {
        this.repository = repository;
    }

    List<CheckedFinding> assign(List<CheckedFinding> findings) {
        return findings.stream().map(f -> f.withFingerprint(of(f))).toList();
    }

    String of(CheckedFinding f) {
        String path = f.location() == null ? "" : f.location().path();
        String kind = FindingMeaning.of(f.description()).primaryKind();
        String text = f.verified() && f.location() != null && !f.location().wholeFile()
                ? line(path, f.location().startLine()) : "";
        return digest(path + "\n" + (kind == null ? "type:" + f.type() : kind) + "\n" + text);
    }

    private String line(String path, int number) {
        List<String> text = lines.computeIfAbsent(path, p -> {
            try {
                return SourceText.decode(Files.readAllBytes(repository.resolve(p))).map(s -> s.lines().toList())
                        .orElse(List.of());
            } catch (IOException e) {
                return List.of();
            }
        });
        return number >= 1 && number <= text.size() ? text.get(number - 1).strip().replaceAll("\\s+", " ") : "";
    }

    static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
