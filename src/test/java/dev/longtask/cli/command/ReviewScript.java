package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.cli.Main;
import dev.longtask.testing.ScriptedModel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** What the review tests share: which chunk task a scripted turn is, and the review command run as Main runs it. */
final class ReviewScript {
    private static final Pattern OUTPUT = Pattern.compile("^- (analysis|issues): (\\S+)$", Pattern.MULTILINE);
    private static final Pattern CHUNK = Pattern.compile("^Subject: (Analyse|Review) (chunk-\\d{3}):", Pattern.MULTILINE);

    private ReviewScript() {
    }

    /** A chunk's analysis or review task, and the file it must write. */
    record ChunkTurn(String chunk, boolean analysis, String output) {
    }

    /** The chunk task {@code turn} belongs to, or empty for any other (a role, a task of another shape). */
    static Optional<ChunkTurn> of(ScriptedModel.Turn turn) {
        String system = turn.system();
        int outputs = system.lastIndexOf("Required outputs");
        Matcher subject = CHUNK.matcher(system);
        Matcher output = OUTPUT.matcher(outputs < 0 ? "" : system.substring(outputs));
        if (!subject.find() || !output.find()) {
            return Optional.empty();
        }
        return Optional.of(new ChunkTurn(subject.group(2), subject.group(1).equals("Analyse"), output.group(2)));
    }

    /** Runs {@code command} with {@code args}, a usage or run failure printed and its exit code returned, as Main does. */
    static int execute(ReviewCommand command, StringWriter out, StringWriter err, String... args) {
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setExecutionStrategy(Main::executeLast);
        cli.setExecutionExceptionHandler((e, c, parsed) -> {
            if (e instanceof CliFailure f) {
                c.getErr().println("longtask: " + f.getMessage());
                return f.exitCode().code();
            }
            throw e;
        });
        return cli.execute(args);
    }
}
