package dev.longtask.review.map;

import dev.longtask.model.review.Language;

/**
 * How a language writes comments and literals, so the lexer can blank them. Each flag turns on one
 * construct; a language is the set of constructs it has.
 */
record Syntax(
        boolean slashComments,
        boolean hashComments,
        boolean nestedBlockComments,
        boolean singleQuoteStrings,
        boolean tripleQuotes,
        boolean tripleSingleQuotes,
        boolean backtickRaw,
        boolean backtickTemplate,
        boolean rustLiterals,
        boolean cppRawStrings,
        boolean regexLiterals,
        boolean digitSeparators) {

    static Syntax of(Language language) {
        return switch (language) {
            case JAVA -> new Syntax(true, false, false, false, true, false, false, false, false, false, false, false);
            case KOTLIN -> new Syntax(true, false, true, false, true, false, false, false, false, false, false, false);
            case PYTHON -> new Syntax(false, true, false, true, true, true, false, false, false, false, false, false);
            case JAVASCRIPT, TYPESCRIPT ->
                    new Syntax(true, false, false, true, false, false, false, true, false, false, true, false);
            case GO -> new Syntax(true, false, false, false, false, false, true, false, false, false, false, false);
            case RUST -> new Syntax(true, false, true, false, false, false, false, false, true, false, false, false);
            case C, CPP -> new Syntax(true, false, false, false, false, false, false, false, false, true, false, true);
        };
    }
}
