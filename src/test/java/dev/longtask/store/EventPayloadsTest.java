package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.RunFixtures;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every event type has a typed payload, and the payloads hold the log exactly: each event of the kept fixtures (runs
 * written by older versions) and of a run written now reads into its payload and writes back the same JSON.
 */
class EventPayloadsTest {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    @TempDir
    Path tmp;

    @Test
    void everyEventTypeHasATypedPayload() throws IllegalAccessException {
        Set<String> types = new TreeSet<>();
        for (Field field : EventType.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                types.add((String) field.get(null));
            }
        }
        assertThat(types).hasSizeGreaterThan(25);
        assertThat(EventData.PAYLOADS.keySet()).containsExactlyInAnyOrderElementsOf(types);
    }

    @Test
    void theEventsOfTheKeptFixturesReadIntoTheirPayloadsAndWriteBackTheSame() throws Exception {
        Path resources = Path.of(getClass().getResource("/fixtures").toURI());
        List<Path> logs;
        try (Stream<Path> files = Files.walk(resources)) {
            logs = files.filter(f -> f.getFileName().toString().equals("events.jsonl")).toList();
        }
        assertThat(logs).hasSizeGreaterThanOrEqualTo(4);
        Set<String> seen = new TreeSet<>();
        for (Path log : logs) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Event event = JSON.readValue(line, Event.class);
                assertRoundTrip(event);
                seen.add(event.type());
            }
        }
        assertThat(seen).contains(EventType.RUN_CREATED, EventType.RUN_STATUS, EventType.TASK_CREATED,
                EventType.TASK_CLAIMED, EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.PLAN_ACCEPTED,
                EventType.LLM_CALL);
    }

    @Test
    void theEventsTheStoreWritesNowReadIntoTheirPayloadsAndWriteBackTheSame() {
        Path workspace = RunFixtures.formatTwo(tmp);
        List<Event> events = new ArrayList<>();
        try (FileRunStore store = FileRunStore.create(workspace, "payloads", "every kind of event", "test:scripted",
                new Budget(1000L, null, null), StoreOptions.defaults())) {
            int first = store.createTask(new TaskDraft("first", "do it", null, List.of(), Map.of("in", "a.txt"),
                    Map.of("out", "b.txt"), List.of("b.txt exists"))).id();
            int second = store.createTask(TaskDraft.of("second")).id();
            int third = store.createTask(TaskDraft.of("third")).id();
            int fourth = store.createTask(TaskDraft.of("fourth")).id();
            store.addDependency(second, first);
            store.addDependency(third, first);
            ObjectNode fields = JSON.createObjectNode().put("subject", "the first").put("owner", "someone");
            store.updateTask(first, fields);
            store.setRunStatus(RunStatus.RUNNING, null);
            store.claim(first, "pid 1");
            store.requeue(first, "a crash");
            store.claim(first, "pid 1");
            store.finish(first, false, "it broke", List.of(new EventData.ProgressNote("tried")),
                    JSON.createObjectNode().put("success", false));
            store.cancelAsBlocked(second, "waits for #1, which failed");
            store.cancel(third, null);
            store.setStatus(fourth, TaskStatus.IN_PROGRESS, null);
            store.setStatus(fourth, TaskStatus.COMPLETED, "by hand");
            store.writeReport("# Report\n", JSON.createObjectNode().put("title", "Report").put("synthesized", true));
            events.addAll(store.eventsAfter(0));
        }
        Set<String> types = new TreeSet<>();
        for (Event event : events) {
            assertRoundTrip(event);
            types.add(event.type());
        }
        assertThat(types).contains(EventType.RUN_CREATED, EventType.RUN_STATUS, EventType.TASK_CREATED,
                EventType.TASK_UPDATED, EventType.TASK_DEPENDENCY_ADDED, EventType.TASK_CLAIMED,
                EventType.TASK_REQUEUED, EventType.TASK_FAILED, EventType.TASK_CANCELLED, EventType.TASK_COMPLETED,
                EventType.REPORT_WRITTEN);
        JsonNode blocked = events.stream().filter(e -> e.type().equals(EventType.TASK_CANCELLED)).findFirst()
                .orElseThrow().data();
        assertThat(blocked.toString()).isEqualTo("{\"reason\":\"waits for #1, which failed\",\"cause\":\"blocked\"}");
        JsonNode updated = events.stream().filter(e -> e.type().equals(EventType.TASK_UPDATED)).findFirst()
                .orElseThrow().data();
        assertThat(updated.toString()).isEqualTo("{\"subject\":\"the first\",\"owner\":\"someone\"}");
    }

    private static void assertRoundTrip(Event event) throws IllegalArgumentException {
        Class<?> payload = EventData.PAYLOADS.get(event.type());
        assertThat(payload).as("the payload of %s", event.type()).isNotNull();
        Object read;
        try {
            read = JSON.treeToValue(event.data(), payload);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError("event " + event.seq() + " (" + event.type() + ") does not read into "
                    + payload.getSimpleName() + ": " + e.getMessage(), e);
        }
        if (read instanceof EventData data) {
            assertThat(data.type()).isEqualTo(event.type());
        }
        assertThat(JSON.valueToTree(read).toString()).as("event %s (%s) written back", event.seq(), event.type())
                .isEqualTo(event.data().toString());
    }
}
