package dev.longtask.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A bash command line as permission rules see it: split into the simple commands that {@code ;}, {@code &&},
 * {@code ||}, {@code |}, {@code &} and newlines join (outside quotes), each cut down to what a rule names: no
 * leading {@code (}, {@code {} or {@code !}, no {@code NAME=value} assignments and no wrappers that only change
 * how the rest runs ({@code timeout 10}, {@code nice -n 5}, {@code nohup}, {@code time}, {@code command},
 * {@code exec}). So {@code Bash(git status:*)} allows {@code git status -s} but not {@code git status && rm -rf x},
 * and {@code Bash(rm:*)} denies {@code (cd x; timeout 5 rm -rf y)} too. Command substitution ({@code $(...)},
 * backquotes, {@code <(...)}) hides commands in arguments; such a line is never allowed by a pattern, only by an
 * exact rule or one for every command. This is a best effort, not a shell parser: the sandbox is what confines
 * commands.
 */
final class ShellCommand {
    private static final Set<String> WRAPPERS = Set.of("timeout", "nice", "nohup", "time", "command", "exec",
            "stdbuf", "ionice");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=\\S*");
    private static final Pattern WRAPPER_ARGUMENT = Pattern.compile("-\\S*|[0-9][0-9.]*[smhd]?");

    private final String whole;
    private final List<String> parts;
    private final boolean substitutes;

    private ShellCommand(String whole, List<String> parts, boolean substitutes) {
        this.whole = whole;
        this.parts = List.copyOf(parts);
        this.substitutes = substitutes;
    }

    static ShellCommand parse(String command) {
        String whole = squeeze(command);
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean substitutes = false;
        char quote = 0;
        String s = command;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char next = i + 1 < s.length() ? s.charAt(i + 1) : 0;
            if (quote == '\'') {
                current.append(c);
                if (c == '\'') {
                    quote = 0;
                }
                continue;
            }
            if (c == '\\' && next != 0) {
                current.append(c).append(next);
                i++;
                continue;
            }
            if (c == '`' || (c == '$' && next == '(') || ((c == '<' || c == '>') && next == '(' && quote == 0)) {
                substitutes = true;
            }
            if (quote == '"') {
                current.append(c);
                if (c == '"') {
                    quote = 0;
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                current.append(c);
                continue;
            }
            boolean redirect = i > 0 && (s.charAt(i - 1) == '>' || s.charAt(i - 1) == '<');
            if (c == ';' || c == '\n' || c == '|' || (c == '&' && !redirect && next != '>')) {
                add(parts, current);
                if ((c == '|' || c == '&') && next == c) {
                    i++;
                } else if (c == '|' && next == '&') {
                    i++;
                }
                continue;
            }
            current.append(c);
        }
        add(parts, current);
        return new ShellCommand(whole, parts, substitutes);
    }

    /** The command with runs of white space made one space, as exact rules compare it. */
    String whole() {
        return whole;
    }

    /** The simple commands, cut down to what rules name; one for a plain command. */
    List<String> parts() {
        return parts;
    }

    /** Whether several commands are joined. */
    boolean compound() {
        return parts.size() > 1;
    }

    /** Whether commands hide in arguments ({@code $(...)}, backquotes, process substitution). */
    boolean substitutes() {
        return substitutes;
    }

    private static void add(List<String> parts, StringBuilder current) {
        String part = simplify(current.toString());
        current.setLength(0);
        if (!part.isEmpty()) {
            parts.add(part);
        }
    }

    private static String simplify(String text) {
        String t = squeeze(text);
        boolean changed = true;
        while (changed && !t.isEmpty()) {
            changed = false;
            String stripped = t.replaceFirst("^[({!]+\\s*", "").replaceFirst("\\s*[)}]+$", "").strip();
            if (!stripped.equals(t)) {
                t = stripped;
                changed = true;
            }
            String[] words = t.split(" ", 2);
            if (words.length == 2 && ASSIGNMENT.matcher(words[0]).matches()) {
                t = words[1];
                changed = true;
            } else if (words.length == 2 && WRAPPERS.contains(words[0])) {
                String rest = words[1];
                String[] more = rest.split(" ", 2);
                while (more.length == 2 && WRAPPER_ARGUMENT.matcher(more[0]).matches()) {
                    rest = more[1];
                    more = rest.split(" ", 2);
                }
                t = rest;
                changed = true;
            }
        }
        return t;
    }

    private static String squeeze(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }
}
