package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.llm.TokenCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LineTokensTest {
    final TokenCounter tokens = TokenCounter.shared();

    /** What the map counted before: each line whole through the encoder. */
    private int[] whole(String text) {
        return tokens.countLines(text);
    }

    @Test
    void everyLineOfThisRepositorysSourcesCountsAsTheEncoderCountsItWhole() throws IOException {
        LineTokens lines = new LineTokens(tokens);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Path.of("src"))) {
            files = walk.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".scm")
                    || p.toString().endsWith(".c") || p.toString().endsWith(".md")).toList();
        }
        assertThat(files).hasSizeGreaterThan(300);
        long total = 0;
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(lines.count(text)).as(file.toString()).containsExactly(whole(text));
            total += text.length();
        }
        assertThat(total).isGreaterThan(1_000_000);
    }

    @Test
    void tricksOfTheCutCountAsTheEncoderCountsThem() {
        LineTokens lines = new LineTokens(tokens);
        for (String text : List.of("", "\n", "\n\n", "a", "  x", "\n  x", "\n x", " \n", "  \n  ", "\t\t1", " 1",
                "  12345", "it's 'S 'll 'LL 'Ve 're' 'x '", "'", "''s", " 'll\n", "x\r\ny\r\n", "\r\r\n \r x",
                "a  ,\n\n  ;;\n", "\f\u000B\t x", "\u0001\u0002abc\u007F", "foo(bar, baz);\r\n", "x = 1_000_000;",
                "    }\n    \n", "...\n\n\n", "tab\there", "  \t\n\t  \t")) {
            assertThat(lines.count(text)).as(text).containsExactly(whole(text));
        }
    }

    @Test
    void randomTextOfSpacesSignsLettersDigitsAndOtherScriptsCountsAsTheEncoderCountsIt() {
        LineTokens lines = new LineTokens(tokens);
        String alphabet = "  \t\r\n\f\u000B'sdtmlverSDTMLVERxyzQ0123456789.,;:(){}[]<>=+-*/\"\\_$#@!?\u0000\u001f\u007f";
        String[] others = {"é", "ß", "中", "🎉", "\u00a0", "\u2028", "٣", "ſ"};
        Random random = new Random(30);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(40);
            for (int k = 0; k < length; k++) {
                if (random.nextInt(60) == 0) {
                    text.append(others[random.nextInt(others.length)]);
                } else {
                    text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String t = text.toString();
            assertThat(lines.count(t)).as("%s", t.chars().mapToObj(Integer::toHexString).toList())
                    .containsExactly(whole(t));
        }
    }

    @Test
    void manyThreadsCountingAtOnceEachGetTheEncodersCounts() {
        LineTokens lines = new LineTokens(tokens);
        String text = "    public static void main(String[] args) {\n        System.out.println(args[0]);\n    }\n";
        int[] expected = whole(text);
        List<int[]> counted = java.util.stream.IntStream.range(0, 200).parallel().mapToObj(k -> lines.count(text))
                .toList();
        counted.forEach(c -> assertThat(c).containsExactly(expected));
    }
}
