package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TokenCounterTest {
    final TokenCounter tokens = TokenCounter.shared();

    @Test
    void theEncodingIsNamedWithoutLoadingItAsTheLoadedEncodingNamesItself() {
        assertThat(tokens.encodingName()).isEqualTo(com.knuddels.jtokkit.Encodings.newLazyEncodingRegistry()
                .getEncoding(com.knuddels.jtokkit.api.EncodingType.CL100K_BASE).getName()).isEqualTo("cl100k_base");
    }

    @Test
    void theUpperBoundIsNeverBelowTheCountWhateverTheScript() {
        List<String> texts = List.of("", "a", "Hello, world!", "    indented\n\tcode();\n",
                "Übergrößenträger façade naïve", "多语言文本的分词测试，包括标点。", "emoji 🎉🚀 and 👩‍👩‍👧",
                "Ελληνικά και русский текст", "\u0000\u0001 control \uFFFD", "x".repeat(5_000));
        for (String text : texts) {
            assertThat(tokens.upperBound(text)).as(text).isGreaterThanOrEqualTo(tokens.count(text));
        }
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(200);
            for (int k = 0; k < length; k++) {
                text.appendCodePoint(randomCodePoint(random));
            }
            assertThat(tokens.upperBound(text.toString())).as(text.toString())
                    .isGreaterThanOrEqualTo(tokens.count(text.toString()));
        }
    }

    @Test
    void linesCountedOnceAreTakenFromWhatTheCallerKeepsAndCountTheSame() {
        String longLine = "    String s = \"" + "word ".repeat(40) + "\";\n";
        String text = "class A {\n    }\n\n    }\n" + longLine + longLine + "}";
        Map<String, Integer> known = new ConcurrentHashMap<>();

        assertThat(tokens.countLines(text, known)).containsExactly(tokens.countLines(text));
        assertThat(known).containsOnlyKeys("class A {\n", "    }\n", "\n", "}") // the 200-character line is not kept
                .containsEntry("    }\n", tokens.count("    }\n"));

        known.put("    }\n", 99); // what is kept is what is used
        assertThat(tokens.countLines(text, known)[1]).isEqualTo(99);
        assertThat(tokens.countLines(text, known)[3]).isEqualTo(99);
    }

    @Test
    void theBoundOfAMessageOrAToolCoversItsCount() {
        ObjectNode args = new ObjectMapper().createObjectNode().put("path", "src/Ünïcode.java").put("n", 3);
        List<ChatMessage> messages = List.of(new ChatMessage.System("système"), new ChatMessage.User("用户"),
                new ChatMessage.Assistant("ok", List.of(new ToolCall("c1", "read", args))),
                new ChatMessage.ToolResult("c1", "read", "contenu 🎉", false));
        for (ChatMessage message : messages) {
            assertThat(tokens.upperBound(message)).as(message.toString())
                    .isGreaterThanOrEqualTo(tokens.count(message));
        }
        ToolSpec spec = new ToolSpec("read", "Reads a file — whole or a range.", args);
        assertThat(tokens.upperBound(spec)).isGreaterThanOrEqualTo(tokens.count(spec));
    }

    @Test
    void aCounterThatRemembersToolsCountsEachToolAsTheSharedOneDoes() {
        TokenCounter remembering = TokenCounter.rememberingTools();
        ObjectMapper json = new ObjectMapper();
        ToolSpec small = new ToolSpec("read", "Reads a file.", json.createObjectNode().put("type", "object"));
        ToolSpec larger = new ToolSpec("read", "Reads a file.", json.createObjectNode().put("type", "object")
                .put("description", "the path of the file to read, relative to the workspace, and a range of lines"));
        for (ToolSpec spec : List.of(small, larger, small, larger)) {
            assertThat(remembering.count(spec)).as(spec.toString()).isEqualTo(tokens.count(spec));
        }
        assertThat(remembering.count(larger)).isGreaterThan(remembering.count(small));
    }

    @Test
    void aCounterThatRemembersPiecesOfTextCountsEveryTextAsTheSharedOneDoes() throws Exception {
        TokenCounter remembering = TokenCounter.rememberingTools();
        List<String> texts = new ArrayList<>(List.of("", "x", "\n", "a\n\n\nb", "a\r\nb\r\n", "  indented\n    more\n",
                "end.\nNext line\n's contraction\n'll\n123456\n\t tab\n", "trailing \n \nspace \n", "日本語\n語\n🙂\n🙂",
                "## Heading\n- item\n  - sub\n\n```java\nint x = 1;\n```\n", "a.\n\n.b\n!\n?\n"));
        try (Stream<Path> sources = Files.walk(Path.of("src/main"))) {
            for (Path file : sources.filter(Files::isRegularFile).sorted().limit(400).toList()) {
                texts.add(Files.readString(file));
            }
        }
        Random random = new Random(31);
        for (int n = 0; n < 200; n++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(60); k > 0; k--) {
                text.append(switch (random.nextInt(8)) {
                    case 0 -> "\n";
                    case 1 -> " ";
                    case 2 -> "\r\n";
                    case 3 -> "\t";
                    case 4 -> "'s";
                    case 5 -> ".,;";
                    case 6 -> String.valueOf(random.nextInt(100_000));
                    default -> Character.toString(randomCodePoint(random));
                });
            }
            texts.add(text.toString());
        }
        for (int pass = 0; pass < 2; pass++) {
            for (String text : texts) {
                assertThat(remembering.count(text)).as(text.length() > 200 ? text.substring(0, 200) : text)
                        .isEqualTo(tokens.count(text));
            }
        }
    }

    @Test
    void aRememberedToolNeverStandsForAChangedSchema() {
        TokenCounter remembering = TokenCounter.rememberingTools();
        ObjectMapper json = new ObjectMapper();
        ObjectNode schema = json.createObjectNode().put("type", "object");
        ToolSpec read = new ToolSpec("read", "Reads a file.", schema);
        int first = remembering.count(read);
        assertThat(remembering.knownBound(read)).isEqualTo(first);

        schema.put("description", "the path of the file to read, relative to the workspace, and a range of lines");
        assertThat(remembering.count(read)).isEqualTo(tokens.count(read)).isGreaterThan(first);
        ToolSpec before = new ToolSpec("read", "Reads a file.", json.createObjectNode().put("type", "object"));
        assertThat(remembering.knownBound(before)).isEqualTo(first);
    }

    @Test
    void theKnownBoundLiesBetweenTheCountAndTheUpperBoundAndReachesTheCountOnceCounted() throws Exception {
        List<String> texts = new ArrayList<>(List.of("", "x", "a\n\n\nb", "trailing \n \nspace \n", "日本語\n語\n🙂\n🙂"));
        try (Stream<Path> sources = Stream.concat(Files.walk(Path.of("docs")), Files.walk(Path.of("src/main/java/dev/longtask/agent")))) {
            for (Path file : sources.filter(p -> p.toString().endsWith(".md") || p.toString().endsWith(".java")).sorted()
                    .limit(60).toList()) {
                texts.add(Files.readString(file));
            }
        }
        Random random = new Random(7);
        for (String text : texts) {
            String shown = text.length() > 200 ? text.substring(0, 200) : text;
            TokenCounter remembering = TokenCounter.rememberingTools();
            assertThat(remembering.knownBound(text)).isEqualTo(tokens.upperBound(text));
            assertThat(tokens.knownBound(text)).isEqualTo(tokens.upperBound(text));
            // Some of its lines counted as texts of their own, so a part of its pieces is remembered.
            List.of(text.split("(?<=\n)")).stream().filter(line -> random.nextBoolean()).forEach(remembering::count);
            int partly = remembering.knownBound(text);
            assertThat(partly).as(shown).isGreaterThanOrEqualTo(tokens.count(text))
                    .isLessThanOrEqualTo(tokens.upperBound(text));
            ChatMessage message = new ChatMessage.ToolResult("c", "read", text, false);
            assertThat(remembering.knownBound(message)).as(shown).isGreaterThanOrEqualTo(tokens.count(message))
                    .isLessThanOrEqualTo(tokens.upperBound(message));
            remembering.count(text);
            assertThat(remembering.knownBound(text)).as(shown).isGreaterThanOrEqualTo(tokens.count(text))
                    .isLessThanOrEqualTo(partly);
        }
        // A prompt of short lines, once counted, is known to the token.
        TokenCounter remembering = TokenCounter.rememberingTools();
        String prompt = "You are the analyzer.\nRead the files you are given.\n  - one by one\nReport what you found.\n";
        remembering.count(prompt);
        assertThat(remembering.knownBound(prompt)).isEqualTo(tokens.count(prompt)).isLessThan(tokens.upperBound(prompt));
        assertThat(remembering.knownBound(prompt + "A new line.\n")).isEqualTo(tokens.count(prompt)
                + tokens.upperBound("A new line.\n"));
    }

    @Test
    void aRememberedPieceNeverStandsForAChangedText() {
        TokenCounter remembering = TokenCounter.rememberingTools();
        String prompt = "You are the analyzer.\nRead the files you are given.\nReport what you found.\n";
        String changed = prompt.replace("Read the files you are given.", "Read every file of the workspace, one by one,"
                + " and say what each is for.");
        int first = remembering.count(prompt);
        assertThat(remembering.count(changed)).isEqualTo(tokens.count(changed)).isGreaterThan(first);
        assertThat(remembering.count(prompt)).isEqualTo(first).isEqualTo(tokens.count(prompt));
        assertThat(remembering.count(new ChatMessage.System(changed + "More.\n")))
                .isEqualTo(tokens.count(new ChatMessage.System(changed + "More.\n")));
    }

    private static int randomCodePoint(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> 0x20 + random.nextInt(0x5F);
            case 1 -> 0xA0 + random.nextInt(0x700);
            case 2 -> 0x4E00 + random.nextInt(0x5000);
            default -> 0x1F300 + random.nextInt(0x300);
        };
    }
}
