package dev.longtask.model;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;

/**
 * The one JSON dialect of longtask, for the run directory, the wire records, tool arguments and reports alike:
 * ISO-8601 times, exact decimals, map keys sorted (so a projection of the
 * same state is the same bytes in every JVM), no derived {@code isX()} properties, unknown fields ignored
 * (a newer writer may add some).
 */
public final class JsonMapping {
    /** A mapper of this dialect for everyone to share: thread-safe, and never reconfigured. */
    public static final ObjectMapper MAPPER = newMapper();

    private JsonMapping() {
    }

    /**
     * A time in the form this dialect writes ({@code 2026-11-28T10:20:31.716Z}: UTC, up to nine decimals) as the
     * mapper reads it, without going through {@code DateTimeFormatter}; null for any other form, which only the
     * mapper reads. For readers that bind by hand.
     */
    public static Instant plainInstant(String text) {
        return IsoInstantDeserializer.parse(text);
    }

    /** A new mapper of this dialect, for a caller that must configure it further. */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                // after the module, so it is asked first; it hands every other form back to the module's own
                .addModule(new SimpleModule("iso-instants").addDeserializer(Instant.class, new IsoInstantDeserializer()))
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(MapperFeature.AUTO_DETECT_IS_GETTERS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .build();
    }
}
