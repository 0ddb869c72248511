package dev.longtask.model;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One permission rule in Claude Code's syntax, as read from a settings file: {@code Tool} or
 * {@code Tool(specifier)}, e.g. {@code Bash(git status:*)}, {@code Edit(src/**)}, {@code Read(./secrets/**)},
 * {@code mcp__github__create_issue}. Parsing checks the tool name, the parentheses and the specifier (a Bash
 * {@code :*} only at the end, {@code ~/} the only home form), so a broken rule is an error that names its file, never
 * a rule that silently matches nothing; reading the settings files also checks that path patterns compile. Matching
 * calls against rules is the tools' business.
 *
 * @param kind      allow, ask or deny
 * @param tool      the tool as the rule names it, in Claude Code's spelling when there is one ({@code Bash})
 * @param specifier the text in parentheses, or null for a rule about every call of the tool
 * @param source    the file the rule came from, or {@code run} for a rule the run was given itself
 */
public record PermissionRule(Kind kind, String tool, String specifier, String source) {

    /** What a rule does to the calls it matches; deny wins over ask, ask over allow. */
    public enum Kind {
        ALLOW, ASK, DENY;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Kind fromWire(String text) {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        }
    }

    /** What the specifier of a tool's rule means. */
    public enum Specifier {
        /** A bash command line: exact, {@code prefix:*}, or with {@code *} wildcards. */
        COMMAND,
        /** A gitignore-style path pattern: {@code //abs}, {@code ~/home}, {@code /workspace-root}, {@code relative}. */
        PATH,
        /** The tool takes no specifier. */
        NONE,
        /** A Claude Code tool longtask does not have: accepted (the file is Claude Code's too) and never matched. */
        FOREIGN
    }

    /**
     * The tools a rule may name: Claude Code's names (matched ignoring case, so {@code bash(...)} works too) and
     * the longtask tools each covers. {@code Edit} covers every tool that edits files and {@code Read} every tool
     * that reads them, as in Claude Code.
     */
    private enum Known {
        BASH("Bash", Specifier.COMMAND, "bash"),
        READ("Read", Specifier.PATH, "read", "grep", "glob", "ls"),
        EDIT("Edit", Specifier.PATH, "edit", "write"),
        MULTI_EDIT("MultiEdit", Specifier.PATH, "edit", "write"),
        WRITE("Write", Specifier.PATH, "write"),
        GLOB("Glob", Specifier.PATH, "glob"),
        GREP("Grep", Specifier.PATH, "grep"),
        LS("LS", Specifier.PATH, "ls"),
        TASK_CREATE("task_create", Specifier.NONE, "task_create"),
        TASK_UPDATE("task_update", Specifier.NONE, "task_update"),
        TASK_LIST("task_list", Specifier.NONE, "task_list"),
        TASK_GET("task_get", Specifier.NONE, "task_get");

        final String name;
        final Specifier specifier;
        final Set<String> covers;

        Known(String name, Specifier specifier, String... covers) {
            this.name = name;
            this.specifier = specifier;
            this.covers = Set.of(covers);
        }
    }

    /** Claude Code tools with no longtask counterpart; rules about them are valid and inert. */
    private static final Set<String> FOREIGN_TOOLS = Set.of("WebFetch", "WebSearch", "NotebookEdit", "NotebookRead",
            "Task", "Agent", "TodoWrite", "TodoRead", "Skill", "SlashCommand", "BashOutput", "KillShell", "KillBash",
            "ExitPlanMode", "AskUserQuestion", "ListMcpResourcesTool", "ReadMcpResourceTool");

    private static final Pattern SHAPE = Pattern.compile("([A-Za-z][A-Za-z0-9_]*(?:__[A-Za-z0-9_*.-]+)*)\\s*(?:\\((.*)\\))?",
            Pattern.DOTALL);
    private static final Pattern MCP = Pattern.compile("mcp__[A-Za-z0-9_-]+(?:__[A-Za-z0-9_*.-]+)?");

    public PermissionRule {
        if (kind == null || tool == null || tool.isBlank()) {
            throw new IllegalArgumentException("a permission rule needs a kind and a tool");
        }
        source = source == null ? "" : source;
    }

    /**
     * Reads one rule as written in {@code permissions.<kind>} of {@code source}.
     *
     * @throws IllegalArgumentException "SOURCE: permissions.KIND: invalid rule 'TEXT': what is wrong"
     */
    public static PermissionRule parse(Kind kind, String text, String source) {
        String written = text == null ? "" : text.strip();
        Matcher m = SHAPE.matcher(written);
        if (!m.matches()) {
            throw invalid(kind, written, source, written.isEmpty() ? "it is empty"
                    : written.indexOf('(') >= 0 && !written.endsWith(")")
                    ? "it must end with ')' (the form is Tool or Tool(specifier))"
                    : "the form is Tool or Tool(specifier), e.g. Bash(git status:*) or Edit(src/**)");
        }
        String name = m.group(1);
        String specifier = m.group(2);
        if (specifier != null && specifier.isBlank()) {
            throw invalid(kind, written, source, "the parentheses are empty; leave them out to mean every call of "
                    + name);
        }
        if (name.startsWith("mcp__")) {
            if (!MCP.matcher(name).matches() || specifier != null) {
                throw invalid(kind, written, source, "an MCP rule is mcp__SERVER or mcp__SERVER__TOOL (a '*' may "
                        + "stand in the tool name), without parentheses");
            }
            return new PermissionRule(kind, name, null, source);
        }
        Optional<Known> known = Arrays.stream(Known.values()).filter(k -> k.name.equalsIgnoreCase(name)).findFirst();
        String foreign = FOREIGN_TOOLS.stream().filter(f -> f.equalsIgnoreCase(name)).findFirst().orElse(null);
        if (known.isEmpty() && foreign == null) {
            throw invalid(kind, written, source, "unknown tool '" + name + "' (rules name "
                    + Arrays.stream(Known.values()).map(k -> k.name).collect(Collectors.joining(", "))
                    + ", Claude Code's other tools, or mcp__SERVER__TOOL)");
        }
        if (known.isEmpty()) {
            return new PermissionRule(kind, foreign, specifier, source);
        }
        Known tool = known.get();
        if (specifier != null) {
            String problem = switch (tool.specifier) {
                case COMMAND -> commandProblem(specifier);
                case PATH -> pathProblem(specifier);
                case NONE -> tool.name + " takes no specifier; write just " + tool.name;
                case FOREIGN -> null;
            };
            if (problem != null) {
                throw invalid(kind, written, source, problem);
            }
        }
        return new PermissionRule(kind, tool.name, specifier, source);
    }

    /** The rule as written in a settings file: {@code Bash(git status:*)}. */
    public String text() {
        return specifier == null ? tool : tool + "(" + specifier + ")";
    }

    /** How this rule's specifier is read. */
    public Specifier specifierKind() {
        if (isMcp()) {
            return Specifier.NONE;
        }
        return known().map(k -> k.specifier).orElse(Specifier.FOREIGN);
    }

    /**
     * Whether the rule is about the longtask tool {@code toolName}, its specifier aside: {@code Read} rules are about
     * {@code read}, {@code grep}, {@code glob} and {@code ls}; {@code Edit} rules about {@code edit} and {@code write};
     * MCP rules about the MCP tools they name.
     */
    public boolean covers(String toolName) {
        if (isMcp()) {
            if (tool.indexOf('*') >= 0) {
                return toolName.matches(Arrays.stream(tool.split("\\*", -1)).map(Pattern::quote)
                        .collect(Collectors.joining(".*")));
            }
            return toolName.equals(tool) || (tool.indexOf("__", 5) < 0 && toolName.startsWith(tool + "__"));
        }
        return known().map(k -> k.covers.contains(toolName)).orElse(false);
    }

    @Override
    public String toString() {
        return kind.wire() + " " + text() + (source.isEmpty() ? "" : " (" + source + ")");
    }

    private boolean isMcp() {
        return tool.startsWith("mcp__");
    }

    private Optional<Known> known() {
        return Arrays.stream(Known.values()).filter(k -> k.name.equals(tool)).findFirst();
    }

    private static String commandProblem(String specifier) {
        int legacy = specifier.indexOf(":*");
        if (legacy >= 0 && legacy != specifier.length() - 2) {
            return "':*' may only end a Bash rule (Bash(npm run test:*)); use '*' for a wildcard elsewhere";
        }
        if (legacy == 0) {
            return "':*' needs a command before it, e.g. Bash(git status:*)";
        }
        return null;
    }

    private static String pathProblem(String specifier) {
        String p = specifier.strip();
        if (p.startsWith("~") && !p.equals("~") && !p.startsWith("~/")) {
            return "only ~/ (your home) is understood, not ~user";
        }
        return null;
    }

    /**
     * The pattern of a path rule without its anchor ({@code //}, {@code ~/}, {@code /}, {@code ./}): a glob relative
     * to where the anchor points, empty for the anchor itself.
     */
    public String pathPattern() {
        String p = specifier == null ? "" : specifier.strip();
        return p.startsWith("//") ? p.substring(2) : p.startsWith("~/") ? p.substring(2)
                : p.equals("~") ? "" : p.startsWith("/") ? p.substring(1) : p.startsWith("./") ? p.substring(2) : p;
    }

    /** An error about this rule, in the form of a broken rule's. */
    public String problem(String why) {
        return source + ": permissions." + kind.wire() + ": invalid rule '" + text() + "': " + why;
    }

    private static IllegalArgumentException invalid(Kind kind, String text, String source, String why) {
        return new IllegalArgumentException(source + ": permissions." + kind.wire() + ": invalid rule '" + text + "': "
                + why);
    }
}
