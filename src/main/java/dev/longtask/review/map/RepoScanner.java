package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.ignore.IgnoreNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which files of a repository are in scope by path alone. Where the root is in a git work tree and
 * git runs, the candidates are {@code git ls-files --cached --others --exclude-standard} (tracked plus
 * untracked-but-not-ignored, exactly git's view); otherwise a walk that applies every {@code .gitignore} on the
 * way down and {@code .git/info/exclude}, with git's own matching rules (JGit's). Either way build output and
 * vendored directories, hidden directories, files of no known language and (unless asked) tests are left out
 * and counted by reason.
 */
final class RepoScanner {
    private static final Logger log = LoggerFactory.getLogger(RepoScanner.class);

    static final Set<String> BUILD_DIRS = Set.of("target", "build", "out", "dist", "__pycache__",
            "site-packages", "coverage", "obj", "cmake-build-debug", "cmake-build-release", "DerivedData");
    /** What makes a directory a Python virtual environment (whatever its name; a {@code venv/} without it is code). */
    static final String VIRTUALENV_MARK = "pyvenv.cfg";
    /** A directory holding one of these is a project of its own. */
    static final List<String> BUILD_FILES = List.of("pom.xml", "build.gradle", "build.gradle.kts", "package.json",
            "Cargo.toml", "go.mod", "pyproject.toml", "setup.py", "CMakeLists.txt", "meson.build");
    /** Other people's code kept in the tree: reviewed where it comes from, not here. */
    static final Set<String> VENDORED_DIRS = Set.of("node_modules", "vendor", "third_party", "third-party",
            "thirdparty", "3rdparty", "deps", "external", "bower_components", "Pods");

    static final String SKIP_BUILD = "build output";
    /** Entries looked at, at most, when counting a vendored directory's files. */
    private static final int MAX_COUNTED = 100_000;
    static final String SKIP_VENDORED = "vendored";
    static final String SKIP_SUBMODULE = "git submodule";
    static final String SKIP_HIDDEN = "hidden directory";
    static final String SKIP_NOT_SOURCE = "not source";
    static final String SKIP_TEST = "test";
    static final String SKIP_IGNORED = "ignored by .gitignore";
    static final String SKIP_LINK = "symbolic link";
    static final String SKIP_TEST_PROJECT = "test project";
    /** Paths kept per reason for the listing of what was skipped; the counts stay whole. */
    static final int MAX_LISTED = 50;
    /** The workspace's longtask folder (runs, config, the map cache). */
    private static final String WORKSPACE_STATE = ".longtask";

    /**
     * A file in scope: path relative to the root with '/' separators. {@code testSuspect}: its path looks like
     * a test's but does not settle it; its content decides (unless tests are in scope anyway).
     */
    record Candidate(String path, Path file, Language language, boolean testSuspect) {
    }

    /**
     * @param heldBack the files of directories only tests use, by that directory: left out unless code outside the
     *                 tests imports the directory as a package ({@link TestPackages}); not yet counted as skipped
     * @param listed   per reason, the directories (ending in '/') and files skipped, at most {@value #MAX_LISTED}
     */
    record Scope(String method, List<Candidate> candidates, Map<String, Integer> skipped,
                 Map<String, List<Candidate>> heldBack, Map<String, Set<String>> listed) {
    }

    private final ScopeOptions options;
    private final Map<String, Integer> skipped = new TreeMap<>();
    private final Map<String, Set<String>> listed = new TreeMap<>();
    private final Map<String, List<Candidate>> heldBack = new TreeMap<>();
    private final Map<String, Boolean> directoryHas = new HashMap<>();
    private Path root;

    private RepoScanner(ScopeOptions options) {
        this.options = options;
    }

    static Scope scan(Path root, ScopeOptions options) throws IOException {
        return new RepoScanner(options).run(root.toAbsolutePath().normalize());
    }

    private Scope run(Path root) throws IOException {
        this.root = root;
        Optional<List<String>> gitFiles = gitListing(root);
        List<Candidate> candidates = new ArrayList<>();
        String method;
        if (gitFiles.isPresent()) {
            method = "git ls-files";
            for (String path : gitFiles.get()) {
                if (path.startsWith(WORKSPACE_STATE + "/")) {
                    continue; // longtask's own runs and cache: not the repository's, and not counted as skipped
                }
                Path file = root.resolve(path);
                if (Files.isSymbolicLink(file)) {
                    skip(SKIP_LINK, path);
                } else if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    consider(path, file, candidates);
                } else if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                    skip(SKIP_SUBMODULE, path + "/"); // git lists a submodule as one entry, its directory
                }
            }
        } else {
            method = "walk with .gitignore";
            walk(root, candidates);
        }
        candidates.sort((a, b) -> a.path().compareTo(b.path()));
        return new Scope(method, candidates, skipped, heldBack, listed);
    }

    private void consider(String path, Path file, List<Candidate> candidates) {
        String[] parts = path.split("/");
        Optional<Language> language = Language.ofFileName(parts[parts.length - 1]);
        boolean underTestName = false;
        for (int k = 0; k < parts.length - 1; k++) {
            String dir = prefix(parts, k);
            if (BUILD_DIRS.contains(parts[k]) || has(dir, VIRTUALENV_MARK)) {
                skip(SKIP_BUILD, dir + "/");
                return;
            }
            if (VENDORED_DIRS.contains(parts[k])) {
                skip(SKIP_VENDORED, dir + "/");
                return;
            }
            if (parts[k].startsWith(".")) {
                skip(SKIP_HIDDEN, dir + "/");
                return;
            }
            underTestName |= TestFiles.testProjectName(parts[k]);
            if (!options.includeTests() && underTestName && language.isPresent()
                    && BUILD_FILES.stream().anyMatch(b -> has(dir, b))) {
                skip(SKIP_TEST_PROJECT, dir + "/"); // a project of its own that tests this one: gson's test-shrinker/
                return;
            }
        }
        if (language.isEmpty()) {
            skip(SKIP_NOT_SOURCE, null);
            return;
        }
        TestFiles.Verdict test = TestFiles.byPath(language.get(), path);
        if (!options.includeTests() && test == TestFiles.Verdict.TEST) {
            int depth = TestFiles.testDirectoryDepth(language.get(), path);
            if (depth > 0) {
                heldBack.computeIfAbsent(prefix(parts, depth - 1), d -> new ArrayList<>())
                        .add(new Candidate(path, file, language.get(), false));
            } else {
                skip(SKIP_TEST, path);
            }
            return;
        }
        candidates.add(new Candidate(path, file, language.get(), test != TestFiles.Verdict.NOT_TEST));
    }

    private static String prefix(String[] parts, int last) {
        return String.join("/", java.util.Arrays.asList(parts).subList(0, last + 1));
    }

    /** Whether the directory {@code dir} (relative to the root) holds a file {@code name}; asked once each. */
    private boolean has(String dir, String name) {
        return directoryHas.computeIfAbsent(dir + "/" + name,
                k -> Files.isRegularFile(root.resolve(k), LinkOption.NOFOLLOW_LINKS));
    }

    private void skip(String reason, String path) {
        skipped.merge(reason, 1, Integer::sum);
        if (path != null) {
            Set<String> paths = listed.computeIfAbsent(reason, r -> new java.util.LinkedHashSet<>());
            if (paths.size() < MAX_LISTED) {
                paths.add(path);
            }
        }
    }

    /** The files git lists, or empty when this is not a git work tree, git is missing, or git refuses. */
    private static Optional<List<String>> gitListing(Path root) {
        ProcessBuilder pb = new ProcessBuilder("git", "-C", root.toString(), "ls-files", "-z", "--cached", "--others",
                "--exclude-standard").redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            Process process = pb.start();
            byte[] out;
            try (InputStream in = process.getInputStream()) {
                ByteArrayOutputStream buffer = new ByteArrayOutputStream();
                in.transferTo(buffer);
                out = buffer.toByteArray();
            }
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            if (process.exitValue() != 0) {
                return Optional.empty();
            }
            List<String> paths = new ArrayList<>();
            for (String path : new String(out, StandardCharsets.UTF_8).split("\0")) {
                if (!path.isEmpty()) {
                    paths.add(path);
                }
            }
            return paths.isEmpty() ? Optional.empty() : Optional.of(paths);
        } catch (IOException e) {
            log.debug("git is not usable here, walking the tree instead: {}", e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The ignore rules of one directory, keyed by that directory's path relative to the root ("" for root). */
    private record Rules(String dir, IgnoreNode node) {
    }

    private void walk(Path root, List<Candidate> candidates) throws IOException {
        List<Rules> active = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                String rel = relative(root, dir);
                if (!rel.isEmpty()) {
                    String name = dir.getFileName().toString();
                    if (name.startsWith(".")) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (BUILD_DIRS.contains(name) || Files.isRegularFile(dir.resolve(VIRTUALENV_MARK))) {
                        listed(SKIP_BUILD, rel + "/");
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (VENDORED_DIRS.contains(name)) {
                        countSources(dir, SKIP_VENDORED);
                        listed(SKIP_VENDORED, rel + "/");
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (Files.exists(dir.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                        skip(SKIP_SUBMODULE, rel + "/"); // a nested repository: a submodule or someone else's code
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (ignored(active, rel, true)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                }
                IgnoreNode node = new IgnoreNode();
                boolean any = parseInto(node, dir.resolve(".gitignore"));
                if (rel.isEmpty()) {
                    any |= parseInto(node, dir.resolve(".git").resolve("info").resolve("exclude"));
                }
                if (any) {
                    active.add(new Rules(rel, node));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) {
                String rel = relative(root, dir);
                if (!active.isEmpty() && active.get(active.size() - 1).dir().equals(rel)) {
                    active.remove(active.size() - 1);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                String rel = relative(root, file);
                if (attrs.isSymbolicLink()) {
                    skip(SKIP_LINK, rel);
                } else if (attrs.isRegularFile()) {
                    if (ignored(active, rel, false)) {
                        skip(SKIP_IGNORED, null);
                    } else {
                        consider(rel, file, candidates);
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) {
                log.warn("cannot read {}: {}", file, exc.toString());
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Lists a directory the walk does not enter (its files are not counted: a walk does not read them). */
    private void listed(String reason, String path) {
        Set<String> paths = listed.computeIfAbsent(reason, r -> new java.util.LinkedHashSet<>());
        if (paths.size() < MAX_LISTED) {
            paths.add(path);
        }
    }

    /** Counts the source files under a directory the walk does not enter, so the skipped line shows them. */
    private void countSources(Path dir, String reason) {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            long n = files.limit(MAX_COUNTED).filter(f -> Language.ofFileName(f.getFileName().toString()).isPresent()
                    && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).count();
            if (n > 0) {
                skipped.merge(reason, (int) n, Integer::sum);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            log.debug("cannot count the files of {}: {}", dir, e.toString());
        }
    }

    /** Git's rule: the deepest .gitignore with an opinion on the path decides. */
    private static boolean ignored(List<Rules> active, String rel, boolean directory) {
        for (int k = active.size() - 1; k >= 0; k--) {
            Rules rules = active.get(k);
            String local = rules.dir().isEmpty() ? rel : rel.substring(rules.dir().length() + 1);
            Boolean verdict = rules.node().checkIgnored(local, directory);
            if (verdict != null) {
                return verdict;
            }
        }
        return false;
    }

    private static boolean parseInto(IgnoreNode node, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            node.parse(file.toString(), in);
        }
        return true;
    }

    private static String relative(Path root, Path path) {
        String rel = root.relativize(path).toString();
        return path.getFileSystem().getSeparator().equals("/") ? rel : rel.replace(path.getFileSystem().getSeparator(), "/");
    }
}
