package dev.longtask.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;

/** Checks a tool call's arguments against the tool's JSON schema; the problems go back to the model. */
final class SchemaCheck {
    private final Schema schema;

    SchemaCheck(ObjectNode parameters) {
        this.schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(parameters);
    }

    /** One line per problem, "$.field: what is wrong"; empty when the arguments fit. */
    List<String> problems(JsonNode arguments) {
        List<Error> errors = schema.validate(arguments);
        return errors.stream().map(SchemaCheck::line).distinct().toList();
    }

    private static String line(Error e) {
        String where = e.getInstanceLocation() == null ? "$" : e.getInstanceLocation().toString();
        String message = e.getMessage();
        String line = message.startsWith(where) ? message : where + ": " + message;
        // "does not have a value in the enumeration [...]" says what is allowed, not what was sent
        return ("enum".equals(e.getKeyword()) || "type".equals(e.getKeyword())) && e.getInstanceNode() != null
                ? line + ", got " + shorten(e.getInstanceNode().toString()) : line;
    }

    private static String shorten(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
