package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentProblem;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.api.Agents;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.Workspaces;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.JsonMapping;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code longtask agents}: the agents a workspace can use, where each comes from, and what is wrong with any file. */
@Command(name = "agents", mixinStandardHelpOptions = true,
        header = "List the agents this workspace can use, and problems in their files.",
        description = {"Lists the agents this workspace can use: name, source (built-in, user, claude or project, and"
                + " the file), tools, model and description, then the problems found in definition files. Later"
                + " sources override earlier ones: built-in < ~/.longtask/agents < .claude/agents < .longtask/agents."})
final class AgentsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-C", "--workdir"}, paramLabel = "DIR", description = "The workspace (default: the current directory).")
    Path workdir = Path.of(".");

    @Option(names = "--json", description = "Print the catalogue as JSON.")
    boolean json;

    /** The terminal's width lines are wrapped to; 0 (a pipe, a file) leaves them whole. */
    IntSupplier columns = TerminalSize::columnsOfStdout;

    @Override
    public void run() {
        Path workspace = Workspaces.directory(workdir);
        AgentCatalog catalog;
        try {
            catalog = Agents.discover(workspace, Workspaces.home(), Environment.system());
        } catch (ConfigException e) {
            throw CliFailure.usage(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(asJson(catalog, workspace));
        } else {
            int width = columns.getAsInt();
            // On a terminal, lines wrap at spaces with their indent kept, rather than break mid-word.
            print(line -> (width > 0 ? TextWidth.wrap(line, width - 1, "    ") : List.of(line)).forEach(out::println),
                    catalog, workspace);
        }
        out.flush();
    }

    private static void print(Consumer<String> out, AgentCatalog catalog, Path workspace) {
        for (AgentSpec agent : catalog.agents()) {
            out.accept(agent.name() + "  (" + origin(agent, workspace) + overrides(catalog, agent) + ")");
            if (!agent.description().isEmpty()) {
                out.accept("    " + agent.description());
            }
            out.accept("    tools: " + (agent.tools().isEmpty() ? "(none)" : String.join(", ", agent.tools()))
                    + "  |  model: " + (agent.model() == null ? "the run's model" : agent.model())
                    + "  |  max_steps: " + agent.maxSteps());
        }
        if (!catalog.problems().isEmpty()) {
            out.accept("");
            out.accept(catalog.problems().size() + (catalog.problems().size() == 1 ? " problem:" : " problems:"));
            for (AgentProblem problem : catalog.problems()) {
                out.accept("  " + problem);
            }
        }
    }

    private static String origin(AgentSpec agent, Path workspace) {
        return agent.file() == null ? agent.source().label() : agent.source().label() + " " + shown(agent.file(), workspace);
    }

    private static String overrides(AgentCatalog catalog, AgentSpec agent) {
        var under = catalog.overridden(agent.name());
        return under.isEmpty() ? "" : ", overrides " + under.stream().map(a -> a.source().label())
                .collect(Collectors.joining(", "));
    }

    /** A path inside the workspace or the home directory, shortened for reading. */
    private static String shown(Path file, Path workspace) {
        Path abs = file.toAbsolutePath().normalize();
        if (abs.startsWith(workspace)) {
            return workspace.relativize(abs).toString();
        }
        Path home = Workspaces.home();
        return home != null && abs.startsWith(home) ? "~/" + home.relativize(abs) : abs.toString();
    }

    private static String asJson(AgentCatalog catalog, Path workspace) {
        ObjectMapper mapper = JsonMapping.newMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ArrayNode agents = root.putArray("agents");
        for (AgentSpec agent : catalog.agents()) {
            ObjectNode a = agents.addObject().put("name", agent.name()).put("source", agent.source().label())
                    .put("file", agent.file() == null ? null : agent.file().toString())
                    .put("description", agent.description()).put("model", agent.model())
                    .put("max_steps", agent.maxSteps());
            agent.tools().forEach(a.putArray("tools")::add);
            catalog.overridden(agent.name()).forEach(o -> a.withArray("overrides").add(o.origin()));
        }
        ArrayNode problems = root.putArray("problems");
        for (AgentProblem p : catalog.problems()) {
            problems.addObject().put("file", p.file()).put("field", p.field()).put("message", p.message())
                    .put("skipped", p.skipped());
        }
        try {
            return mapper.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
