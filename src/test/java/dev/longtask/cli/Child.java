package dev.longtask.cli;

import dev.longtask.testing.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code longtask} in a child JVM, as a user runs it: a clean environment (no keys, no longtask settings), a home
 * of its own, output captured. For what only a real process shows: signals, exit codes, stderr logging.
 */
public final class Child {
    public record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private final Process process;
    private final java.io.ByteArrayOutputStream outSoFar = new java.io.ByteArrayOutputStream();
    private final java.io.ByteArrayOutputStream errSoFar = new java.io.ByteArrayOutputStream();
    private final java.util.concurrent.CompletableFuture<String> out = new java.util.concurrent.CompletableFuture<>();
    private final java.util.concurrent.CompletableFuture<String> err = new java.util.concurrent.CompletableFuture<>();
    /** The file both streams go to instead of memory, or null. */
    private final Path log;

    private Child(Process process, Path log) {
        this.process = process;
        this.log = log;
        if (log == null) {
            // Both streams are read from the start, on their own threads, so a full pipe never stalls a long-lived
            // child.
            drain(process.getInputStream(), outSoFar, out);
            drain(process.getErrorStream(), errSoFar, err);
        }
    }

    public static Child start(Path home, Map<String, String> env, String... args) throws IOException {
        return startIn(null, home, env, args);
    }

    /**
     * As {@link #start}, with stdout and stderr appended to {@code log} instead of kept in memory: for processes of
     * a soak that runs for hours, whose output someone reads afterwards.
     */
    static Child startLogging(Path log, Path home, Map<String, String> env, String... args) throws IOException {
        return launch(null, log, home, env, args);
    }

    /** As {@link #start}, in the working directory {@code directory} (null: this JVM's). */
    public static Child startIn(Path directory, Path home, Map<String, String> env, String... args) throws IOException {
        return launch(directory, null, home, env, args);
    }

    private static Child launch(Path directory, Path log, Path home, Map<String, String> env, String... args)
            throws IOException {
        // The product's logging, not the tests' (which is off): what a user's stderr shows is under test here, so the
        // child's class path has no test classes, hence no logback-test.xml.
        List<String> command = ChildJvm.longtask(home, args);
        ProcessBuilder pb = new ProcessBuilder(command);
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL") || k.equals("NO_COLOR"));
        pb.environment().putAll(env);
        if (log != null) {
            pb.redirectErrorStream(true);
            pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        }
        return new Child(pb.start(), log);
    }

    /** {@code longtask run "Summarise the notes" --run-id ID} against the scripted model at {@code baseUrl}. */
    public static Child startRun(Path home, Path workspace, String runId, String baseUrl) throws IOException {
        return start(home, Map.of(), "run", "Summarise the notes", "--run-id", runId, "--base-url", baseUrl,
                "--model", "openai:scripted", "-C", workspace.toString());
    }

    public static Result run(Path home, Map<String, String> env, String... args) throws Exception {
        return start(home, env, args).await();
    }

    public long pid() {
        return process.pid();
    }

    public void signal(String name) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
        if (kill.waitFor() != 0) {
            String tail = outSoFar() + errSoFar();
            throw new IllegalStateException("kill -" + name + " failed: " + (process.isAlive() ? "the process runs"
                    : "the process had ended with " + process.exitValue()) + "; its last output:\n"
                    + tail.substring(Math.max(0, tail.length() - 3_000)));
        }
    }

    /** Kills the process with SIGKILL and waits for it to end; what it wrote is dropped. */
    void kill() throws Exception {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("longtask did not die within 30 s of SIGKILL");
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    public Result await() throws Exception {
        // a deadline for a hang: at a load of 40 a scripted run in a child JVM has taken two minutes
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("longtask did not end within 5 minutes");
        }
        if (log != null) {
            return new Result(process.exitValue(), outSoFar(), "(in " + log + ")");
        }
        return new Result(process.exitValue(), out.get(30, TimeUnit.SECONDS), err.get(30, TimeUnit.SECONDS));
    }

    /** What the process has written to stdout so far, while it runs. */
    public String outSoFar() {
        if (log != null) {
            try {
                return java.nio.file.Files.readString(log, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }
        synchronized (outSoFar) {
            return outSoFar.toString(StandardCharsets.UTF_8);
        }
    }

    /** What the process has written to stderr so far (nothing when it writes to a log file). */
    public String errSoFar() {
        synchronized (errSoFar) {
            return errSoFar.toString(StandardCharsets.UTF_8);
        }
    }

    private static void drain(java.io.InputStream in, java.io.ByteArrayOutputStream sofar,
                              java.util.concurrent.CompletableFuture<String> into) {
        Thread t = new Thread(() -> {
            try (in) {
                byte[] buffer = new byte[8192];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    synchronized (sofar) {
                        sofar.write(buffer, 0, n);
                    }
                }
                synchronized (sofar) {
                    into.complete(sofar.toString(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                into.completeExceptionally(e);
            }
        }, "child-output");
        t.setDaemon(true);
        t.start();
    }
}
