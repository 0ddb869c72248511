package dev.longtask;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClasses;
import dev.longtask.store.RunLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layer diagram of the README, arrow by arrow: each package uses only the packages the diagram puts below it
 * (an arrow it draws), nothing below the command line prints, and {@code model} does no I/O.
 */
class LayersTest {
    private static final JavaClasses MAIN = ImportedClasses.main();

    @Test
    void everyPackageUsesOnlyThePackagesTheDiagramDrawsArrowsTo() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("dev.longtask.cli..")
                .layer("server").definedBy("dev.longtask.server..")
                .layer("mcp").definedBy("dev.longtask.mcp..")
                .layer("api").definedBy("dev.longtask.api..")
                .layer("engine").definedBy("dev.longtask.engine..")
                .layer("review").definedBy("dev.longtask.review..")
                .layer("agent").definedBy("dev.longtask.agent..")
                .layer("tools").definedBy("dev.longtask.tools..")
                .layer("llm").definedBy("dev.longtask.llm..")
                .layer("config").definedBy("dev.longtask.config..")
                .layer("store").definedBy("dev.longtask.store..")
                .layer("model").definedBy("dev.longtask.model..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("server").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("mcp").mayOnlyBeAccessedByLayers("server", "cli")
                .whereLayer("api").mayOnlyBeAccessedByLayers("server", "mcp", "cli")
                .whereLayer("review").mayOnlyBeAccessedByLayers("api", "server", "mcp", "cli")
                .whereLayer("engine").mayOnlyBeAccessedByLayers("review", "api", "server", "mcp", "cli")
                .whereLayer("agent").mayOnlyBeAccessedByLayers("engine", "api", "server", "cli")
                .whereLayer("tools").mayOnlyBeAccessedByLayers("agent", "engine", "api", "server", "cli")
                .whereLayer("llm").mayOnlyBeAccessedByLayers("agent", "engine", "review", "api", "server", "mcp", "cli")
                .whereLayer("config").mayOnlyBeAccessedByLayers("llm", "api")
                .whereLayer("store").mayOnlyBeAccessedByLayers("tools", "agent", "engine", "review", "api", "server",
                        "mcp", "cli")
                .whereLayer("model").mayOnlyBeAccessedByLayers("config", "store", "tools", "llm", "agent", "engine",
                        "review", "api", "server", "mcp", "cli")
                .check(MAIN);
    }

    /**
     * The command line's parts: the commands use the terminal views and the server client; the client uses the
     * views; the views know neither. All three share the root package (the {@code longtask} command, its exit codes
     * and failures, the way to a workspace's runs), which names the commands only to build the command tree.
     */
    @Test
    void theCommandLinesViewsAndServerClientKnowNoCommand() {
        noClasses().that().resideInAnyPackage("dev.longtask.cli.view..", "dev.longtask.cli.client..")
                .should().dependOnClassesThat().resideInAPackage("dev.longtask.cli.command..")
                .because("a command chooses a view and a client, never the other way round")
                .check(MAIN);
        noClasses().that().resideInAPackage("dev.longtask.cli.view..")
                .should().dependOnClassesThat().resideInAPackage("dev.longtask.cli.client..")
                .because("the views show a run however it is reached")
                .check(MAIN);
        noClasses().that().resideInAPackage("dev.longtask.cli").and().doNotHaveSimpleName("Main")
                .should().dependOnClassesThat().resideInAnyPackage("dev.longtask.cli.command..",
                        "dev.longtask.cli.view..", "dev.longtask.cli.client..")
                .because("the root package is what the parts share")
                .check(MAIN);
    }

    /**
     * Every package is a slice of its own, a sub-package apart from its parent ({@code store}, {@code store.file} and
     * {@code store.postgres} are three): no cycle among them. The one exception is the command line's {@code Main},
     * which names the commands only to build the command tree (see the rule above).
     */
    @Test
    void noPackagesDependOnEachOtherInACycle() {
        slices().matching("dev.longtask.(**)").should().beFreeOfCycles()
                .ignoreDependency(JavaClass.Predicates.equivalentTo(dev.longtask.cli.Main.class),
                        DescribedPredicate.alwaysTrue())
                .because("a package is understood, tested and changed from the packages below it")
                .check(MAIN);
    }

    /**
     * The store's port and core ({@code store}) know neither backend: the backends share it, and a backend is added
     * beside the others without the core changing. The choice of a backend is made above them ({@code api.Stores}).
     */
    @Test
    void theStoresCoreKnowsNoBackend() {
        noClasses().that().resideInAPackage("dev.longtask.store")
                .should().dependOnClassesThat().resideInAnyPackage("dev.longtask.store.file..",
                        "dev.longtask.store.postgres..")
                .check(MAIN);
        noClasses().that().resideInAPackage("dev.longtask.store.file..")
                .should().dependOnClassesThat().resideInAPackage("dev.longtask.store.postgres..")
                .check(MAIN);
        noClasses().that().resideInAPackage("dev.longtask.store.postgres..")
                .should().dependOnClassesThat().resideInAPackage("dev.longtask.store.file..")
                .check(MAIN);
    }

    /**
     * Only the store knows a run's files: the others read and write a run through the store's port ({@code RunStore},
     * its reader) and name a document by its kind ({@code RunFile}). What {@link RunLayout} gives every package is where
     * runs are ({@code RUNS}, {@code runs}, {@code of}, {@code directory}, {@code workspace}, {@code runId}), to show a
     * person or to confine a tool, never a file's name. The exceptions are named with their reason.
     */
    private static final Map<String, Set<String>> RUN_LAYOUT_EXCEPTIONS = Map.of(
            // the results tree is the agents' working area: the plan tells each task where the results it depends on
            // are, and the confinement guards result.json and the tree that holds it
            "engine/PlanBook", Set.of("RESULTS", "RESULT_FILE"),
            "engine/PlanValidator", Set.of("resultName"),
            "tools/Workspace", Set.of("RESULTS"),
            "tools/ProtectedPaths", Set.of("RESULTS", "RESULT_FILE"),
            // a task's checkpoint snapshots the tree its agent works in, the results tree included
            "agent/TaskCheckpoints", Set.of("RESULTS"),
            // the command prints where the transcripts are, for a person to open; it reads none
            "api/AgentsOutcome", Set.of("transcripts"));
    private static final Set<String> WHERE_RUNS_ARE = Set.of("RUNS", "runs", "of", "requireWorkspace", "directory",
            "workspace", "runId", "equals", "hashCode", "toString");

    @Test
    void onlyTheStoreKnowsTheNamesOfARunsFiles() throws Exception {
        // calls, as the bytecode has them (a chain such as RunLayout.of(dir).report() included)
        noClasses().that().resideOutsideOfPackage("dev.longtask.store..")
                .should().accessTargetWhere(DescribedPredicate.describe("a member of RunLayout that names a file",
                        (JavaAccess<?> access) -> access.getTargetOwner().isEquivalentTo(RunLayout.class)
                                && !allowed(access.getOriginOwner().getName(), access.getTarget().getName())))
                .because("a run is read through the store's port, and only RunLayout names its files")
                .check(MAIN);
        // the names, as the source has them: javac copies a String constant into the class that uses it
        Path main = Path.of("src/main/java/dev/longtask");
        List<String> found = new ArrayList<>();
        Pattern member = Pattern.compile("RunLayout\\.(\\w+)");
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = main.relativize(file).toString().replace('\\', '/').replace(".java", "");
                if (name.startsWith("store/")) {
                    continue;
                }
                Matcher m = member.matcher(Files.readString(file));
                while (m.find()) {
                    if (!allowed("dev.longtask." + name.replace('/', '.'), m.group(1))) {
                        found.add(name + ": RunLayout." + m.group(1));
                    }
                }
            }
        }
        assertThat(found).as("names of a run's files outside the store").isEmpty();
    }

    private static boolean allowed(String className, String member) {
        String name = className.replace("dev.longtask.", "").replace('.', '/').replaceAll("\\$.*", "");
        return WHERE_RUNS_ARE.contains(member) || RUN_LAYOUT_EXCEPTIONS.getOrDefault(name, Set.of()).contains(member);
    }

    @Test
    void theFailuresAnEmbedderMeetsHaveOneRoot() {
        classes().that().resideInAnyPackage("dev.longtask.store..", "dev.longtask.config..", "dev.longtask.llm..",
                        "dev.longtask.api..", "dev.longtask.model..")
                .and().areAssignableTo(RuntimeException.class).and().arePublic()
                .should().beAssignableTo(dev.longtask.model.LongtaskException.class)
                .because("an embedder catches LongtaskException to tell longtask's failures (the store's, the "
                        + "configuration's, the model's) from bugs")
                .check(MAIN);
    }

    @Test
    void nothingBelowTheCommandLinePrints() {
        noClasses().that().resideOutsideOfPackage("dev.longtask.cli..")
                .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
                .because("the engine emits events and the command line's views print them")
                .check(MAIN);
    }

    @Test
    void theModelDoesNoIo() {
        // Naming a failure reads or writes nothing: Jackson's deserializers declare IOException (the JSON dialect's own
        // reader of instants is one), and the store's failure tells a lost connection by its cause's type. Nor does
        // naming a place, a Path or URI as a value: where a run directory or a replay tape is, or an endpoint. Files,
        // streams, channels and sockets do.
        noClasses().that().resideInAPackage("dev.longtask.model..")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAnyPackage("java.io..", "java.nio..",
                        "java.net..").and(DescribedPredicate.not(JavaClass.Predicates.simpleNameEndingWith("Exception")
                        .or(JavaClass.Predicates.equivalentTo(Path.class))
                        .or(JavaClass.Predicates.equivalentTo(URI.class)))))
                .check(MAIN);
    }
}
