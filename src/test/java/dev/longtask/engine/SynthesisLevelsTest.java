package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.agent.AgentDiscovery;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthesizer reads any number of results with any window: 1,000 results and a model with an 8k window are
 * summarised in as many levels as needed, every result read in full at the first level, and no request is ever
 * larger than the window (the model refuses one that is, as a provider does).
 */
class SynthesisLevelsTest {
    private static final int WINDOW = 8_192;
    private static final int TASKS = 1_000;
    private static final Pattern MARKER = Pattern.compile("RESULT-(\\d+)-END");
    private static final TokenCounter TOKENS = TokenCounter.shared();

    @TempDir
    Path dir;

    /** A model with an 8k window that refuses a request larger than it, with the provider's own error. */
    static final class SmallWindow implements LlmClient {
        final ScriptedModel script;
        final AtomicInteger largest = new AtomicInteger();

        SmallWindow(ScriptedModel script) {
            this.script = script;
        }

        @Override
        public ChatResponse chat(ChatRequest request) {
            int size = request.messages().stream().mapToInt(TOKENS::count).sum()
                    + request.tools().stream().mapToInt(TOKENS::count).sum();
            largest.accumulateAndGet(size, Math::max);
            if (size > WINDOW) {
                throw new LlmException("context_length_exceeded: " + size + " tokens > " + WINDOW, 400, false, null);
            }
            return script.chat(request);
        }

        @Override
        public String modelSpec() {
            return "test:small";
        }

        @Override
        public int contextWindowTokens() {
            return WINDOW;
        }
    }

    @Test
    void aThousandResultsAreSummarisedInLevelsWithinAnEightKWindow() throws Exception {
        Path ws = EngineFixture.workspace(dir.resolve("ws"));
        StoreOptions fast = StoreOptions.defaults().withFsync(FsyncPolicy.NONE).withSecrets(List.of());
        thousandCompletedTasks(ws, fast);
        ScriptedModel script = new ScriptedModel(turn -> {
            String all = turn.request().messages().toString();
            return switch (turn.role()) {
                case "director" -> decide("stop", "every item is checked");
                case "synthesizer" -> report("A thousand items", "# A thousand items\n\n" + ranges(all));
                // A summarizer keeps what the report needs: which results it read, and at the first level a line
                // for each, so the notes of the first level are too long for one prompt and are read again.
                default -> submitResult(true, "read " + ranges(all) + (turn.system().contains("notes on part")
                        ? "" : MARKER.matcher(all).results().map(m -> "; item " + m.group(1) + ": checked, fine")
                        .distinct().reduce("", String::concat)));
            };
        });
        SmallWindow model = new SmallWindow(script);
        Toolbox box = Toolbox.builtIn();
        RunEngine engine = new RunEngine(new Workspace(ws), AgentDiscovery.discover(ws, ws.resolve(".home"),
                new HashSet<>(box.names())), box.all(), EngineFixture.models(model),
                new EngineConfig(4, EngineConfig.DEFAULT_MAX_ROUNDS, 0, "test"), fast, RunObserver.NONE);

        RunOutcome outcome = engine.resume("many", Budget.UNLIMITED);

        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(model.largest.get()).as("no request outgrew the window").isLessThanOrEqualTo(WINDOW);
        List<ScriptedModel.Turn> summaries = script.turns.stream()
                .filter(t -> t.role().equals("task") && t.subject().isEmpty()).toList();
        Set<Integer> readInFull = new TreeSet<>();
        summaries.forEach(t -> {
            Matcher m = MARKER.matcher(t.request().messages().toString());
            while (m.find()) {
                readInFull.add(Integer.parseInt(m.group(1)));
            }
        });
        assertThat(readInFull).as("every result was read in full by a first-level summary").hasSize(TASKS);
        long levels = summaries.stream().map(t -> t.system().contains("notes on part") ? "upper" : "first")
                .distinct().count();
        assertThat(levels).as("the notes were summarised again").isEqualTo(2);
        String synthesis = script.turns.stream().filter(t -> t.role().equals("synthesizer")).findFirst().orElseThrow()
                .request().messages().toString();
        assertThat(ranges(synthesis)).as("the report is written from notes covering every result")
                .isEqualTo("1-" + TASKS);
        assertThat(Files.readString(outcome.report())).contains("A thousand items").contains("1-" + TASKS);
    }

    /**
     * A run whose 1,000 tasks have completed, each with its result.json. The events are written as the store
     * writes them, in one go: through the store each would re-render task_plan.md, which makes 1,000 tasks slow.
     */
    private static void thousandCompletedTasks(Path ws, StoreOptions options) throws Exception {
        Path run;
        try (FileRunStore store = FileRunStore.create(ws, "many", "Report on a thousand small findings", null, null,
                options)) {
            run = store.directory();
        }
        StringBuilder events = new StringBuilder();
        String time = java.time.Instant.now().toString();
        long seq = 1;
        for (int i = 1; i <= TASKS; i++) {
            events.append("{\"seq\":").append(++seq).append(",\"time\":\"").append(time)
                    .append("\",\"type\":\"task.created\",\"task\":").append(i).append(",\"data\":{\"id\":").append(i)
                    .append(",\"subject\":\"Check item ").append(i).append("\",\"instruction\":\"\",\"agent\":\"general\",")
                    .append("\"blockedBy\":[],\"inputs\":{},\"outputs\":{},\"success_criteria\":[]}}\n");
            events.append("{\"seq\":").append(++seq).append(",\"time\":\"").append(time)
                    .append("\",\"type\":\"task.completed\",\"task\":").append(i)
                    .append(",\"data\":{\"summary\":\"item ").append(i).append(" checked\"}}\n");
            Path result = Files.createDirectories(run.resolve("results/task_" + i)).resolve("result.json");
            Files.writeString(result, "{\"success\": true, \"summary\": \"item " + i + " checked: RESULT-" + i
                    + "-END\", \"details\": \"nothing odd\"}\n");
        }
        Files.writeString(run.resolve("events.jsonl"), events, java.nio.file.StandardOpenOption.APPEND);
    }

    /** The numbers of the results a text mentions, directly or in ranges like 1-250, merged: "1-1000". */
    static String ranges(String text) {
        TreeSet<Integer> seen = new TreeSet<>();
        Matcher m = MARKER.matcher(text);
        while (m.find()) {
            seen.add(Integer.parseInt(m.group(1)));
        }
        Matcher r = Pattern.compile("read ((?:\\d+-\\d+,? ?)+)").matcher(text);
        while (r.find()) {
            for (String range : r.group(1).split(",")) {
                String[] ends = range.strip().split("-");
                for (int i = Integer.parseInt(ends[0]); i <= Integer.parseInt(ends[1]); i++) {
                    seen.add(i);
                }
            }
        }
        StringBuilder out = new StringBuilder();
        Integer start = null;
        Integer previous = null;
        for (int n : seen) {
            if (start == null) {
                start = n;
            } else if (n != previous + 1) {
                out.append(out.length() == 0 ? "" : ", ").append(start).append('-').append(previous);
                start = n;
            }
            previous = n;
        }
        if (start != null) {
            out.append(out.length() == 0 ? "" : ", ").append(start).append('-').append(previous);
        }
        return out.toString();
    }
}
