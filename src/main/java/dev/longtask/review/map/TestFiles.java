package dev.longtask.review.map;

import dev.longtask.model.review.Language;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Tells test code from the code under test, by path and by content. A directory that only tests use
 * ({@code test/}, {@code tests/}, {@code __tests__/}, {@code testdata/}, ...) and names a toolchain itself
 * defines as tests (Go's {@code _test.go}, pytest's {@code conftest.py}) settle it by path alone. A name that
 * merely looks like a test ({@code FooTest.java}, {@code FooSpec.kt}, {@code test_x.py}, {@code x.spec.ts}) or
 * an ambiguous directory ({@code spec/}, {@code it/}) makes a file a <em>suspect</em>, and only its content
 * (a test framework's import, a {@code @Test}, {@code describe(}, {@code #[test]}, {@code TEST(}) makes it a
 * test: a main-source class named like {@code ResponseSpec} stays in scope.
 */
final class TestFiles {
    /** What a path alone says. */
    enum Verdict { NOT_TEST, TEST, SUSPECT }

    private static final Set<String> TEST_DIRS = Set.of("test", "tests", "__tests__", "testdata", "test_data",
            "testing_data", "androidtest", "unittest", "unittests", "integrationtest", "integrationtests");
    private static final Set<String> AMBIGUOUS_DIRS = Set.of("spec", "specs", "it");

    private static final Pattern JVM = Pattern.compile("(?m)^\\s*import\\s+(?:static\\s+)?(?:org\\.junit|junit\\."
            + "|org\\.testng|io\\.kotest|kotlin\\.test|org\\.spockframework|spock\\.lang|org\\.scalatest|org\\.assertj"
            + "|org\\.hamcrest|org\\.mockito|io\\.mockk|com\\.google\\.common\\.truth)|@Test\\b");
    private static final Pattern PYTHON = Pattern.compile("(?m)^\\s*(?:import|from)\\s+(?:pytest|unittest|nose"
            + "|hypothesis)\\b|^\\s*(?:async\\s+)?def\\s+test\\w*\\s*\\(|^class\\s+Test\\w*");
    private static final Pattern JS = Pattern.compile("(?m)^\\s*(?:describe|it|test|suite)(?:\\.\\w+)?\\s*\\(\\s*['\"`]"
            + "|(?:from\\s+|require\\s*\\(\\s*)['\"](?:jest|@jest/|mocha|chai|vitest|ava|tap|sinon|supertest"
            + "|@testing-library/|node:test|uvu|jasmine)");
    private static final Pattern RUST = Pattern.compile("#\\[(?:\\w+::)?test\\]|#\\[cfg\\(test\\)\\]");
    private static final Pattern C_FAMILY = Pattern.compile("(?m)^\\s*#\\s*include\\s*[<\"](?:gtest/|gmock/|catch2?/"
            + "|catch\\.hpp|doctest|check\\.h|cmocka\\.h|CUnit/|unity\\.h|criterion/|boost/test/|acutest\\.h"
            + "|greatest\\.h|minunit\\.h)|^\\s*TEST(?:_F|_P|_CASE)?\\s*\\(");

    private TestFiles() {
    }

    /** The verdict of a repository-relative path ('/' separators) of a file of {@code language}. */
    static Verdict byPath(Language language, String path) {
        String[] parts = path.split("/");
        boolean ambiguousDir = false;
        for (int i = 0; i < parts.length - 1; i++) {
            String dir = parts[i].toLowerCase(Locale.ROOT);
            if (TEST_DIRS.contains(dir) || (language == Language.RUST && dir.equals("benches"))) {
                return Verdict.TEST;
            }
            ambiguousDir |= AMBIGUOUS_DIRS.contains(dir);
        }
        String name = parts[parts.length - 1];
        String stem = stem(name);
        String lower = stem.toLowerCase(Locale.ROOT);
        if ((language == Language.GO && lower.endsWith("_test")) || (language == Language.PYTHON && lower.equals("conftest"))) {
            return Verdict.TEST;
        }
        boolean testName = switch (language) {
            case JAVA, KOTLIN -> stem.endsWith("Test") || stem.endsWith("Tests") || stem.endsWith("IT")
                    || stem.endsWith("TestCase") || stem.endsWith("Spec");
            case PYTHON -> lower.startsWith("test_") || lower.endsWith("_test") || lower.equals("tests");
            case JAVASCRIPT, TYPESCRIPT -> lower.endsWith(".test") || lower.endsWith(".spec") || lower.endsWith("_test")
                    || lower.endsWith(".e2e");
            case GO -> false;
            case RUST -> lower.endsWith("_test") || lower.equals("tests");
            case C, CPP -> lower.endsWith("_test") || lower.endsWith("_unittest") || lower.startsWith("test_")
                    || lower.endsWith("_tests");
        };
        return testName || ambiguousDir ? Verdict.SUSPECT : Verdict.NOT_TEST;
    }

    /**
     * How many leading directories of {@code path} reach its outermost directory only tests use ({@code Lib/unittest}
     * of {@code Lib/unittest/case.py}: 2), or 0 when no directory makes it a test.
     */
    static int testDirectoryDepth(Language language, String path) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            String dir = parts[i].toLowerCase(Locale.ROOT);
            if (TEST_DIRS.contains(dir) || (language == Language.RUST && dir.equals("benches"))) {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * Whether a directory's name says it holds a test project of its own ({@code test-shrinker}, {@code it-app},
     * {@code integration-tests}, {@code e2e}), as opposed to a source directory that merely starts with "test".
     */
    static boolean testProjectName(String directory) {
        String d = directory.toLowerCase(Locale.ROOT);
        return TEST_DIRS.contains(d) || TEST_PROJECT.matcher(d).matches();
    }

    private static final Pattern TEST_PROJECT = Pattern.compile(
            "(?:tests?|it|e2e|integration[-_]?tests?|functional[-_]?tests?)(?:[-_].+)?|.+[-_](?:tests?|it|e2e)");

    /** Whether a file's text shows a test framework at work. */
    static boolean hasTestContent(Language language, String text) {
        Pattern p = switch (language) {
            case JAVA, KOTLIN -> JVM;
            case PYTHON -> PYTHON;
            case JAVASCRIPT, TYPESCRIPT -> JS;
            case GO -> null;
            case RUST -> RUST;
            case C, CPP -> C_FAMILY;
        };
        return p != null && p.matcher(text).find();
    }

    private static String stem(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".d.ts")) {
            return name.substring(0, name.length() - 5);
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
