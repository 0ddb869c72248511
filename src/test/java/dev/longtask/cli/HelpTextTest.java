package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** The help of every command: paragraphs picocli wraps itself, and nothing left undescribed. */
class HelpTextTest {

    private static List<CommandSpec> everyCommand() {
        List<CommandSpec> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        return all;
    }

    private static void collect(CommandLine cli, List<CommandSpec> into) {
        into.add(cli.getCommandSpec());
        cli.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }

    @Test
    void descriptionsAreWholeParagraphsNotLinesBrokenMidSentence() {
        // Each element of a description is a paragraph picocli wraps to the terminal: one that stops mid-sentence
        // prints a hard break ("3 paused (a budget\nor a provider\nfailure)").
        List<String> broken = new ArrayList<>();
        for (CommandSpec command : everyCommand()) {
            if (command.name().equals("help")) {
                continue; // picocli's own
            }
            for (String paragraph : command.usageMessage().description()) {
                // An indented line is an example, shown as it is.
                if (!paragraph.isBlank() && !paragraph.startsWith(" ") && !paragraph.strip().matches("(?s).*[.:)?!]$")) {
                    broken.add(command.qualifiedName() + ": " + paragraph);
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void theCommandListShowsEachCommandsWholeFirstSentence() {
        List<String> cut = new ArrayList<>();
        for (CommandSpec command : everyCommand()) {
            String[] header = command.usageMessage().header();
            String[] description = command.usageMessage().description();
            String first = header.length > 0 ? header[0] : description.length > 0 ? description[0] : "";
            if (command.parent() != null && !first.strip().matches("(?s).*[.)]$")) {
                cut.add(command.qualifiedName() + ": " + first);
            }
        }
        assertThat(cut).isEmpty();
    }

    @Test
    void everyOptionAndParameterIsDescribed() {
        List<String> bare = new ArrayList<>();
        for (CommandSpec command : everyCommand()) {
            Stream.concat(command.options().stream(), command.positionalParameters().stream())
                    .filter(arg -> !arg.hidden())
                    .filter(arg -> String.join("", arg.description()).isBlank())
                    .forEach(arg -> bare.add(command.qualifiedName() + " " + name(arg)));
        }
        assertThat(bare).isEmpty();
    }

    private static String name(ArgSpec arg) {
        return arg instanceof CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
    }
}
