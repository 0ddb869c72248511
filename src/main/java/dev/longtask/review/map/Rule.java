package dev.longtask.review.map;

import java.util.regex.Pattern;

/**
 * One declaration pattern of a brace language, matched at the start of a line that sits where declarations
 * live (top level, or directly in a type body). Named groups: {@code name} (required for emitted
 * definitions), {@code kw} (the keyword, which becomes the kind when present), {@code parent} (a receiver or
 * impl target), {@code ret} (a return type, for the checks).
 */
record Rule(Pattern pattern, String kind, Where where, Opens opens, boolean emit, Check check, String hint) {

    /** Where a rule applies: outside any type, directly inside a type body, or both. */
    enum Where { TOP, MEMBER, ANY }

    /** What kind of block the next brace after the match opens. */
    enum Opens {
        /** A code block: nothing inside it is a top-level declaration. */
        CODE,
        /** A type body: its declarations are members. */
        TYPE,
        /** A namespace, module or extern block: its declarations count as if at the level around it. */
        TRANSPARENT,
        /** Go's {@code const (...)}, {@code var (...)}, {@code type (...)} groups. */
        PAREN_GROUP
    }

    /** A language-specific confirmation that a regex match is really a declaration. */
    enum Check { NONE, JAVA_METHOD, C_TYPE, C_FUNCTION, C_TYPEDEF, JS_MEMBER, JS_VARIABLE, C_MACRO }

    static Rule of(String regex, String kind, Where where, Opens opens) {
        return new Rule(Pattern.compile(regex), kind, where, opens, true, Check.NONE, null);
    }

    Rule silent() {
        return new Rule(pattern, kind, where, opens, false, check, hint);
    }

    Rule checked(Check newCheck) {
        return new Rule(pattern, kind, where, opens, emit, newCheck, hint);
    }

    /** Text every matching line contains: lines without it skip the regex, which is most of the time saved. */
    Rule needs(String text) {
        return new Rule(pattern, kind, where, opens, emit, check, text);
    }

    boolean mayMatch(String line) {
        return hint == null || line.contains(hint);
    }
}
