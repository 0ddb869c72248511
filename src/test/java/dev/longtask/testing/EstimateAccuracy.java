package dev.longtask.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How close the estimates come: for each shape of plan the scripted model makes ({@code --tasks N}: one task, a
 * chain of two, a fan-out and fan-in, a tree), a new workspace and user config directory, a first run (estimated from
 * the built-in priors) and a second run of the same goal (estimated from the first), each a real {@code longtask run}
 * process against the scripted model over HTTP. Prints a markdown row per run: the estimate and what the run used
 * (tokens, cost at a made-up price, time at work), and their ratios. BENCHMARKS.md's table comes from here.
 *
 * <pre>
 * src/test/scripts/estimate-accuracy [--latency 1s] [--shapes 1,2,6,24]
 * </pre>
 */
public final class EstimateAccuracy {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        Duration latency = Duration.ofSeconds(1);
        List<Integer> shapes = List.of(1, 2, 6, 24);
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--latency" -> latency = Duration.ofMillis(Long.parseLong(args[i + 1].replace("ms", "")
                        .replace("s", "000")));
                case "--shapes" -> shapes = java.util.Arrays.stream(args[i + 1].split(",")).map(Integer::valueOf)
                        .toList();
                default -> throw new IllegalArgumentException("usage: EstimateAccuracy [--latency 1s] [--shapes 1,2,6]");
            }
        }
        Path work = Files.createTempDirectory("estimate-accuracy");
        System.out.println("| plan | run | estimated from | tokens est. | actual | ratio | cost est. | actual | ratio"
                + " | time est. | actual | ratio |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int tasks : shapes) {
            Path ws = Files.createDirectories(work.resolve("ws-" + tasks));
            Path config = Files.createDirectories(work.resolve("config-" + tasks));
            Files.createDirectories(ws.resolve("notes"));
            for (int n = 1; n <= 4; n++) {
                Files.writeString(ws.resolve("notes/meeting-" + n + ".md"), "# Meeting " + n + "\n\n- the team agreed"
                        + " on item " + n + " and named an owner.\n");
            }
            Files.createDirectories(config.resolve("longtask"));
            // a price, so that the cost is estimated and counted: $3 in, $15 out a million tokens
            Files.writeString(config.resolve("longtask/config.yaml"), """
                    prices:
                      "openai:scripted": {input: 3, output: 15}
                    """);
            ScriptedProvider.Options options = new ScriptedProvider.Options(0, tasks, latency, null, 0, 0, null);
            try (ScriptedProvider model = new ScriptedProvider(options)) {
                for (int run = 1; run <= 2; run++) {
                    JsonNode result = run(ws, config, model.baseUrl());
                    System.out.println(row(tasks, run, result));
                }
            }
        }
    }

    private static JsonNode run(Path ws, Path config, String url) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "dev.longtask.cli.Main", "run", "Summarise the notes", "--workdir", ws.toString(), "--base-url", url,
                "--model", "openai:scripted");
        pb.environment().remove("OPENAI_API_KEY");
        pb.environment().put("XDG_CONFIG_HOME", config.toString());
        pb.redirectErrorStream(true).redirectOutput(ws.resolve("run.log").toFile());
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException("the run in " + ws + " did not complete: " + Files.readString(ws.resolve("run.log")));
        }
        try (var runs = Files.list(ws.resolve(".longtask/runs"))) {
            Path newest = runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
            return JSON.readTree(newest.resolve("final_result.json").toFile());
        }
    }

    private static String row(int tasks, int run, JsonNode r) {
        JsonNode e = r.path("estimate");
        JsonNode u = r.path("usage");
        long estTokens = e.path("input_tokens").asLong() + e.path("output_tokens").asLong()
                + e.path("cache_read_tokens").asLong();
        long tokens = u.path("input_tokens").asLong() + u.path("output_tokens").asLong()
                + u.path("cache_read_tokens").asLong() + u.path("cache_write_tokens").asLong();
        double estCost = e.path("cost_usd").asDouble();
        double cost = u.path("cost_usd").asDouble(Double.NaN);
        long estTime = e.path("time_s").asLong();
        long time = r.path("work_s").asLong();
        List<String> cells = new ArrayList<>(List.of(shape(tasks), run == 1 ? "first" : "again",
                e.path("basis").asText("?"), String.format(Locale.ROOT, "%,d", estTokens),
                String.format(Locale.ROOT, "%,d", tokens), ratio(tokens, estTokens),
                String.format(Locale.ROOT, "$%.3f", estCost), Double.isNaN(cost) ? "?" : String.format(Locale.ROOT,
                        "$%.3f", cost), ratio(cost, estCost), time(estTime), time(time), ratio(time, estTime)));
        return "| " + String.join(" | ", cells) + " |";
    }

    private static String shape(int tasks) {
        return switch (tasks) {
            case 1 -> "1 task";
            case 2 -> "2 tasks, a chain";
            default -> tasks + (tasks > 20 ? " tasks, a tree" : " tasks, fan-out and fan-in");
        };
    }

    private static String ratio(double actual, double estimated) {
        return estimated <= 0 || Double.isNaN(actual) ? "?" : String.format(Locale.ROOT, "%.2fx", actual / estimated);
    }

    private static String time(long seconds) {
        return seconds >= 60 ? seconds / 60 + "m " + String.format(Locale.ROOT, "%02d", seconds % 60) + "s" : seconds + "s";
    }
}
