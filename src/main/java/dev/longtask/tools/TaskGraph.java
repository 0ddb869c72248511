package dev.longtask.tools;

import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreException;
import java.util.function.Supplier;

/** What the task_* tools share: the run's store, and the store's refusals turned into tool errors. */
final class TaskGraph {
    private TaskGraph() {
    }

    static RunStore store(ToolContext context) {
        if (context.store() == null) {
            throw new ToolMistake("there is no run here, so there is no task graph: the task tools work only inside "
                    + "a longtask run");
        }
        return context.store();
    }

    /**
     * Calls the store, whose refusals ({@link StoreException}: unknown id, cycle, a status change that is not allowed;
     * {@link IllegalArgumentException}: a field that does not fit) carry a message meant for people; the model gets
     * that message as the tool error. Anything else is a bug and goes to {@link Guarded} to be logged.
     */
    static <T> T ask(Supplier<T> call) {
        try {
            return call.get();
        } catch (StoreException | IllegalArgumentException e) {
            throw new ToolMistake(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    static void tell(Runnable call) {
        ask(() -> {
            call.run();
            return null;
        });
    }
}
