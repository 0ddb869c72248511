package dev.longtask.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Times two commands (or more) against each other as whole processes, in turn (A B, then B A, ...; with three, A B
 * C, B C A, C A B), so a change of the machine's load hits all alike; prints each figure's median with its min and
 * max for each, and the median of the pair-by-pair ratios A/B (and C/B, ...) with their min and max. Figures: {@code wall_ms} of each process, the processor time it
 * used ({@code cpu_s}, user + system, which a busy machine inflates less than the wall time), its peak resident
 * memory ({@code maxrss_mb}; both from GNU time), and every {@code name=number} line the command prints.
 *
 * <pre>
 * PairedBench [--rounds N] [--warmup N] [--first-line | --until REGEX] [--stdin FILE]
 *             --a LABEL 'COMMAND' [--fresh SRC DST] --b ... [--c ... [--d ... [--e ...]]]
 * </pre>
 * {@code --first-line} measures {@code first_line_ms}, the time until the command prints its first line, and then
 * ends it (for a command that goes on for long, like a run); {@code --until REGEX} measures {@code until_ms}, the time
 * until it prints a line in which REGEX is found (a resume's first {@code task.claimed} event), and ends it.
 * {@code --fresh SRC DST} after a side copies the directory SRC to DST (replacing it) before each of its runs, for
 * commands that change what they work on (a resume). {@code --stdin FILE} gives a streamed command the file's
 * contents on its standard input, left open (an MCP server's {@code initialize}). Commands are split at spaces; no
 * shell is involved.
 */
public final class PairedBench {
    private record Side(String label, List<String> command, Path freshFrom, Path freshTo) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 10;
        int warmup = 1;
        boolean firstLine = false;
        java.util.regex.Pattern until = null;
        byte[] stdin = null;
        List<Side> sides = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--first-line" -> firstLine = true;
                case "--until" -> until = java.util.regex.Pattern.compile(args[++i]);
                case "--stdin" -> stdin = Files.readAllBytes(Path.of(args[++i]));
                case "--fresh" -> {
                    Side last = sides.remove(sides.size() - 1);
                    sides.add(new Side(last.label(), last.command(), Path.of(args[++i]), Path.of(args[++i])));
                }
                case "--a", "--b", "--c", "--d", "--e" -> sides.add(new Side(args[++i], List.of(args[++i].trim().split("\\s+")), null,
                        null));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (sides.size() < 2) {
            throw new IllegalArgumentException("give --a LABEL 'COMMAND' and --b LABEL 'COMMAND' (and --c ... for more)");
        }
        List<List<Map<String, Double>>> figures = new ArrayList<>();
        sides.forEach(side -> figures.add(new ArrayList<>()));
        java.util.regex.Pattern line = firstLine ? null : until;
        boolean streamed = firstLine || until != null;
        for (int round = -warmup; round < rounds; round++) {
            // Each round starts one side later than the one before (A B, B A with two sides).
            for (int turn = 0; turn < sides.size(); turn++) {
                int index = Math.floorMod(round + turn, sides.size());
                Side side = sides.get(index);
                Map<String, Double> measured = streamed ? untilLine(side, line, stdin) : measure(side);
                if (round >= 0) {
                    figures.get(index).add(measured);
                }
            }
        }
        print(sides, figures);
    }

    private static Map<String, Double> measure(Side side) throws Exception {
        if (side.freshFrom() != null) {
            copy(side.freshFrom(), side.freshTo());
        }
        Path rss = Files.createTempFile("paired-bench", ".rss");
        Path out = Files.createTempFile("paired-bench", ".out");
        try {
            List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "%M %U %S", "-o", rss.toString()));
            command.addAll(side.command());
            long start = System.nanoTime();
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(out.toFile()).start();
            int exit = process.waitFor();
            double wallMs = (System.nanoTime() - start) / 1e6;
            String output = Files.readString(out, StandardCharsets.UTF_8);
            if (exit != 0 && exit != 3) {
                throw new IllegalStateException(side.label() + " exited " + exit + ":\n" + output);
            }
            Map<String, Double> figures = new LinkedHashMap<>();
            figures.put("wall_ms", wallMs);
            List<String> rssLines = Files.readAllLines(rss);
            String[] usage = rssLines.get(rssLines.size() - 1).trim().split(" ");
            figures.put("cpu_s", Double.parseDouble(usage[1]) + Double.parseDouble(usage[2]));
            figures.put("maxrss_mb", Double.parseDouble(usage[0]) / 1024.0);
            for (String line : output.split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0 && line.substring(0, eq).matches("[a-z][a-z0-9_]*")) {
                    try {
                        figures.put(line.substring(0, eq), Double.parseDouble(line.substring(eq + 1).trim()));
                    } catch (NumberFormatException notAFigure) {
                        // a line of the command's own output that happens to hold '='
                    }
                }
            }
            return figures;
        } finally {
            Files.deleteIfExists(rss);
            Files.deleteIfExists(out);
        }
    }

    /** The time until the first line, or with {@code wanted} the first line in which it is found. */
    private static Map<String, Double> untilLine(Side side, java.util.regex.Pattern wanted, byte[] stdin)
            throws Exception {
        if (side.freshFrom() != null) {
            copy(side.freshFrom(), side.freshTo());
        }
        long start = System.nanoTime();
        Process process = new ProcessBuilder(side.command()).redirectErrorStream(true).start();
        if (stdin != null) {
            process.getOutputStream().write(stdin);
            process.getOutputStream().flush();
        }
        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            while (wanted != null && line != null && !wanted.matcher(line).find()) {
                line = out.readLine();
            }
            double ms = (System.nanoTime() - start) / 1e6;
            if (line == null) {
                throw new IllegalStateException(side.label() + (wanted == null ? " printed nothing"
                        : " ended without printing " + wanted));
            }
            Map<String, Double> figures = new LinkedHashMap<>();
            figures.put(wanted == null ? "first_line_ms" : "until_ms", ms);
            return figures;
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
        }
    }

    /** Each side's median (min-max) of every figure, then the pair-by-pair ratios of every other side to B. */
    private static void print(List<Side> sides, List<List<Map<String, Double>>> figures) {
        System.out.printf("%d paired rounds, turning which goes first; median (min-max)%n%n", figures.get(0).size());
        String base = sides.get(1).label();
        StringBuilder header = new StringBuilder("| figure |");
        StringBuilder rule = new StringBuilder("|---|");
        sides.forEach(side -> {
            header.append(' ').append(side.label()).append(" |");
            rule.append("---:|");
        });
        for (int i = 0; i < sides.size(); i++) {
            if (i != 1) {
                header.append(' ').append(sides.get(i).label()).append(" / ").append(base).append(", paired |");
                rule.append("---:|");
            }
        }
        System.out.println(header);
        System.out.println(rule);
        java.util.Set<String> keys = new java.util.LinkedHashSet<>();
        figures.forEach(side -> keys.addAll(side.get(0).keySet()));
        for (String key : keys) {
            List<List<Double>> values = figures.stream()
                    .map(side -> side.stream().map(m -> m.getOrDefault(key, Double.NaN)).toList()).toList();
            // Ratios such as makespan / bound differ in the second decimal: small figures get three.
            double sample = values.stream().flatMap(List::stream).filter(v -> !v.isNaN()).findFirst().orElse(0.0);
            String format = Math.abs(sample) < 10 ? "%.3f" : "%.1f";
            StringBuilder row = new StringBuilder("| " + key + " |");
            values.forEach(v -> row.append(' ').append(spread(v, format)).append(" |"));
            for (int i = 0; i < sides.size(); i++) {
                if (i != 1) {
                    List<Double> ratios = new ArrayList<>();
                    for (int r = 0; r < values.get(i).size(); r++) {
                        ratios.add(values.get(i).get(r) / values.get(1).get(r));
                    }
                    row.append(' ').append(spread(ratios, "%.2f")).append(" |");
                }
            }
            System.out.println(row);
        }
    }

    private static String spread(List<Double> values, String format) {
        List<Double> sorted = values.stream().filter(v -> !v.isNaN()).sorted().toList();
        if (sorted.isEmpty()) {
            return "-";
        }
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", median, sorted.get(0),
                sorted.get(n - 1));
    }

    private static void copy(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (Stream<Path> walk = Files.walk(to)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        try (Stream<Path> walk = Files.walk(from)) {
            walk.forEach(source -> {
                try {
                    Files.copy(source, to.resolve(from.relativize(source).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
