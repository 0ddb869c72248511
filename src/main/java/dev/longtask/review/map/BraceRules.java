package dev.longtask.review.map;

import static dev.longtask.review.map.Rule.Opens.CODE;
import static dev.longtask.review.map.Rule.Opens.PAREN_GROUP;
import static dev.longtask.review.map.Rule.Opens.TRANSPARENT;
import static dev.longtask.review.map.Rule.Opens.TYPE;
import static dev.longtask.review.map.Rule.Where.ANY;
import static dev.longtask.review.map.Rule.Where.MEMBER;
import static dev.longtask.review.map.Rule.Where.TOP;

import dev.longtask.model.review.Language;
import java.util.List;

/** The declaration rules of each brace language, tried in order; the first that matches and checks wins. */
final class BraceRules {
    private BraceRules() {
    }

    private static final String JAVA_ANNOTATIONS = "(?:@[\\w.$]+(?:\\([^)]*\\))?\\s+)*";
    private static final String JAVA_MODIFIERS = "(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed"
            + "|strictfp|default|synchronized|native|transient|volatile)\\s+)*";
    private static final String KOTLIN_MODIFIERS = "(?:(?:public|private|internal|protected|open|abstract|sealed|data"
            + "|inner|value|inline|expect|actual|final|override|suspend|operator|infix|tailrec|external|const"
            + "|lateinit|noinline|crossinline|vararg)\\s+)*";
    private static final String RUST_MODIFIERS = "(?:#\\[[^\\]]*\\]\\s*)*(?:pub(?:\\s*\\([^)]*\\))?\\s+)?"
            + "(?:(?:default|async|const|unsafe|extern(?:\\s+\"\\s*\")?)\\s+)*";
    private static final String JS_MODIFIERS = "(?:(?:export|default|declare|abstract|async)\\s+)*";
    private static final String C_MODIFIERS = "(?:(?:static|inline|extern|virtual|explicit|constexpr|consteval"
            + "|constinit|friend|__inline|__forceinline|_Noreturn|__declspec\\([^)]*\\)|[A-Z][A-Z0-9_]*_(?:API|EXPORT))\\s+)*";

    static List<Rule> of(Language language) {
        return switch (language) {
            case JAVA -> JAVA;
            case KOTLIN -> KOTLIN;
            case GO -> GO;
            case RUST -> RUST;
            case JAVASCRIPT, TYPESCRIPT -> JS;
            case C, CPP -> C_FAMILY;
            case PYTHON -> throw new IllegalArgumentException("python is not a brace language");
        };
    }

    private static final List<Rule> JAVA = List.of(
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + JAVA_MODIFIERS
                    + "(?<kw>class|interface|enum|record|@\\s*interface)\\s+(?<name>[A-Za-z_$][\\w$]*)", "class", ANY, TYPE),
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + JAVA_MODIFIERS + "(?:<[^;{}()]*>\\s*)?"
                    + "(?:(?<ret>[A-Za-z_$][\\w$.]*(?:\\s*<[^;{}()]*>)?(?:\\s*\\[\\s*\\])*)\\s+)?"
                    + "(?<name>[A-Za-z_$][\\w$]*)\\s*\\(", "method", MEMBER, CODE).checked(Rule.Check.JAVA_METHOD).needs("("));

    private static final String KOTLIN_RECEIVER = "(?:(?<parent>[\\w.]+(?:<[^=(]*>)?\\??)\\.)?";
    private static final List<Rule> KOTLIN = List.of(
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + KOTLIN_MODIFIERS
                    + "(?<kw>enum\\s+class|annotation\\s+class|class|interface|fun\\s+interface|object)\\s+"
                    + "(?<name>[A-Za-z_]\\w*)", "class", ANY, TYPE),
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + KOTLIN_MODIFIERS + "companion\\s+object\\b", "object", MEMBER,
                    TRANSPARENT).silent().needs("companion"),
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + KOTLIN_MODIFIERS + "fun\\s+(?:<[^>]*(?:<[^>]*>[^>]*)*>\\s*)?"
                    + KOTLIN_RECEIVER + "(?<name>[A-Za-z_]\\w*|`[^`]+`)", "function", ANY, CODE).needs("fun"),
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + KOTLIN_MODIFIERS + "(?:val|var)\\s+(?:<[^>]*>\\s*)?" + KOTLIN_RECEIVER
                    + "(?<name>[A-Za-z_]\\w*)", "property", TOP, CODE),
            Rule.of("^\\s*" + JAVA_ANNOTATIONS + KOTLIN_MODIFIERS + "(?:val|var)\\s+(?<name>[A-Za-z_]\\w*)",
                    "property", MEMBER, CODE).silent(),
            Rule.of("^\\s*" + KOTLIN_MODIFIERS + "typealias\\s+(?<name>[A-Za-z_]\\w*)", "type", TOP, CODE));

    private static final List<Rule> GO = List.of(
            Rule.of("^func\\s*\\(\\s*(?:[A-Za-z_]\\w*\\s+)?\\*?\\s*(?<parent>[A-Za-z_]\\w*)(?:\\[[^\\]]*\\])?\\s*\\)\\s*"
                    + "(?<name>[A-Za-z_]\\w*)", "method", TOP, CODE),
            Rule.of("^func\\s+(?<name>[A-Za-z_]\\w*)", "function", TOP, CODE),
            Rule.of("^(?<kw>type|const|var)\\s*\\(", "type", TOP, PAREN_GROUP).silent(),
            Rule.of("^type\\s+(?<name>[A-Za-z_]\\w*)(?:\\[[^\\]]*\\])?\\s*=?\\s*(?<kw>struct|interface)?", "type", TOP, TYPE),
            Rule.of("^(?<kw>const|var)\\s+(?<name>[A-Za-z_]\\w*)", "variable", TOP, CODE),
            Rule.of("^\\s+(?<name>[A-Za-z_]\\w*)\\s*\\(", "method", MEMBER, CODE).needs("("));

    /** Go's grouped declarations: one name at the start of each line of the group. */
    static final Rule GO_GROUP_ENTRY = Rule.of("^\\s+(?<name>[A-Za-z_]\\w*)(?:\\[[^\\]]*\\])?(?:\\s+(?<kw>struct|interface)\\b)?",
            "type", TOP, TYPE);

    private static final List<Rule> RUST = List.of(
            Rule.of("^\\s*" + RUST_MODIFIERS + "fn\\s+(?<name>[A-Za-z_]\\w*)", "function", ANY, CODE).needs("fn"),
            Rule.of("^\\s*" + RUST_MODIFIERS + "(?<kw>struct|enum|union|trait)\\s+(?<name>[A-Za-z_]\\w*)", "struct", ANY, TYPE),
            Rule.of("^\\s*(?:#\\[[^\\]]*\\]\\s*)*(?:unsafe\\s+)?impl(?:\\s*<[^{]*?>)?\\s+(?:!?[\\w:]+(?:<[^{]*?>)?\\s+for\\s+)?"
                    + "(?:[\\w]+::)*(?<name>[A-Za-z_]\\w*)", "impl", TOP, TYPE).silent().needs("impl"),
            Rule.of("^\\s*" + RUST_MODIFIERS + "mod\\s+tests?\\s*(?:\\{|$)", "module", ANY, CODE).silent(),
            Rule.of("^\\s*" + RUST_MODIFIERS + "mod\\s+(?<name>[A-Za-z_]\\w*)\\s*(?:\\{|$)", "module", ANY, TRANSPARENT),
            Rule.of("^\\s*" + RUST_MODIFIERS + "mod\\s+(?<name>[A-Za-z_]\\w*)\\s*;", "module", ANY, CODE),
            Rule.of("^\\s*" + RUST_MODIFIERS + "type\\s+(?<name>[A-Za-z_]\\w*)", "type", ANY, CODE),
            Rule.of("^\\s*" + RUST_MODIFIERS + "(?<kw>const|static)\\s+(?:mut\\s+)?(?<name>[A-Za-z_]\\w*)\\s*:",
                    "constant", ANY, CODE),
            Rule.of("^\\s*(?:#\\[[^\\]]*\\]\\s*)*macro_rules!\\s*(?<name>[A-Za-z_]\\w*)", "macro", TOP, CODE),
            Rule.of("^\\s*(?:unsafe\\s+)?extern\\s+\"\\s*\"\\s*(?:\\{|$)", "extern", ANY, TRANSPARENT).silent());

    private static final String JS_NAME = "[A-Za-z_$][\\w$]*";
    private static final List<Rule> JS = List.of(
            Rule.of("^\\s*" + JS_MODIFIERS + "(?<kw>class|interface|enum|const\\s+enum)\\s+(?<name>" + JS_NAME + ")",
                    "class", ANY, TYPE),
            Rule.of("^\\s*" + JS_MODIFIERS + "(?:namespace|module)\\s+(?<name>" + JS_NAME + "(?:\\." + JS_NAME + ")*)",
                    "namespace", ANY, TRANSPARENT),
            Rule.of("^\\s*" + JS_MODIFIERS + "type\\s+(?<name>" + JS_NAME + ")\\s*(?:<[^=]*>)?\\s*=", "type", TOP, CODE),
            Rule.of("^\\s*" + JS_MODIFIERS + "function\\s*\\*?\\s*(?<name>" + JS_NAME + ")", "function", TOP, CODE),
            Rule.of("^\\s*" + JS_MODIFIERS + "(?<kw>const|let|var)\\s+(?<name>" + JS_NAME + ")\\s*(?::[^=]*)?=",
                    "variable", TOP, CODE).checked(Rule.Check.JS_VARIABLE),
            Rule.of("^\\s*(?:module\\.)?exports\\.(?<name>" + JS_NAME + ")\\s*=", "variable", TOP, CODE),
            Rule.of("^\\s*(?:(?:public|private|protected|static|readonly|async|abstract|override|declare|get|set|accessor)\\s+)*"
                    + "\\*?\\s*(?<name>#?" + JS_NAME + ")\\s*\\??\\s*(?:<[^>]*>)?\\s*\\(", "method", MEMBER, CODE)
                    .checked(Rule.Check.JS_MEMBER).needs("("),
            Rule.of("^\\s*(?:(?:public|private|protected|static|readonly|override)\\s+)*(?<name>#?" + JS_NAME
                    + ")\\s*(?::[^=]*)?=\\s*(?:async\\s+)?(?:\\([^)]*\\)|" + JS_NAME + ")\\s*(?::[^=]*)?=>",
                    "method", MEMBER, CODE).needs("=>"));

    private static final List<Rule> C_FAMILY = List.of(
            Rule.of("^\\s*(?:inline\\s+)?namespace(?:\\s+(?<name>[A-Za-z_][\\w:]*))?\\s*(?:\\{|$)", "namespace", ANY,
                    TRANSPARENT),
            Rule.of("^\\s*extern\\s+\"\\s*\"\\s*(?:\\{|$)", "extern", ANY, TRANSPARENT).silent(),
            Rule.of("^\\s*(?:template\\s*<.*>\\s*)?(?<td>typedef\\s+)?(?<kw>class|struct|union|enum(?:\\s+class|\\s+struct)?)"
                    + "(?:\\s+(?:__attribute__\\s*\\(\\(.*?\\)\\)|alignas\\s*\\([^)]*\\)|__declspec\\([^)]*\\)|[A-Z][A-Z0-9_]{2,}(?=\\s+[A-Za-z_])))*"
                    + "(?:\\s+(?<name>[A-Za-z_]\\w*))?", "struct", ANY, TYPE).checked(Rule.Check.C_TYPE),
            Rule.of("^\\s*typedef\\b", "typedef", ANY, CODE).checked(Rule.Check.C_TYPEDEF).needs("typedef"),
            Rule.of("^\\s*#\\s*define\\s+(?<name>[A-Za-z_]\\w*)", "macro", TOP, CODE).checked(Rule.Check.C_MACRO).needs("#"),
            Rule.of("^\\s*(?:template\\s*<.*>\\s*)?using\\s+(?<name>[A-Za-z_]\\w*)\\s*=", "type", ANY, CODE).needs("using"),
            Rule.of("^\\s*(?:template\\s*<.*>\\s*)?" + C_MODIFIERS
                    + "(?<ret>[A-Za-z_][\\w:<>,\\s*&]*?[\\s*&]+)?"
                    + "(?<name>~?[A-Za-z_]\\w*(?:\\s*<[^()]*?>)?(?:::~?[A-Za-z_]\\w*)*(?:::operator\\s*(?:\\(\\)|[^\\s(]+))?"
                    + "|operator\\s*(?:\\(\\)|[^\\s(]+))\\s*\\(", "function", ANY, CODE).checked(Rule.Check.C_FUNCTION).needs("("));
}
