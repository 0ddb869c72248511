package dev.longtask.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition another thread or process brings about, with a deadline, never a bare sleep. */
public final class Waiting {
    private Waiting() {
    }

    /**
     * @throws AssertionError naming {@code what} when two minutes pass first (a deadline for a hang: at a load of 30
     *         a child JVM alone can take half a minute to start)
     */
    public static void until(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }
}
