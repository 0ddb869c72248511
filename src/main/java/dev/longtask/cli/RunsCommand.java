package dev.longtask.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.RunFigures;
import dev.longtask.model.JsonMapping;
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
        description = "List the runs of the workspace, newest first: id, status, tasks done/total, tokens, cost, goal.")
final class RunsCommand implements Callable<Integer> {
    @Mixin
    RunAccess.Workdir workdir;

    @Option(names = "--json", description = "One JSON array of the runs' figures.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path workspace = workdir.workspace();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> ids = RunAccess.call(() -> FileRunStore.list(workspace));
        ObjectMapper mapper = JsonMapping.newMapper();
        ArrayNode array = mapper.createArrayNode();
        if (ids.isEmpty() && !json) {
            out.println("no runs in " + FileRunStore.runsDirectory(workspace));
            return Main.OK;
        }
        String format = "%-24s %-11s %-7s %-15s %-10s %s%n";
        if (!json) {
            out.printf(format, "ID", "STATUS", "TASKS", "TOKENS IN/OUT", "COST", "GOAL");
        }
        int exit = Main.OK;
        for (String id : ids) {
            RunFigures f;
            try {
                f = RunAccess.read(workspace, id).figures();
            } catch (CliFailure unreadable) {
                err.println("longtask: " + unreadable.getMessage());
                if (!json) {
                    out.printf(format, id, "unreadable", "-", "-", "-", "(see the error above)");
                }
                exit = Main.USAGE;
                continue;
            }
            if (json) {
                array.add(mapper.valueToTree(f));
            } else {
                out.printf(format, id, f.status().wire(), f.completed() + "/" + f.tasks(),
                        Formats.shortCount(f.usage().inputTokens()) + "/" + Formats.shortCount(f.usage().outputTokens()),
                        f.usage().costText(), Formats.cut(f.goal(), 60));
            }
        }
        if (json) {
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(array));
        }
        return exit;
    }
}
