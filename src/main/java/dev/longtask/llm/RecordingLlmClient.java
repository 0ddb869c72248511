package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Appends each answered request and its response to a JSON-lines file, as {@link ReplayLlmClient} reads it. */
final class RecordingLlmClient implements LlmClient {
    private final LlmClient inner;
    private final Path file;

    RecordingLlmClient(LlmClient inner, Path file) {
        this.inner = inner;
        this.file = file;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        ChatResponse response = inner.chat(request);
        append(new LlmJson.Exchange(modelSpec(), request, response));
        return response;
    }

    private synchronized void append(LlmJson.Exchange exchange) {
        try {
            byte[] line = (LlmJson.MAPPER.writeValueAsString(exchange) + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a model exchange as JSON", e);
        } catch (IOException e) {
            throw new LlmException("cannot append to the record file " + file + ": " + e.getMessage(), 0, false, e);
        }
    }

    @Override
    public String modelSpec() {
        return inner.modelSpec();
    }

    @Override
    public int contextWindowTokens() {
        return inner.contextWindowTokens();
    }
}
