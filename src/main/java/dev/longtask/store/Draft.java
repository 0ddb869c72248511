package dev.longtask.store;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An event a decision of {@link Changes} wants appended, before a store gives it its seq and time: what every backend's
 * commit builds its event from.
 */
public record Draft(String type, Integer task, ObjectNode data) {
}
