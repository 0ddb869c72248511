package dev.longtask.agent;

import dev.longtask.model.Usage;
import java.time.Duration;

/**
 * One model call the loop made: for a step of the task, or to compact the conversation.
 * The engine turns each into an {@code llm.call} event.
 */
record ModelCall(String agent, String model, Purpose purpose, int step, Usage usage, Duration duration) {

    public enum Purpose {
        STEP, COMPACTION;

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Told of every model call as soon as it returns, on the loop's thread. */
    @FunctionalInterface
    public interface Listener {
        Listener NONE = call -> {
        };

        void called(ModelCall call);
    }
}
