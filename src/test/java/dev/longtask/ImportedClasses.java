package dev.longtask;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The runtime's classes as the architecture tests read them, imported once per test JVM: importing them is the most
 * of what those tests cost, and each test class used to import them itself.
 */
final class ImportedClasses {
    private ImportedClasses() {
    }

    /**
     * The main code's classes. Importing every class and filtering would not do: a rule about who may use a class
     * looks at every class that depends on it, and would see the tests.
     */
    static JavaClasses main() {
        return Main.CLASSES;
    }

    /** Every class of {@code dev.longtask}, main and test code. */
    static JavaClasses mainAndTests() {
        return new ClassFileImporter().importPackages("dev.longtask");
    }

    private static final class Main {
        static final JavaClasses CLASSES = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.longtask");
    }
}
