package dev.longtask.tools;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSTree;

/**
 * A bash command line as permission rules see it, read with tree-sitter's bash grammar: every simple command it
 * would run, wherever it sits: after {@code ;}, {@code &&}, {@code ||}, {@code |} or {@code &}, in a subshell, a
 * function body, a loop, inside {@code $(...)}, backquotes or {@code <(...)}, in the string of {@code sh -c} or
 * {@code eval}, in a here-document fed to a shell, behind {@code find -exec}, and behind the wrappers that only
 * change how the rest runs ({@link ShellWords#unwrap}: {@code env}, {@code command}, {@code exec}, {@code xargs},
 * {@code nohup}, {@code timeout}, ...). Each command is cut down to what a rule names: its words unquoted
 * ({@code 'r'm} is {@code rm}), without {@code NAME=value} assignments and redirections, a path-named program also
 * by its file name ({@code /bin/rm} is {@code rm} too).
 *
 * <p>A line the grammar cannot read, or one whose commands cannot be known before it runs (a program named by a
 * variable or a glob, {@code sh -c "$x"}, a shell reading its commands from a pipe, an alias), is {@link #opaque}:
 * it matches every deny and ask rule for bash and is allowed only by an exact rule or one for all of bash. So a
 * rule can only be side-stepped by a command that the sandbox confines anyway.
 */
final class ShellCommand {
    /** How deep {@code sh -c} strings and substitutions may nest before the line counts as opaque. */
    private static final int MAX_DEPTH = 12;
    /** Statements that run no program but change what later ones do; allow rules must name them too. */
    private static final Set<String> STATEMENTS = Set.of("declaration_command", "unset_command",
            "variable_assignment", "variable_assignments", "test_command");

    private final String whole;
    private final List<String> parts;
    private final List<String> forms;
    private final boolean substitutes;
    private final String opaque;

    private ShellCommand(String whole, List<String> parts, List<String> forms, boolean substitutes, String opaque) {
        this.whole = whole;
        this.parts = List.copyOf(parts);
        this.forms = List.copyOf(forms);
        this.substitutes = substitutes;
        this.opaque = opaque;
    }

    static ShellCommand parse(String command) {
        Reader reader = new Reader();
        reader.read(command, 0);
        return new ShellCommand(squeeze(command), reader.parts, reader.forms, reader.substitutes, reader.opaque);
    }

    /** The command with runs of white space made one space, as exact rules compare it. */
    String whole() {
        return whole;
    }

    /** The commands that run, unwrapped and cut down to what rules name; one for a plain command. */
    List<String> parts() {
        return parts;
    }

    /** Every command as written and as run: the parts, their wrappers ({@code timeout 5 rm x}) and full paths. */
    List<String> forms() {
        return forms;
    }

    /** Whether several commands run. */
    boolean compound() {
        return parts.size() > 1;
    }

    /** Whether commands hide in arguments ({@code $(...)}, backquotes, process substitution). */
    boolean substitutes() {
        return substitutes;
    }

    /** Whether the commands it runs cannot be known from the text: it then matches every deny and ask rule. */
    boolean opaque() {
        return opaque != null;
    }

    /** Why the line is opaque, or null. */
    String whyOpaque() {
        return opaque;
    }

    static String squeeze(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    /** Walks the syntax trees of a line and of the lines nested in it, collecting commands. */
    private static final class Reader {
        final List<String> parts = new ArrayList<>();
        final List<String> forms = new ArrayList<>();
        boolean substitutes;
        String opaque;

        void read(String source, int depth) {
            if (depth > MAX_DEPTH) {
                markOpaque("shell code nests deeper than " + MAX_DEPTH + " levels");
                return;
            }
            BashGrammar.Loaded grammar = BashGrammar.get();
            if (grammar.language() == null) {
                markOpaque("the shell parser is unavailable: " + grammar.unavailable());
                return;
            }
            TSParser parser = new TSParser();
            parser.setLanguage(grammar.language());
            byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
            TSTree tree = parser.parseString(null, source);
            TSNode root = tree.getRootNode();
            if (root.hasError()) {
                markOpaque("bash cannot parse it");
                return;
            }
            visit(new Source(bytes), root, depth);
        }

        private void visit(Source src, TSNode node, int depth) {
            String type = node.getType();
            switch (type) {
                case "command" -> command(src, node, depth);
                case "command_substitution", "process_substitution" -> substitutes = true;
                case "heredoc_redirect", "herestring_redirect" -> {
                    // read with the command they feed (a shell runs them); substitutions inside still run
                }
                default -> {
                    if (STATEMENTS.contains(type) && !insideCommand(node)) {
                        add(List.of(new ShellWords.Word(src.squeezed(node), null, false)));
                    }
                }
            }
            for (int i = 0; i < node.getNamedChildCount(); i++) {
                visit(src, node.getNamedChild(i), depth);
            }
        }

        private static boolean insideCommand(TSNode node) {
            TSNode parent = node.getParent();
            return parent != null && !parent.isNull()
                    && (parent.getType().equals("command") || STATEMENTS.contains(parent.getType()));
        }

        private void command(Source src, TSNode node, int depth) {
            List<ShellWords.Word> words = new ArrayList<>();
            for (int i = 0; i < node.getChildCount(); i++) {
                String field = node.getFieldNameForChild(i);
                if ("name".equals(field) || "argument".equals(field)) {
                    words.add(src.word(node.getChild(i)));
                }
            }
            if (words.isEmpty()) {
                return;
            }
            ShellWords.Unwrapped run = ShellWords.unwrap(words);
            run.forms().forEach(this::addForm);
            if (run.opaque() != null) {
                markOpaque(run.opaque());
                return;
            }
            run.commands().forEach(this::add);
            for (String script : run.scripts()) {
                read(script, depth + 1);
            }
            if (run.readsStandardInput()) {
                String fed = fedScript(src, node);
                if (fed == null) {
                    markOpaque(words.get(0).text() + " reads its commands from its input");
                } else {
                    read(fed, depth + 1);
                }
            }
        }

        /** The here-document or here-string a shell is given (static text only), or null. */
        private static String fedScript(Source src, TSNode command) {
            String fed = fedBy(src, command);
            TSNode statement = command.getParent();
            if (fed == null && statement != null && !statement.isNull()
                    && statement.getType().equals("redirected_statement")) {
                fed = fedBy(src, statement);
            }
            return fed;
        }

        /** What the redirections among {@code node}'s children feed: a here-document's body, a here-string. */
        private static String fedBy(Source src, TSNode node) {
            for (int i = 0; i < node.getNamedChildCount(); i++) {
                TSNode redirect = node.getNamedChild(i);
                if (redirect.getType().equals("heredoc_redirect")) {
                    for (int k = 0; k < redirect.getNamedChildCount(); k++) {
                        TSNode body = redirect.getNamedChild(k);
                        if (body.getType().equals("heredoc_body")) {
                            return src.text(body);
                        }
                    }
                    return "";
                }
                if (redirect.getType().equals("herestring_redirect") && redirect.getNamedChildCount() > 0) {
                    return src.word(redirect.getNamedChild(redirect.getNamedChildCount() - 1)).literal();
                }
            }
            return null;
        }

        private void add(List<ShellWords.Word> words) {
            String text = ShellWords.text(words);
            if (!text.isEmpty()) {
                parts.add(text);
                addForm(text);
            }
        }

        private void addForm(String form) {
            if (!forms.contains(form)) {
                forms.add(form);
            }
        }

        private void markOpaque(String why) {
            if (opaque == null) {
                opaque = why;
            }
        }
    }

    /** The bytes of one parsed line, for cutting out the text of nodes. */
    private record Source(byte[] bytes) {
        String text(TSNode node) {
            return new String(bytes, node.getStartByte(), node.getEndByte() - node.getStartByte(),
                    StandardCharsets.UTF_8);
        }

        String squeezed(TSNode node) {
            return squeeze(text(node));
        }

        ShellWords.Word word(TSNode node) {
            return new ShellWords.Word(squeezed(node), literal(node), unquotedExpansion(node));
        }

        /** The word's value when it has no expansion: quotes removed, escapes applied; null when it varies. */
        private String literal(TSNode node) {
            String text = text(node);
            return switch (node.getType()) {
                case "word", "command_name" -> node.getNamedChildCount() == 1 && node.getType().equals("command_name")
                        ? literal(node.getNamedChild(0)) : unescape(text);
                case "number" -> text;
                case "raw_string" -> text.substring(1, text.length() - 1);
                case "ansi_c_string" -> ShellWords.ansiC(text.substring(2, text.length() - 1));
                case "string", "translated_string" -> {
                    StringBuilder out = new StringBuilder();
                    for (int i = 0; i < node.getNamedChildCount(); i++) {
                        TSNode part = node.getNamedChild(i);
                        if (!part.getType().equals("string_content")) {
                            yield null;
                        }
                        out.append(ShellWords.unescapeDoubleQuoted(text(part)));
                    }
                    yield out.toString();
                }
                case "concatenation" -> {
                    StringBuilder out = new StringBuilder();
                    for (int i = 0; i < node.getNamedChildCount(); i++) {
                        String piece = literal(node.getNamedChild(i));
                        if (piece == null) {
                            yield null;
                        }
                        out.append(piece);
                    }
                    yield node.getNamedChildCount() == 0 ? unescape(text) : out.toString();
                }
                default -> null;
            };
        }

        /** Whether unquoted parts of the word expand to other words: a glob or a brace expansion. */
        private boolean unquotedExpansion(TSNode node) {
            return switch (node.getType()) {
                case "word" -> ShellWords.globOrBraces(text(node));
                case "command_name", "concatenation" -> {
                    if (node.getType().equals("concatenation") && ShellWords.globOrBraces(unquotedText(node))) {
                        yield true;
                    }
                    for (int i = 0; i < node.getNamedChildCount(); i++) {
                        if (unquotedExpansion(node.getNamedChild(i))) {
                            yield true;
                        }
                    }
                    yield false;
                }
                case "brace_expression", "extglob_pattern" -> true;
                default -> false;
            };
        }

        /** The concatenation's text with its quoted pieces blanked: braces split over pieces still count. */
        private String unquotedText(TSNode node) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < node.getNamedChildCount(); i++) {
                TSNode piece = node.getNamedChild(i);
                out.append(piece.getType().equals("word") ? text(piece) : "_");
            }
            return out.toString();
        }

        private static String unescape(String word) {
            StringBuilder out = new StringBuilder(word.length());
            for (int i = 0; i < word.length(); i++) {
                char c = word.charAt(i);
                if (c == '\\' && i + 1 < word.length()) {
                    char next = word.charAt(++i);
                    if (next != '\n') {
                        out.append(next);
                    }
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }
}
