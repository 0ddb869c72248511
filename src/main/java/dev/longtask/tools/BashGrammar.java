package dev.longtask.tools;

import org.treesitter.TSLanguage;
import org.treesitter.TreeSitterBash;

/**
 * Tree-sitter's bash grammar, loaded once on first use (its native library is unpacked and linked then). Where it
 * cannot be loaded (no native library for this platform) the reason is kept, and every command line counts as
 * unparseable: permission rules then ask or refuse rather than guess.
 */
final class BashGrammar {
    /** The grammar, or why there is none. */
    record Loaded(TSLanguage language, String unavailable) {
    }

    private BashGrammar() {
    }

    static Loaded get() {
        return Holder.LOADED;
    }

    /** The JVM's lazy, thread-safe initialisation of a class: the grammar loads when a command is first read. */
    private static final class Holder {
        static final Loaded LOADED = load();

        private static Loaded load() {
            dev.longtask.store.TreeSitterLibraries.useOwnDirectory(); // the runtime it loads may be the build's own
            try {
                return new Loaded(new TreeSitterBash(), null);
            } catch (RuntimeException | LinkageError e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                return new Loaded(null, cause.getClass().getSimpleName()
                        + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
            }
        }
    }
}
