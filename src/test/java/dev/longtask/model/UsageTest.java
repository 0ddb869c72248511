package dev.longtask.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** A cost is never a guess: without any price it is unknown (null in JSON, "unknown" in text), never $0. */
class UsageTest {
    private final com.fasterxml.jackson.databind.ObjectMapper json = JsonMapping.newMapper();

    @Test
    void anUnpricedCostIsNullInJsonAndUnknownInTextAndReadsBackAsItWas() throws Exception {
        Usage unpriced = Usage.unpriced(1200, 80, 0, 0).plus(Usage.unpriced(10, 5, 0, 0));
        JsonNode tree = json.valueToTree(unpriced);
        assertThat(tree.has("cost_usd")).isTrue();
        assertThat(tree.get("cost_usd").isNull()).as(tree.toString()).isTrue();
        assertThat(tree.get("unpriced_calls").asInt()).isEqualTo(2);
        assertThat(json.treeToValue(tree, Usage.class)).isEqualTo(unpriced);
        assertThat(unpriced.costText()).isEqualTo("unknown");
        assertThat(unpriced.costExplained()).isEqualTo("unknown (no price for this model)");
    }

    @Test
    void aPricedCostAndAMixedOneKeepTheirDollars() throws Exception {
        Usage priced = new Usage(1000, 100, 0, 0, new BigDecimal("0.0421"), 0);
        assertThat(json.writeValueAsString(priced)).isEqualTo("{\"input_tokens\":1000,\"output_tokens\":100,"
                + "\"cache_read_tokens\":0,\"cache_write_tokens\":0,\"cost_usd\":0.0421,\"unpriced_calls\":0}");
        assertThat(priced.costExplained()).isEqualTo("$0.0421");
        Usage mixed = priced.plus(Usage.unpriced(5, 5, 0, 0));
        JsonNode tree = json.valueToTree(mixed);
        assertThat(tree.get("cost_usd").decimalValue()).isEqualByComparingTo("0.0421");
        assertThat(json.treeToValue(tree, Usage.class)).isEqualTo(mixed);
        assertThat(mixed.costExplained()).isEqualTo("$0.0421 + unknown (no price for the model of 1 call)");
        assertThat(json.valueToTree(Usage.ZERO).get("cost_usd").decimalValue()).isZero();
    }
}
