package dev.longtask.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.config.SettingsLoader;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;

/** Shared pieces of the wire tests: recorded provider bodies, settings, requests and a sleeper that logs. */
final class Wire {
    static final ObjectMapper JSON = new ObjectMapper();

    private Wire() {
    }

    static String body(String name) {
        try (InputStream in = Wire.class.getResourceAsStream("wire/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static MockResponse json(int code, String resource) {
        return new MockResponse.Builder().code(code)
                .addHeader("Content-Type", "application/json")
                .body(body(resource))
                .build();
    }

    static Settings settings(Path home, Map<String, String> env, String model, String baseUrl) {
        Flags flags = Flags.none().set(SettingKey.MODEL, "--model", model).set(SettingKey.BASE_URL, "--base-url", baseUrl);
        return SettingsLoader.load(new Environment(env, home.resolve("user-config.yaml")), null, flags);
    }

    /** A factory whose waits are recorded, not slept; backoff starts at 1 ms. */
    static LlmClients noWaiting(List<Duration> waits) {
        return new LlmClients(waits::add, () -> 0.5, Clock.systemUTC(), Duration.ofMillis(1));
    }

    static LlmClients realWaiting() {
        return new LlmClients(Sleeper.REAL, () -> 0.5, Clock.systemUTC(), Duration.ofMillis(1));
    }

    static ObjectNode parse(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode readSchema() {
        try {
            return (ObjectNode) JSON.readTree("""
                    {"type":"object",
                     "properties":{"path":{"type":"string","description":"file to read"},
                                   "offset":{"type":"integer"},"limit":{"type":"integer"}},
                     "required":["path"]}""");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ChatRequest toolRequest() {
        return new ChatRequest(List.of(
                new ChatMessage.System("You are a careful engineer."),
                new ChatMessage.User("Find the entry point.")),
                List.of(new ToolSpec("read", "Read a file of the workspace", readSchema())), 1000);
    }

    static ChatRequest simple(String text) {
        return new ChatRequest(List.of(new ChatMessage.User(text)), List.of(), 16);
    }

    /** Collects every attempt the retry layer reports. */
    static final class Attempts implements AttemptListener {
        final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());
        final List<Success> successes = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void attemptFailed(Failure failure) {
            failures.add(failure);
        }

        @Override
        public void callSucceeded(Success success) {
            successes.add(success);
        }
    }
}
