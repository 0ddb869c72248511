package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResultDeduperTest {
    @Test
    void aRepeatIsTheSameToolWithTheSameTextAndTheSameErrorFlag() {
        ResultDeduper dedup = new ResultDeduper();
        assertThat(dedup.show("ls", "a.txt", false, 1)).isEqualTo("a.txt");
        assertThat(dedup.show("glob", "a.txt", false, 2)).as("another tool").isEqualTo("a.txt");
        assertThat(dedup.show("ls", "a.txt", true, 3)).as("an error of the same text").isEqualTo("a.txt");
        assertThat(dedup.show("ls", "a.txt ", false, 4)).as("another text").isEqualTo("a.txt ");
        assertThat(dedup.show("ls", new String("a.txt"), false, 5)).isEqualTo("a.txt (×2)");
        assertThat(dedup.show("ls", "a.txt", true, 6)).isEqualTo("a.txt (×2)");

        String longText = "y".repeat(ResultDeduper.SHORT + 1);
        assertThat(dedup.show("read", longText, false, 7)).isEqualTo(longText);
        assertThat(dedup.show("read", longText, false, 8)).contains("identical to the read result shown at step 7", "×2")
                .doesNotContain(longText);

        dedup.reset();
        assertThat(dedup.show("read", longText, false, 9)).as("after a compaction").isEqualTo(longText);
    }
}
