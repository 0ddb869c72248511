package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Runs;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.cli.view.Palette;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.Counts;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunFigures;
import dev.longtask.model.run.RunStores;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code longtask runs}: the runs of the workspace, newest first. */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = {"List the runs of the workspace, newest first: id, status, tasks done/total, tokens, cost, goal.",
                "A run recorded as running whose process is gone (killed, crashed) shows as 'not running'."})
final class RunsCommand implements Callable<ExitCode> {
    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    StoreOption store = new StoreOption();

    @Option(names = "--json", description = "One JSON array of the runs' figures.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public ExitCode call() throws Exception {
        Path workspace = workdir.workspace();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (RunStores stores = store.open(workspace)) {
            return list(stores, workspace, out, err);
        }
    }

    private ExitCode list(RunStores stores, Path workspace, PrintWriter out, PrintWriter err) {
        List<String> ids = RunAccess.call(() -> stores.list(workspace));
        // only for --json: the text has no use for the mapper, whose making cost a tenth of the command
        ObjectMapper mapper = json ? JsonOutput.mapper() : null;
        ArrayNode array = json ? mapper.createArrayNode() : null;
        if (ids.isEmpty() && !json) {
            out.println("no runs in " + stores.where(workspace));
            return ExitCode.OK;
        }
        int idWidth = ids.stream().mapToInt(String::length).max().orElse(2);
        String format = "%-" + idWidth + "s %s %-7s %-13s %-10s %s";
        Palette palette = Palette.forCommand(spec);
        int columns = TerminalSize.columnsOfStdout();
        if (!json) {
            out.println(TextWidth.fit(String.format(format, "ID", String.format("%-11s", "STATUS"), "TASKS",
                    "TOKENS IN/OUT", "COST", "GOAL"), columns));
        }
        ExitCode exit = ExitCode.OK;
        for (String id : ids) {
            RunFigures f;
            try {
                f = RunAccess.call(() -> stores.figures(workspace, id));
            } catch (CliFailure unreadable) {
                err.println("longtask: " + unreadable.getMessage());
                if (!json) {
                    out.println(String.format(format, id, palette.statusCell("unreadable", 11), "-", "-", "-",
                            "(see the error above)"));
                }
                exit = ExitCode.USAGE;
                continue;
            }
            // A shared store's runs are worked by processes on other machines: no pid here tells whether they live.
            boolean live = stores.shared() || Runs.of(stores, workspace).writerPid(id).isPresent();
            boolean gone = !live && (f.status() == RunStatus.RUNNING || f.status() == RunStatus.PLANNING);
            if (json) {
                array.add(((ObjectNode) mapper.valueToTree(f)).put("live", live).put("process_gone", gone));
            } else {
                boolean stopped = gone && Runs.of(stores, workspace).stopNote(id).isPresent(); // a full disk: see status
                String row = String.format(format, id, stopped ? palette.statusCell(RunStatus.PAUSED.wire(), 11)
                                : gone ? palette.red("not running") : palette.statusCell(f.status().wire(), 11), f.completed() + "/" + f.tasks(),
                        Counts.compact(f.usage().inputTokens()) + "/" + Counts.compact(f.usage().outputTokens()),
                        f.usage().costText(), "");
                // The goal takes what the terminal leaves (60 characters where there is no terminal).
                int room = columns > 0 ? columns - 1 - TextWidth.of(row.replaceAll("\u001b\\[[0-9;]*m", "")) : 60;
                out.println(row + (room >= 8 ? TextWidth.cut(f.goal().strip().replaceAll("\\s+", " "), room) : ""));
            }
        }
        if (json) {
            out.println(JsonOutput.pretty(array));
        }
        return exit;
    }
}
