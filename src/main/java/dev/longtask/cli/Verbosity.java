package dev.longtask.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import org.slf4j.LoggerFactory;

/**
 * {@code -v} and {@code --debug}. {@code -v} puts the model requests' log ({@code dev.longtask.llm.http}) at
 * DEBUG: one line per request. {@code --debug} puts it at TRACE (headers with keys redacted, and bodies), every
 * longtask logger at DEBUG, and lets logged exceptions show their stack traces, which the normal pattern
 * ({@code %nopex} in {@link TerminalLogging}) leaves out. Logback's state belongs to the process, so closing restores it.
 */
final class Verbosity implements AutoCloseable {
    private static final String REQUESTS = "dev.longtask.llm.http";
    private static final String ALL = "dev.longtask";
    private static final String APPENDER = TerminalLogging.APPENDER;
    private static final String DEBUG_PATTERN = "longtask: %level: %logger{0}: %msg%n";

    /** Whether logback was changed, so that closing restores it. */
    private final boolean changed;
    private final Level requestsBefore;
    private final Level allBefore;
    private final Encoder<ILoggingEvent> encoderBefore;

    private Verbosity(boolean changed, Level requestsBefore, Level allBefore, Encoder<ILoggingEvent> encoderBefore) {
        this.changed = changed;
        this.requestsBefore = requestsBefore;
        this.allBefore = allBefore;
        this.encoderBefore = encoderBefore;
    }

    static Verbosity configure(boolean verbose, boolean debug) {
        if (!verbose && !debug) {
            // Logback is left alone: it starts at the first logger asked for (often never, or after what a command
            // answers first), not before every command (a sixth of `mcp`'s time to its answer to initialize).
            return new Verbosity(false, null, null, null);
        }
        Logger requests = logger(REQUESTS);
        Logger all = logger(ALL);
        OutputStreamAppender<ILoggingEvent> stderr = stderr();
        Verbosity restore = new Verbosity(true, requests.getLevel(), all.getLevel(),
                stderr == null ? null : stderr.getEncoder());
        if (debug) {
            all.setLevel(Level.DEBUG);
            requests.setLevel(Level.TRACE);
            if (stderr != null) {
                PatternLayoutEncoder withTraces = new PatternLayoutEncoder();
                withTraces.setContext(stderr.getContext());
                withTraces.setPattern(DEBUG_PATTERN);
                withTraces.start();
                stderr.setEncoder(withTraces);
            }
        } else if (verbose) {
            requests.setLevel(Level.DEBUG);
        }
        return restore;
    }

    @Override
    public void close() {
        if (!changed) {
            return;
        }
        logger(REQUESTS).setLevel(requestsBefore);
        logger(ALL).setLevel(allBefore);
        OutputStreamAppender<ILoggingEvent> stderr = stderr();
        if (stderr != null && encoderBefore != null && stderr.getEncoder() != encoderBefore) {
            stderr.setEncoder(encoderBefore);
        }
    }

    private static Logger logger(String name) {
        return (Logger) LoggerFactory.getLogger(name);
    }

    private static OutputStreamAppender<ILoggingEvent> stderr() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return null;
        }
        Appender<ILoggingEvent> appender = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(APPENDER);
        return appender instanceof OutputStreamAppender<ILoggingEvent> stream ? stream : null;
    }
}
