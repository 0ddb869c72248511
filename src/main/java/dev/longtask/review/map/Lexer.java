package dev.longtask.review.map;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.Set;

/**
 * Blanks comments and the contents of string and character literals with spaces, keeping every offset and
 * every line break, so the extractors can match declarations without being fooled by a commented-out
 * definition or a keyword inside a string. Quote characters themselves are kept: an extractor that needs a
 * literal (an import path) finds its quotes in the blanked text and reads the original between them.
 */
final class Lexer {
    private static final Set<String> REGEX_PRECEDING_WORDS = Set.of("return", "typeof", "instanceof", "in", "of",
            "new", "delete", "void", "throw", "case", "do", "else", "yield", "await");

    private final Syntax syntax;
    private final String src;
    private final char[] out;
    /** Offsets of line starts that lie inside a comment or literal begun on an earlier line. */
    private final BitSet continuedLineStarts = new BitSet();
    private final int n;
    private int i;
    /** Brace depths at which a JS template literal's {@code ${...}} expression returns to the template. */
    private final Deque<Integer> templateResume = new ArrayDeque<>();
    private int braceDepth;

    private Lexer(Syntax syntax, String src) {
        this.syntax = syntax;
        this.src = src;
        this.out = src.toCharArray();
        this.n = src.length();
    }

    /** The blanked text, and which line starts are inside a comment or literal that began above. */
    record Blanked(String text, BitSet continuedLineStarts) {
        boolean continues(int lineStartOffset) {
            return continuedLineStarts.get(lineStartOffset);
        }
    }

    static Blanked blank(String source, Syntax syntax) {
        Lexer lexer = new Lexer(syntax, source);
        lexer.run();
        return new Blanked(new String(lexer.out), lexer.continuedLineStarts);
    }

    private void run() {
        while (i < n) {
            char c = src.charAt(i);
            if (syntax.slashComments() && c == '/' && peek(1) == '/') {
                lineComment();
            } else if (syntax.slashComments() && c == '/' && peek(1) == '*') {
                blockComment();
            } else if (syntax.hashComments() && c == '#') {
                lineComment();
            } else if (syntax.regexLiterals() && c == '/' && regexMayStartHere()) {
                regexLiteral();
            } else if (syntax.rustLiterals() && rustRawStringStart()) {
                rustRawString();
            } else if (syntax.cppRawStrings() && cppRawStringStart()) {
                cppRawString();
            } else if (c == '"' && syntax.tripleQuotes() && peek(1) == '"' && peek(2) == '"') {
                tripleQuoted('"');
            } else if (c == '\'' && syntax.tripleSingleQuotes() && peek(1) == '\'' && peek(2) == '\'') {
                tripleQuoted('\'');
            } else if (c == '"') {
                quoted('"');
            } else if (c == '\'') {
                singleQuote();
            } else if (c == '`' && syntax.backtickRaw()) {
                backtickRaw();
            } else if (c == '`' && syntax.backtickTemplate()) {
                i++;
                template();
            } else if (c == '{') {
                braceDepth++;
                i++;
            } else if (c == '}') {
                braceDepth--;
                i++;
                if (!templateResume.isEmpty() && templateResume.peek() == braceDepth) {
                    templateResume.pop();
                    template();
                }
            } else {
                i++;
            }
        }
    }

    private char peek(int ahead) {
        int j = i + ahead;
        return j < n ? src.charAt(j) : '\0';
    }

    private void blankAt(int j) {
        char c = src.charAt(j);
        if (c == '\n') {
            continuedLineStarts.set(j + 1);
        } else if (c != '\r') {
            out[j] = ' ';
        }
    }

    private void lineComment() {
        while (i < n && src.charAt(i) != '\n') {
            blankAt(i++);
        }
    }

    private void blockComment() {
        int depth = 0;
        while (i < n) {
            if (src.charAt(i) == '/' && peek(1) == '*') {
                depth = syntax.nestedBlockComments() ? depth + 1 : 1;
                blankAt(i++);
                blankAt(i++);
            } else if (src.charAt(i) == '*' && peek(1) == '/') {
                blankAt(i++);
                blankAt(i++);
                if (--depth == 0) {
                    return;
                }
            } else {
                blankAt(i++);
            }
        }
    }

    /** A string that ends at its closing quote or, unterminated, at the end of the line. */
    private void quoted(char quote) {
        i++;
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\\' && i + 1 < n) {
                blankAt(i++);
                blankAt(i++);
            } else if (c == quote) {
                i++;
                return;
            } else if (c == '\n' && !syntax.rustLiterals()) {
                return; // Rust strings may span lines; elsewhere a raw line break ends a broken literal
            } else {
                blankAt(i++);
            }
        }
    }

    private void tripleQuoted(char quote) {
        i += 3;
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\\' && i + 1 < n) {
                blankAt(i++);
                blankAt(i++);
            } else if (c == quote && peek(1) == quote && peek(2) == quote) {
                i += 3;
                return;
            } else {
                blankAt(i++);
            }
        }
    }

    private void singleQuote() {
        if (syntax.singleQuoteStrings()) {
            quoted('\'');
            return;
        }
        char prev = i > 0 ? src.charAt(i - 1) : ' ';
        if (syntax.digitSeparators() && Character.isDigit(prev)) {
            i++;
            return;
        }
        if (syntax.rustLiterals() && !rustCharLiteral()) {
            i++; // a lifetime such as 'a, not a literal
            return;
        }
        quoted('\'');
    }

    /** In Rust 'x' and '\n' are characters; 'a without a closing quote right after is a lifetime. */
    private boolean rustCharLiteral() {
        if (peek(1) == '\\') {
            return true;
        }
        if (i + 1 >= n) {
            return false;
        }
        int cp = src.codePointAt(i + 1);
        int after = i + 1 + Character.charCount(cp);
        return after < n && src.charAt(after) == '\'';
    }

    private void backtickRaw() {
        i++;
        while (i < n && src.charAt(i) != '`') {
            blankAt(i++);
        }
        i++;
    }

    /** Inside a JS template literal: text is blanked, {@code ${...}} is code again until its brace closes. */
    private void template() {
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\\' && i + 1 < n) {
                blankAt(i++);
                blankAt(i++);
            } else if (c == '`') {
                i++;
                return;
            } else if (c == '$' && peek(1) == '{') {
                i += 2;
                templateResume.push(braceDepth);
                braceDepth++;
                return;
            } else {
                blankAt(i++);
            }
        }
    }

    private boolean regexMayStartHere() {
        int j = i - 1;
        while (j >= 0 && Character.isWhitespace(out[j])) {
            j--;
        }
        if (j < 0) {
            return true;
        }
        char p = out[j];
        if ("(,=:[!&|?{};+-*%<>~^".indexOf(p) >= 0) {
            return true;
        }
        if (Character.isJavaIdentifierPart(p)) {
            int end = j + 1;
            while (j >= 0 && Character.isJavaIdentifierPart(out[j])) {
                j--;
            }
            return REGEX_PRECEDING_WORDS.contains(new String(out, j + 1, end - j - 1));
        }
        return false;
    }

    /** A regex literal; if no closing slash is found on the line it was a division after all. */
    private void regexLiteral() {
        int j = i + 1;
        boolean inClass = false;
        while (j < n) {
            char c = src.charAt(j);
            if (c == '\n') {
                i++;
                return;
            }
            if (c == '\\') {
                j += 2;
                continue;
            }
            if (c == '[') {
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            } else if (c == '/' && !inClass) {
                break;
            }
            j++;
        }
        if (j >= n) {
            i++;
            return;
        }
        for (int k = i + 1; k < j; k++) {
            blankAt(k);
        }
        i = j + 1;
    }

    private boolean identifierCharBefore(int at) {
        return at > 0 && Character.isJavaIdentifierPart(src.charAt(at - 1));
    }

    /** r"..", r#".."#, br"..", cr#".."# */
    private boolean rustRawStringStart() {
        int j = i;
        if (src.charAt(j) == 'b' || src.charAt(j) == 'c') {
            j++;
        }
        if (j >= n || src.charAt(j) != 'r' || identifierCharBefore(i)) {
            return false;
        }
        j++;
        while (j < n && src.charAt(j) == '#') {
            j++;
        }
        return j < n && src.charAt(j) == '"';
    }

    private void rustRawString() {
        while (src.charAt(i) != 'r') {
            i++;
        }
        i++;
        int hashes = 0;
        while (src.charAt(i) == '#') {
            hashes++;
            i++;
        }
        i++; // opening quote
        String close = "\"" + "#".repeat(hashes);
        int end = src.indexOf(close, i);
        int stop = end < 0 ? n : end;
        for (int k = i; k < stop; k++) {
            blankAt(k);
        }
        i = end < 0 ? n : end + close.length();
    }

    /** R"delim( ... )delim", with the prefixes u8R, uR, UR, LR. */
    private boolean cppRawStringStart() {
        if (src.charAt(i) != 'R' || peek(1) != '"') {
            return false;
        }
        int start = i;
        while (start > 0 && "u8UL".indexOf(src.charAt(start - 1)) >= 0) {
            start--;
        }
        return !identifierCharBefore(start) && src.indexOf('(', i + 2) > 0;
    }

    private void cppRawString() {
        int open = src.indexOf('(', i + 2);
        String delimiter = src.substring(i + 2, open);
        if (delimiter.length() > 16 || delimiter.contains("\n") || delimiter.contains(" ")) {
            i++;
            return; // not a raw string after all
        }
        String close = ")" + delimiter + "\"";
        int end = src.indexOf(close, open + 1);
        int stop = end < 0 ? n : end;
        for (int k = open + 1; k < stop; k++) {
            blankAt(k);
        }
        i = end < 0 ? n : end + close.length();
    }
}
