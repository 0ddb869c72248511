package dev.longtask.mcp;

import dev.longtask.model.JsonMapping;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import org.slf4j.LoggerFactory;

/**
 * The stdio server's JSON mapping, made on a thread of its own while the server is put together on another, and
 * taught the messages of the handshake before it is handed over: Jackson's first mapper (its class set-up) and
 * the first reading of an {@code initialize} and writing of its answer (each message type's reflection) took half
 * the time to that answer, on one core of two. It maps as {@link LongtaskMcpServer#json} does (the same dialect);
 * a caller that comes before it is ready waits for it.
 */
final class WarmJson implements McpJsonMapper {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":{\"listChanged\":true}},"
            + "\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"0\"}}}";

    private final CompletableFuture<McpJsonMapper> mapper = new CompletableFuture<>();
    private final CountDownLatch logging = new CountDownLatch(1);

    /** Starts making the mapping, with the server's answer to {@code initialize} (its parts) to write once. */
    WarmJson(McpSchema.ServerCapabilities capabilities, McpSchema.Implementation serverInfo, String instructions) {
        Thread thread = new Thread(() -> {
            try {
                LoggerFactory.getILoggerFactory(); // logback's start, first: see awaitLogging
            } finally {
                logging.countDown();
            }
            try {
                // the process's shared mapper, which the stdio lines read with too: one mapper to set up and teach
                McpJsonMapper made = new JacksonMcpJsonMapper(JsonMapping.MAPPER);
                rehearse(made, new McpSchema.InitializeResult("2025-06-18", capabilities.mutate().logging().build(),
                        serverInfo, instructions));
                mapper.complete(made);
            } catch (RuntimeException | Error e) {
                mapper.completeExceptionally(e);
            }
        }, "longtask-json");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits until logging has started (on this mapping's thread, first thing). Whoever asks for a logger while it
     * starts on another thread gets a stand-in, and what is logged through one makes SLF4J warn on stderr that
     * it replayed it: the server, whose SDK classes take their loggers as they load, waits for this first.
     */
    void awaitLogging() {
        try {
            logging.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads an initialize request and writes an answer as the handshake will, so that Jackson has their types. */
    private static void rehearse(McpJsonMapper json, McpSchema.InitializeResult answer) {
        try {
            JsonMapping.MAPPER.readTree(INITIALIZE);
            McpSchema.JSONRPCRequest request = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(json,
                    INITIALIZE);
            json.convertValue(request.params(), new TypeRef<McpSchema.InitializeRequest>() {
            });
            json.writeValueAsString(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), answer,
                    null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private McpJsonMapper mapper() {
        try {
            return mapper.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return mapper().readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return mapper().readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return mapper().readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return mapper().readValue(content, type);
    }

    @Override
    public <T> T convertValue(Object from, Class<T> type) {
        return mapper().convertValue(from, type);
    }

    @Override
    public <T> T convertValue(Object from, TypeRef<T> type) {
        return mapper().convertValue(from, type);
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        return mapper().writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        return mapper().writeValueAsBytes(value);
    }
}
