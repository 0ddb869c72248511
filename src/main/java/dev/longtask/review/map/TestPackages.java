package dev.longtask.review.map;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the directories named for tests that are code under review after all: a package such as CPython's
 * {@code Lib/unittest} (the test framework) is named like a test directory, yet the library's own modules import it
 * ({@code doctest} does). A held-back directory comes back into scope when a file outside the tests imports it and
 * most of its own files do not look like tests (so {@code Lib/test}, imported by a helper here and there, stays out:
 * its files are {@code test_*.py}). Inside a directory that comes back, test directories of its own
 * ({@code unittest/test/}) stay out.
 */
final class TestPackages {
    private TestPackages() {
    }

    /** What comes back into scope, and what stays out (by its test directory). */
    record Decision(List<RepoScanner.Candidate> rescued, Map<String, List<RepoScanner.Candidate>> skipped) {
    }

    static Decision decide(Map<String, List<RepoScanner.Candidate>> heldBack, List<ParsedFile> inScope) {
        List<RepoScanner.Candidate> rescued = new ArrayList<>();
        Map<String, List<RepoScanner.Candidate>> skipped = new java.util.TreeMap<>();
        for (Map.Entry<String, List<RepoScanner.Candidate>> e : heldBack.entrySet()) {
            String dir = e.getKey();
            List<RepoScanner.Candidate> inside = new ArrayList<>();
            List<RepoScanner.Candidate> tests = new ArrayList<>();
            int testNamed = 0;
            for (RepoScanner.Candidate c : e.getValue()) {
                String rest = c.path().substring(dir.length() + 1);
                TestFiles.Verdict verdict = TestFiles.byPath(c.language(), rest);
                if (verdict == TestFiles.Verdict.TEST) {
                    tests.add(c);
                    continue;
                }
                testNamed += verdict == TestFiles.Verdict.SUSPECT ? 1 : 0;
                inside.add(new RepoScanner.Candidate(c.path(), c.file(), c.language(),
                        verdict == TestFiles.Verdict.SUSPECT));
            }
            if (!inside.isEmpty() && testNamed * 2 < inside.size() && importedFromOutside(dir, inScope)) {
                rescued.addAll(inside);
                if (!tests.isEmpty()) {
                    skipped.put(dir + "/" + commonTestDirectory(dir, tests), tests);
                }
            } else {
                skipped.put(dir, e.getValue());
            }
        }
        return new Decision(rescued, skipped);
    }

    private static String commonTestDirectory(String dir, List<RepoScanner.Candidate> tests) {
        String rest = tests.get(0).path().substring(dir.length() + 1);
        int depth = TestFiles.testDirectoryDepth(tests.get(0).language(), rest);
        return depth == 0 ? "" : String.join("/", List.of(rest.split("/")).subList(0, depth));
    }

    /** Whether a file in scope that is not a test imports the directory as a package or module path. */
    private static boolean importedFromOutside(String dir, List<ParsedFile> inScope) {
        String[] dirParts = dir.split("/");
        for (ParsedFile f : inScope) {
            if (f.test()) {
                continue;
            }
            for (Import imp : f.extraction().imports()) {
                if (names(imp.module(), f.directory(), dir, dirParts)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether an import as written reaches into {@code dir}: a relative path resolved from the importing file's
     * directory that lands inside it, or a module path ({@code unittest.mock}, {@code com.acme.testing.Fixture},
     * {@code example.com/m/testdata}) whose leading segments are the directory's trailing ones.
     */
    static boolean names(String module, String fromDirectory, String dir, String[] dirParts) {
        String m = module.strip().replaceAll("^[<\"']|[>\"']$", "");
        if (m.startsWith("./") || m.startsWith("../")) {
            String resolved = java.nio.file.Path.of(fromDirectory.isEmpty() ? "." : fromDirectory).resolve(m).normalize()
                    .toString().replace('\\', '/');
            return resolved.equals(dir) || resolved.startsWith(dir + "/");
        }
        if (m.startsWith(".")) {
            return false; // Python's relative imports stay within their own package
        }
        String[] parts = m.replace("::", "/").replace('.', '/').split("/");
        for (int k = Math.min(parts.length, dirParts.length); k >= 1; k--) {
            boolean match = true;
            for (int i = 0; i < k && match; i++) {
                match = parts[i].equals(dirParts[dirParts.length - k + i]);
            }
            if (match) {
                return true;
            }
        }
        return false;
    }
}
