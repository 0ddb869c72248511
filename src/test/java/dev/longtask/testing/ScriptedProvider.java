package dev.longtask.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted model behind a real HTTP server that speaks the OpenAI Chat Completions API
 * ({@code POST /v1/chat/completions}) and the Anthropic Messages API ({@code POST /v1/messages}), for trying whole
 * runs from the shell and for tests that drive a child {@code longtask} process. It reads each request the way a
 * model would have to (which tools it was given, the task contract in the system prompt, how far the conversation
 * has got) and answers with the tool call that moves the run on: the planner gets a plan of {@code --tasks} tasks,
 * a task agent looks around once, makes each call the goal asks for with {@code CALL <tool> {json}} (once, if it
 * has that tool: an MCP server's, say), writes every required output and submits, the director continues, the
 * synthesizer reports. A request on the text tool protocol (no tools on the wire, the tools listed in the system
 * prompt) is answered the same way in text: {@code TOOL_CALL {...}} lines, and {@code FINAL {...}} for the finishing
 * tool. Test code only: the product never ships a canned answer.
 *
 * <pre>
 * src/test/scripts/scripted-model [--port 0] [--tasks 3] [--latency 0ms] [--fail REGEX] [--errors 429x2]
 *                                 [--record DIR]
 * </pre>
 */
public final class ScriptedProvider implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SUBJECT = Pattern.compile("^Subject: (.*)$", Pattern.MULTILINE);
    private static final Pattern MAX_STEPS = Pattern.compile("You have at most (\\d+) steps");
    private static final Pattern CHUNK = Pattern.compile("Review (\\S+) \\(of \\d+\\)");
    private static final Pattern GOAL = Pattern.compile("goal:\\s*\\n\\s*\\n(.+)");
    private static final Pattern OUTPUT = Pattern.compile("^- ([^:\\n]+): (\\S+)$", Pattern.MULTILINE);
    /** A goal's request that task agents call a tool, e.g. an MCP server's: CALL mcp__everything__echo {"message":"hi"}. */
    private static final Pattern CALL = Pattern.compile("CALL ([A-Za-z0-9_-]+) (\\{[^{}]*})");
    /** A request on the text tool protocol: no tools on the wire, the protocol and the tools in the system prompt. */
    private static final String TEXT_PROTOCOL = "## Calling tools";
    private static final Pattern TEXT_TOOL = Pattern.compile("^- ([a-z_]+): ", Pattern.MULTILINE);
    private static final java.util.Set<String> FINISHING = java.util.Set.of("submit_result", "submit_plan", "decide",
            "submit_report");
    /** Plans of more tasks than this are trees, not a fan-out and a fan-in. */
    private static final int WIDE_PLAN = 20;
    private static final Pattern TEXT_CALL = Pattern.compile("^(TOOL_CALL|FINAL) (\\{.*)$", Pattern.MULTILINE);
    /** A goal that names its size ("... in 200 tasks") gets a plan of that many tasks, whatever {@code --tasks} says. */
    private static final Pattern GOAL_TASKS = Pattern.compile("\\bin (\\d{1,4}) tasks\\b");

    /** How the script behaves. */
    public record Options(int port, int tasks, Duration latency, Pattern fail, int errorStatus, int errorCount,
                          Path record) {
        public static Options defaults() {
            return new Options(0, 3, Duration.ZERO, null, 0, 0, null);
        }

        static Options parse(String[] args) {
            Options o = defaults();
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : "";
                switch (args[i]) {
                    case "--port" -> o = new Options(Integer.parseInt(value), o.tasks, o.latency, o.fail,
                            o.errorStatus, o.errorCount, o.record);
                    case "--tasks" -> o = new Options(o.port, Integer.parseInt(value), o.latency, o.fail,
                            o.errorStatus, o.errorCount, o.record);
                    case "--latency" -> o = new Options(o.port, o.tasks, duration(value), o.fail, o.errorStatus,
                            o.errorCount, o.record);
                    case "--fail" -> o = new Options(o.port, o.tasks, o.latency, Pattern.compile(value),
                            o.errorStatus, o.errorCount, o.record);
                    case "--errors" -> {
                        String[] parts = value.split("x", 2);
                        o = new Options(o.port, o.tasks, o.latency, o.fail, Integer.parseInt(parts[0]),
                                parts.length > 1 ? Integer.parseInt(parts[1]) : 1, o.record);
                    }
                    case "--record" -> o = new Options(o.port, o.tasks, o.latency, o.fail, o.errorStatus,
                            o.errorCount, Path.of(value));
                    case "-h", "--help" -> throw new IllegalArgumentException("usage");
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
                i++;
            }
            return o;
        }

        private static Duration duration(String text) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            if (t.endsWith("s")) {
                return Duration.ofMillis((long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            }
            return Duration.ofMillis(Long.parseLong(t));
        }
    }

    /** One request as the script read it. */
    public record Seen(String protocol, String role, String subject, int step, JsonNode body) {
    }

    private final Options options;
    private volatile Duration latency;
    private final HttpServer server;
    private final AtomicInteger errorsLeft;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong ids = new AtomicLong();
    public final List<Seen> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile Flaky flaky;
    private volatile Observer observer;

    /**
     * Faults on the wire, for soaks: each request, with probability {@code rate}, gets a 429 (with
     * {@code retry-after-ms}) or a 500 instead of its answer, never twice for the same request body (so a client
     * that retries gets through), and every answer waits a random extra up to {@code jitter} beyond the latency.
     */
    public record Flaky(double rate, Duration jitter, long seed) {
    }

    /** Told of every request as it is answered, with the status it got; the time is when it arrived. */
    public interface Observer {
        void answered(Seen request, int status, long arrivedMillis);
    }

    /** From now on, the faults of {@code flaky} (null: none). */
    public void flaky(Flaky flaky) {
        this.random = new java.util.Random(flaky == null ? 0 : flaky.seed());
        this.flaky = flaky;
    }

    /**
     * From now on, every request goes to {@code observer} instead of {@link #seen} (a soak of hours would otherwise
     * keep every body it was sent).
     */
    public void observe(Observer observer) {
        this.observer = observer;
    }

    private java.util.Random random = new java.util.Random(0);
    /** Hashes of the bodies that got an error, so their retry gets through; bounded, the oldest forgotten first. */
    private final Map<Integer, Boolean> erred = java.util.Collections.synchronizedMap(
            new LinkedHashMap<>(1024, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
                    return size() > 100_000;
                }
            });

    public ScriptedProvider(Options options) throws IOException {
        this.options = options;
        this.latency = options.latency();
        this.errorsLeft = new AtomicInteger(options.errorCount());
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.port()), 64);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "scripted-provider");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", this::handle);
        if (options.record() != null) {
            Files.createDirectories(options.record());
        }
        server.start();
    }

    /** The base URL to give {@code --base-url}, e.g. {@code http://127.0.0.1:40123/v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public long requests() {
        return requests.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            PrintStream err = System.err;
            if (!"usage".equals(e.getMessage())) {
                err.println("scripted-model: " + e.getMessage());
            }
            err.println("usage: scripted-model [--port N] [--tasks N] [--latency 200ms] [--fail REGEX]"
                    + " [--errors 429x2] [--record DIR]");
            System.exit(2);
            return;
        }
        ScriptedProvider provider = new ScriptedProvider(options);
        System.out.println("scripted model listening on " + provider.baseUrl());
        System.out.println("  longtask run \"GOAL\" --base-url " + provider.baseUrl() + " --model openai:scripted");
        System.out.println("  longtask run \"GOAL\" --base-url " + provider.baseUrl().replaceAll("/v1$", "")
                + " --model anthropic:scripted   (with ANTHROPIC_API_KEY set to anything)");
        System.out.flush();
        CountDownLatch forever = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(provider::close));
        forever.await();
    }

    // ------------------------------------------------------------------ HTTP

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            boolean anthropic = path.endsWith("/messages");
            if (!"POST".equals(exchange.getRequestMethod())
                    || !(anthropic || path.endsWith("/chat/completions"))) {
                send(exchange, 404, error(anthropic, "not_found_error", "no such endpoint: "
                        + exchange.getRequestMethod() + " " + path));
                return;
            }
            long n = requests.incrementAndGet();
            long arrived = System.currentTimeMillis();
            byte[] raw = exchange.getRequestBody().readAllBytes();
            JsonNode body = JSON.readTree(raw);
            Seen request = read(anthropic ? "anthropic" : "openai", body);
            Observer watching = observer;
            if (watching == null) {
                seen.add(request);
            }
            if (options.record() != null) {
                Files.write(options.record().resolve(String.format("%05d-%s.json", n, request.role())), raw);
            }
            if (errorsLeft.getAndDecrement() > 0) {
                exchange.getResponseHeaders().add("Retry-After", "1");
                send(exchange, options.errorStatus(), error(anthropic, "rate_limit_error", "scripted error "
                        + options.errorStatus()));
                tell(watching, request, options.errorStatus(), arrived);
                return;
            }
            Flaky faults = flaky;
            long extra = 0;
            if (faults != null) {
                int fault;
                synchronized (erred) {
                    extra = faults.jitter().isZero() ? 0 : random.nextInt((int) faults.jitter().toMillis() + 1);
                    boolean fails = random.nextDouble() < faults.rate() && erred.put(java.util.Arrays.hashCode(raw),
                            Boolean.TRUE) == null;
                    fault = !fails ? 0 : random.nextBoolean() ? 429 : 500;
                }
                if (fault != 0) {
                    pause(Duration.ofMillis(extra));
                    if (fault == 429) {
                        exchange.getResponseHeaders().add("retry-after-ms", "200");
                    }
                    send(exchange, fault, error(anthropic, fault == 429 ? "rate_limit_error" : "api_error",
                            "scripted fault " + fault));
                    tell(watching, request, fault, arrived);
                    return;
                }
            }
            pause(latency.plusMillis(extra));
            Call call = answer(request);
            boolean text = request.body().path("_text").asBoolean();
            send(exchange, 200, anthropic ? anthropicResponse(call, body, text) : openAiResponse(call, body, text));
            tell(watching, request, 200, arrived);
        } catch (RuntimeException e) {
            send(exchange, 400, error(false, "invalid_request_error", "the script could not read the request: " + e));
        }
    }

    private static void tell(Observer observer, Seen request, int status, long arrived) {
        if (observer != null) {
            observer.answered(request, status, arrived);
        }
    }

    private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static JsonNode error(boolean anthropic, String type, String message) {
        ObjectNode e = JSON.createObjectNode();
        if (anthropic) {
            e.put("type", "error");
        }
        e.putObject("error").put("type", type).put("message", message);
        return e;
    }

    /** Answers after {@code latency} from now on: slow while a test catches a moment, quick for the rest. */
    public void latency(Duration latency) {
        this.latency = latency;
    }

    private static void pause(Duration latency) {
        if (latency.isZero()) {
            return;
        }
        try {
            Thread.sleep(latency.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ------------------------------------------------------------------ reading a request

    private static Seen read(String protocol, JsonNode body) {
        List<String> tools = new ArrayList<>();
        for (JsonNode t : body.path("tools")) {
            tools.add(t.has("function") ? t.path("function").path("name").asText() : t.path("name").asText());
        }
        String system = system(body);
        boolean textProtocol = tools.isEmpty() && system.contains(TEXT_PROTOCOL);
        if (textProtocol) {
            Matcher listed = TEXT_TOOL.matcher(system.substring(system.indexOf(TEXT_PROTOCOL)));
            while (listed.find()) {
                tools.add(listed.group(1));
            }
        }
        String role = tools.contains("submit_plan") ? "planner" : tools.contains("decide") ? "director"
                : tools.contains("submit_report") ? "synthesizer" : "task";
        Matcher m = SUBJECT.matcher(system);
        String subject = m.find() ? m.group(1).strip() : "";
        int step = 1;
        for (JsonNode msg : body.path("messages")) {
            if ("assistant".equals(msg.path("role").asText())) {
                step++;
            }
        }
        ObjectNode annotated = body.deepCopy();
        annotated.put("_system", system);
        annotated.set("_tools", JSON.valueToTree(tools));
        annotated.put("_text", textProtocol);
        return new Seen(protocol, role, subject, step, annotated);
    }

    private static String system(JsonNode body) {
        JsonNode s = body.path("system");
        if (s.isTextual()) {
            return s.asText();
        }
        if (s.isArray()) {
            StringBuilder b = new StringBuilder();
            s.forEach(block -> b.append(block.path("text").asText()));
            return b.toString();
        }
        for (JsonNode msg : body.path("messages")) {
            if ("system".equals(msg.path("role").asText()) || "developer".equals(msg.path("role").asText())) {
                return text(msg.path("content"));
            }
        }
        return "";
    }

    private static String text(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder b = new StringBuilder();
        content.forEach(part -> b.append(part.path("text").asText()));
        return b.toString();
    }

    /** The goal as the planner's brief gives it (the paragraph after "goal:"), else the first user message. */
    private static String goal(JsonNode body) {
        Matcher m = GOAL.matcher(body.path("_system").asText());
        return m.find() ? m.group(1) : userText(body);
    }

    /** The text of the first user message. */
    private static String userText(JsonNode body) {
        for (JsonNode msg : body.path("messages")) {
            if ("user".equals(msg.path("role").asText())) {
                return text(msg.path("content"));
            }
        }
        return "";
    }

    /** Names of the tools this conversation has already called, with their arguments, in order. */
    private static List<JsonNode> pastCalls(JsonNode body) {
        List<JsonNode> calls = new ArrayList<>();
        for (JsonNode msg : body.path("messages")) {
            if (!"assistant".equals(msg.path("role").asText())) {
                continue;
            }
            for (JsonNode c : msg.path("tool_calls")) {
                ObjectNode call = JSON.createObjectNode().put("name", c.path("function").path("name").asText());
                call.set("arguments", parse(c.path("function").path("arguments").asText("{}")));
                calls.add(call);
            }
            JsonNode content = msg.path("content");
            Matcher text = TEXT_CALL.matcher(text(content));
            while (text.find()) {
                JsonNode call = parse(text.group(2));
                if (text.group(1).equals("TOOL_CALL") && call.isObject()) {
                    calls.add(call);
                }
            }
            if (content.isArray()) {
                for (JsonNode block : content) {
                    if ("tool_use".equals(block.path("type").asText())) {
                        ObjectNode call = JSON.createObjectNode().put("name", block.path("name").asText());
                        call.set("arguments", block.path("input"));
                        calls.add(call);
                    }
                }
            }
        }
        return calls;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    // ------------------------------------------------------------------ answering

    /** The tool call the script makes. */
    record Call(String name, ObjectNode arguments) {
    }

    private Call answer(Seen request) {
        Call call = switch (request.role()) {
            case "planner" -> new Call("submit_plan", plan(goal(request.body())));
            case "director" -> new Call("decide", JSON.createObjectNode().put("action", "continue")
                    .put("reason", "the results meet the plan's success criteria"));
            case "synthesizer" -> new Call("submit_report", report(userText(request.body())));
            default -> taskStep(request);
        };
        String forced = forcedTool(request.body());
        if (forced == null || forced.equals(call.name())) {
            return call;
        }
        // As a real model must: a request that forces a tool gets a call of it, with what the task has so far.
        return forced.equals("submit_result") ? submission(request, written(request))
                : new Call(forced, JSON.createObjectNode());
    }

    /**
     * The tool a request forces: OpenAI's {"type":"function","function":{"name":...}}, Anthropic's
     * {"type":"tool","name":...}; null when it forces none.
     */
    public static String forcedTool(JsonNode body) {
        JsonNode choice = body.path("tool_choice");
        String name = switch (choice.path("type").asText()) {
            case "function" -> choice.path("function").path("name").asText(null);
            case "tool" -> choice.path("name").asText(null);
            default -> null;
        };
        return name == null || name.isBlank() ? null : name;
    }

    /** The required outputs the task has written so far (a write call with the output's path). */
    private static Map<String, String> written(Seen request) {
        List<JsonNode> past = pastCalls(request.body());
        Map<String, String> written = new LinkedHashMap<>();
        outputs(request.body().path("_system").asText()).forEach((name, path) -> {
            if (past.stream().anyMatch(c -> "write".equals(c.path("name").asText())
                    && path.equals(c.path("arguments").path("path").asText()))) {
                written.put(name, path);
            }
        });
        return written;
    }

    private ObjectNode plan(String goal) {
        String topic = goal.strip().replaceAll("\\s+", " ");
        topic = topic.length() > 60 ? topic.substring(0, 60) : topic;
        String tag = Long.toString(System.nanoTime() % 1_000_000_000L, 36) + ids.incrementAndGet();
        Matcher sized = GOAL_TASKS.matcher(goal);
        int n = Math.max(1, sized.find() ? Integer.parseInt(sized.group(1)) : options.tasks());
        ObjectNode plan = JSON.createObjectNode();
        ArrayNode tasks = plan.putArray("tasks");
        for (int i = 1; i <= n; i++) {
            ObjectNode t = tasks.addObject().put("key", "t" + i)
                    .put("subject", "Step " + i + " of " + n + ": " + topic)
                    .put("instruction", "Work on step " + i + " of the goal and write what you found to the output.")
                    .put("agent", "general");
            ArrayNode deps = t.putArray("depends_on");
            if (n > WIDE_PLAN) {
                // A tree with ten children a node: a wide plan whose last task cannot depend on all the others (it
                // would not fit its agent's window), with work that unlocks more work as it completes.
                if (i > 1) {
                    deps.add("t" + Math.max(1, i / 10));
                }
            } else if (i > 1 && (i < n || n <= 2)) {
                deps.add("t1");
            } else if (i == n && n > 2) {
                for (int d = 2; d < n; d++) {
                    deps.add("t" + d);
                }
            }
            t.putObject("inputs");
            t.putObject("outputs").put("notes", "scripted-out/" + tag + "/step-" + i + ".md");
            t.putArray("success_criteria").add("the notes file exists and says what was done");
        }
        return plan;
    }

    private Call taskStep(Seen request) {
        JsonNode body = request.body();
        String system = body.path("_system").asText();
        List<JsonNode> past = pastCalls(body);
        List<String> tools = new ArrayList<>();
        body.path("_tools").forEach(t -> tools.add(t.asText()));
        if (past.isEmpty() && tools.contains("ls") && stepsToSpare(system)) {
            return new Call("ls", JSON.createObjectNode().put("path", "."));
        }
        for (Matcher asked = CALL.matcher(system); asked.find(); ) {
            String tool = asked.group(1);
            boolean made = past.stream().anyMatch(c -> tool.equals(c.path("name").asText()));
            if (!made && tools.contains(tool) && parse(asked.group(2)) instanceof ObjectNode arguments) {
                return new Call(tool, arguments);
            }
        }
        Map<String, String> outputs = outputs(system);
        for (Map.Entry<String, String> out : outputs.entrySet()) {
            boolean written = past.stream().anyMatch(c -> "write".equals(c.path("name").asText())
                    && out.getValue().equals(c.path("arguments").path("path").asText()));
            if (!written && tools.contains("write")) {
                return new Call("write", JSON.createObjectNode().put("path", out.getValue())
                        .put("content", content(out.getKey(), request.subject(), system)));
            }
        }
        return submission(request, outputs);
    }

    /**
     * The task's finishing call with {@code written} as its artifacts; it reports success unless the script was
     * told to fail the task or a required output is not among {@code written}.
     */
    private Call submission(Seen request, Map<String, String> written) {
        List<String> tools = new ArrayList<>();
        request.body().path("_tools").forEach(t -> tools.add(t.asText()));
        String terminal = tools.contains("submit_result") ? "submit_result" : tools.isEmpty() ? "submit_result"
                : tools.get(tools.size() - 1);
        boolean fail = options.fail() != null && options.fail().matcher(request.subject()).find();
        Map<String, String> missing = new LinkedHashMap<>(outputs(request.body().path("_system").asText()));
        missing.keySet().removeAll(written.keySet());
        boolean success = !fail && missing.isEmpty();
        ObjectNode result = JSON.createObjectNode().put("success", success)
                .put("summary", fail ? "scripted failure of '" + request.subject() + "'"
                        : !success ? "ran out of steps before writing " + missing.values()
                        : "did '" + (request.subject().isEmpty() ? "the part" : request.subject()) + "'")
                .put("details", fail ? "the script was told to fail this task" : "wrote " + written.values());
        result.putArray("findings").add("scripted finding for " + request.subject());
        ObjectNode artifacts = result.putObject("artifacts");
        written.forEach(artifacts::put);
        result.putArray("next_steps");
        return new Call(terminal, result);
    }

    /** Whether the task has a step for a look around before it writes its outputs and finishes. */
    private static boolean stepsToSpare(String system) {
        Matcher m = MAX_STEPS.matcher(system);
        return !m.find() || Integer.parseInt(m.group(1)) > outputs(system).size() + 1;
    }

    private static Map<String, String> outputs(String system) {
        Map<String, String> outputs = new LinkedHashMap<>();
        int at = system.indexOf("Required outputs");
        if (at < 0) {
            return outputs;
        }
        int end = system.indexOf("\n\n", at);
        Matcher m = OUTPUT.matcher(end < 0 ? system.substring(at) : system.substring(at, end));
        while (m.find()) {
            outputs.put(m.group(1).strip(), m.group(2).strip());
        }
        return outputs;
    }

    /** What a file holds: the review's issues file is JSON in its format; anything else is a note. */
    private static String content(String name, String subject, String system) {
        if ("issues".equals(name)) {
            Matcher m = CHUNK.matcher(system);
            ObjectNode issues = JSON.createObjectNode().put("chunk", m.find() ? m.group(1) : "")
                    .put("score", 90).put("summary", "Scripted review: the code was read; nothing was found.");
            issues.putArray("issues");
            return issues.toPrettyString();
        }
        return "# " + subject + "\n\nScripted notes for '" + name + "'.\n";
    }

    private static ObjectNode report(String brief) {
        String firstLine = brief.strip().lines().findFirst().orElse("the run");
        ObjectNode r = JSON.createObjectNode().put("title", "Scripted report")
                .put("summary", "Every task reported; this report was written by the scripted model.")
                .put("markdown", "# Scripted report\n\nThe scripted model read the results of: "
                        + firstLine + "\n");
        return r;
    }

    // ------------------------------------------------------------------ wire formats

    /** The call as a model on the text protocol writes it: the finishing tools as FINAL, the others as TOOL_CALL. */
    private static String asText(Call call) {
        if (FINISHING.contains(call.name())) {
            return "FINAL " + call.arguments();
        }
        ObjectNode line = JSON.createObjectNode().put("name", call.name());
        line.set("arguments", call.arguments());
        return "TOOL_CALL " + line;
    }

    private ObjectNode openAiResponse(Call call, JsonNode request, boolean text) {
        ObjectNode r = JSON.createObjectNode().put("id", "chatcmpl-" + ids.incrementAndGet())
                .put("object", "chat.completion").put("created", System.currentTimeMillis() / 1000)
                .put("model", request.path("model").asText("scripted"));
        ObjectNode message = r.putArray("choices").addObject().put("index", 0)
                .put("finish_reason", text ? "stop" : "tool_calls")
                .putObject("message").put("role", "assistant");
        if (text) {
            message.put("content", asText(call));
        } else {
            message.putNull("content");
            message.putArray("tool_calls").addObject().put("id", "call_" + ids.incrementAndGet())
                    .put("type", "function")
                    .putObject("function").put("name", call.name()).put("arguments", call.arguments().toString());
        }
        int in = tokens(request);
        int out = Math.max(1, call.arguments().toString().length() / 4);
        r.putObject("usage").put("prompt_tokens", in).put("completion_tokens", out).put("total_tokens", in + out);
        return r;
    }

    private ObjectNode anthropicResponse(Call call, JsonNode request, boolean text) {
        ObjectNode r = JSON.createObjectNode().put("id", "msg_" + ids.incrementAndGet()).put("type", "message")
                .put("role", "assistant").put("model", request.path("model").asText("scripted"));
        if (text) {
            r.putArray("content").addObject().put("type", "text").put("text", asText(call));
            r.put("stop_reason", "end_turn");
        } else {
            ObjectNode use = r.putArray("content").addObject().put("type", "tool_use")
                    .put("id", "toolu_" + ids.incrementAndGet()).put("name", call.name());
            use.set("input", call.arguments());
            r.put("stop_reason", "tool_use");
        }
        r.putNull("stop_sequence");
        r.putObject("usage").put("input_tokens", tokens(request))
                .put("output_tokens", Math.max(1, call.arguments().toString().length() / 4));
        return r;
    }

    /** About four characters a token, as the providers count English and JSON. */
    private static int tokens(JsonNode request) {
        return Math.max(1, request.toString().getBytes(StandardCharsets.UTF_8).length / 4);
    }
}
