package dev.longtask.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IsoInstantDeserializerTest {
    /** Jackson's own reading of instants, which the fast path must agree with. */
    private static final ObjectMapper LIBRARY = JsonMapper.builder().addModule(new JavaTimeModule()).build();

    private static Instant ours(String json) throws Exception {
        return JsonMapping.MAPPER.readValue(json, Instant.class);
    }

    private static Instant library(String json) throws Exception {
        return LIBRARY.readValue(json, Instant.class);
    }

    @Test
    void readsWhatTheDialectWritesAsJacksonDoes() throws Exception {
        Random random = new Random(42);
        for (int i = 0; i < 5_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 253_000_000_000L),
                    switch (i % 4) {
                        case 0 -> 0;
                        case 1 -> random.nextInt(1000) * 1_000_000;
                        case 2 -> random.nextInt(1_000_000) * 1000;
                        default -> random.nextInt(1_000_000_000);
                    });
            String json = JsonMapping.MAPPER.writeValueAsString(instant);
            assertThat(IsoInstantDeserializer.parse(json.substring(1, json.length() - 1))).as(json).isEqualTo(instant);
            assertThat(ours(json)).as(json).isEqualTo(instant).isEqualTo(library(json));
        }
    }

    @Test
    void fractionsOfAnyLengthAndTheEndsOfTheYear() throws Exception {
        for (String text : List.of("2026-11-25T21:30:00Z", "2026-11-25T21:30:00.1Z", "2026-11-25T21:30:00.12Z",
                "2026-11-25T21:30:00.1234Z", "2026-11-25T21:30:00.123456789Z", "2024-02-29T23:59:59.999Z",
                "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "1970-01-01T00:00:00Z")) {
            String json = "\"" + text + "\"";
            assertThat(IsoInstantDeserializer.parse(text)).as(text).isNotNull().isEqualTo(library(json));
            assertThat(ours(json)).isEqualTo(library(json));
        }
    }

    @Test
    void otherFormsAreLeftToJackson() throws Exception {
        for (String json : List.of("\"2026-11-25T21:30:00+01:00\"", "\"2026-11-25T23:59:60Z\"",
                "\"+12026-11-25T21:30:00Z\"", "\" 2026-11-25T21:30:00Z \"", "1764106200", "1764106200.5",
                "\"2026-11-25T21:30:00.Z\"")) {
            String text = json.startsWith("\"") ? json.substring(1, json.length() - 1) : json;
            assertThat(IsoInstantDeserializer.parse(text)).as(json).isNull();
            Object expected;
            try {
                expected = library(json);
            } catch (Exception e) {
                expected = e.getClass();
            }
            Object actual;
            try {
                actual = ours(json);
            } catch (Exception e) {
                actual = e.getClass();
            }
            assertThat(actual).as(json).isEqualTo(expected);
        }
    }

    @Test
    void aDateThatDoesNotExistFailsAsJacksonFailsIt() {
        assertThat(IsoInstantDeserializer.parse("2026-02-30T00:00:00Z")).isNull();
        assertThatThrownBy(() -> ours("\"2026-02-30T00:00:00Z\""))
                .isInstanceOf(com.fasterxml.jackson.databind.exc.InvalidFormatException.class);
        assertThatThrownBy(() -> library("\"2026-02-30T00:00:00Z\""))
                .isInstanceOf(com.fasterxml.jackson.databind.exc.InvalidFormatException.class);
        assertThat(IsoInstantDeserializer.parse("2026-13-01T00:00:00Z")).isNull();
        assertThat(IsoInstantDeserializer.parse("2026-11-25T24:00:00Z")).isNull();
    }
}
