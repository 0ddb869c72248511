package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

class ResultPartsTest {
    private static final Pattern SECTION = Pattern.compile("=== (.*?) ===\\n(.*?)\\n\\n(?==== |\\z)", Pattern.DOTALL);

    /** Every character of every document appears exactly once, in order, and no part is longer than allowed. */
    @Property(tries = 300)
    void nothingIsDroppedOrRepeated(@ForAll @Size(max = 40) List<@StringLength(max = 900) String> texts,
            @ForAll @IntRange(min = 100, max = 700) int maxChars) {
        List<ResultParts.Document> docs = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            docs.add(new ResultParts.Document("doc" + i, texts.get(i).replace("===", "=-=")));
        }
        List<String> parts = ResultParts.split(docs, maxChars);
        StringBuilder[] rebuilt = new StringBuilder[docs.size()];
        for (int i = 0; i < rebuilt.length; i++) {
            rebuilt[i] = new StringBuilder();
        }
        for (String part : parts) {
            Matcher m = SECTION.matcher(part);
            while (m.find()) {
                int doc = Integer.parseInt(m.group(1).replaceAll("^doc(\\d+).*", "$1"));
                rebuilt[doc].append(m.group(2));
            }
            assertThat(part.length()).as("titles and framing count too").isLessThanOrEqualTo(maxChars);
        }
        for (int i = 0; i < docs.size(); i++) {
            assertThat(rebuilt[i].toString()).isEqualTo(docs.get(i).text());
        }
    }
}
