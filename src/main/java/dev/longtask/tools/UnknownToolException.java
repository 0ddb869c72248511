package dev.longtask.tools;

import java.util.List;

/** Tool names that no tool in the {@link Toolbox} has, e.g. in an agent definition's {@code tools:} list. */
final class UnknownToolException extends RuntimeException {
    private final List<String> unknown;

    UnknownToolException(List<String> unknown, List<String> known) {
        super((unknown.size() == 1 ? "unknown tool '" + unknown.get(0) + "'"
                : "unknown tools " + String.join(", ", unknown.stream().map(n -> "'" + n + "'").toList()))
                + " (known: " + String.join(", ", known) + ")");
        this.unknown = List.copyOf(unknown);
    }

    /** The names that were not found, in the order given. */
    public List<String> unknown() {
        return unknown;
    }
}
