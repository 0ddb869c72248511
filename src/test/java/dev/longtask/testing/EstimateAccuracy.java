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
 * (tokens, cost at a made-up price, time at work), their ratios, and whether they meet the aim (a first run within
 * 3x of each actual figure, a repeated one within 1.5x); then a line of how many rows met it, and the exit code is 1
 * when one did not. Progress and the machine's load go to stderr. BENCHMARKS.md's table comes from here.
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
        long began = System.nanoTime();
        System.err.println("estimate-accuracy: shapes " + shapes + ", " + latency.toMillis() + " ms a call; load "
                + load() + "; workspaces under " + work);
        System.out.println("| plan | run | estimated from | tokens est. | actual | ratio | cost est. | actual | ratio"
                + " | time est. | actual | ratio | aim |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        int rows = 0;
        int met = 0;
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
                    System.err.printf(Locale.ROOT, "  %s, %s run ... (%ds so far)%n", shape(tasks),
                            run == 1 ? "first" : "second", (System.nanoTime() - began) / 1_000_000_000L);
                    JsonNode result = run(ws, config, model.baseUrl());
                    Row row = row(tasks, run, result);
                    System.out.println(row.markdown());
                    rows++;
                    met += row.metAim() ? 1 : 0;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n%d of %d runs within the aim (first run 3x, repeated run 1.5x, of tokens, "
                + "cost and time)%n", met, rows);
        System.err.printf(Locale.ROOT, "estimate-accuracy: done in %ds; load %s%n",
                (System.nanoTime() - began) / 1_000_000_000L, load());
        System.exit(met == rows ? 0 : 1);
    }

    /** A row of the table, and whether its ratios are within the aim of its kind of run. */
    private record Row(String markdown, boolean metAim) {
    }

    /** The 1, 5 and 15 minute load averages, as the figures of a loaded machine must be read with them. */
    private static String load() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown";
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

    private static Row row(int tasks, int run, JsonNode r) {
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
        double within = run == 1 ? 3 : 1.5;
        boolean met = within(tokens, estTokens, within) && within(cost, estCost, within) && within(time, estTime, within);
        cells.add((met ? "within " : "OUTSIDE ") + (run == 1 ? "3x" : "1.5x"));
        return new Row("| " + String.join(" | ", cells) + " |", met);
    }

    /** Whether actual and estimate are within {@code factor} of each other, either way. */
    private static boolean within(double actual, double estimated, double factor) {
        if (estimated <= 0 || Double.isNaN(actual) || actual <= 0) {
            return false;
        }
        double r = actual / estimated;
        return r <= factor && r >= 1 / factor;
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
