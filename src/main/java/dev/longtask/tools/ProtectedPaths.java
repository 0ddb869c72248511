package dev.longtask.tools;

import dev.longtask.store.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What no agent may change, because it configures longtask or its agents, or records a run: in the workspace
 * {@code .longtask/} (config, agents, runs, server state), {@code .claude/} and {@code .mcp.json}; and the user-level
 * config and agent folders ({@code ~/.longtask}, {@code ~/.claude}, the longtask config directory, where the trust
 * record is too), which matter here only when the workspace holds them (a workspace that is the home). The one
 * exception is the current run's {@code results/}, where agents put what they produce, save what the run itself
 * records there: each task's {@code result.json} (which the synthesizer and the report read as the task's result)
 * and {@code results/review/} (a review's manifest and checked report). {@code write} and {@code edit} refuse these
 * paths; {@code bash} sees them read-only ({@link #binds}). The server's state ({@code .longtask/server}
 * of the workspace and of every directory above it, where a server whose root holds the workspace keeps its token and
 * pool) is hidden from {@code bash} altogether.
 */
final class ProtectedPaths {
    /** The workspace entries that configure longtask or its agents, or record its runs. */
    static final List<String> IN_WORKSPACE = List.of(".longtask", ".claude", ".mcp.json");
    private static final Path SERVER_STATE = Path.of(".longtask", "server");
    /** The review's own directory under a run's results (its manifest and checked report). */
    private static final String REVIEW = "review";
    private static final java.util.regex.Pattern TASK_DIRECTORY = java.util.regex.Pattern.compile("task_[0-9]+");

    private final List<Path> userLevel;

    private ProtectedPaths(List<Path> userLevel) {
        this.userLevel = List.copyOf(userLevel);
    }

    /** The protected paths for a process with {@code environment} (HOME, XDG_CONFIG_HOME name the user's folders). */
    static ProtectedPaths of(Map<String, String> environment) {
        List<Path> user = new ArrayList<>();
        String home = environment.get("HOME");
        if (home != null && !home.isBlank()) {
            user.add(Path.of(home, ".longtask"));
            user.add(Path.of(home, ".claude"));
            user.add(Path.of(home, ".config", "longtask"));
        }
        String config = environment.get("XDG_CONFIG_HOME");
        if (config != null && !config.isBlank()) {
            user.add(Path.of(config, "longtask"));
        }
        return new ProtectedPaths(user.stream().map(p -> p.toAbsolutePath().normalize()).toList());
    }

    /**
     * The tool error for writing {@code real} (a path from {@link Workspace#resolveInside}), or null when it may be
     * written; {@code runDirectory} is the current run's directory (null outside a run).
     */
    String refusal(Workspace workspace, Path runDirectory, Path real) {
        Path results = results(runDirectory);
        if (results != null && real.startsWith(results)) {
            return recordedByTheRun(results, real) ? workspace.relative(real) + " is protected: the run itself records "
                    + "it (a task's result.json, or a review's own files under results/review/), so no agent may "
                    + "change it. Put what you produce elsewhere under " + workspace.relative(results) + "/" : null;
        }
        for (Path p : protectedIn(workspace, false)) {
            if (real.startsWith(p)) {
                return workspace.relative(real) + " is protected: it configures longtask or its agents, or records a "
                        + "run, so no agent may change it; only the user can, outside the run. If it needs a change, "
                        + "say so in your result. Put what you produce elsewhere in the workspace"
                        + (results == null ? "" : " or under " + workspace.relative(results) + "/");
            }
        }
        return null;
    }

    /**
     * How {@code bash} must see the workspace at {@code root} for a call of the run in {@code runDirectory} (null
     * outside a run): the protected paths there read-only, the run's {@code results/} writable inside them, and the
     * server state hidden.
     */
    Sandbox.Binds binds(Workspace workspace, Path runDirectory) {
        Path root = workspace.root();
        List<Path> readOnly = new ArrayList<>(protectedIn(workspace, true));
        readOnly.addAll(workspace.linkedFolders());
        List<Path> writable = new ArrayList<>();
        Path results = results(runDirectory);
        // in a task's tree (--isolation worktree) the run's results are outside it, reached by a link: bound writable
        if (results != null && (readOnly.stream().anyMatch(results::startsWith)
                || workspace.isTaskTree() && !results.startsWith(root))) {
            try {
                Files.createDirectories(results);
                writable.add(results);
                readOnly.addAll(recordsIn(results));
            } catch (IOException e) {
                // no results directory to bind: the run's files stay read-only, which is the safe side
            }
        }
        List<Path> hidden = new ArrayList<>();
        for (Path dir = root; dir != null; dir = dir.getParent()) {
            Path state = dir.resolve(SERVER_STATE);
            if (Files.isDirectory(state)) {
                hidden.add(state);
            }
        }
        return new Sandbox.Binds(readOnly, writable, hidden);
    }

    /**
     * The real locations of the protected paths inside {@code root}, shallowest first; with {@code existingOnly} only
     * those there now (a bind needs something to bind), else also those that may yet be made.
     */
    private List<Path> protectedIn(Workspace workspace, boolean existingOnly) {
        Path root = workspace.root();
        Set<Path> found = new LinkedHashSet<>();
        for (String name : IN_WORKSPACE) {
            found.add(real(root.resolve(name)));
            try {
                // a link there (even dangling) protects where it leads too: writing through it would make the entry
                found.add(workspace.resolveInside(name));
            } catch (OutsideWorkspaceException e) {
                // it leads out of the workspace, where nothing is writable anyway
            }
        }
        for (Path p : userLevel) {
            found.add(real(p));
        }
        return found.stream().filter(p -> p.startsWith(root) && !p.equals(root))
                .filter(p -> !existingOnly || Files.exists(p))
                .sorted((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount())).toList();
    }

    /** True for what the run records under its {@code results/}: {@code task_<id>/result.json} and {@code review/}. */
    private static boolean recordedByTheRun(Path results, Path real) {
        Path below = results.relativize(real);
        if (below.getNameCount() == 0) {
            return false;
        }
        String first = below.getName(0).toString();
        return first.equals(REVIEW) || below.getNameCount() == 2 && TASK_DIRECTORY.matcher(first).matches()
                && below.getName(1).toString().equals(RunLayout.RESULT_FILE);
    }

    /** Those of {@link #recordedByTheRun} that exist in {@code results} now, to bind read-only for one command. */
    private static List<Path> recordsIn(Path results) throws IOException {
        List<Path> records = new ArrayList<>();
        if (Files.isDirectory(results.resolve(REVIEW), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            records.add(results.resolve(REVIEW));
        }
        try (java.util.stream.Stream<Path> entries = Files.list(results)) {
            entries.filter(p -> TASK_DIRECTORY.matcher(p.getFileName().toString()).matches())
                    .map(p -> p.resolve(RunLayout.RESULT_FILE))
                    .filter(p -> Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .sorted().forEach(records::add);
        }
        return records;
    }

    private static Path results(Path runDirectory) {
        return runDirectory == null ? null : real(runDirectory.resolve(RunLayout.RESULTS));
    }

    /** Where {@code p} really is when it exists (links followed), else where its nearest existing parent says. */
    private static Path real(Path p) {
        Path absolute = p.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            Path parent = absolute.getParent();
            return parent == null ? absolute : real(parent).resolve(absolute.getFileName());
        }
    }
}
