package dev.longtask.mcp;

import dev.longtask.api.Longtask;
import dev.longtask.model.LongtaskException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stdio server's runtime, built once and off the path of the handshake: reading the settings and assembling the
 * runtime took most of the time before {@code initialize} was answered, and a client such as Claude Code does not
 * wait for a slow server before the model's first turn, while neither {@code initialize} nor {@code tools/list}
 * needs any of it. It is built on a thread of its own once the first answer is out ({@link #startBuilding}); a tool
 * call that comes sooner waits for that build, or builds it itself. A build that fails (a bad config file) fails
 * the tool call with its message, which the model reads, and the next call tries again (the file may be fixed).
 */
final class LazyRuntime implements Supplier<Longtask>, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LazyRuntime.class);

    private final Supplier<Longtask> build;
    private Longtask runtime;
    private boolean closed;

    LazyRuntime(Supplier<Longtask> build) {
        this.build = build;
    }

    /** Builds the runtime on a thread of its own, so that it is ready by the first tool call. */
    void startBuilding() {
        Thread builder = new Thread(() -> {
            try {
                get();
            } catch (RuntimeException e) {
                LOG.debug("longtask could not start before the first tool call; that call says why", e);
            }
        }, "longtask-runtime");
        builder.setDaemon(true);
        builder.start();
    }

    /** The runtime, built now unless it was built before (a build under way is waited for). */
    @Override
    public synchronized Longtask get() {
        if (closed) {
            throw new IllegalStateException("this MCP server is stopping");
        }
        if (runtime == null) {
            try {
                runtime = build.get();
            } catch (LongtaskException | IllegalArgumentException | IllegalStateException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new IllegalStateException("longtask could not start: " + e, e);
            }
        }
        return runtime;
    }

    /** Closes the runtime if it was built (after a build under way ends); from now on none is built. */
    @Override
    public synchronized void close() {
        closed = true;
        if (runtime != null) {
            runtime.close();
        }
    }
}
