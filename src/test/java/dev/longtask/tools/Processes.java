package dev.longtask.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Looks for live processes by a marker in their command line, from /proc (zombies count as gone). */
final class Processes {
    private Processes() {
    }

    static List<String> running(String marker) {
        List<String> found = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path proc : procs) {
                try {
                    String cmdline = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ');
                    String stat = Files.readString(proc.resolve("stat"));
                    char state = stat.charAt(stat.lastIndexOf(')') + 2);
                    if (cmdline.contains(marker) && state != 'Z' && state != 'X') {
                        found.add(proc.getFileName() + " " + cmdline);
                    }
                } catch (IOException | RuntimeException e) {
                    // the process ended while we looked
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return found;
    }

    /** Waits for a condition, polling; false if it did not come true in time. */
    static boolean await(BooleanSupplier condition, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
