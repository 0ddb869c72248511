package dev.longtask.tools.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.McpNames;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * A tool of an MCP server as an agent sees it: {@code mcp__<server>__<tool>}, the server's description and input
 * schema, and a call that goes to the server of this run. What the server answers becomes text (images and binary
 * resources are described, not inlined); an error result, a refusal or a server that is gone or hung is a tool error
 * that says so, and the agent goes on.
 */
final class McpTool implements Tool {
    private static final ObjectMapper JSON = JsonMapping.newMapper();

    private final McpConnection server;
    private final String remoteName;
    private final String name;
    private final String description;
    private final ObjectNode parameters;

    McpTool(McpConnection server, McpSchema.Tool tool) {
        this.server = server;
        this.remoteName = tool.name();
        this.name = McpNames.tool(server.spec().name(), tool.name());
        String told = tool.description() == null || tool.description().isBlank() ? tool.name() : tool.description();
        this.description = told.strip() + " (a tool of the MCP server " + server.spec().name() + ")";
        ObjectNode schema = tool.inputSchema() == null ? JSON.createObjectNode() : JSON.valueToTree(tool.inputSchema());
        if (!schema.has("type")) {
            schema.put("type", "object");
        }
        // The dialect a server's schema library names means nothing to a model's API, and LangChain4j refuses it.
        schema.remove("$schema");
        this.parameters = schema;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public ObjectNode parameters() {
        return parameters.deepCopy();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        Map<String, Object> args = JSON.convertValue(arguments, new TypeReference<>() {
        });
        McpSchema.CallToolResult result;
        try {
            result = server.call(remoteName, args);
        } catch (McpServerException e) {
            return ToolResult.error(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ToolResult.error("the call to " + name + " was interrupted");
        }
        String text = McpContent.text(result);
        return Boolean.TRUE.equals(result.isError())
                ? ToolResult.error(text.isBlank() ? name + " failed without saying why" : text)
                : ToolResult.ok(text.isBlank() ? "(" + name + " returned nothing)" : text);
    }
}
