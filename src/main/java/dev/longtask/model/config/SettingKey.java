package dev.longtask.model.config;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.SandboxMode;
import java.math.BigDecimal;
import java.net.URI;
import java.util.Arrays;
import java.util.Optional;

/**
 * The single-valued settings: their name in config.yaml (dotted for nested ones), the environment variable
 * that sets them, and how their text is read. The per-model tables (prices, context_window, text_protocol)
 * come from config files only.
 */
public enum SettingKey {
    MODEL("model", "LONGTASK_MODEL", Kind.TEXT),
    BASE_URL("base_url", "OPENAI_BASE_URL", Kind.URL),
    CONCURRENCY("concurrency", "LONGTASK_CONCURRENCY", Kind.POSITIVE_INT),
    MAX_TOKENS("max_tokens", "LONGTASK_MAX_TOKENS", Kind.POSITIVE_LONG),
    MAX_COST_USD("max_cost_usd", "LONGTASK_MAX_COST_USD", Kind.MONEY),
    MAX_TIME("max_time", "LONGTASK_MAX_TIME", Kind.DURATION),
    MAX_OUTPUT_TOKENS("max_output_tokens", "LONGTASK_MAX_OUTPUT_TOKENS", Kind.POSITIVE_INT),
    FSYNC("fsync", "LONGTASK_FSYNC", Kind.TEXT),
    REQUEST_TIMEOUT("request_timeout", "LONGTASK_REQUEST_TIMEOUT", Kind.DURATION),
    /** The hard limit of one task's agent loop: a task that runs past it is stopped and fails (then is retried). */
    TASK_TIMEOUT("task_timeout", "LONGTASK_TASK_TIMEOUT", Kind.DURATION),
    RETRY_MAX_ATTEMPTS("retry.max_attempts", "LONGTASK_RETRY_MAX_ATTEMPTS", Kind.POSITIVE_INT),
    RETRY_MAX_WAIT("retry.max_wait", "LONGTASK_RETRY_MAX_WAIT", Kind.DURATION),
    APPROVAL("approval", "LONGTASK_APPROVAL", Kind.APPROVAL),
    SANDBOX("sandbox", "LONGTASK_SANDBOX", Kind.SANDBOX),
    /** Where runs are kept: the workspace's files (the default) or postgresql://user@host/db (no password in it). */
    STORE("store", "LONGTASK_STORE", Kind.TEXT),
    /** The most files of a workspace checkpoints keep; a larger workspace runs with them off (docs/engine.md). */
    CHECKPOINT_MAX_FILES("checkpoint.max_files", "LONGTASK_CHECKPOINT_MAX_FILES", Kind.POSITIVE_LONG),
    /** The most bytes of a workspace checkpoints keep, e.g. 2GB or 500MB. */
    CHECKPOINT_MAX_BYTES("checkpoint.max_bytes", "LONGTASK_CHECKPOINT_MAX_BYTES", Kind.SIZE);

    private final String key;
    private final String environmentVariable;
    private final Kind kind;

    SettingKey(String key, String environmentVariable, Kind kind) {
        this.key = key;
        this.environmentVariable = environmentVariable;
        this.kind = kind;
    }

    /** The name in config.yaml, e.g. "max_cost_usd" or "retry.max_wait". */
    public String key() {
        return key;
    }

    public String environmentVariable() {
        return environmentVariable;
    }

    public static Optional<SettingKey> byKey(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }

    /** Reads the value's text; the message of the exception says what was expected. */
    public Object parse(String text) {
        String t = text.trim();
        return switch (kind) {
            case TEXT -> {
                if (t.isEmpty()) {
                    throw new IllegalArgumentException("must not be empty");
                }
                yield t;
            }
            case URL -> url(t);
            case POSITIVE_INT -> (int) positive(t, Integer.MAX_VALUE);
            case POSITIVE_LONG -> positive(t, Long.MAX_VALUE);
            case SIZE -> size(t);
            case MONEY -> money(t);
            case DURATION -> DurationText.parse(t);
            case APPROVAL -> approval(t);
            case SANDBOX -> sandbox(t);
        };
    }

    private static String url(String t) {
        try {
            URI uri = new URI(t);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                if (uri.getRawAuthority().endsWith(":")) {
                    throw new IllegalArgumentException("has ':' but no port after it, got '" + t
                            + "'; write the port (http://127.0.0.1:8000/v1) or leave out the ':'");
                }
                return t;
            }
        } catch (java.net.URISyntaxException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("must be an http:// or https:// URL, got '" + t + "'");
    }

    private static ApprovalMode approval(String t) {
        try {
            return ApprovalMode.fromWire(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be auto, ask or read-only, got '" + t + "'", e);
        }
    }

    private static SandboxMode sandbox(String t) {
        // YAML 1.1 reads a bare "sandbox: off" as the boolean false
        if (t.equalsIgnoreCase("false") || t.equalsIgnoreCase("true")) {
            return t.equalsIgnoreCase("false") ? SandboxMode.OFF : SandboxMode.AUTO;
        }
        try {
            return SandboxMode.fromWire(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be auto or off, got '" + t + "'", e);
        }
    }

    private static long positive(String t, long max) {
        try {
            long n = Long.parseLong(t.replace("_", ""));
            if (n > 0 && n <= max) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("must be a positive whole number, got '" + t + "'");
    }

    /** A number of bytes, with an optional unit: 2GB, 500MB, 64KB (powers of 1024), or 1000000. */
    private static long size(String t) {
        String upper = t.toUpperCase(java.util.Locale.ROOT).replace(" ", "");
        long unit = 1;
        for (String[] suffix : new String[][] {{"GB", "1073741824"}, {"MB", "1048576"}, {"KB", "1024"}, {"B", "1"}}) {
            if (upper.endsWith(suffix[0])) {
                unit = Long.parseLong(suffix[1]);
                upper = upper.substring(0, upper.length() - suffix[0].length());
                break;
            }
        }
        try {
            long n = positive(upper, Long.MAX_VALUE / unit);
            return n * unit;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be a size like 2GB, 500MB or 1000000 (bytes), got '" + t + "'", e);
        }
    }

    private static BigDecimal money(String t) {
        try {
            BigDecimal usd = new BigDecimal(t.startsWith("$") ? t.substring(1) : t);
            if (usd.signum() >= 0) {
                return usd;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("must be an amount of US dollars like 5 or 2.50, got '" + t + "'");
    }

    private enum Kind { TEXT, URL, POSITIVE_INT, POSITIVE_LONG, SIZE, MONEY, DURATION, APPROVAL, SANDBOX }
}
