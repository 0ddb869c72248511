package dev.longtask.tools;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The words of one simple command and what it really runs: the wrappers that only change how the rest runs are
 * taken off ({@code env A=1 -u B}, {@code command}, {@code exec -a x}, {@code xargs -n 1}, {@code nohup},
 * {@code timeout -k 5 10}, {@code nice -n 5}, {@code ionice}, {@code stdbuf -oL}, {@code time}, {@code setsid},
 * {@code sudo -u x}, {@code doas}), the command of {@code find -exec ... ;} is found, and the code a shell is
 * given ({@code sh -c STRING}, {@code eval WORDS}, a shell reading its input) is handed back to be parsed.
 */
final class ShellWords {
    /** One word: its text as written, its value when it has no expansion (else null), and whether it globs. */
    record Word(String text, String literal, boolean expands) {
        /** How rules see it: the value, or the written text when the value is empty, spaced or unknown. */
        String display() {
            return literal == null || literal.isEmpty() || literal.chars().anyMatch(Character::isWhitespace)
                    ? text : literal;
        }
    }

    /**
     * What a command runs: every form of it (for deny and ask rules), the commands that run (for every rule), the
     * shell code it runs that must be parsed in turn, whether a shell reads code from its input, and why it cannot
     * be known (or null).
     */
    record Unwrapped(List<String> forms, List<List<Word>> commands, List<String> scripts, boolean readsStandardInput,
                     String opaque) {
    }

    /** A wrapper's options that take a value, the options that make it run nothing, and operands before the command. */
    private record Wrapper(Set<String> withValue, Set<String> runNothing, int operands) {
    }

    private static final Map<String, Wrapper> WRAPPERS = Map.ofEntries(
            Map.entry("env", new Wrapper(Set.of("-u", "--unset", "-C", "--chdir", "-S", "--split-string"),
                    Set.of(), 0)),
            Map.entry("command", new Wrapper(Set.of(), Set.of("-v", "-V"), 0)),
            Map.entry("builtin", new Wrapper(Set.of(), Set.of(), 0)),
            Map.entry("exec", new Wrapper(Set.of("-a"), Set.of(), 0)),
            Map.entry("nohup", new Wrapper(Set.of(), Set.of(), 0)),
            Map.entry("timeout", new Wrapper(Set.of("-s", "--signal", "-k", "--kill-after"), Set.of(), 1)),
            Map.entry("nice", new Wrapper(Set.of("-n", "--adjustment"), Set.of(), 0)),
            Map.entry("ionice", new Wrapper(Set.of("-c", "--class", "-n", "--classdata"), Set.of("-p", "-P", "-u"),
                    0)),
            Map.entry("stdbuf", new Wrapper(Set.of("-i", "-o", "-e", "--input", "--output", "--error"), Set.of(), 0)),
            Map.entry("time", new Wrapper(Set.of("-f", "--format", "-o", "--output"), Set.of(), 0)),
            Map.entry("setsid", new Wrapper(Set.of(), Set.of(), 0)),
            Map.entry("sudo", new Wrapper(Set.of("-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user",
                    "--group", "--host", "--prompt", "--chdir", "--role", "--type", "--other-user",
                    "--command-timeout"), Set.of("-l", "-v", "-V", "-K", "--list", "--validate", "--version"), 0)),
            Map.entry("doas", new Wrapper(Set.of("-u", "-C"), Set.of(), 0)),
            Map.entry("xargs", new Wrapper(Set.of("-a", "-d", "-E", "-I", "-L", "-n", "-P", "-s", "--arg-file",
                    "--delimiter", "--eof", "--replace", "--max-lines", "--max-args", "--max-procs", "--max-chars",
                    "--process-slot-var"), Set.of(), 0)));
    private static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash",
            "posh", "rbash");
    private static final Set<String> FIND_EXEC = Set.of("-exec", "-execdir", "-ok", "-okdir");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*", Pattern.DOTALL);
    private static final Pattern BRACES = Pattern.compile("\\{[^{}]*(,|\\.\\.)[^{}]*}");

    private ShellWords() {
    }

    static Unwrapped unwrap(List<Word> words) {
        Unwrapping out = new Unwrapping();
        out.unwrap(words);
        return new Unwrapped(out.forms, out.commands, out.scripts, out.readsInput, out.opaque);
    }

    /** The words as rules see them, one space apart. */
    static String text(List<Word> words) {
        return words.stream().map(Word::display).collect(Collectors.joining(" ")).strip();
    }

    /** Whether unquoted text globs or brace-expands into other words. */
    static boolean globOrBraces(String unquoted) {
        if (unquoted.equals("[") || unquoted.equals("[[")) {
            return false;
        }
        return unquoted.chars().anyMatch(c -> c == '*' || c == '?' || c == '[') || BRACES.matcher(unquoted).find();
    }

    /** The content of a double-quoted string: a backslash escapes only {@code $ ` " \} and a newline. */
    static String unescapeDoubleQuoted(String content) {
        StringBuilder out = new StringBuilder(content.length());
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (c == '\\' && i + 1 < content.length() && "$`\"\\\n".indexOf(content.charAt(i + 1)) >= 0) {
                char next = content.charAt(++i);
                if (next != '\n') {
                    out.append(next);
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The content of {@code $'...'} with its C escapes applied. */
    static String ansiC(String content) {
        StringBuilder out = new StringBuilder(content.length());
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (c != '\\' || i + 1 >= content.length()) {
                out.append(c);
                continue;
            }
            char e = content.charAt(++i);
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'a' -> out.append('\007');
                case 'b' -> out.append('\b');
                case 'e', 'E' -> out.append('\033');
                case 'f' -> out.append('\f');
                case 'v' -> out.append('\013');
                case 'x' -> {
                    int end = i + 1;
                    while (end < content.length() && end < i + 3 && Character.digit(content.charAt(end), 16) >= 0) {
                        end++;
                    }
                    if (end > i + 1) {
                        out.append((char) Integer.parseInt(content.substring(i + 1, end), 16));
                        i = end - 1;
                    } else {
                        out.append("\\x");
                    }
                }
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    int end = i;
                    while (end < content.length() && end < i + 3 && content.charAt(end) >= '0'
                            && content.charAt(end) <= '7') {
                        end++;
                    }
                    out.append((char) Integer.parseInt(content.substring(i, end), 8));
                    i = end - 1;
                }
                default -> out.append(e);
            }
        }
        return out.toString();
    }

    /** Collects what one command runs, following wrappers and {@code find -exec}. */
    private static final class Unwrapping {
        final List<String> forms = new ArrayList<>();
        final List<List<Word>> commands = new ArrayList<>();
        final List<String> scripts = new ArrayList<>();
        boolean readsInput;
        String opaque;

        void unwrap(List<Word> words) {
            List<Word> current = words;
            while (!current.isEmpty()) {
                Word first = current.get(0);
                if (first.literal() == null || first.expands() || first.literal().isEmpty()) {
                    opaque("the program is named by " + first.text() + ", which varies");
                    return;
                }
                String program = first.literal();
                String name = program.contains("/") ? program.substring(program.lastIndexOf('/') + 1) : program;
                addForm(current);
                if (!name.equals(program) && !name.isEmpty()) {
                    // a rule names the program; the path it was called by must not hide it
                    List<Word> byName = new ArrayList<>(current);
                    byName.set(0, new Word(name, name, false));
                    addForm(byName);
                }
                Wrapper wrapper = WRAPPERS.get(name);
                if (wrapper != null) {
                    List<Word> rest = afterOptions(name, wrapper, current);
                    if (rest == null || rest.isEmpty()) {
                        commands.add(current);
                        return;
                    }
                    current = rest;
                    continue;
                }
                if (SHELLS.contains(name)) {
                    shell(current);
                    return;
                }
                switch (name) {
                    case "eval" -> {
                        List<Word> code = current.subList(1, current.size());
                        if (code.stream().anyMatch(w -> w.literal() == null)) {
                            opaque("eval runs code that varies");
                        } else {
                            scripts.add(code.stream().map(Word::literal).collect(Collectors.joining(" ")));
                        }
                    }
                    case "alias" -> {
                        if (current.size() > 1) {
                            opaque("an alias can give any command another name");
                        } else {
                            commands.add(current);
                        }
                    }
                    case "find" -> {
                        commands.add(current);
                        findExec(current);
                    }
                    default -> commands.add(current);
                }
                return;
            }
        }

        /** The words after a wrapper's options and operands; null when it runs nothing ({@code command -v}). */
        private List<Word> afterOptions(String name, Wrapper wrapper, List<Word> words) {
            List<Word> rest = new ArrayList<>(words.subList(1, words.size()));
            while (!rest.isEmpty()) {
                String option = rest.get(0).literal();
                if (option == null) {
                    return rest;
                }
                if (option.equals("--")) {
                    rest.remove(0);
                    break;
                }
                if (name.equals("env") && ASSIGNMENT.matcher(option).matches()) {
                    rest.remove(0);
                    continue;
                }
                if (!option.startsWith("-") || option.equals("-")) {
                    break;
                }
                if (wrapper.runNothing().contains(option)) {
                    return null;
                }
                rest.remove(0);
                if (wrapper.withValue().contains(option) && !rest.isEmpty()) {
                    Word value = rest.remove(0);
                    if (name.equals("env") && (option.equals("-S") || option.equals("--split-string"))) {
                        if (value.literal() == null) {
                            opaque("env -S splits a string that varies");
                            return List.of();
                        }
                        rest.addAll(0, Arrays.stream(value.literal().strip().split("\\s+"))
                                .filter(s -> !s.isEmpty()).map(s -> new Word(s, s, false)).toList());
                    }
                } else if (name.equals("env") && option.startsWith("-S") && option.length() > 2) {
                    String split = option.substring(2);
                    rest.addAll(0, Arrays.stream(split.strip().split("\\s+")).filter(s -> !s.isEmpty())
                            .map(s -> new Word(s, s, false)).toList());
                }
            }
            for (int k = 0; k < wrapper.operands() && !rest.isEmpty(); k++) {
                rest.remove(0);
            }
            return rest;
        }

        /** A shell runs the string of {@code -c}, a script file, or what it reads from its input. */
        private void shell(List<Word> words) {
            boolean string = false;
            boolean input = false;
            int i = 1;
            for (; i < words.size(); i++) {
                String option = words.get(i).literal();
                if (option == null) {
                    opaque(words.get(0).text() + " is given options that vary");
                    return;
                }
                if (option.equals("--") || option.equals("-")) {
                    i++;
                    break;
                }
                if (!(option.startsWith("-") || option.startsWith("+")) || option.length() < 2) {
                    break;
                }
                if (option.startsWith("--")) {
                    continue;
                }
                String letters = option.substring(1);
                string |= letters.indexOf('c') >= 0;
                input |= letters.indexOf('s') >= 0;
                if (letters.equals("o") || letters.equals("O")) {
                    i++;
                }
            }
            if (string) {
                if (i >= words.size()) {
                    opaque(words.get(0).text() + " -c is given no command");
                } else if (words.get(i).literal() == null) {
                    opaque(words.get(0).text() + " -c runs a command that varies");
                } else {
                    scripts.add(words.get(i).literal());
                }
            } else if (input || i >= words.size()) {
                readsInput = true;
            } else {
                commands.add(words);
            }
        }

        private void findExec(List<Word> words) {
            for (int i = 1; i < words.size(); i++) {
                if (!FIND_EXEC.contains(words.get(i).literal())) {
                    continue;
                }
                int end = i + 1;
                while (end < words.size() && !";".equals(words.get(end).literal())
                        && !"+".equals(words.get(end).literal())) {
                    end++;
                }
                if (end > i + 1) {
                    unwrap(words.subList(i + 1, end));
                }
                i = end;
            }
        }

        private void addForm(List<Word> words) {
            String form = text(words);
            if (!forms.contains(form)) {
                forms.add(form);
            }
        }

        private void opaque(String why) {
            if (opaque == null) {
                opaque = why;
            }
        }
    }
}
