package dev.longtask.llm;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A part of a prompt that shows the run as it stands at the moment of the call (the plan's statuses, the latest
 * findings, the graph): with tasks running side by side it differs from one run of the same job to the next. It is
 * set between marks the model reads as a tagged block, {@code <name as_of="...">} ... {@code </name>}, so that a
 * replay leaves what is inside out when it compares a request with the recorded one.
 */
public final class AsOf {
    private static final Pattern BLOCK = Pattern.compile("(<([a-z_]+) as_of=\"[^\"\\n]*\">\\n)(.*?)(\\n</\\2>)",
            Pattern.DOTALL);
    private static final Pattern NAME = Pattern.compile("[a-z_]+");
    static final String NOT_COMPARED = "(as of the call; not compared)";

    private AsOf() {
    }

    /**
     * {@code body} marked as the state at a moment: {@code <name as_of="when">}, the body, {@code </name>}.
     *
     * @param name a tag of lower-case letters and underscores ("run_memory")
     * @param when what moment the body shows, for the model ("when you started")
     */
    public static String block(String name, String when, String body) {
        if (!NAME.matcher(name).matches() || when.contains("\"") || when.contains("\n")) {
            throw new IllegalArgumentException("an as-of block needs a lower-case name and a one-line note without"
                    + " quotes, got " + name + " / " + when);
        }
        return "<" + name + " as_of=\"" + when + "\">\n" + body.strip() + "\n</" + name + ">";
    }

    /** The text with the body of every as-of block replaced by one constant line. */
    static String masked(String text) {
        if (!text.contains(" as_of=\"")) {
            return text;
        }
        return BLOCK.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + NOT_COMPARED + m.group(4)));
    }
}
