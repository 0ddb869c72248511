package dev.longtask.engine;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.testing.ScriptedModel;

/** The four-step chain of {@link StopAndResumeTest}, for tests in other packages (the fixture was made with it). */
public final class StopAndResumeTestScript {
    private StopAndResumeTestScript() {
    }

    public static ChatMessage.Assistant chain(ScriptedModel.Turn turn) {
        return StopAndResumeTest.chain(turn);
    }
}
