package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/**
 * The MCP endpoint's HTTP errors as JSON-RPC error objects, whoever raises them. The SDK's servlet answers some with
 * a container error page ({@code sendError}) and others with its exception serialized whole, stack trace included;
 * a client gets neither: only {@code {"jsonrpc":"2.0","id":null,"error":{"code":...,"message":...}}}, the message
 * being the one the SDK meant to send.
 */
final class McpErrors {
    /** JSON-RPC's codes for what HTTP statuses mean here; -32001 is a server error of this endpoint's own. */
    static final int INVALID_REQUEST = -32600;
    static final int PARSE_ERROR = -32700;
    static final int INTERNAL_ERROR = -32603;
    static final int REFUSED = -32001;

    private McpErrors() {
    }

    static ObjectNode body(ObjectMapper json, int code, String message) {
        ObjectNode body = json.createObjectNode().put("jsonrpc", "2.0");
        body.putNull("id");
        body.putObject("error").put("code", code).put("message", message);
        return body;
    }

    /** The JSON-RPC code of an HTTP error status. */
    static int codeOf(int status) {
        return status == 400 ? INVALID_REQUEST : status >= 500 ? INTERNAL_ERROR : REFUSED;
    }

    static void write(HttpServletResponse response, ObjectMapper json, int status, int code, String message)
            throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        byte[] bytes = json.writeValueAsBytes(body(json, code, message));
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
        response.getOutputStream().flush();
    }

    /** A response whose error statuses are answered as JSON-RPC errors; its successes pass through untouched. */
    static final class Translating extends HttpServletResponseWrapper {
        private final ObjectMapper json;
        private int status = 200;
        private ByteArrayOutputStream held;
        private PrintWriter writer;
        private ServletOutputStream stream;

        Translating(HttpServletResponse response, ObjectMapper json) {
            super(response);
            this.json = json;
        }

        @Override
        public void setStatus(int sc) {
            status = sc;
            super.setStatus(sc);
        }

        @Override
        public void sendError(int sc) throws IOException {
            sendError(sc, defaultMessage(sc));
        }

        @Override
        public void sendError(int sc, String msg) throws IOException {
            status = sc;
            write((HttpServletResponse) getResponse(), json, sc, codeOf(sc), msg == null ? defaultMessage(sc) : msg);
        }

        private boolean failing() {
            return status >= 400;
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            if (!failing()) {
                return super.getWriter();
            }
            if (writer == null) {
                StringWriter text = new StringWriter() {
                    @Override
                    public void flush() {
                        super.flush();
                        translate(getBuffer().toString().getBytes(StandardCharsets.UTF_8));
                        getBuffer().setLength(0);
                    }
                };
                writer = new PrintWriter(text, false) {
                    @Override
                    public void close() {
                        flush();
                    }
                };
            }
            return writer;
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (!failing()) {
                return super.getOutputStream();
            }
            if (stream == null) {
                held = new ByteArrayOutputStream();
                stream = new ServletOutputStream() {
                    @Override
                    public void write(int b) {
                        held.write(b);
                    }

                    @Override
                    public void flush() {
                        translate(held.toByteArray());
                        held.reset();
                    }

                    @Override
                    public void close() {
                        flush();
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        throw new UnsupportedOperationException("an error body is written at once");
                    }
                };
            }
            return stream;
        }

        /** Writes the error the body the SDK meant to send says, as a JSON-RPC error. */
        private void translate(byte[] body) {
            if (body.length == 0) {
                return;
            }
            int code = codeOf(status);
            String message = defaultMessage(status);
            try {
                JsonNode sent = json.readTree(body);
                // The SDK's McpError, serialized: its JSON-RPC error under jsonRpcError, else its message.
                JsonNode error = sent.path("jsonRpcError").isObject() ? sent.get("jsonRpcError") : sent.path("error");
                if (status == 400 && error.path("code").isInt()) {
                    code = error.get("code").asInt(); // what was wrong with the request, in JSON-RPC's terms
                }
                if (error.path("message").isTextual()) {
                    message = error.get("message").asText();
                } else if (sent.path("message").isTextual()) {
                    message = sent.get("message").asText();
                }
            } catch (IOException | RuntimeException notJson) {
                // the status says it
            }
            if (message.startsWith("Invalid message format")) {
                // the SDK's words around the parser's own, which quote the body back
                code = PARSE_ERROR;
                message = "Parse error: the body is not a JSON-RPC message";
            }
            try {
                write((HttpServletResponse) getResponse(), json, status, code, message);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        private static String defaultMessage(int status) {
            return switch (status) {
                case 400 -> "bad request";
                case 404 -> "no such session: initialize a new one";
                case 405 -> "method not allowed";
                case 413 -> "the request is too large";
                case 503 -> "the server is shutting down";
                default -> status >= 500 ? "internal error" : "refused (HTTP " + status + ")";
            };
        }
    }
}
