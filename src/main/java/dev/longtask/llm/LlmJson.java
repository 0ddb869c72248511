package dev.longtask.llm;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;

/** JSON of recorded exchanges: one line {"model":..,"request":{..},"response":{..}} per model call. */
final class LlmJson {
    static final ObjectMapper MAPPER = JsonMapping.MAPPER;

    private LlmJson() {
    }

    record Exchange(@JsonProperty("model") String model,
                    @JsonProperty("request") ChatRequest request,
                    @JsonProperty("response") ChatResponse response) {
    }
}
