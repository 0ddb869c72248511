package dev.longtask.tools;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A glob as people write it: {@code *} within one name, {@code **} across directories, {@code ?}, {@code [abc]},
 * {@code {a,b}}. Unlike Java's plain glob, {@code **}{@code /} also matches no directory at all, so {@code **}{@code /*.java}
 * finds {@code Main.java} at the top too.
 */
final class GlobPattern {
    private static final int MAX_EXPANDED = 6;

    private final String text;
    private final List<PathMatcher> matchers = new ArrayList<>();

    GlobPattern(String pattern) {
        String p = pattern.strip();
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        if (p.isEmpty()) {
            throw new ToolMistake("the glob pattern is empty; try **/* for every file");
        }
        if (p.startsWith("/")) {
            throw new ToolMistake("glob pattern '" + pattern + "' is absolute; patterns are relative to the search "
                    + "directory (give the directory as path)");
        }
        this.text = p;
        for (String variant : variants(p)) {
            try {
                matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + variant));
            } catch (IllegalArgumentException e) {
                throw new ToolMistake("glob pattern '" + pattern + "' is not valid: " + e.getMessage());
            }
        }
    }

    String text() {
        return text;
    }

    boolean hasSlash() {
        return text.contains("/");
    }

    boolean matches(Path relative) {
        for (PathMatcher m : matchers) {
            if (m.matches(relative)) {
                return true;
            }
        }
        return false;
    }

    /** Every way of dropping some of the "**&#47;" parts: 2^n patterns for n of them, and n is small in practice. */
    private static Set<String> variants(String pattern) {
        Set<String> out = new LinkedHashSet<>();
        int count = 0;
        for (int at = pattern.indexOf("**/"); at >= 0; at = pattern.indexOf("**/", at + 3)) {
            count++;
        }
        if (count > MAX_EXPANDED) {
            out.add(pattern);
            out.add(pattern.replace("**/", ""));
        } else {
            expand(pattern, 0, out);
        }
        return out;
    }

    private static void expand(String pattern, int from, Set<String> out) {
        int at = pattern.indexOf("**/", from);
        if (at < 0) {
            out.add(pattern);
            return;
        }
        expand(pattern, at + 3, out);
        expand(pattern.substring(0, at) + pattern.substring(at + 3), at, out);
    }
}
