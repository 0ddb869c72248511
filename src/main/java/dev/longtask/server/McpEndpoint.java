package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.mcp.LongtaskMcpServer;
import dev.longtask.mcp.RunControl;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * {@code /mcp}: the MCP server of longtask over streamable HTTP, its runs carried out by the pool. The SDK's servlet
 * sits beside Javalin's in the same Jetty context (an exact path wins over Javalin's {@code /*}), so Javalin's
 * before-handlers never see its requests: a filter in front of it asks for the token and checks the origin.
 */
final class McpEndpoint implements AutoCloseable {
    static final String PATH = "/mcp";
    static final String WHERE_RUNS_GO = "The run is carried out by the longtask serve process that answers this"
            + " endpoint: it waits in the server's queue for a free slot, approves its own tool calls, and goes on"
            + " after your session ends (a server restart resumes it).";

    private final HttpServletStreamableServerTransportProvider transport;
    private final McpSyncServer server;

    McpEndpoint(RunControl runs) {
        this.transport = HttpServletStreamableServerTransportProvider.builder().jsonMapper(LongtaskMcpServer.json())
                .mcpEndpoint(PATH).keepAliveInterval(Duration.ofSeconds(30)).maxRequestSize(1_000_000).build();
        this.server = LongtaskMcpServer.streamable(transport, runs, WHERE_RUNS_GO);
    }

    /** Adds the servlet and its guard to the server's context (before it starts). */
    void mount(ServletContextHandler context, Access access, ObjectMapper json) {
        ServletHolder servlet = new ServletHolder("mcp", transport);
        servlet.setAsyncSupported(true);
        context.addServlet(servlet, PATH);
        FilterHolder guard = new FilterHolder(new Guard(access, json, transport.protocolVersions()));
        guard.setAsyncSupported(true);
        context.addFilter(guard, PATH, EnumSet.of(DispatcherType.REQUEST));
    }

    /** Ends the clients' sessions (their open streams close) so the server can stop. */
    @Override
    public void close() {
        server.closeGracefully();
    }

    /**
     * The server's access rules on the MCP servlet, and the protocol version a request names; every error, the
     * servlet's own too, is a JSON-RPC error object ({@link McpErrors}).
     */
    private record Guard(Access access, ObjectMapper json, List<String> versions) implements Filter {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest http = (HttpServletRequest) request;
            HttpServletResponse answer = (HttpServletResponse) response;
            try {
                access.checkMcp(http);
            } catch (ApiError refused) {
                if (refused.status() == 401) {
                    answer.setHeader("WWW-Authenticate", "Bearer realm=\"longtask\"");
                }
                McpErrors.write(answer, json, refused.status(), McpErrors.REFUSED, refused.getMessage());
                return;
            }
            String version = http.getHeader("MCP-Protocol-Version");
            if (version != null && !versions.contains(version.strip())) {
                McpErrors.write(answer, json, 400, McpErrors.INVALID_REQUEST, "unsupported MCP-Protocol-Version '"
                        + version.strip() + "': this server speaks " + String.join(", ", versions));
                return;
            }
            chain.doFilter(request, new McpErrors.Translating(answer, json));
        }
    }
}
