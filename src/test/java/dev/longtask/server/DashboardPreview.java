package dev.longtask.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A server with a few runs of the scripted {@link Digest} model in different states, to look at the dashboard while
 * working on it: {@code mvn -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.longtask.server.DashboardPreview [-Dexec.args=PORT]}, then open the printed address. Runs
 * until stopped with Ctrl-C.
 */
public final class DashboardPreview {
    private DashboardPreview() {
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 7421;
        Digest model = new Digest();
        ServerFixture server = ServerFixture.start(Files.createTempDirectory("longtask-preview"), model.model,
                options -> options.withPort(port));
        String done = server.submit("Digest the notes in src/", Map.of("priority", 1));
        ServerFixture.await("the first run to complete", java.time.Duration.ofMinutes(1),
                () -> server.run(done).path("status").asText().equals("completed"));
        model.hold(Digest.ALPHA, 2);
        model.hold(Digest.BETA, 3);
        server.submit("Digest the notes again, slowly", Map.of("priority", 5, "budgets", Map.of("max_cost_usd", 0.5)));
        System.out.println("dashboard: " + server.server.url() + "/?access_token=" + server.server.token());
        System.out.println("workspace: " + server.workspace + " (Ctrl-C to stop)");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            model.releaseAll();
            server.close();
        }));
        Thread.currentThread().join();
    }
}
