package dev.longtask.store.file;

import java.util.Locale;

/**
 * Recognises a write refused because the file system is full (ENOSPC, or a quota) anywhere in a failure's cause
 * chain. Java has no error code for it, only the operating system's message, so the message is what is matched.
 */
public final class DiskFull {
    private DiskFull() {
    }

    /** The refused write's message ("...: No space left on device"), or null when {@code failure} is another one. */
    public static String problem(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (message != null && full(message)) {
                return message;
            }
        }
        return null;
    }

    private static boolean full(String message) {
        String lower = message.toLowerCase(Locale.ROOT);
        return lower.contains("no space left on device") || lower.contains("disk quota exceeded");
    }
}
