package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.PermissionSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Decides whether a tool call may run, must wait for a person, or is refused: the run's approval mode plus its
 * permission rules in Claude Code's syntax. Deny rules win over ask rules, ask rules over allow rules, and the mode
 * decides what no rule does: {@code auto} allows, {@code ask} asks before {@code write}, {@code edit}, {@code bash}
 * and MCP tools, {@code read-only} refuses those. A read-only run is never opened up by the allow rules of settings
 * files (a project's {@code Edit} allowance would defeat it), only by the rules the run itself was given (a review's
 * rule for its own output files) or a person granted ({@code allow always}).
 *
 * <p>Immutable; {@link #with} gives a policy with one more rule.
 */
public final class PermissionPolicy {
    /** What becomes of a call. */
    public enum Outcome { ALLOW, ASK, DENY }

    /** The outcome, why (for the model and the person), and the rule that decided, or null for the mode. */
    public record Verdict(Outcome outcome, String reason, PermissionRule rule) {
    }

    /** Tools that change things outside the run's own graph: they wait in {@code ask} and are refused read-only. */
    private static final Set<String> MUTATING = Set.of("write", "edit", "bash");
    private static final Pattern SUBCOMMAND = Pattern.compile("[a-z][a-z0-9._-]*");
    /** Programs whose second word picks what they do: "allow always" for {@code git status} is not for all of git. */
    private static final Set<String> WITH_SUBCOMMANDS = Set.of("git", "npm", "pnpm", "yarn", "npx", "cargo", "go",
            "docker", "podman", "kubectl", "helm", "mvn", "./mvnw", "gradle", "./gradlew", "pip", "pip3", "poetry", "uv",
            "dotnet", "gh", "terraform", "make", "bundle", "rake", "composer", "conda", "brew", "apt", "apt-get",
            "systemctl", "deno", "bun", "rustup", "swift", "sbt", "lein", "mix", "cabal", "stack");

    private final ApprovalMode mode;
    private final List<Compiled> rules;
    private final Workspace workspace;
    private final Path home;

    private PermissionPolicy(ApprovalMode mode, List<Compiled> rules, Workspace workspace, Path home) {
        this.mode = mode;
        this.rules = List.copyOf(rules);
        this.workspace = workspace;
        this.home = home;
    }

    /**
     * @param home where {@code ~/} in rules points; null leaves such rules matching nothing
     * @throws IllegalArgumentException naming the rule and its file, for a path pattern that cannot be used
     */
    public static PermissionPolicy of(ApprovalMode mode, List<PermissionRule> rules, Workspace workspace, Path home) {
        PermissionPolicy empty = new PermissionPolicy(mode, List.of(), workspace, realOrAsGiven(home));
        List<Compiled> compiled = rules.stream().map(empty::compile).toList();
        return new PermissionPolicy(mode, compiled, workspace, empty.home);
    }

    /** Paths the tools resolve are link-free, so rules must be too. */
    private static Path realOrAsGiven(Path path) {
        if (path == null) {
            return null;
        }
        try {
            return path.toRealPath();
        } catch (java.io.IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** The same policy with {@code rule} added (a grant of "allow always", a run's own rule). */
    public PermissionPolicy with(PermissionRule rule) {
        List<Compiled> more = new ArrayList<>(rules);
        more.add(compile(rule));
        return new PermissionPolicy(mode, more, workspace, home);
    }

    /**
     * This policy for calls made in {@code tree}, a task's own tree ({@code --isolation worktree}), whose changes are
     * merged into the workspace: each path rule holds there as it holds in the workspace (a deny of {@code /secrets/**}
     * denies the tree's {@code secrets/} too), and still where it held (the run's results, reached from the tree by
     * a link). The same policy when {@code tree} is the workspace.
     */
    public PermissionPolicy at(Workspace tree) {
        if (tree == workspace || tree.root().equals(workspace.root())) {
            return this;
        }
        PermissionPolicy there = new PermissionPolicy(mode, List.of(), tree, home);
        List<Compiled> both = new ArrayList<>(rules);
        rules.stream().filter(r -> r.path() != null).map(r -> there.compile(r.rule())).forEach(both::add);
        return new PermissionPolicy(mode, both, tree, home);
    }

    public ApprovalMode mode() {
        return mode;
    }

    public List<PermissionRule> rules() {
        return rules.stream().map(Compiled::rule).toList();
    }

    /** Whether {@code tool} changes things: {@code write}, {@code edit}, {@code bash} and every MCP tool. */
    public static boolean mutating(String tool) {
        return MUTATING.contains(tool) || tool.startsWith("mcp__");
    }

    public Verdict decide(String tool, ObjectNode arguments) {
        Call call = new Call(tool, arguments);
        for (Compiled r : rules) {
            if (r.rule().kind() == PermissionRule.Kind.DENY && r.matchesAny(call)) {
                return new Verdict(Outcome.DENY, "refused by the rule " + r.describe() + call.unknowable(), r.rule());
            }
        }
        if (mode == ApprovalMode.READ_ONLY && mutating(tool)
                && rules.stream().noneMatch(r -> r.runOwn() && r.rule().kind() == PermissionRule.Kind.ALLOW
                && r.allows(call))) {
            return new Verdict(Outcome.DENY, "this run is read-only (--approval read-only): write, edit, bash and "
                    + "MCP tools are refused; do the work with read, glob, grep and ls, and report what should change", null);
        }
        for (Compiled r : rules) {
            if (r.rule().kind() == PermissionRule.Kind.ASK && r.matchesAny(call)) {
                return new Verdict(Outcome.ASK, "the rule " + r.describe() + " asks for approval" + call.unknowable(),
                        r.rule());
            }
        }
        for (Compiled r : rules) {
            if (r.rule().kind() == PermissionRule.Kind.ALLOW && r.allows(call)) {
                return new Verdict(Outcome.ALLOW, "allowed by the rule " + r.describe(), r.rule());
            }
        }
        if (mode == ApprovalMode.ASK && mutating(tool)) {
            return new Verdict(Outcome.ASK, "the approval mode is ask", null);
        }
        return new Verdict(Outcome.ALLOW, "the approval mode is " + mode.wire(), null);
    }

    /**
     * The rule that "allow always for this run" grants for this call: {@code Bash(git status:*)} for a plain command
     * (its first word, and the second for programs with subcommands), the exact command for a compound one; for
     * edits and writes the folder of the file ({@code Write(/out/**)}), or the file itself at the workspace's top
     * ({@code Edit(/README.md)}): a person who lets an agent keep writing its output has not opened the whole
     * workspace to it. The tool's name for others.
     */
    public static String alwaysRule(String tool, ObjectNode arguments) {
        return switch (tool) {
            case "bash" -> {
                String command = arguments.path("command").asText("");
                ShellCommand parsed = ShellCommand.parse(command);
                if (parsed.compound() || parsed.substitutes() || parsed.opaque() || parsed.parts().isEmpty()) {
                    yield "Bash(" + parsed.whole() + ")";
                }
                String[] words = parsed.parts().get(0).split(" ");
                String prefix = words.length > 1 && WITH_SUBCOMMANDS.contains(words[0])
                        && SUBCOMMAND.matcher(words[1]).matches() ? words[0] + " " + words[1] : words[0];
                yield "Bash(" + prefix + ":*)";
            }
            case "edit" -> fileRule("Edit", arguments.path("path").asText(""));
            case "write" -> fileRule("Write", arguments.path("path").asText(""));
            default -> tool;
        };
    }

    /** Rule paths starting with one slash are from the workspace's root, with two from the file system's. */
    private static String fileRule(String name, String path) {
        Path file = Path.of(path.isBlank() ? "." : path).normalize();
        if (file.isAbsolute()) {
            return name + "(/" + file + ")";
        }
        if (file.toString().isEmpty() || file.startsWith("..")) {
            return name + "(" + path + ")";
        }
        Path folder = file.getParent();
        return name + "(/" + (folder == null ? file : folder + "/**") + ")";
    }

    private Compiled compile(PermissionRule rule) {
        return switch (rule.specifierKind()) {
            case COMMAND -> new Compiled(rule, rule.specifier() == null ? null : CommandPattern.of(rule.specifier()),
                    null);
            case PATH -> new Compiled(rule, null, rule.specifier() == null ? null : pathPattern(rule));
            case NONE, FOREIGN -> new Compiled(rule, null, null);
        };
    }

    private PathPattern pathPattern(PermissionRule rule) {
        String p = rule.specifier().strip();
        Path base = p.startsWith("//") ? Path.of("/") : p.equals("~") || p.startsWith("~/") ? home : workspace.root();
        try {
            return PathPattern.of(base, rule.pathPattern());
        } catch (ToolMistake e) {
            throw new IllegalArgumentException(rule.problem(e.getMessage()), e);
        }
    }

    /** A tool call as rules see it. */
    private final class Call {
        final String tool;
        final ObjectNode arguments;
        private ShellCommand shell;
        private Path path;

        Call(String tool, ObjectNode arguments) {
            this.tool = tool;
            this.arguments = arguments;
        }

        ShellCommand shell() {
            if (shell == null) {
                shell = ShellCommand.parse(arguments.path("command").asText(""));
            }
            return shell;
        }

        /** Why a bash line matched every rule, for the reason; empty for a line that was read. */
        String unknowable() {
            return shell != null && shell.opaque()
                    ? " (what the command line runs cannot be checked: " + shell.whyOpaque() + ")" : "";
        }

        /** The absolute, link-free path the call works on (the workspace root when it names none). */
        Path path() {
            if (path == null) {
                String given = arguments.hasNonNull("path") ? arguments.get("path").asText() : ".";
                try {
                    path = workspace.resolveInside(given.isBlank() ? "." : given);
                } catch (OutsideWorkspaceException e) {
                    // the tool refuses it anyway; rules still see where it points
                    path = workspace.root().resolve(given).normalize();
                }
            }
            return path;
        }
    }

    private record Compiled(PermissionRule rule, CommandPattern command, PathPattern path) {

        boolean runOwn() {
            return PermissionSettings.RUN_SOURCE.equals(rule.source()) || rule.source().startsWith("approval #");
        }

        String describe() {
            return rule.text() + (rule.source().isEmpty() ? "" : " of " + rule.source());
        }

        /**
         * For deny and ask: the call, or any command of a bash line in any of its forms, matches; a line whose
         * commands cannot be known matches every such rule.
         */
        boolean matchesAny(Call call) {
            if (!rule.covers(call.tool)) {
                return false;
            }
            if (command != null) {
                ShellCommand shell = call.shell();
                return shell.opaque() || command.matches(shell.whole())
                        || shell.forms().stream().anyMatch(command::matches);
            }
            return path == null || path.matches(call.path());
        }

        /**
         * For allow: the call matches, and every command of a bash line does (command substitution or commands that
         * cannot be known: only exactly).
         */
        boolean allows(Call call) {
            if (!rule.covers(call.tool)) {
                return false;
            }
            if (command != null) {
                ShellCommand shell = call.shell();
                if (command.exact() && command.matches(shell.whole())) {
                    return true;
                }
                return !shell.substitutes() && !shell.opaque() && !shell.parts().isEmpty()
                        && shell.parts().stream().allMatch(command::matches);
            }
            return path == null || path.matches(call.path());
        }
    }

    /**
     * A Bash rule's specifier: {@code prefix:*} (the prefix alone or followed by a space and anything), a pattern
     * with {@code *} wildcards (any text; a single trailing {@code " *"} also matches nothing, so {@code ls *}
     * matches {@code ls} but not {@code lsof}), or an exact command.
     */
    private record CommandPattern(Pattern regex, boolean exact) {
        static CommandPattern of(String specifier) {
            String s = specifier.strip().replaceAll("\\s+", " ");
            if (s.equals("*")) {
                return new CommandPattern(Pattern.compile(".*", Pattern.DOTALL), false);
            }
            if (s.endsWith(":*")) {
                String prefix = s.substring(0, s.length() - 2).strip();
                return new CommandPattern(Pattern.compile(Pattern.quote(prefix) + "(?: .*)?", Pattern.DOTALL), false);
            }
            if (s.indexOf('*') < 0) {
                return new CommandPattern(Pattern.compile(Pattern.quote(s)), true);
            }
            long stars = s.chars().filter(c -> c == '*').count();
            if (stars == 1 && s.endsWith(" *")) {
                return new CommandPattern(Pattern.compile(Pattern.quote(s.substring(0, s.length() - 2)) + "(?: .*)?",
                        Pattern.DOTALL), false);
            }
            String regex = Arrays.stream(s.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*"));
            return new CommandPattern(Pattern.compile(regex, Pattern.DOTALL), false);
        }

        boolean matches(String command) {
            return regex.matcher(command).matches();
        }
    }

    /**
     * A gitignore-style path pattern below {@code base}: without a slash it matches a name at any depth
     * ({@code *.env}), with one it is anchored at the base ({@code src/**}); a pattern that matches a directory
     * matches everything in it ({@code dir/**} the directory itself too); an empty one matches the base and
     * everything in it.
     */
    private record PathPattern(Path base, GlobPattern glob, boolean anchored) {
        static PathPattern of(Path base, String pattern) {
            String p = pattern.endsWith("/") ? pattern.substring(0, pattern.length() - 1) : pattern;
            if (base == null) {
                return new PathPattern(null, null, true);
            }
            boolean anchored = p.contains("/");
            // "dir/**" is the directory and everything in it: a grep or ls of the directory itself is covered too
            while (p.endsWith("/**")) {
                p = p.substring(0, p.length() - 3);
            }
            if (p.isEmpty() || p.equals("**")) {
                return new PathPattern(base.normalize(), null, true);
            }
            return new PathPattern(base.normalize(), new GlobPattern(p), anchored);
        }

        boolean matches(Path target) {
            if (base == null || !target.startsWith(base)) {
                return false;
            }
            if (glob == null) {
                return true;
            }
            Path relative = base.relativize(target);
            for (int names = 1; names <= relative.getNameCount(); names++) {
                Path prefix = relative.subpath(0, names);
                if (glob.matches(anchored ? prefix : prefix.getFileName())) {
                    return true;
                }
            }
            return false;
        }
    }
}
