package dev.longtask.tools;

import dev.longtask.model.EnvironmentFilter;
import dev.longtask.model.SandboxMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every tool an agent may be given, by name: the built-in work and task-graph tools, plus any the runtime adds (such
 * as {@code submit_result}) with {@link #with}. The agent loop turns an agent's {@code tools:} whitelist into tools with
 * {@link #select}, and validation reports unknown names with {@link #unknown}. Names are matched exactly first, then
 * ignoring case, so Claude Code agent files ({@code tools: Read, Grep, Bash}) work as written.
 *
 * <p>Immutable; the tools in it hold no per-call state, so one toolbox serves every agent thread at once.
 */
public final class Toolbox {
    private static final Logger LOG = LoggerFactory.getLogger(Toolbox.class);

    /** The names of the built-in tools, in the order they are offered. */
    public static final List<String> BUILT_IN = List.of("read", "write", "edit", "glob", "grep", "ls", "bash",
            "task_create", "task_update", "task_list", "task_get");

    private final Map<String, Tool> tools;
    private final Supplier<Sandbox> sandbox;

    private Toolbox(Map<String, Tool> tools, Supplier<Sandbox> sandbox) {
        this.tools = Collections.unmodifiableMap(new LinkedHashMap<>(tools));
        this.sandbox = sandbox;
    }

    /** The built-in tools, with bash getting this process's environment (less secrets) in the best sandbox here. */
    public static Toolbox builtIn() {
        return builtIn(SandboxMode.AUTO);
    }

    /**
     * The built-in tools, with bash getting this process's environment (less secrets) in the best sandbox here, or
     * unconfined when {@code mode} is {@link SandboxMode#OFF}.
     */
    public static Toolbox builtIn(SandboxMode mode) {
        Map<String, String> environment = System.getenv();
        Sandbox sandbox = Sandbox.forMode(mode, environment);
        LOG.info("{}", sandbox.description());
        return builtIn(environment, sandbox);
    }

    /** The built-in tools, with bash starting from {@code environment} (secrets are dropped) in {@code sandbox}. */
    public static Toolbox builtIn(Map<String, String> environment, Sandbox sandbox) {
        return builtIn(environment, () -> sandbox);
    }

    /**
     * As {@link #builtIn(Map, Sandbox)}, with the sandbox found when bash is first described or run (see
     * {@link Sandbox#forModeOnFirstUse}), so a process that never runs bash never probes bubblewrap.
     */
    public static Toolbox builtIn(Map<String, String> environment, Supplier<Sandbox> sandbox) {
        return builtIn(environment, EnvironmentFilter.SECRETS_ONLY, sandbox);
    }

    /** As {@link #builtIn(Map, Supplier)}, bash's variables chosen by {@code filter} (the user's env.allow/deny). */
    public static Toolbox builtIn(Map<String, String> environment, EnvironmentFilter filter,
                                  Supplier<Sandbox> sandbox) {
        Map<String, Tool> tools = new LinkedHashMap<>();
        ProtectedPaths protectedPaths = ProtectedPaths.of(environment);
        for (Tool tool : List.of(new ReadTool(), new WriteTool(protectedPaths), new EditTool(protectedPaths),
                new GlobTool(), new GrepTool(),
                new LsTool(), new BashTool(environment, filter, sandbox), new TaskCreateTool(), new TaskUpdateTool(),
                new TaskListTool(), new TaskGetTool())) {
            tools.put(tool.name(), tool);
        }
        return new Toolbox(tools, sandbox);
    }

    /**
     * This toolbox plus {@code more} (e.g. {@code submit_result}, which the agent loop defines).
     *
     * @throws IllegalArgumentException when a name is taken already
     */
    public Toolbox with(Tool... more) {
        Map<String, Tool> all = new LinkedHashMap<>(tools);
        for (Tool tool : more) {
            if (find(tool.name()).isPresent() || all.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("a tool named '" + tool.name() + "' is in the toolbox already");
            }
        }
        return new Toolbox(all, sandbox);
    }

    /** The tool of that name, exactly or else ignoring case. */
    public Optional<Tool> find(String name) {
        if (name == null) {
            return Optional.empty();
        }
        Tool exact = tools.get(name.strip());
        if (exact != null) {
            return Optional.of(exact);
        }
        String lower = name.strip().toLowerCase(Locale.ROOT);
        return tools.values().stream().filter(t -> t.name().toLowerCase(Locale.ROOT).equals(lower)).findFirst();
    }

    /** @throws UnknownToolException when there is no such tool */
    public Tool get(String name) {
        return find(name).orElseThrow(() -> new UnknownToolException(List.of(String.valueOf(name)), names()));
    }

    /**
     * The tools of a whitelist, in its order, each once.
     *
     * @throws UnknownToolException naming every unknown name at once
     */
    public List<Tool> select(Collection<String> names) {
        List<String> missing = unknown(names);
        if (!missing.isEmpty()) {
            throw new UnknownToolException(missing, names());
        }
        List<Tool> selected = new ArrayList<>();
        for (String name : names) {
            Tool tool = get(name);
            if (!selected.contains(tool)) {
                selected.add(tool);
            }
        }
        return List.copyOf(selected);
    }

    /** The names in {@code names} that no tool has, in their order (empty when all are known). */
    public List<String> unknown(Collection<String> names) {
        return names.stream().filter(n -> find(n).isEmpty()).distinct().toList();
    }

    public List<String> names() {
        return List.copyOf(tools.keySet());
    }

    public List<Tool> all() {
        return List.copyOf(tools.values());
    }

    /** Where bash runs; {@link Sandbox#description()} is the line for a doctor-like report. */
    public Sandbox sandbox() {
        return sandbox.get();
    }
}
