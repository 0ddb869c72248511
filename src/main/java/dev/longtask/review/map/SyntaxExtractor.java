package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import org.treesitter.TSInputEncoding;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCursor;
import org.treesitter.TSQueryMatch;
import org.treesitter.TSTree;

/**
 * Extraction of one file from its tree-sitter syntax tree: the language's tag query names the definitions
 * (with their lines, overloads included), the references (free calls, calls on an object, types, annotations,
 * macros), the names a file declares for itself (parameters, locals, fields: never definitions of the map, and
 * they shadow other files' definitions of the same name), the module names its imports bind, and regions whose
 * names are not references (Rust attributes). Other identifiers read as values are counted from the blanked
 * text, minus everything the tree classified. Imports, the package and the cut lines come from the lexical
 * pass, which sees the same text. Stateless apart from the shared grammars; safe from many threads.
 */
final class SyntaxExtractor {
    private static final int READ_CHUNK = 1 << 16;
    /** How the reason for the fallback starts when the parse ran out of time. */
    static final String TIMED_OUT = "parse took over";

    /** The parser could not map a file: the lexical extractor will, and the map says why. */
    static final class Unparsable extends Exception {
        Unparsable(String reason) {
            super(reason, null, false, false);
        }
    }

    private final Grammars grammars;
    private final long timeoutMicros;

    /** @param timeoutMicros how long one file may take to parse before it is left to the fallback */
    SyntaxExtractor(Grammars grammars, long timeoutMicros) {
        this.grammars = grammars;
        this.timeoutMicros = timeoutMicros;
    }

    Extraction extract(Language language, String fileName, String source) throws Unparsable {
        Grammars.Loaded loaded = grammars.forFile(language, fileName);
        if (loaded.grammar() == null) {
            throw new Unparsable(loaded.unavailable());
        }
        Grammars.Grammar grammar = loaded.grammar();
        Utf8 text = Utf8.of(source);
        TSParser parser = new TSParser();
        parser.setLanguage(grammar.language());
        parser.setTimeoutMicros(timeoutMicros);
        byte[] bytes = text.bytes();
        TSTree tree = parser.parse(new byte[READ_CHUNK], null, (buffer, offset, position) -> {
            int n = Math.min(buffer.length, bytes.length - offset);
            if (n <= 0) {
                return 0;
            }
            System.arraycopy(bytes, offset, buffer, 0, n);
            return n;
        }, TSInputEncoding.TSInputEncodingUTF8);
        if (tree == null) {
            throw new Unparsable(String.format(TIMED_OUT + " %d s", timeoutMicros / 1_000_000));
        }
        TSNode root = tree.getRootNode();
        SyntaxTags tags = new SyntaxTags(grammar, text, language);
        TSQueryCursor cursor = new TSQueryCursor();
        cursor.exec(grammar.tags(), root);
        TSQueryMatch match = new TSQueryMatch();
        while (cursor.nextMatch(match)) {
            tags.add(match.getCaptures());
        }
        Extraction extraction = tags.extraction(source);
        boolean cFamily = language == Language.C || language == Language.CPP;
        if (cFamily ? tags.errorBytes() * 10 > bytes.length : tags.errorBytes() > 0) {
            // Error recovery usually keeps the definitions around a construct the grammar cannot read (an
            // #if/#else that splits a function header, a macro that hides a brace); where it lost many, the
            // lexical extractor reads the file better. C's macros leave small errors in most files: there only
            // errors over a tenth of the file are worth the second reading.
            Extraction lexical = Extractor.extract(language, source);
            int found = extraction.definitions().size();
            if (lexical.definitions().size() > found * 3 / 2 + 3) {
                throw new Unparsable(String.format("parse errors (%d definitions read, %d by the fallback)", found,
                        lexical.definitions().size()));
            }
        }
        return extraction;
    }
}
