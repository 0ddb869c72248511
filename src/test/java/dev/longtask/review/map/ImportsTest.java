package dev.longtask.review.map;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.review.Language;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Imports are looked for only where their keyword opens a line; found as a search of the whole text finds them. */
class ImportsTest {
    private static List<String> modules(Language language, String text) {
        return Imports.find(language, text, text).stream().map(Import::module).toList();
    }

    @Test
    void javaImportsAtTheStartOfAnyKindOfLineAfterSpacesAndTabs() {
        String text = "package a.b;\nimport x.One;\n  \timport static x.Two.f;\r\nimport x.Three;\rimport x.Four;"
                + "\u2028import x.Five;\u0085import x.Six;\u2029import x.Seven;\n"
                + "int reimport = 1; String s = \"import x.Never;\"; /* */ import x.NotAtLineStart;\n"
                + "import\n    x.Eight\n    ;\nimport x.*;\n\n   import x.Last;";
        assertThat(modules(Language.JAVA, text)).containsExactly("x.One", "x.Two.f", "x.Three", "x.Four", "x.Five",
                "x.Six", "x.Seven", "x.Eight", "x.*", "x.Last");
        assertThat(Imports.packageName(Language.JAVA, text)).isEqualTo("a.b");
        assertThat(Imports.packageName(Language.JAVA, "class A { String s = package_x; }\n  package  p.q ;\n"
                + "package r;")).isEqualTo("p.q");
        assertThat(Imports.packageName(Language.JAVA, "int package2;")).isNull();
    }

    @Test
    void aKeywordInsideAMatchThatSpansLinesOpensNoMatchOfItsOwn() {
        assertThat(modules(Language.JAVA, "import\nimport;\nimport b;")).containsExactly("import", "b");
        // the parenthesised names run on to the next line, whose "from" is inside the first match
        assertThat(modules(Language.PYTHON, "from a import (b,\nfrom x import y)\nfrom z import w"))
                .containsExactly("a", "z");
    }

    @Test
    void includesPythonAndGoImportsAreFoundAtLineStartsToo() {
        assertThat(modules(Language.C, "#include \"a.h\"\n  #  include <b.h>\nx # include \"no.h\"\n#define X\n"
                + "\t#import \"c.h\"\r\n#include\n\"d.h\"")).containsExactly("a.h", "<b.h>", "c.h", "d.h");
        assertThat(modules(Language.PYTHON, "import os, sys\nfrom . import a\n  from pkg.mod import (b,\n c)\n"
                + "x = 1; import no\n\timport json")).containsExactly(".", "pkg.mod", "os", "sys", "json");
        assertThat(modules(Language.GO, "package p\nimport \"fmt\"\nimport (\n\t\"os\"\n\tx \"a/b\"\n)\n  import \"no\"\n"))
                .containsExactly("fmt", "os", "a/b");
    }
}
