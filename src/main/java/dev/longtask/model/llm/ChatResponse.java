package dev.longtask.model.llm;

import dev.longtask.model.Usage;

/** The model's answer, the tokens it took (priced when the model's price is known) and why it stopped. */
public record ChatResponse(ChatMessage.Assistant message, Usage usage, String finishReason) {
}
