package dev.longtask.mcp;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.util.Map;

/**
 * The SDK's JSON-schema validator (the one it finds for itself), made when it first validates something rather than
 * when the server is built: making it loads the draft 2020-12 meta-schema and its vocabularies, an eighth of the
 * time to the answer to {@code initialize}, which validates nothing.
 */
final class LazySchemaValidator implements JsonSchemaValidator {
    private volatile JsonSchemaValidator validator;

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return validator().validate(schema, structuredContent);
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return validator().validateSchema(schema);
    }

    private JsonSchemaValidator validator() {
        JsonSchemaValidator made = validator;
        if (made == null) {
            synchronized (this) {
                made = validator;
                if (made == null) {
                    made = new DefaultJsonSchemaValidator();
                    validator = made;
                }
            }
        }
        return made;
    }
}
