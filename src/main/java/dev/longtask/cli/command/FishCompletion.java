package dev.longtask.cli.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A fish completion script made from a picocli command model: each subcommand offered where it may follow, each
 * option where its command was given, with its description; options that take a value ask for one (a path
 * offers files, a fixed set offers its values).
 */
final class FishCompletion {
    private FishCompletion() {
    }

    static String script(CommandSpec root) {
        StringBuilder out = new StringBuilder("# fish completion for " + root.name() + "; made by '" + root.name()
                + " completion fish'\n");
        String cmd = root.name();
        out.append("complete -c ").append(cmd).append(" -f\n");
        for (OptionSpec option : root.options()) {
            out.append(option(cmd, "", option));
        }
        subcommands(out, cmd, root, List.of());
        return out.toString();
    }

    /** The subcommands of {@code parent}, offered after {@code path} (the subcommands leading to it). */
    private static void subcommands(StringBuilder out, String cmd, CommandSpec parent, List<String> path) {
        Map<String, picocli.CommandLine> subs = parent.subcommands();
        if (subs.isEmpty()) {
            return;
        }
        String names = String.join(" ", subs.keySet());
        String offered = path.isEmpty() ? "__fish_use_subcommand"
                : "__fish_seen_subcommand_from " + path.get(path.size() - 1) + "; and not __fish_seen_subcommand_from "
                + names;
        subs.forEach((name, sub) -> {
            out.append("complete -c ").append(cmd).append(" -n '").append(offered).append("' -a ").append(name)
                    .append(" -d ").append(quote(firstLine(sub.getCommandSpec().usageMessage().description())))
                    .append('\n');
            String given = "__fish_seen_subcommand_from " + name;
            for (OptionSpec option : sub.getCommandSpec().options()) {
                if (!option.inherited()) {
                    out.append(option(cmd, given, option));
                }
            }
            List<String> deeper = new ArrayList<>(path);
            deeper.add(name);
            subcommands(out, cmd, sub.getCommandSpec(), deeper);
        });
    }

    private static String option(String cmd, String condition, OptionSpec option) {
        StringBuilder line = new StringBuilder("complete -c ").append(cmd);
        if (!condition.isEmpty()) {
            line.append(" -n '").append(condition).append('\'');
        }
        for (String name : option.names()) {
            if (name.startsWith("--")) {
                line.append(" -l ").append(name.substring(2));
            } else if (name.startsWith("-") && name.length() == 2) {
                line.append(" -s ").append(name.charAt(1));
            }
        }
        if (option.arity().max() > 0) {
            List<String> values = new ArrayList<>();
            if (option.completionCandidates() != null) {
                option.completionCandidates().forEach(values::add);
            } else if (option.type().isEnum()) {
                for (Object constant : option.type().getEnumConstants()) {
                    values.add(constant.toString().toLowerCase(java.util.Locale.ROOT));
                }
            }
            if (!values.isEmpty()) {
                line.append(" -x -a ").append(quote(String.join(" ", values)));
            } else if (Path.class.isAssignableFrom(option.type())) {
                line.append(" -r -F");
            } else {
                line.append(" -r");
            }
        }
        line.append(" -d ").append(quote(firstLine(option.description())));
        return line.append('\n').toString();
    }

    private static String firstLine(String[] description) {
        if (description == null || description.length == 0) {
            return "";
        }
        String text = description[0].replaceAll("\\s+", " ").strip();
        int stop = text.indexOf(". ");
        return stop > 0 ? text.substring(0, stop + 1) : text;
    }

    private static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
