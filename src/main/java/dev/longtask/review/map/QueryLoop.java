package dev.longtask.review.map;

import org.treesitter.TSNode;
import org.treesitter.TSQuery;

/**
 * A file's query matches read in one native call ({@code src/main/native/query_loop.c}, compiled into the build's
 * tree-sitter library). The jar's binding builds a Java object per match, capture and node, looking up each class
 * and field as it goes; for a large tree that cost as much as the query itself. Here the matches come back as one
 * int array, and nodes only for the matches whose definitions are read by walking the tree. Without the build's
 * library (no C compiler) the method is missing and {@link SyntaxExtractor} reads the matches through the jar.
 */
final class QueryLoop {
    /** Ints before a match's captures: its pattern index and its capture count. */
    static final int MATCH_HEADER = 2;
    /** Ints per capture: capture index, start byte, end byte, index of its node or -1. */
    static final int CAPTURE_INTS = 4;

    private QueryLoop() {
    }

    /**
     * Runs {@code query} over the tree of {@code root}; returns {int[] matches, TSNode[] nodes} as laid out by
     * {@link #MATCH_HEADER} and {@link #CAPTURE_INTS}. A match gets nodes for all its captures when one of its
     * capture indexes is flagged in {@code wantNodes}.
     *
     * @throws UnsatisfiedLinkError when the loaded tree-sitter library is the jar's, without this function
     */
    static native Object[] matches(TSQuery query, TSNode root, boolean[] wantNodes);
}
