package dev.longtask.agent;

import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentProblem;
import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.tools.Toolbox;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Finds the agents a workspace can use. Discovery reads, lowest precedence first: the built-ins on the classpath,
 * {@code ~/.longtask/agents}, Claude Code's {@code <workspace>/.claude/agents} and {@code <workspace>/.longtask/agents};
 * a later definition of a name replaces an earlier one. A broken file is reported (file and field) and left
 * out; it never takes the others down.
 */
public final class AgentDiscovery {
    /** The built-in definitions, {@code agents/<name>.md} on the classpath. */
    public static final List<String> BUILT_IN = List.of(
            "general", "analyzer", "reviewer", "documenter", "summarizer", "planner", "director", "synthesizer");

    /** The built-in work tools' names, for validating definitions without building the tools. */
    public static final Set<String> BUILT_IN_TOOLS = Set.copyOf(Toolbox.BUILT_IN);

    private AgentDiscovery() {
    }

    /**
     * @param workspace  the workspace root (its {@code .longtask/agents} and {@code .claude/agents} are read)
     * @param home       the user's home directory (its {@code .longtask/agents} is read); null to skip it
     * @param knownTools names of the work tools this runtime has
     */
    public static AgentCatalog discover(Path workspace, Path home, Set<String> knownTools) {
        return discover(workspace, home, knownTools, new BuiltIns());
    }

    /**
     * As {@link #discover(Path, Path, Set)}, taking the built-in definitions from {@code builtIns}, which parsed them
     * once for these tools.
     */
    public static AgentCatalog discover(Path workspace, Path home, Set<String> knownTools, BuiltIns builtIns) {
        Set<String> tools = Set.copyOf(knownTools);
        Map<String, AgentSpec> agents = new TreeMap<>();
        Map<String, List<AgentSpec>> overridden = new TreeMap<>();
        List<AgentProblem> problems = new ArrayList<>();
        List<List<AgentSpec>> layers = new ArrayList<>();
        BuiltIns.Layer builtIn = builtIns.checkedAgainst(tools);
        problems.addAll(builtIn.problems());
        layers.add(builtIn.specs());
        if (home != null) {
            layers.add(directory(home.resolve(".longtask").resolve("agents"), AgentSource.USER, tools, problems));
        }
        layers.add(directory(workspace.resolve(".claude").resolve("agents"), AgentSource.CLAUDE, tools, problems));
        layers.add(directory(workspace.resolve(".longtask").resolve("agents"), AgentSource.PROJECT, tools, problems));
        for (List<AgentSpec> layer : layers) {
            for (AgentSpec spec : layer) {
                AgentSpec previous = agents.put(spec.name(), spec);
                if (previous != null) {
                    overridden.computeIfAbsent(spec.name(), n -> new ArrayList<>()).add(previous);
                }
            }
        }
        return new AgentCatalog(agents, overridden, problems);
    }

    /**
     * The built-in definitions parsed and checked once for each set of known tools: they come from the jar and never
     * change, so a runtime that discovers the catalogue for every run it creates and resumes (a server working through
     * a queue) parses them once, not twice a run. A few sets are kept (a workspace's MCP servers add their names).
     */
    public static final class BuiltIns {
        private static final int KEPT = 16;

        private final Map<Set<String>, Layer> checked = new ConcurrentHashMap<>();

        record Layer(List<AgentSpec> specs, List<AgentProblem> problems) {
        }

        Layer checkedAgainst(Set<String> tools) {
            Layer layer = checked.get(tools);
            if (layer == null) {
                List<AgentProblem> problems = new ArrayList<>();
                layer = new Layer(List.copyOf(builtIns(tools, problems)), List.copyOf(problems));
                if (checked.size() >= KEPT) {
                    checked.clear();
                }
                checked.put(tools, layer);
            }
            return layer;
        }
    }

    private static List<AgentSpec> builtIns(Set<String> tools, List<AgentProblem> problems) {
        List<AgentSpec> specs = new ArrayList<>();
        for (String name : BUILT_IN) {
            String resource = "/agents/" + name + ".md";
            try (InputStream in = AgentCatalog.class.getResourceAsStream(resource)) {
                if (in == null) {
                    problems.add(new AgentProblem("built-in:" + name, "file", "missing from the classpath", true));
                    continue;
                }
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                accept(AgentFile.parse(text, AgentSource.BUILT_IN, null, name, tools), specs, problems);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read built-in agent " + resource, e);
            }
        }
        return specs;
    }

    private static List<AgentSpec> directory(Path dir, AgentSource source, Set<String> tools,
                                             List<AgentProblem> problems) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            problems.add(new AgentProblem(dir.toString(), "directory", "cannot list it: " + e.getMessage(), true));
            return List.of();
        }
        List<AgentSpec> specs = new ArrayList<>();
        for (Path file : files) {
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                        .toString();
            } catch (CharacterCodingException e) {
                problems.add(new AgentProblem(file.toString(), "file", "not valid UTF-8 text", true));
                continue;
            } catch (IOException e) {
                problems.add(new AgentProblem(file.toString(), "file", "cannot read it: " + e.getMessage(), true));
                continue;
            }
            accept(AgentFile.parse(text, source, file, file.getFileName().toString(), tools), specs, problems);
        }
        return dropDuplicates(specs, problems);
    }

    private static void accept(AgentFile.Parsed parsed, List<AgentSpec> specs, List<AgentProblem> problems) {
        problems.addAll(parsed.problems());
        parsed.spec().ifPresent(specs::add);
    }

    /** Two files of one directory defining the same name: the first by file name is kept, the other reported. */
    private static List<AgentSpec> dropDuplicates(Collection<AgentSpec> specs, List<AgentProblem> problems) {
        Map<String, AgentSpec> kept = new LinkedHashMap<>();
        for (AgentSpec spec : specs) {
            AgentSpec first = kept.putIfAbsent(spec.name(), spec);
            if (first != null) {
                problems.add(new AgentProblem(spec.file().toString(), "name", "'" + spec.name()
                        + "' is already defined by " + first.file() + " in the same directory; rename one", true));
            }
        }
        return List.copyOf(kept.values());
    }
}
