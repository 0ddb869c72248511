package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Stores;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.CorruptRunException;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.NoSuchTaskException;
import dev.longtask.model.run.RunFigures;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.RunStores;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code longtask serve}: one process that keeps a pool of background runs beside the foreground run, and serves
 * the HTTP API under {@code /api} (JSON, Server-Sent Events, a WebSocket stream), MCP over streamable HTTP at
 * {@code /mcp}, {@code /metrics}, and routes
 * events to webhooks. Everything is behind the bearer token. Build with {@link #start}; {@link #close} pauses the
 * running runs after they save, so the next start resumes them.
 */
public final class LongtaskServer implements AutoCloseable {
    /** Why a run the server interrupts as it stops is interrupted: its next start resumes it (a follower waits). */
    public static final String STOPPING = "the server is stopping; it resumes the run when it starts again";

    private static final Logger LOG = LoggerFactory.getLogger(LongtaskServer.class);

    private final ServerOptions options;
    private final String token;
    private final Pool pool;
    /** The places for runs at work this server shares with the other servers of its store. */
    private final dev.longtask.model.run.RunSlots slots;
    private final Outbox outbox;
    /** A full collection once the pool has idled a while, so a server at rest gives back what its runs grew. */
    private final IdleCollection idleCollection = new IdleCollection(this::poolIdle, System::gc, IdleCollection.QUIET);
    private final EventStream eventStream;
    private final StreamSocket streamSocket;
    private final McpEndpoint mcp;
    private final Javalin app;
    private final Instant started;

    LongtaskServer(Listener listener, RunBackend backend, Approvals approvals, RunStores stores, Clock clock)
            throws IOException {
        ServerOptions options = listener.options();
        this.options = options;
        this.started = clock.instant();
        List<Path> roots = listener.roots();
        List<Route> routes = listener.routes();
        this.token = listener.token();
        ObjectMapper json = dev.longtask.model.JsonMapping.newMapper();
        RunFiles files = new RunFiles(json, stores);
        EventHub hub = new EventHub();
        RunEvents events = new RunEvents(hub, files);
        ServerMetrics metrics = new ServerMetrics(options.maxRuns());
        this.slots = stores.runSlots(options.maxRuns());
        this.outbox = new Outbox(options.stateDirectory(), routes, events, json, clock,
                new Outbox.Backoff(options.webhookRetry(), options.webhookRetryMax()), metrics);
        this.pool = new Pool(new PoolBook(options.stateDirectory(), json), backend, files, hub, options.maxRuns(),
                new PoolRetries(options.retries(), options.retryDelay()), slots, roots, clock, new PoolListener() {
            @Override
            public void submitted(PoolEntry entry) {
                outbox.track(entry, true);
            }

            @Override
            public void retried(PoolEntry entry) {
                metrics.poolRetried();
            }

            @Override
            public void idle() {
                idleCollection.poolIdle();
            }
        }, approvals);
        hub.tap((runId, event) -> metrics.onEvent(event));
        hub.tap(approvals::onEvent);
        hub.watch(outbox::onEvent);
        metrics.countWith(() -> count(files));
        Submissions submissions = new Submissions(roots);
        RunsApi runs = new RunsApi(pool, backend, files, submissions, json);
        ChangesApi changes = new ChangesApi(runs, files, json);
        ApprovalsApi questions = new ApprovalsApi(pool, backend, files, approvals, hub, runs, json);
        this.eventStream = new EventStream(runs, events, pool, json, 15_000);
        this.streamSocket = new StreamSocket(events, pool, json);
        List<String> hosts = new java.util.ArrayList<>(options.allowedHosts());
        hosts.add(options.bind());
        Access access = new Access(token, options.allowedOrigins(), hosts);
        this.mcp = new McpEndpoint(new PoolRuns(pool, files, submissions, roots.get(0), clock));
        Dashboard dashboard = new Dashboard(LongtaskServer.class.getClassLoader());
        this.app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.jetty.host = options.bind();
            config.jetty.port = options.port();
            // the port the listener bound (its address told already, connections maybe waiting on it)
            config.jetty.addConnector((server, http) -> {
                org.eclipse.jetty.server.ServerConnector connector = new org.eclipse.jetty.server.ServerConnector(
                        server, new org.eclipse.jetty.server.HttpConnectionFactory(http));
                connector.setHost(options.bind());
                try {
                    connector.open(listener.channel());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return connector;
            });
            config.http.maxRequestSize = 1_000_000;
            config.jetty.modifyServletContextHandler(LongtaskServer::withoutSessions);
            config.jetty.modifyServletContextHandler(context -> mcp.mount(context, access, json));
            config.routes.before(ctx -> {
                access.checkHost(ctx.header("Host"));
                if (!Dashboard.isPublic(ctx.path())) {
                    access.check(ctx);
                }
            });
            config.routes.wsBeforeUpgrade(access::checkUpgrade);
            config.routes.get("/", dashboard::page);
            config.routes.get("/index.html", dashboard::page);
            config.routes.get(Dashboard.ASSETS + "<file>", dashboard::asset);
            config.routes.get("/api/health", ctx -> health(ctx, json, roots, files));
            config.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                    .result(metrics.scrape()));
            config.routes.post("/api/runs", runs::submit);
            config.routes.get("/api/runs", runs::list);
            config.routes.get("/api/runs/{id}", runs::get);
            config.routes.get("/api/runs/{id}/tasks", runs::tasks);
            config.routes.get("/api/runs/{id}/tasks/{tid}", runs::task);
            config.routes.get("/api/runs/{id}/tasks/{tid}/transcript", runs::transcript);
            config.routes.get("/api/runs/{id}/tasks/{tid}/diff", changes::diff);
            config.routes.get("/api/runs/{id}/changes", changes::summary);
            config.routes.post("/api/runs/{id}/rollback", changes::rollback);
            config.routes.get("/api/runs/{id}/report", runs::report);
            config.routes.get("/api/runs/{id}/notes", runs::notes);
            config.routes.get("/api/runs/{id}/events", eventStream::handle);
            config.routes.post("/api/runs/{id}/pause", runs::pause);
            config.routes.post("/api/runs/{id}/resume", runs::resume);
            config.routes.post("/api/runs/{id}/cancel", runs::cancel);
            config.routes.post("/api/runs/{id}/tasks/{tid}/retry", runs::retryTask);
            config.routes.post("/api/runs/{id}/priority", runs::priority);
            config.routes.get("/api/runs/{id}/approvals", questions::ofRun);
            config.routes.get("/api/approvals", questions::list);
            config.routes.get("/api/approvals/{aid}", questions::get);
            config.routes.post("/api/approvals/{aid}", questions::answer);
            config.routes.ws("/api/stream", streamSocket::configure);
            config.routes.exception(ApiError.class, (e, ctx) -> {
                ctx.status(e.status()).contentType("application/json").result(e.body(json).toString());
                challenge(ctx, e.status());
            });
            refuse(config, json, NoSuchRunException.class, 404, "not_found");
            refuse(config, json, NoSuchTaskException.class, 404, "not_found");
            refuse(config, json, RunLockedException.class, 409, "conflict");
            refuse(config, json, CorruptRunException.class, 500, "corrupt_run");
            refuse(config, json, IllegalArgumentException.class, 400, "bad_request");
            config.routes.exception(HttpResponseException.class, (e, ctx) -> error(ctx, json, e.getStatus(),
                    e.getStatus() == 404 ? "not_found" : "http_" + e.getStatus(), e.getStatus() == 404
                            ? "no such endpoint: " + ctx.method() + " " + ctx.path() + " (see docs/server.md)"
                            : e.getMessage()));
            config.routes.exception(Exception.class, (e, ctx) -> {
                String request;
                try {
                    request = ctx.method() + " " + ctx.path();
                } catch (RuntimeException over) {
                    // Jetty recycled the request: its client left (a page closed its event stream) and hears nothing
                    return;
                }
                if (clientGone(e)) {
                    return; // a client that left mid-request (a page closed during a WebSocket upgrade) is no failure
                }
                LOG.warn("{} failed", request, e);
                error(ctx, json, 500, "internal", "the server failed on this request: " + e);
            });
        });
        pool.recover();
        for (PoolEntry entry : pool.entries()) {
            outbox.track(entry, false);
        }
        try {
            app.start();
        } catch (RuntimeException e) {
            close();
            throw new IllegalArgumentException("cannot listen on " + options.bind() + ":" + options.port() + ": "
                    + RunsApi.firstLine(String.valueOf(e.getCause() == null ? e.getMessage()
                    : e.getCause().getMessage())), e);
        }
    }

    /**
     * Starts the server: checks the options and the routes, makes the token file on first start, takes up the
     * pool's runs where a previous server left them, and listens.
     *
     * @param approvals the approver the backend's runtime was built with: through it the pool's runs approve
     *                  themselves and the foreground run's questions wait for a person's answer through the API
     * @throws IllegalArgumentException saying what is wrong with the options or the routes, or why it cannot listen
     */
    public static LongtaskServer start(ServerOptions options, RunBackend backend, Approvals approvals) {
        return start(options, backend, approvals, Stores.files());
    }

    /**
     * Starts the server over {@code stores}, where the backend keeps its runs: with a shared store (PostgreSQL) the
     * API, the event streams and the dashboard read the runs from its database, whoever works their tasks.
     */
    public static LongtaskServer start(ServerOptions options, RunBackend backend, Approvals approvals,
                                       RunStores stores) {
        Listener listener = Listener.open(options);
        try {
            return listener.start(backend, approvals, stores);
        } finally {
            listener.close();
        }
    }

    public int port() {
        return app.port();
    }

    /** The base URL, e.g. {@code http://127.0.0.1:7420}. */
    public String url() {
        String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
        return "http://" + host + ":" + port();
    }

    private boolean poolIdle() {
        return pool != null && pool.idle();
    }

    /** The bearer token, or null when the server runs without one. */
    public String token() {
        return token;
    }

    /** Stops taking requests, pauses running runs after they save (the next start resumes them) and closes. */
    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown(options.shutdownGrace());
        }
        if (slots != null) {
            slots.close();
        }
        if (streamSocket != null) {
            streamSocket.close();
        }
        if (eventStream != null) {
            eventStream.close();
        }
        if (mcp != null) {
            mcp.close();
        }
        if (app != null) {
            app.stop();
        }
        if (outbox != null) {
            outbox.close();
        }
        idleCollection.close();
    }

    private void health(Context ctx, ObjectMapper json, List<Path> roots, RunFiles files) throws IOException {
        ObjectNode out = json.createObjectNode().put("status", "ok").put("store", files.where(roots.get(0)))
                .put("uptime_s", java.time.Duration.between(started, Instant.now()).toSeconds())
                .put("running", pool.liveCount()).put("queued", pool.queue().size())
                .put("max_runs", options.maxRuns());
        com.fasterxml.jackson.databind.node.ArrayNode rootList = out.putArray("roots");
        roots.forEach(root -> rootList.add(root.toString()));
        pool.foreground().ifPresentOrElse(f -> out.put("foreground", f.runId()), () -> out.putNull("foreground"));
        ctx.contentType("application/json").result(json.writeValueAsString(out));
    }

    private ServerMetrics.Counts count(RunFiles files) {
        Map<RunStatus, Integer> runs = new EnumMap<>(RunStatus.class);
        Map<TaskStatus, Integer> tasks = new EnumMap<>(TaskStatus.class);
        for (PoolEntry entry : pool.entries()) {
            try {
                RunFigures f = pool.live(entry.runId()).flatMap(LiveRun::figures).map(LiveRun.Figures::run)
                        .orElseGet(() -> files.figures(entry.workspace(), entry.runId()));
                runs.merge(f.status(), 1, Integer::sum);
                tasks.merge(TaskStatus.COMPLETED, f.completed(), Integer::sum);
                tasks.merge(TaskStatus.FAILED, f.failed(), Integer::sum);
                tasks.merge(TaskStatus.IN_PROGRESS, f.running(), Integer::sum);
                tasks.merge(TaskStatus.PENDING, f.pending(), Integer::sum);
                tasks.merge(TaskStatus.CANCELLED, f.cancelled(), Integer::sum);
            } catch (RuntimeException unreadable) {
                // a run that cannot be read now is counted on the next scrape
            }
        }
        return new ServerMetrics.Counts(runs, tasks, pool.queue().size(), pool.liveCount());
    }

    /**
     * The server keeps no HTTP session, but Javalin asks for one on each WebSocket upgrade: those sessions are neither
     * kept nor announced with a cookie (the API is token-only, and a dashboard that reconnects would pile them up).
     */
    private static void withoutSessions(org.eclipse.jetty.ee10.servlet.ServletContextHandler handler) {
        org.eclipse.jetty.ee10.servlet.SessionHandler sessions = handler.getSessionHandler();
        sessions.setUsingCookies(false);
        org.eclipse.jetty.session.NullSessionCache cache = new org.eclipse.jetty.session.NullSessionCache(sessions);
        cache.setSessionDataStore(new org.eclipse.jetty.session.NullSessionDataStore());
        sessions.setSessionCache(cache);
    }

    private static boolean clientGone(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.eclipse.jetty.io.EofException || t instanceof java.nio.channels.ClosedChannelException) {
                return true;
            }
        }
        return false;
    }

    /** A refusal the store or a check raises, as a JSON error with its own message. */
    private static <E extends Exception> void refuse(io.javalin.config.JavalinConfig config, ObjectMapper json,
            Class<E> type, int status, String code) {
        config.routes.exception(type, (e, ctx) -> error(ctx, json, status, code, e.getMessage()));
    }

    private static void error(Context ctx, ObjectMapper json, int status, String code, String message) {
        error(ctx, json, status, code, message, null);
    }

    private static void error(Context ctx, ObjectMapper json, int status, String code, String message, String field) {
        ctx.status(status).contentType("application/json")
                .result(ApiError.body(json, status, code, message, field).toString());
        challenge(ctx, status);
    }

    /** A 401 says how to authenticate (RFC 6750), whichever handler wrote it. */
    private static void challenge(Context ctx, int status) {
        if (status == 401) {
            ctx.header("WWW-Authenticate", "Bearer realm=\"longtask\"");
        }
    }
}
