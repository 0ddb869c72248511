package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One durable fact about a run, one line of {@code events.jsonl}. {@code seq} counts up from 1 without gaps;
 * {@code task} is the task the fact is about, or null; {@code data} is the payload, an object, see {@link EventType}.
 */
@JsonPropertyOrder({"seq", "time", "type", "task", "data"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Event(long seq, Instant time, String type, Integer task, JsonNode data) {
}
