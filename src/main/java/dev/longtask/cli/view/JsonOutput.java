package dev.longtask.cli.view;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.model.JsonMapping;

/**
 * What {@code --json} prints: the run directory's JSON dialect, indented, numbers written plainly ({@code 100},
 * never {@code 1E+2}).
 */
public final class JsonOutput {
    private static final ObjectMapper MAPPER = JsonMapping.newMapper();

    private JsonOutput() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String pretty(Object value) {
        return write(MAPPER.writerWithDefaultPrettyPrinter(), value);
    }

    /** One line, for a stream of objects (JSON lines). */
    public static String line(Object value) {
        return write(MAPPER.writer(), value);
    }

    private static String write(ObjectWriter writer, Object value) {
        try {
            return writer.with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new CliFailure(ExitCode.FAILED, "cannot write JSON: " + e.getOriginalMessage());
        }
    }
}
