package dev.longtask.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration for longtask, in code: the terminal belongs to the progress view, so only warnings and
 * errors are logged, to stderr, without stack traces ({@link Verbosity} changes this for {@code -v} and
 * {@code --debug}). Found by logback through {@code META-INF/services}; it replaces a {@code logback.xml} because
 * reading XML (a SAX parser and logback's configuration model) took a tenth of a second or more of every command's
 * start. A {@code logback.xml} or {@code logback-test.xml} on the class path, or {@code -Dlogback.configurationFile},
 * still wins: then this one steps aside.
 */
public final class TerminalLogging extends ContextAwareBase implements Configurator {
    static final String APPENDER = "STDERR";
    static final String PATTERN = "longtask: %level: %msg%n%nopex";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        ClassLoader loader = TerminalLogging.class.getClassLoader();
        if (System.getProperty("logback.configurationFile") != null || loader.getResource("logback-test.xml") != null
                || loader.getResource("logback.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName(APPENDER);
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(ch.qos.logback.classic.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        // The MCP SDK warns of what longtask reports itself, in a sentence (a server that failed to start, went away).
        context.getLogger("io.modelcontextprotocol").setLevel(Level.ERROR);
        // The connection pool warns of each connection a database restart broke; longtask says once that it waits.
        context.getLogger("com.zaxxer.hikari").setLevel(Level.ERROR);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
