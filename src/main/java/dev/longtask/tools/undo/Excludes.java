package dev.longtask.tools.undo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.ignore.IgnoreNode;

/**
 * What checkpoints leave out, by git's own ignore rules (JGit's matcher): longtask's own directory and {@code .git},
 * build outputs and dependency folders by default, {@code .longtask/checkpoint.exclude} (the same syntax as
 * {@code .gitignore}, where a {@code !pattern} brings a default back), {@code .git/info/exclude} and every
 * {@code .gitignore} on the way down.
 */
final class Excludes {
    /** Never recorded: longtask's own state, and the user's repository. */
    static final List<String> ALWAYS = List.of("/.longtask/", "/.git/", ".git");
    /** Left out unless {@code checkpoint.exclude} brings them back: build outputs and dependency folders. */
    static final List<String> DEFAULTS = List.of("node_modules/", "target/", "build/", "dist/",
            "__pycache__/", ".venv/", "venv/", ".gradle/", ".tox/", ".mypy_cache/", ".pytest_cache/", "vendor/bundle/",
            ".next/", ".cache/", "*.pyc", "*.class", "*.o");
    /** The user's list, beside the run directories. */
    static final String FILE = ".longtask/checkpoint.exclude";

    private final Path root;
    private final IgnoreNode always;
    private final IgnoreNode configured;

    private Excludes(Path root, IgnoreNode always, IgnoreNode configured) {
        this.root = root;
        this.always = always;
        this.configured = configured;
    }

    static Excludes of(Path root) throws IOException {
        IgnoreNode always = node(String.join("\n", ALWAYS));
        StringBuilder rules = new StringBuilder(String.join("\n", DEFAULTS)).append('\n');
        Path infoExclude = root.resolve(".git/info/exclude");
        if (Files.isRegularFile(infoExclude)) {
            rules.append(Files.readString(infoExclude, StandardCharsets.UTF_8)).append('\n');
        }
        Path own = root.resolve(FILE);
        if (Files.isRegularFile(own)) {
            rules.append(Files.readString(own, StandardCharsets.UTF_8)).append('\n');
        }
        return new Excludes(root, always, node(rules.toString()));
    }

    /** The same rules for a copy of the workspace at {@code otherRoot} (a task's tree), whose own {@code .gitignore}s apply. */
    Excludes at(Path otherRoot) {
        return new Excludes(otherRoot, always, configured);
    }

    /** Whether {@code relative} (forward slashes, from the root) is left out, by the root's rules alone. */
    boolean excludedAtRoot(String relative, boolean directory) {
        if (always.isIgnored(relative, directory) == IgnoreNode.MatchResult.IGNORED) {
            return true;
        }
        return configured.isIgnored(relative, directory) == IgnoreNode.MatchResult.IGNORED;
    }

    /** The rules of {@code dir}'s {@code .gitignore}, or null when it has none. */
    IgnoreNode gitignore(Path dir) {
        Path file = dir.resolve(".gitignore");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            IgnoreNode node = new IgnoreNode();
            node.parse(in);
            return node.getRules().isEmpty() ? null : node;
        } catch (IOException e) {
            return null;
        }
    }

    Path root() {
        return root;
    }

    private static IgnoreNode node(String rules) throws IOException {
        IgnoreNode node = new IgnoreNode();
        node.parse(new ByteArrayInputStream(rules.getBytes(StandardCharsets.UTF_8)));
        return node;
    }
}
