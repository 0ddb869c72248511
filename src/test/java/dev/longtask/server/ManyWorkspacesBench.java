package dev.longtask.server;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a long-lived server holds as the runs and workspaces it has seen add up: {@code --runs} runs, each in a new
 * workspace, {@code --step} at a time, through one in-process server against the scripted model over real HTTP;
 * after each step, threads, open file descriptors and heap after a full GC. Prints a Markdown table.
 *
 * <pre>mvn -q -DskipTests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.longtask.server.ManyWorkspacesBench -Dexec.args="--runs 1000 --step 100"</pre>
 */
public final class ManyWorkspacesBench {
    public static void main(String[] args) throws Exception {
        int runs = 1000;
        int step = 100;
        int maxRuns = 4;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--step" -> step = Integer.parseInt(args[i + 1]);
                case "--max-runs" -> maxRuns = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("many-workspaces");
        System.out.printf("%d runs of one task, each in a new workspace, --max-runs %d, %d cores, Java %s%n%n", runs,
                maxRuns, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        System.out.println("| runs seen | threads | open fds | heap after GC | seconds for the step |");
        System.out.println("|---:|---:|---:|---:|---:|");
        try (ManyWorkspaces server = ManyWorkspaces.start(dir, maxRuns)) {
            print(server.sample(), 0);
            for (int seen = 0; seen < runs; seen += step) {
                long start = System.nanoTime();
                server.run(Math.min(step, runs - seen));
                print(server.sample(), (System.nanoTime() - start) / 1e9);
            }
        }
    }

    private static void print(ManyWorkspaces.Sample s, double seconds) {
        System.out.printf("| %,d | %d | %d | %.1f MB | %.1f |%n", s.runs(), s.threads(), s.fds(),
                s.heapBytes() / 1048576.0, seconds);
    }
}
