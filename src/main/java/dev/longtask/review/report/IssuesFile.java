package dev.longtask.review.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.JsonMapping;
import dev.longtask.review.plan.ReviewPlanner;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what a review task wrote to its issues file (the format {@link ReviewPlanner} prescribes): a score, a
 * module summary and the issues. It is lenient where a model's habits do no harm (a Markdown fence around the
 * JSON, a bare list of issues, a location given as file and line fields) and says exactly what is wrong
 * otherwise; an issue it cannot read as an object is kept as a finding without a location, so the checker marks
 * it unverified rather than dropping it.
 */
final class IssuesFile {
    static final long MAX_BYTES = 4L << 20;
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    /** What the file holds, or {@code problem} saying why it cannot be used (then nothing else is set). */
    record Content(Integer score, String summary, List<Finding> findings, String problem) {
        static Content unusable(String problem) {
            return new Content(null, "", List.of(), problem);
        }

        boolean usable() {
            return problem == null;
        }
    }

    private IssuesFile() {
    }

    /** @param shown the path as the report names it */
    static Content read(Path file, String shown) {
        if (!Files.isRegularFile(file)) {
            return Content.unusable("its issues file " + shown + " does not exist");
        }
        String text;
        try {
            if (Files.size(file) > MAX_BYTES) {
                return Content.unusable("its issues file " + shown + " has " + Files.size(file)
                        + " bytes, more than the " + MAX_BYTES + " an issues file may have");
            }
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            return Content.unusable("its issues file " + shown + " is not UTF-8 text");
        } catch (IOException e) {
            return Content.unusable("its issues file " + shown + " cannot be read: " + e.getMessage());
        }
        return parse(text, shown);
    }

    static Content parse(String text, String shown) {
        JsonNode root;
        try {
            root = JSON.readTree(unfenced(text));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            return Content.unusable("its issues file " + shown + " is not valid JSON" + where + ": "
                    + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            return Content.unusable("its issues file " + shown + " is empty");
        }
        JsonNode issues = root.isArray() ? root : root.path("issues");
        if (!root.isArray() && !root.isObject()) {
            return Content.unusable("its issues file " + shown + " holds a JSON " + root.getNodeType().name()
                    .toLowerCase(java.util.Locale.ROOT) + ", not an object with \"issues\"");
        }
        if (!issues.isArray()) {
            return Content.unusable("its issues file " + shown + " has no \"issues\" list");
        }
        List<Finding> findings = new ArrayList<>();
        for (JsonNode issue : issues) {
            findings.add(finding(issue));
        }
        Integer score = null;
        JsonNode s = root.path("score");
        if (s.isTextual() && s.asText().strip().matches("\\d{1,3}(\\.\\d+)?")) {
            s = JSON.getNodeFactory().numberNode(Double.parseDouble(s.asText().strip()));
        }
        if (s.isNumber() && s.asDouble() >= 0 && s.asDouble() <= 100) {
            score = (int) Math.round(s.asDouble());
        }
        return new Content(score, text(root.path("summary")), findings, null);
    }

    private static Finding finding(JsonNode issue) {
        if (!issue.isObject()) {
            return new Finding(null, null, null, issue.isTextual() ? issue.asText() : issue.toString(), null);
        }
        String location = text(issue.path("location"));
        if (location.isEmpty()) {
            String file = text(issue.has("file") ? issue.path("file") : issue.path("path"));
            JsonNode line = issue.has("line") ? issue.path("line") : issue.path("start_line");
            location = file.isEmpty() ? "" : line.isMissingNode() || line.isNull() ? file : file + ":" + line.asText();
            JsonNode end = issue.path("end_line");
            if (!file.isEmpty() && end.canConvertToInt() && line.canConvertToInt() && end.asInt() > line.asInt()) {
                location += "-" + end.asInt();
            }
        }
        return new Finding(text(issue.path("severity")), text(issue.path("type")),
                location.isEmpty() ? null : location, text(issue.path("description")), text(issue.path("suggestion")));
    }

    /** Whether a finding is the format example copied: its location, or placeholder text in angle brackets. */
    static boolean copiesExample(Finding f) {
        String location = f.location() == null ? "" : f.location().strip();
        String exampleLocation = ReviewPlanner.EXAMPLE_LOCATION;
        String example = exampleLocation.substring(0, exampleLocation.indexOf(':'));
        return location.startsWith(example) || placeholder(f.description()) || placeholder(f.suggestion());
    }

    private static boolean placeholder(String text) {
        String t = text == null ? "" : text.strip();
        return t.length() > 2 && t.startsWith("<") && t.endsWith(">");
    }

    private static String text(JsonNode node) {
        return node == null || node.isMissingNode() || node.isNull() ? "" : node.isValueNode() ? node.asText().strip()
                : node.toString();
    }

    /** The JSON inside a Markdown code fence, when a model wrapped it in one. */
    static String unfenced(String text) {
        String t = text.strip();
        if (t.startsWith("```")) {
            int firstLine = t.indexOf('\n');
            int close = t.lastIndexOf("```");
            if (firstLine > 0 && close > firstLine) {
                return t.substring(firstLine + 1, close);
            }
        }
        return t;
    }
}
