package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ToolSpec;
import dev.longtask.tools.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The tool that ends an agent's loop: {@code submit_result} for task agents, {@code submit_plan}, {@code decide}
 * or {@code submit_report} for the engine's role agents. A call whose arguments break the schema or the
 * {@link Check} goes back to the model as a tool error and the loop goes on, up to {@code maxRejections}
 * times; an accepted call ends the loop with its arguments as the outcome.
 *
 * @param success whether accepted arguments mean the work succeeded (submit_result's {@code success} field)
 * @param render  the whole final output as text (what {@code {previous}} of a chain receives)
 */
public record Terminal(ToolSpec spec, Check check, Predicate<ObjectNode> success,
                       Function<ObjectNode, String> render, int maxRejections) {

    public static final int DEFAULT_MAX_REJECTIONS = 5;

    /** Checks accepted-by-schema arguments further (plan validity, files that must exist ...). */
    @FunctionalInterface
    public interface Check {
        /** What is wrong, one line each, written for the model to fix it; empty to accept. */
        List<String> problems(ObjectNode arguments);
    }

    public Terminal {
        if (maxRejections < 1) {
            throw new IllegalArgumentException("maxRejections must be at least 1");
        }
    }

    /**
     * A terminal tool whose arguments are checked against {@code spec.parameters()} and then by {@code check};
     * accepted calls count as success and render as pretty JSON.
     */
    public static Terminal of(ToolSpec spec, Check check) {
        return new Terminal(spec, schemaThen(new SchemaCheck(spec.parameters()), check), args -> true, Json::pretty, DEFAULT_MAX_REJECTIONS);
    }

    /**
     * {@code submit_result {success, summary, details, findings[], artifacts{}, next_steps[]}}: a success is refused
     * while a file of {@code requiredOutputs} is missing, and an artifact must be a file inside the workspace.
     */
    public static Terminal submitResult(Workspace workspace, Map<String, String> requiredOutputs) {
        ToolSpec spec = SubmitResult.spec();
        return submitResult(spec, workspace, requiredOutputs, new SchemaCheck(spec.parameters()));
    }

    /** {@link #submitResult(Workspace, Map)} with its schema compiled once by the runtime's {@code caches}. */
    public static Terminal submitResult(Workspace workspace, Map<String, String> requiredOutputs, LoopCaches caches) {
        ToolSpec spec = SubmitResult.spec();
        return submitResult(spec, workspace, requiredOutputs, caches.schema(spec.parameters()));
    }

    private static Terminal submitResult(ToolSpec spec, Workspace workspace, Map<String, String> requiredOutputs,
                                         SchemaCheck schema) {
        return new Terminal(spec, schemaThen(schema, new SubmitResult(workspace, requiredOutputs)),
                SubmitResult::succeeded, SubmitResult::render, DEFAULT_MAX_REJECTIONS);
    }

    public String name() {
        return spec.name();
    }

    public Terminal withMaxRejections(int max) {
        return new Terminal(spec, check, success, render, max);
    }

    private static Check schemaThen(SchemaCheck schema, Check then) {
        return args -> {
            List<String> problems = new ArrayList<>(schema.problems(args));
            if (problems.isEmpty() && then != null) {
                problems.addAll(then.problems(args));
            }
            return problems;
        };
    }
}
