package dev.longtask.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.Tape;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The processor time of one model call on longtask's side, warm: {@link LlmClients}' client for {@code openai:} and
 * {@code anthropic:} against a local server that answers at once with a recorded tool call, for a realistic request
 * (a system prompt, ten tools, six messages with two tool round trips). Reports per call the caller's thread time and
 * the time of every thread of the process but the server's (the HTTP client's own threads included), in microseconds.
 *
 * <pre>java -cp ... dev.longtask.llm.ModelCallBench [--calls 2000] [--rounds 7] [--warmup 6000]</pre>
 */
public final class ModelCallBench {
    private ModelCallBench() {
    }

    public static void main(String[] args) throws Exception {
        int calls = 2000;
        int rounds = 7;
        int warmup = 6000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--calls" -> calls = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException(args[i]);
            }
        }
        // the server writes its headers and body apart: without this each answer waits out a delayed acknowledgement
        System.setProperty("sun.net.httpserver.nodelay", "true");
        Path home = Files.createTempDirectory("model-call-bench");
        for (String model : List.of("openai:gpt-4o", "anthropic:claude-sonnet-4-5")) {
            bench(model, home, calls, rounds, warmup);
        }
    }

    private static void bench(String model, Path home, int calls, int rounds, int warmup) throws Exception {
        boolean anthropic = model.startsWith("anthropic:");
        byte[] answer = Wire.body(anthropic ? "anthropic-tool-use.json" : "openai-tool-calls.json")
                .getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        ExecutorService serverThreads = Executors.newSingleThreadExecutor(r -> new Thread(r, SERVER + "handler"));
        server.setExecutor(serverThreads);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + (anthropic ? "" : "/v1");
            Map<String, String> env = Map.of("OPENAI_API_KEY", "sk-bench", "ANTHROPIC_API_KEY", "sk-ant-bench");
            ModelClient client = Wire.noWaiting(new ArrayList<>()).build(Wire.settings(home, env, model, url),
                    Tape.NONE, AttemptListener.NONE);
            ChatRequest request = request();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < warmup; i++) {
                check(client.chat(request));
            }
            List<Double> caller = new ArrayList<>();
            List<Double> process = new ArrayList<>();
            Map<String, Long> byThread = new HashMap<>();
            for (int r = 0; r < rounds; r++) {
                Map<Long, Long> before = clientThreads(threads, null);
                long mine = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < calls; i++) {
                    check(client.chat(request));
                }
                long mineAfter = threads.getCurrentThreadCpuTime();
                Map<Long, String> names = new HashMap<>();
                Map<Long, Long> after = clientThreads(threads, names);
                long total = 0;
                for (Map.Entry<Long, Long> e : after.entrySet()) {
                    long d = e.getValue() - before.getOrDefault(e.getKey(), 0L);
                    total += d;
                    if (r == rounds - 1) {
                        byThread.merge(names.get(e.getKey()), d, Long::sum);
                    }
                }
                caller.add((mineAfter - mine) / 1000.0 / calls);
                process.add(total / 1000.0 / calls);
                System.out.printf(Locale.ROOT, "%s round %d: caller %.1f us/call, client threads %.1f us/call%n",
                        model, r + 1, caller.get(r), process.get(r));
            }
            System.out.printf(Locale.ROOT, "%s median: caller=%.1f client=%.1f us/call%n", model, median(caller),
                    median(process));
            final int n = calls;
            byThread.entrySet().stream().filter(e -> e.getValue() / n > 500)
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(e -> System.out.printf(Locale.ROOT, "  %-40s %.1f us/call%n", e.getKey(),
                            e.getValue() / 1000.0 / n));
            System.out.printf(Locale.ROOT, "model=%s caller_us=%.1f client_us=%.1f%n", model, median(caller),
                    median(process));
        } finally {
            server.stop(0);
            serverThreads.shutdown();
        }
    }

    /** The first words of the local server's thread names, whose time is not counted. */
    private static final String SERVER = "bench-server-";

    /** Processor time of every live thread that is not the mock server's, by id; their names into {@code names}. */
    private static Map<Long, Long> clientThreads(ThreadMXBean threads, Map<Long, String> names) {
        Map<Long, Long> cpu = new HashMap<>();
        for (java.lang.management.ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null || info.getThreadName().startsWith(SERVER)
                    || info.getThreadName().startsWith("HTTP-Dispatcher")) {
                continue;
            }
            long t = threads.getThreadCpuTime(info.getThreadId());
            if (t >= 0) {
                cpu.put(info.getThreadId(), t);
                if (names != null) {
                    names.put(info.getThreadId(), info.getThreadName().replaceAll("\\d+", "N"));
                }
            }
        }
        return cpu;
    }

    private static void check(ChatResponse response) {
        if (response.message().toolCalls().isEmpty()) {
            throw new IllegalStateException("no tool call in " + response);
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** A system prompt of 3 KB, ten tools and six messages: two reads of 2 KB files and their answers. */
    static ChatRequest request() {
        String system = ("You are a careful engineer working in a repository. Read before you write; keep changes small;"
                + " run the tests you touch. ").repeat(25);
        List<ToolSpec> tools = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ObjectNode schema = Wire.readSchema();
            ((ObjectNode) schema.get("properties")).putObject("mode" + i).put("type", "string")
                    .put("description", "how tool " + i + " should work").putArray("enum").add("fast").add("slow");
            tools.add(new ToolSpec("tool_" + i, "Tool number " + i + ": reads or writes part of the workspace, "
                    + "with the path relative to the workspace root.", schema));
        }
        String file = "public final class Main {\n    public static void main(String[] args) {\n"
                + "        System.out.println(\"hello\");\n    }\n}\n";
        List<ChatMessage> messages = List.of(
                new ChatMessage.System(system),
                new ChatMessage.User("Find the entry point of the program and explain what it prints."),
                new ChatMessage.Assistant("I will read the main file.", List.of(new ToolCall("call_1", "tool_0",
                        Wire.parse("{\"path\":\"src/Main.java\",\"mode0\":\"fast\"}")))),
                new ChatMessage.ToolResult("call_1", "tool_0", file.repeat(14), false),
                new ChatMessage.Assistant("", List.of(new ToolCall("call_2", "tool_0",
                        Wire.parse("{\"path\":\"src/Other.java\"}")))),
                new ChatMessage.ToolResult("call_2", "tool_0", file.repeat(14), false));
        return new ChatRequest(messages, tools, 4096);
    }
}
