package dev.longtask.tools.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.longtask.model.JsonMapping;
import io.modelcontextprotocol.spec.McpSchema;

/** An MCP tool result as the text a model reads: text as is, everything else described in a line. */
final class McpContent {
    private McpContent() {
    }

    static String text(McpSchema.CallToolResult result) {
        StringBuilder b = new StringBuilder();
        if (result.content() != null) {
            for (McpSchema.Content content : result.content()) {
                if (!b.isEmpty()) {
                    b.append('\n');
                }
                b.append(text(content));
            }
        }
        if (b.isEmpty() && result.structuredContent() != null) {
            try {
                b.append(JsonMapping.newMapper().writeValueAsString(result.structuredContent()));
            } catch (JsonProcessingException e) {
                b.append(result.structuredContent());
            }
        }
        return b.toString();
    }

    private static String text(McpSchema.Content content) {
        if (content instanceof McpSchema.TextContent t) {
            return t.text();
        }
        if (content instanceof McpSchema.ImageContent i) {
            return "[image: " + i.mimeType() + ", " + base64Bytes(i.data()) + " bytes, not shown]";
        }
        if (content instanceof McpSchema.AudioContent a) {
            return "[audio: " + a.mimeType() + ", " + base64Bytes(a.data()) + " bytes, not shown]";
        }
        if (content instanceof McpSchema.ResourceLink link) {
            return "[resource link: " + link.uri() + (link.name() == null ? "" : " (" + link.name() + ")") + "]";
        }
        if (content instanceof McpSchema.EmbeddedResource embedded) {
            McpSchema.ResourceContents r = embedded.resource();
            if (r instanceof McpSchema.TextResourceContents t) {
                return "[resource " + t.uri() + "]\n" + t.text();
            }
            if (r instanceof McpSchema.BlobResourceContents blob) {
                return "[resource " + blob.uri() + ": " + blob.mimeType() + ", " + base64Bytes(blob.blob())
                        + " bytes, not shown]";
            }
        }
        return "[" + content.type() + " content, not shown]";
    }

    private static long base64Bytes(String data) {
        return data == null ? 0 : data.length() * 3L / 4;
    }
}
