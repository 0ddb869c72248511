package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collection;

/** The structured-output tools of the role agents (submit_plan, decide, submit_report; see docs/engine.md), with their schemas from the classpath. */
final class RoleTools {
    static final String SUBMIT_PLAN = "submit_plan";
    static final String DECIDE = "decide";
    static final String SUBMIT_REPORT = "submit_report";

    private final ObjectMapper json;
    /** Read on first use: a worker builds these parts for every task it claims, and its task agents never use them. */
    private ToolSpec submitPlan;
    private ToolSpec decide;
    private ToolSpec submitReport;

    RoleTools(ObjectMapper json) {
        this.json = json;
    }

    /** submit_plan with the agents a task may be given as the closed set of {@code agent}. */
    synchronized ToolSpec submitPlan(Collection<String> agents) {
        if (submitPlan == null) {
            submitPlan = spec(json, SUBMIT_PLAN, "Submit the plan: the tasks, their agents, dependencies, inputs, "
                    + "outputs and success criteria. Ends your work when the plan is accepted.");
        }
        return withAgents(submitPlan, "tasks", agents);
    }

    /** decide with the agents a new task may be given as the closed set of {@code agent}. */
    synchronized ToolSpec decide(Collection<String> agents) {
        if (decide == null) {
            decide = spec(json, DECIDE, "Decide what happens next in the run: continue, adjust (add, cancel or retry "
                    + "tasks) or stop. Ends your work when the decision is accepted.");
        }
        return withAgents(decide, "add_tasks", agents);
    }

    private static ToolSpec withAgents(ToolSpec spec, String tasks, Collection<String> agents) {
        ObjectNode schema = spec.parameters().deepCopy();
        ArrayNode names = ((ObjectNode) schema.path("properties").path(tasks).path("items").path("properties")
                .path("agent")).putArray("enum");
        agents.stream().sorted().forEach(names::add);
        return new ToolSpec(spec.name(), spec.description(), schema);
    }

    synchronized ToolSpec submitReport() {
        if (submitReport == null) {
            submitReport = spec(json, SUBMIT_REPORT, "Submit the final report of the run. Ends your work.");
        }
        return submitReport;
    }

    private static ToolSpec spec(ObjectMapper json, String name, String description) {
        String resource = "/schemas/" + name + ".json";
        try (InputStream in = RoleTools.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the schema " + resource + " is missing from the jar");
            }
            return new ToolSpec(name, description, (ObjectNode) json.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
