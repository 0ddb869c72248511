package dev.longtask.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The MCP peers from npm that the interop tests use (the official TypeScript SDK, the reference servers), installed
 * by {@code npm ci} in {@code src/test/mcp} ({@code .ci/run} does it before the tests). Where they are missing a test
 * is skipped with the command that installs them, except under CI, where that is a failure.
 */
public final class NodePeers {
    public static final Path FOLDER = Path.of("src", "test", "mcp").toAbsolutePath();

    private NodePeers() {
    }

    /** Skips the test (fails it under CI) unless {@code node} and the package are installed. */
    public static void require(String npmPackage) {
        boolean installed = Files.isDirectory(FOLDER.resolve("node_modules").resolve(npmPackage)) && nodeRuns();
        String how = npmPackage + " is not installed: run 'npm ci --prefix src/test/mcp' (as .ci/run does)";
        if (System.getenv("CI") != null) {
            assertThat(installed).as(how).isTrue();
        }
        assumeTrue(installed, how);
    }

    /** The path of a file of an installed package, e.g. the entry point of a server. */
    public static Path file(String npmPackage, String relative) {
        return FOLDER.resolve("node_modules").resolve(npmPackage).resolve(relative);
    }

    /** What a finished process printed. */
    public record Output(int exit, String stdout, String stderr) {
    }

    /** Runs {@code command} in the test folder with {@code env} added, and waits for it (bounded). */
    public static Output run(List<String> command, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(FOLDER.toFile());
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL"));
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("did not end within " + timeoutSeconds + " s: " + command + "\n" + err.getNow(""));
        }
        return new Output(p.exitValue(), out.join(), err.join());
    }

    /** The command line of {@code longtask ARGS...} in a child JVM of this test's class path. */
    public static List<String> longtask(Path home, String... args) {
        return ChildJvm.testMain(dev.longtask.cli.Main.class, List.of("-Duser.home=" + home), args);
    }

    private static boolean nodeRuns() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
