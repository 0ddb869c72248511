package dev.longtask.model.plan;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/** One task as the planner (or the director's add_tasks) proposes it; keys name tasks inside one plan. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PlannedTask(
        String key,
        String subject,
        String instruction,
        String agent,
        @JsonProperty("depends_on") List<String> dependsOn,
        Map<String, String> inputs,
        Map<String, String> outputs,
        @JsonProperty("success_criteria") List<String> successCriteria) {

    public PlannedTask {
        key = key == null ? "" : key.strip();
        subject = subject == null ? "" : subject.strip();
        instruction = instruction == null ? "" : instruction;
        agent = agent == null || agent.isBlank() ? "general" : agent.strip();
        dependsOn = List.copyOf(dependsOn == null ? List.of() : dependsOn);
        inputs = Map.copyOf(inputs == null ? Map.of() : inputs);
        outputs = Map.copyOf(outputs == null ? Map.of() : outputs);
        successCriteria = List.copyOf(successCriteria == null ? List.of() : successCriteria);
    }
}
