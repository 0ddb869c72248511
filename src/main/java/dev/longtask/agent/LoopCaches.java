package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Secrets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every agent loop of a runtime can share, kept by the runtime and passed down: the secrets of its environment
 * (a process's environment never changes, so it is scanned once, not for every task) and each tool's compiled JSON
 * schema, found by the schema's content (every task of every run offers the same tools, and compiling a schema cost
 * more than checking a call against it). A changed schema is a different key, so it is compiled anew. Thread-safe.
 */
public final class LoopCaches {
    /** More distinct schemas than a runtime offers; past it the compiled ones kept start over rather than grow. */
    private static final int KEPT_SCHEMAS = 256;

    private final Secrets secrets;
    private final Map<ObjectNode, SchemaCheck> schemas = new ConcurrentHashMap<>();

    /** @param secrets the values every loop redacts from what it writes and shows */
    public LoopCaches(Secrets secrets) {
        this.secrets = secrets == null ? Secrets.NONE : secrets;
    }

    /** Caches for loops that redact the secrets of {@code environment}. */
    public static LoopCaches of(Map<String, String> environment) {
        return new LoopCaches(Secrets.fromEnvironment(environment));
    }

    /** Caches for loops that redact the secrets of this process's environment. */
    public static LoopCaches ofProcess() {
        return of(System.getenv());
    }

    Secrets secrets() {
        return secrets;
    }

    /** The check of {@code parameters}, compiled the first time a schema with this content is asked for. */
    SchemaCheck schema(ObjectNode parameters) {
        SchemaCheck check = schemas.get(parameters);
        if (check == null) {
            check = new SchemaCheck(parameters);
            if (schemas.size() >= KEPT_SCHEMAS) {
                schemas.clear();
            }
            // A copy as the key: the caller's node may change later, and a key must not.
            schemas.put(parameters.deepCopy(), check);
        }
        return check;
    }
}
