package dev.longtask.store.file;

import dev.longtask.model.run.RunLockedException;
import dev.longtask.store.StoreFixtures;
import java.nio.file.Path;

/** A second process that tries to open a run for writing: prints {@code OPENED} or {@code LOCKED <pid>}. */
public final class LockProbe {
    private LockProbe() {
    }

    public static void main(String[] args) {
        try (FileRunStore store = FileRunStore.open(Path.of(args[0]), args[1], StoreFixtures.fast())) {
            System.out.println("OPENED");
        } catch (RunLockedException e) {
            System.out.println("LOCKED " + e.pid());
        }
    }
}
