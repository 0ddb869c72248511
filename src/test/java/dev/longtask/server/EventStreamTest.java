package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.JsonMapping;
import java.net.URI;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Live events: SSE from Last-Event-ID with nothing missed or repeated, filters, the JSON page, the WebSocket. */
class EventStreamTest {
    @TempDir
    Path dir;

    @Test
    void anSseClientThatReconnectsWithLastEventIdGetsEveryEventExactlyOnce() throws Exception {
        Jobs jobs = new Jobs(5, 20, true);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            String id = f.submit("job-01: five steps", Map.of("concurrency", 2));
            List<Long> seen = new ArrayList<>();
            String last = null;
            int connections = 0;
            boolean ended = false;
            while (!ended) {
                connections++;
                assertThat(connections).as("connections needed").isLessThan(200);
                try (ServerFixture.SseStream stream = f.events(id, "", last)) {
                    assertThat(stream.status).isEqualTo(200);
                    for (int i = 0; i < 7; i++) {
                        ServerFixture.Sse event = stream.next();
                        assertThat(event).as("the stream ends with an end event").isNotNull();
                        if ("end".equals(event.event())) {
                            ended = true;
                            break;
                        }
                        JsonNode data = ServerFixture.JSON.readTree(event.data());
                        assertThat(event.id()).isEqualTo(data.path("seq").asText());
                        assertThat(event.event()).isEqualTo(data.path("type").asText());
                        seen.add(Long.parseLong(event.id()));
                        last = event.id();
                    }
                }
            }
            List<Event> log = new RunFiles(JsonMapping.newMapper()).eventsAfter(f.workspace, id, 0, Integer.MAX_VALUE);
            assertThat(connections).as("the stream was cut several times while the run ran").isGreaterThan(3);
            assertThat(seen).as("every event of the log once, in order")
                    .containsExactlyElementsOf(log.stream().map(Event::seq).toList());
            assertThat(log.get(log.size() - 1).data().path("status").asText()).isEqualTo("completed");
        }
    }

    @Test
    void typesAndExcludeFilterTheStreamAndThePlainGetIsAJsonPage() throws Exception {
        Jobs jobs = new Jobs(2, 0, true);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            String id = f.submit("job-02: two steps", Map.of());
            List<String> types = new ArrayList<>();
            try (ServerFixture.SseStream stream = f.events(id, "?types=task.*,run.status&exclude=task.claimed", null)) {
                for (ServerFixture.Sse e = stream.next(); e != null && !"end".equals(e.event()); e = stream.next()) {
                    types.add(e.event());
                }
            }
            assertThat(types).contains("run.status", "task.created", "task.completed")
                    .doesNotContain("task.claimed", "llm.call", "run.created");
            JsonNode page = f.json(f.get("/api/runs/" + id + "/events?after=3&limit=5"));
            assertThat(page.path("events")).hasSize(5);
            assertThat(page.path("events").get(0).path("seq").asLong()).isEqualTo(4);
            assertThat(page.path("next_after").asLong()).isEqualTo(8);
            assertThat(f.get("/api/runs/" + id + "/events?types=Not%20A%20Type").statusCode()).isEqualTo(400);
        }
    }

    @Test
    void theWebSocketStreamSendsRunLevelEventsOfSubscribedRunsAndChattyOnesOnlyWhenAsked() throws Exception {
        Jobs jobs = new Jobs(2, 0, false);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            LinkedBlockingQueue<JsonNode> plain = new LinkedBlockingQueue<>();
            LinkedBlockingQueue<JsonNode> chatty = new LinkedBlockingQueue<>();
            WebSocket a = connect(f, plain);
            WebSocket b = connect(f, chatty);
            assertThat(plain.poll(60, TimeUnit.SECONDS).path("type").asText()).isEqualTo("hello");
            assertThat(chatty.poll(60, TimeUnit.SECONDS).path("type").asText()).isEqualTo("hello");
            a.sendText("{\"type\":\"subscribe\",\"runs\":[\"*\"]}", true).join();
            b.sendText("{\"type\":\"subscribe\",\"runs\":[\"pool\"],\"types\":[\"llm.call\",\"run.status\"]}", true)
                    .join();
            assertThat(plain.poll(60, TimeUnit.SECONDS).path("type").asText()).isEqualTo("subscribed");
            assertThat(chatty.poll(60, TimeUnit.SECONDS).path("type").asText()).isEqualTo("subscribed");
            String id = f.submit("job-03: two steps", Map.of());
            jobs.release();
            List<String> plainTypes = typesUntilCompleted(plain, id);
            List<String> chattyTypes = typesUntilCompleted(chatty, id);
            assertThat(plainTypes).contains("run.created", "plan.accepted", "task.completed", "report.written")
                    .doesNotContain("llm.call", "task.claimed");
            assertThat(chattyTypes).contains("llm.call", "run.status").doesNotContain("task.completed");
            a.sendText("{\"type\":\"unsubscribe\"}", true).join();
            assertThat(plain.poll(60, TimeUnit.SECONDS).path("type").asText()).isEqualTo("error");
            a.abort();
            b.abort();
        }
    }

    @Test
    void anOrderlyStopClosesEveryWebSocketWithGoingAway() throws Exception {
        Jobs jobs = new Jobs(2, 0, false);
        ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o);
        CompletableFuture<Integer> closedWith = new CompletableFuture<>();
        CompletableFuture<Void> greeted = new CompletableFuture<>();
        try {
            WebSocket ws = f.http.newWebSocketBuilder().header("Authorization", "Bearer " + f.server.token())
                    .buildAsync(URI.create(f.url("/api/stream").replace("http://", "ws://")), new WebSocket.Listener() {
                        @Override
                        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                            greeted.complete(null);
                            socket.request(1);
                            return null;
                        }

                        @Override
                        public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
                            closedWith.complete(statusCode);
                            return null;
                        }

                        @Override
                        public void onError(WebSocket socket, Throwable error) {
                            closedWith.completeExceptionally(error);
                        }
                    }).orTimeout(30, TimeUnit.SECONDS).join();
            // The handshake can complete before the server has taken the connection in; its hello says it has. A
            // stop before that closes a connection the server never knew (1006), which is not what is tested here.
            greeted.get(60, TimeUnit.SECONDS);
            ws.sendText("{\"type\":\"subscribe\",\"runs\":[\"*\"]}", true).join();
        } finally {
            f.close();
        }
        assertThat(closedWith.get(30, TimeUnit.SECONDS)).as("the close code").isEqualTo(1001);
    }

    private static List<String> typesUntilCompleted(LinkedBlockingQueue<JsonNode> messages, String runId)
            throws InterruptedException {
        List<String> types = new ArrayList<>();
        while (true) {
            JsonNode m = messages.poll(30, TimeUnit.SECONDS);
            assertThat(m).as("a message before the run completed; got " + types).isNotNull();
            assertThat(m.path("run_id").asText()).isEqualTo(runId);
            String type = m.path("event").path("type").asText();
            types.add(type);
            if (type.equals("run.status") && m.path("event").path("data").path("status").asText().equals("completed")) {
                return types;
            }
        }
    }

    static WebSocket connect(ServerFixture f, LinkedBlockingQueue<JsonNode> into) {
        return f.http.newWebSocketBuilder().header("Authorization", "Bearer " + f.server.token())
                .buildAsync(URI.create(f.url("/api/stream").replace("http://", "ws://")), new WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            try {
                                into.add(ServerFixture.JSON.readTree(text.toString()));
                            } catch (java.io.IOException e) {
                                throw new AssertionError(e);
                            }
                            text.setLength(0);
                        }
                        ws.request(1);
                        return CompletableFuture.completedFuture(null);
                    }
                }).orTimeout(10, TimeUnit.SECONDS).join();
    }
}
