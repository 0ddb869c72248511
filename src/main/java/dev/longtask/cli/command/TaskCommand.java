package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.Formats;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask task add|update|show}: edit a run's graph by hand, with the same rules as the agents' task tools
 * (ids count up, both sides of an edge change, cycles and unknown ids are refused, nothing is deleted).
 * Without {@code --run} the newest run is used; {@code task add --goal GOAL} starts a new run instead, so a graph
 * can be built by hand before any model is chosen.
 */
@Command(name = "task", mixinStandardHelpOptions = true,
        description = "Add, update or show a task of a run's graph by hand.",
        subcommands = {TaskCommand.Add.class, TaskCommand.Update.class, TaskCommand.Show.class})
final class TaskCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw CliFailure.usage("task needs a subcommand: add, update or show (see `longtask task --help`)");
    }

    static final class StatusConverter implements CommandLine.ITypeConverter<TaskStatus> {
        @Override
        public TaskStatus convert(String value) {
            try {
                return TaskStatus.fromWire(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Add a task to the newest run (or --run ID), or to a new run with --goal.")
    static final class Add implements Callable<ExitCode> {
        @Mixin
        RunAccess.Workdir workdir;

        @Option(names = "--run", paramLabel = "RUN_ID", description = "The run (default: the newest).")
        String runId;

        @Option(names = "--goal", description = "Start a new run with this goal and add the task to it.")
        String goal;

        @Option(names = "--subject", required = true, description = "A short title.")
        String subject;

        @Option(names = "--instruction", description = "What the task's agent is to do.")
        String instruction;

        @Option(names = "--agent", description = "The agent that works it (default: general).")
        String agent;

        @Option(names = "--blocked-by", split = ",", paramLabel = "ID", description = "Tasks that must complete first.")
        List<Integer> blockedBy = new ArrayList<>();

        @Option(names = "--input", paramLabel = "NAME=PATH", description = "An input file, repeatable.")
        Map<String, String> inputs = new LinkedHashMap<>();

        @Option(names = "--output", paramLabel = "NAME=PATH", description = "A file the task must write, repeatable.")
        Map<String, String> outputs = new LinkedHashMap<>();

        @Option(names = "--criterion", paramLabel = "TEXT", description = "A success criterion, repeatable.")
        List<String> criteria = new ArrayList<>();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public ExitCode call() {
            if (runId != null && goal != null) {
                throw CliFailure.usage("give --run (an existing run) or --goal (a new run), not both");
            }
            Path workspace = workdir.workspace();
            PrintWriter out = spec.commandLine().getOut();
            TaskDraft draft = RunAccess.call(() -> new TaskDraft(subject, instruction, agent, blockedBy, inputs,
                    outputs, criteria));
            checkInside(workspace, "--input", inputs);
            checkInside(workspace, "--output", outputs);
            RunStore store;
            if (goal != null) {
                store = RunAccess.call(() -> Stores.files().create(workspace, null, goal, null, null, null,
                        StoreOptions.defaults()));
                out.println("created run " + store.runId() + " (goal: " + Formats.cut(goal, 80)
                        + "; no model chosen yet)");
            } else {
                store = RunAccess.openForWriting(workspace, RunAccess.runOrNewest(workspace, runId),
                        spec.commandLine().getErr());
            }
            try (store) {
                RunStatus status = store.run().status();
                if (status == RunStatus.COMPLETED || status == RunStatus.CANCELLED) {
                    throw CliFailure.usage("run " + store.runId() + " is " + status.wire() + ": a task added to it "
                            + "would never run; start a new run with --goal, or name one still open with --run");
                }
                Task task = RunAccess.call(() -> store.createTask(draft));
                out.println("added to run " + store.runId() + ": " + task.line());
                out.println("run the graph with: " + RunAccess.resumeCommand(store.runId(), workdir.path));
            }
            return ExitCode.OK;
        }
    }

    /** Paths a task names must stay inside the workspace, as a planner's must. */
    private static void checkInside(Path workspace, String option, Map<String, String> paths) {
        Runs runs = Runs.of(Stores.files(), workspace);
        paths.forEach((name, path) -> {
            try {
                runs.requireInside(path);
            } catch (IllegalArgumentException e) {
                throw CliFailure.usage(option + " " + name + "=" + path + ": " + e.getMessage());
            } catch (java.io.UncheckedIOException e) {
                throw CliFailure.usage("cannot open the workspace " + workspace + ": " + e.getCause().getMessage());
            }
        });
    }

    @Command(name = "update", mixinStandardHelpOptions = true,
            description = "Change a task: its status (dispatching to complete/fail/cancel/requeue/claim), "
                    + "its dependencies (both sides change) or its descriptive fields.")
    static final class Update implements Callable<ExitCode> {
        @Mixin
        RunAccess.Workdir workdir;

        @Parameters(index = "0", paramLabel = "TASK_ID", description = "The task to change (its number).")
        int taskId;

        @Option(names = "--run", paramLabel = "RUN_ID", description = "The run (default: the newest).")
        String runId;

        @Option(names = "--status", converter = StatusConverter.class,
                description = "pending, in_progress, completed, failed or cancelled.")
        TaskStatus status;

        @Option(names = "--reason", description = "Why (recorded with the status change).")
        String reason;

        @Option(names = "--add-blocked-by", split = ",", paramLabel = "ID", description = "This task waits for these.")
        List<Integer> addBlockedBy = new ArrayList<>();

        @Option(names = "--add-blocks", split = ",", paramLabel = "ID", description = "These tasks wait for this one.")
        List<Integer> addBlocks = new ArrayList<>();

        @Option(names = "--subject", paramLabel = "TEXT", description = "A new short title.")
        String subject;

        @Option(names = "--instruction", paramLabel = "TEXT", description = "What the task's agent is to do, anew.")
        String instruction;

        @Option(names = "--agent", paramLabel = "NAME", description = "The agent that works it from now on.")
        String agent;

        @Option(names = "--owner", paramLabel = "NAME", description = "Who holds the task: a worker's or a person's name.")
        String owner;

        @Option(names = "--input", paramLabel = "NAME=PATH", description = "Replaces the inputs; repeatable.")
        Map<String, String> inputs;

        @Option(names = "--output", paramLabel = "NAME=PATH", description = "Replaces the outputs; repeatable.")
        Map<String, String> outputs;

        @Option(names = "--criterion", paramLabel = "TEXT", description = "Replaces the success criteria; repeatable.")
        List<String> criteria;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public ExitCode call() {
            ObjectMapper json = JsonMapping.newMapper();
            ObjectNode fields = json.createObjectNode();
            putIfGiven(fields, "subject", subject);
            putIfGiven(fields, "instruction", instruction);
            putIfGiven(fields, "agent", agent);
            putIfGiven(fields, "owner", owner);
            if (inputs != null) {
                fields.set("inputs", json.valueToTree(inputs));
            }
            if (outputs != null) {
                fields.set("outputs", json.valueToTree(outputs));
            }
            if (criteria != null) {
                ArrayNode list = fields.putArray("success_criteria");
                criteria.forEach(list::add);
            }
            if (status == null && addBlockedBy.isEmpty() && addBlocks.isEmpty() && fields.isEmpty()) {
                throw CliFailure.usage("nothing to update: give --status, --add-blocked-by, --add-blocks or a field "
                        + "(--subject, --instruction, --agent, --owner, --input, --output, --criterion)");
            }
            Path workspace = workdir.workspace();
            List<String> applied = new ArrayList<>();
            try (RunStore store = RunAccess.openForWriting(workspace, RunAccess.runOrNewest(workspace, runId),
                    spec.commandLine().getErr())) {
                RunAccess.call(() -> store.task(taskId));
                for (int id : addBlockedBy) {
                    RunAccess.call(() -> store.task(id));
                }
                for (int id : addBlocks) {
                    RunAccess.call(() -> store.task(id));
                }
                try {
                    for (int blocker : addBlockedBy) {
                        RunAccess.run(() -> store.addDependency(taskId, blocker));
                        applied.add(taskId + " waits for " + blocker);
                    }
                    for (int dependent : addBlocks) {
                        RunAccess.run(() -> store.addDependency(dependent, taskId));
                        applied.add(dependent + " waits for " + taskId);
                    }
                    if (!fields.isEmpty()) {
                        RunAccess.call(() -> store.updateTask(taskId, fields));
                        applied.add("fields " + String.join(", ", iterable(fields)));
                    }
                    if (status != null) {
                        RunAccess.call(() -> store.setStatus(taskId, status, reason));
                    }
                } catch (CliFailure refused) {
                    throw applied.isEmpty() ? refused : new CliFailure(refused.exitCode(), refused.getMessage()
                            + " (already applied: " + String.join("; ", applied) + ")");
                }
                spec.commandLine().getOut().println(store.task(taskId).line());
            }
            return ExitCode.OK;
        }

        private static void putIfGiven(ObjectNode fields, String name, String value) {
            if (value != null) {
                fields.put(name, value);
            }
        }

        private static List<String> iterable(ObjectNode fields) {
            List<String> names = new ArrayList<>();
            fields.fieldNames().forEachRemaining(names::add);
            return names;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Print a task as JSON, as its tasks/task_<id>.json holds it (read from the log).")
    static final class Show implements Callable<ExitCode> {
        @Mixin
        RunAccess.Workdir workdir;

        @Parameters(index = "0", paramLabel = "TASK_ID", description = "The task to show (its number).")
        int taskId;

        @Option(names = "--json", description = "Print the task as JSON (what show always prints; accepted like the"
                + " other commands' --json).")
        boolean json;

        @Option(names = "--run", paramLabel = "RUN_ID", description = "The run (default: the newest).")
        String runId;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public ExitCode call() throws Exception {
            Path workspace = workdir.workspace();
            Task task = RunAccess.call(() -> RunAccess.read(workspace, RunAccess.runOrNewest(workspace, runId))
                    .task(taskId));
            spec.commandLine().getOut().println(JsonMapping.newMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(task));
            return ExitCode.OK;
        }
    }
}
