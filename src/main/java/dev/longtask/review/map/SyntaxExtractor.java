package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.lang.ref.Reference;
import org.treesitter.TSInputEncoding;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCapture;
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
 * pass, which sees the same text. Matches are read in one native call where the build's library has it
 * ({@link QueryLoop}), else through the jar's binding, one object at a time. Stateless apart from the shared
 * grammars and that choice; safe from many threads.
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
    /** Whether to read matches through {@link QueryLoop}: cleared for good once the library is found without it. */
    private volatile boolean nativeLoop;

    /** @param timeoutMicros how long one file may take to parse before it is left to the fallback */
    SyntaxExtractor(Grammars grammars, long timeoutMicros) {
        this(grammars, timeoutMicros, true);
    }

    /** @param nativeLoop false to read matches through the jar's binding even when the build's library has the loop */
    SyntaxExtractor(Grammars grammars, long timeoutMicros, boolean nativeLoop) {
        this.grammars = grammars;
        this.timeoutMicros = timeoutMicros;
        this.nativeLoop = nativeLoop;
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
        if (!nativeLoop || !readNatively(grammar, root, tags)) {
            TSQueryCursor cursor = new TSQueryCursor();
            cursor.exec(grammar.tags(), root);
            TSQueryMatch match = new TSQueryMatch();
            while (cursor.nextMatch(match)) {
                TSQueryCapture[] captures = match.getCaptures();
                SyntaxTags.Capture[] read = new SyntaxTags.Capture[captures.length];
                for (int k = 0; k < captures.length; k++) {
                    read[k] = SyntaxTags.Capture.of(captures[k]);
                }
                tags.add(read);
            }
        }
        Reference.reachabilityFence(tree); // its nodes were read above: the tree must not be freed before
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

    /**
     * Reads the matches through {@link QueryLoop}; false when the loaded library lacks it (the jar's), and from
     * then on this extractor reads them through the jar.
     */
    private boolean readNatively(Grammars.Grammar grammar, TSNode root, SyntaxTags tags) {
        Object[] result;
        try {
            result = QueryLoop.matches(grammar.tags(), root, grammar.walkedCaptures());
        } catch (UnsatisfiedLinkError missing) {
            nativeLoop = false;
            return false;
        }
        int[] matches = (int[]) result[0];
        TSNode[] nodes = (TSNode[]) result[1];
        int at = 0;
        while (at < matches.length) {
            int count = matches[at + 1];
            at += QueryLoop.MATCH_HEADER;
            SyntaxTags.Capture[] captures = new SyntaxTags.Capture[count];
            for (int k = 0; k < count; k++, at += QueryLoop.CAPTURE_INTS) {
                int node = matches[at + 3];
                captures[k] = new SyntaxTags.Capture(matches[at], matches[at + 1], matches[at + 2],
                        node < 0 ? null : nodes[node]);
            }
            tags.add(captures);
        }
        return true;
    }
}
