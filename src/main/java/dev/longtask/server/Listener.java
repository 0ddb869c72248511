package dev.longtask.server;

import dev.longtask.model.run.RunStores;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A server's first step: its options checked, its routes read, its token file made and its port bound, so its
 * address and token can be told at once. {@link #start} then builds the rest (the runtime's pool, its recovery of the
 * runs a previous server left, the HTTP and MCP handlers) on this port. A client that connects in between is not
 * refused: the system holds its connection in the port's queue and the server answers it once started.
 */
public final class Listener implements AutoCloseable {
    /** Connections the system holds for the server while it starts (and later between its accepts). */
    private static final int QUEUE = 128;

    private final ServerOptions options;
    private final List<Path> roots;
    private final List<Route> routes;
    private final String token;
    private final ServerSocketChannel channel;
    private boolean handedOver;

    private Listener(ServerOptions options, List<Path> roots, List<Route> routes, String token,
                     ServerSocketChannel channel) {
        this.options = options;
        this.roots = roots;
        this.routes = routes;
        this.token = token;
        this.channel = channel;
    }

    /**
     * Checks the options and the routes, makes the token file on first start and binds the port.
     *
     * @throws IllegalArgumentException saying what is wrong with the options or the routes, or why it cannot listen
     */
    public static Listener open(ServerOptions options) {
        try {
            List<Path> roots = realRoots(options.roots());
            checkBind(options);
            if (options.maxRuns() < 1) {
                throw new IllegalArgumentException("--max-runs must be at least 1, got " + options.maxRuns());
            }
            List<Route> routes = RouteConfig.read(options.configFiles(), options.environment());
            Files.createDirectories(options.stateDirectory());
            String token = options.noToken() ? null : TokenFile.loadOrCreate(options.tokenFile());
            return new Listener(options, roots, routes, token, bind(options));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the server: " + e.getMessage(), e);
        }
    }

    /**
     * Builds the server on this port over {@code stores}, where the backend keeps its runs, and starts it: it takes
     * up the pool's runs where a previous server left them, then answers the connections waiting on the port.
     *
     * @param approvals the approver the backend's runtime was built with
     */
    public LongtaskServer start(RunBackend backend, Approvals approvals, RunStores stores) {
        synchronized (this) {
            if (handedOver) {
                throw new IllegalStateException("this listener was started or closed already");
            }
            handedOver = true;
        }
        try {
            return new LongtaskServer(this, backend, approvals, stores, Clock.systemDefaultZone());
        } catch (IOException e) {
            release();
            throw new UncheckedIOException("cannot start the server: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            release();
            throw e;
        }
    }

    /** The port bound (the one the system chose for port 0). */
    public int port() {
        return channel.socket().getLocalPort();
    }

    /** The base URL, e.g. {@code http://127.0.0.1:7420}. */
    public String url() {
        String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
        return "http://" + host + ":" + port();
    }

    /** The bearer token, or null when the server runs without one. */
    public String token() {
        return token;
    }

    ServerOptions options() {
        return options;
    }

    List<Path> roots() {
        return roots;
    }

    List<Route> routes() {
        return routes;
    }

    ServerSocketChannel channel() {
        return channel;
    }

    /** Frees the port unless a server was started on it (the server then closes it as it stops). */
    @Override
    public void close() {
        synchronized (this) {
            if (handedOver) {
                return;
            }
            handedOver = true;
        }
        release();
    }

    private void release() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // the port is freed with the process anyway
        }
    }

    private static ServerSocketChannel bind(ServerOptions options) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            channel.socket().setReuseAddress(true); // as the HTTP server binds its own: a restart finds the port free
            channel.bind(new InetSocketAddress(InetAddress.getByName(options.bind()), options.port()), QUEUE);
            channel.configureBlocking(true);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw new IllegalArgumentException("cannot listen on " + options.bind() + ":" + options.port() + ": "
                    + RunsApi.firstLine(String.valueOf(e.getMessage())), e);
        }
    }

    private static List<Path> realRoots(List<Path> roots) throws IOException {
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("give at least one --root: the directories runs may work in");
        }
        List<Path> real = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                throw new IllegalArgumentException("--root " + root + " is not a directory");
            }
            real.add(root.toRealPath());
        }
        return real;
    }

    private static void checkBind(ServerOptions options) {
        InetAddress address;
        try {
            address = InetAddress.getByName(options.bind());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind " + options.bind() + " is not an address of this machine");
        }
        if (options.noToken() && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("--bind " + options.bind() + " is reachable from other machines, so the "
                    + "server needs its token: drop --no-token (clients then send 'Authorization: Bearer TOKEN')");
        }
    }
}
