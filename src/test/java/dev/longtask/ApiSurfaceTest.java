package dev.longtask;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.members;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The public face of the runtime (docs/library.md, "What is public"): what the API's public signatures name, and what
 * the commands that run things may use.
 */
class ApiSurfaceTest {
    private static final JavaClasses MAIN = ImportedClasses.main();

    /** The API's own packages and its vocabularies: data ({@code model}) and settings ({@code config}). */
    private static final List<String> VOCABULARY = List.of("java.", "dev.longtask.api.", "dev.longtask.model.",
            "dev.longtask.config.");

    /**
     * Types of lower packages the API's signatures name on purpose: the ports a library user implements or passes
     * (a model, its price, a record/replay tape, a post-run step, who approves tool calls), and data built below that
     * the API hands out unchanged (a plan and its estimate, the durability setting, the status figures, a review's
     * map and chunks, agents run directly), and the store seam of the scale-out. A new one is added here on
     * purpose, and to docs/library.md.
     */
    static final Set<String> EXPOSED = Set.of(
            "dev.longtask.engine.Finisher", "dev.longtask.engine.Finisher$Finished",
            // scale-out: where runs are kept (a port with a file and a PostgreSQL implementation), a run as its log
            // holds it, and the task a worker carries out
            "dev.longtask.store.RunStores", "dev.longtask.store.RunStore", "dev.longtask.store.postgres.PostgresRunStores",
            // the store seam's reader of many runs at once (a server's)
            "dev.longtask.store.RunReader");

    @Test
    void theApisPublicSignaturesNameOnlyTheApiItsVocabulariesAndTheExposedTypes() {
        members().that().areDeclaredInClassesThat().resideInAPackage("dev.longtask.api")
                .and().areDeclaredInClassesThat().arePublic()
                .and().arePublic()
                .should(nameOnly(VOCABULARY, EXPOSED))
                .because("a library user needs nothing else; see docs/library.md")
                .check(MAIN);
    }

    /** The packages exported whole: the API and its data vocabulary, and the settings vocabulary the API names. */
    static final List<String> EXPORTED_PACKAGES = List.of("dev.longtask.api", "dev.longtask.model",
            "dev.longtask.config");

    /**
     * The exported surface, closed: what a library user can reach from the API's public signatures, following the
     * public members and supertypes of each exposed type in turn (a port's methods name what implementing it needs,
     * {@code LlmClient.chat} a {@code ChatRequest}). Every type reached is in an exported package or listed by name
     * ({@link #EXPOSED}, {@link #REACHED}, {@link #DOCUMENTED_FAILURES}); a type of any other package that
     * becomes reachable fails this test, so nothing is exported by accident. docs/library.md, "What is public".
     */
    @Test
    void theExportedSurfaceIsExactlyTheExportedPackagesAndTheListedTypes() {
        Set<String> listed = new HashSet<>(EXPOSED);
        listed.addAll(REACHED);
        listed.addAll(DOCUMENTED_FAILURES);
        Set<String> leaks = new TreeSet<>();
        Set<String> walked = new HashSet<>();
        Deque<JavaClass> next = new ArrayDeque<>();
        MAIN.stream().filter(c -> c.getPackageName().equals("dev.longtask.api") && c.getModifiers()
                .contains(JavaModifier.PUBLIC)).forEach(next::add);
        while (!next.isEmpty()) {
            JavaClass type = next.pop();
            if (!walked.add(type.getName())) {
                continue;
            }
            for (JavaClass named : publicSignature(type)) {
                JavaClass base = named.isArray() ? named.getBaseComponentType() : named;
                String name = base.getName();
                if (!name.startsWith("dev.longtask.") || inModel(base.getPackageName())
                        || base.getPackageName().equals("dev.longtask.config")) {
                    continue; // the JDK's and the libraries', or a vocabulary (whose own signatures LayersTest keeps)
                }
                if (EXPORTED_PACKAGES.contains(base.getPackageName()) || listed.contains(name)
                        || listed.contains(outermost(base).getName())) {
                    next.add(base);
                } else if (!base.equals(type)) {
                    leaks.add(type.getName() + " names " + name);
                    next.add(base); // walked too, so that one run lists every leak
                }
            }
        }
        assertThat(leaks).as("types of unexported packages reachable from the API: export them on purpose (EXPOSED or "
                + "REACHED, and docs/library.md) or keep them out of public signatures").isEmpty();
    }

    /** The data vocabulary: {@code model} and its sub-packages (a model's port, a store's answers ...). */
    private static boolean inModel(String packageName) {
        return packageName.equals("dev.longtask.model") || packageName.startsWith("dev.longtask.model.");
    }

    /** Every type a public member or the declaration of {@code type} names, when {@code type} is public. */
    private static Set<JavaClass> publicSignature(JavaClass type) {
        Set<JavaClass> named = new HashSet<>();
        if (!type.getModifiers().contains(JavaModifier.PUBLIC)) {
            return named;
        }
        // A user constructs the API's types; an exposed type of a lower package is made by the runtime and handed out.
        boolean inApi = type.getPackageName().equals("dev.longtask.api");
        type.getRawSuperclass().ifPresent(named::add);
        named.addAll(type.getRawInterfaces());
        for (JavaMember member : type.getMembers()) {
            if (!member.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            if (member instanceof JavaField field) {
                named.addAll(field.getType().getAllInvolvedRawTypes());
            } else if (member instanceof JavaCodeUnit unit && (!(unit instanceof JavaConstructor) || inApi)) {
                named.addAll(unit.getReturnType().getAllInvolvedRawTypes());
                unit.getParameterTypes().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
                unit.getThrowsClause().getTypes().forEach(named::add);
            }
        }
        return named;
    }

    /**
     * Types of unexported packages a library user reaches through the exposed ones (their public methods and
     * fields, and the records they hold), each listed here on purpose; with {@link #EXPOSED} and the exported
     * packages this is the whole exported surface. A nested type goes with its outer type.
     */
    static final Set<String> REACHED = Set.of(
            // the PostgreSQL store a Worker takes: its port and its database
            "dev.longtask.store.SharedRunStores", "dev.longtask.store.postgres.PostgresDatabase",
            "dev.longtask.store.postgres.PostgresUrl");

    @Test
    void theCommandsThatRunThingsUseOnlyTheApi() {
        classes().that().haveSimpleName("RunCommand").or().haveSimpleName("PlanCommand")
                .or().haveSimpleName("ResumeCommand").or().haveSimpleName("AgentCommand")
                .or().haveSimpleName("ReviewCommand").or().haveSimpleName("DoctorCommand")
                .should().onlyDependOnClassesThat(inApiOr("dev.longtask.cli.", "picocli.",
                        "com.fasterxml.jackson."))
                .because("run, plan, resume, agent, review and doctor go through dev.longtask.api")
                .check(MAIN);
    }

    /**
     * The store's failures the API documents (docs/library.md, "What is public"): a command turns each into its own
     * one-line error and exit code. They are {@code LongtaskException}s; the others are caught as that root.
     */
    static final Set<String> DOCUMENTED_FAILURES = Set.of();

    /** The front ends' packages, each with its sub-packages (the command line's commands, views and server client). */
    private static final List<String> FRONT_ENDS = List.of("dev.longtask.cli", "dev.longtask.server",
            "dev.longtask.mcp");

    private static boolean inAFrontEnd(String packageName) {
        return FRONT_ENDS.stream().anyMatch(p -> packageName.equals(p) || packageName.startsWith(p + "."));
    }

    @Test
    void theCommandLineTheServerAndMcpGoThroughTheApi() {
        Set<String> uses = frontEndUsesBelowTheApi();
        assertThat(uses)
                .as("the command line, the server and MCP use dev.longtask.api, its vocabularies (model, config), the "
                        + "exposed types and the documented failures only; add what they need to the API")
                .isEmpty();
    }

    /** Each "front-end class -> class of a lower package" that is neither the API's vocabulary nor handed out by it. */
    private static Set<String> frontEndUsesBelowTheApi() {
        List<String> prefixes = new ArrayList<>(VOCABULARY);
        FRONT_ENDS.forEach(p -> prefixes.add(p + "."));
        Set<String> handedOut = handedOut();
        handedOut.addAll(DOCUMENTED_FAILURES);
        Set<String> uses = new TreeSet<>();
        for (JavaClass user : MAIN) {
            if (!inAFrontEnd(user.getPackageName())) {
                continue;
            }
            user.getDirectDependenciesFromSelf().forEach(d -> {
                JavaClass target = d.getTargetClass().isArray() ? d.getTargetClass().getBaseComponentType()
                        : d.getTargetClass();
                String name = target.getName();
                if (name.startsWith("dev.longtask.") && !allowed(name, prefixes, handedOut)
                        && !allowed(outermost(target).getName(), prefixes, handedOut)) {
                    uses.add(shortName(outermost(user).getName()) + " -> " + shortName(outermost(target).getName()));
                }
            });
        }
        return uses;
    }

    private static String shortName(String name) {
        return name.substring("dev.longtask.".length());
    }

    /**
     * Types whose only use from other packages is their constants, which the compiler copies into the user: no class
     * file names them, but the source does.
     */
    private static final Set<String> USED_BY_CONSTANTS = Set.of("dev.longtask.model.EventType",
            "dev.longtask.review.plan.ReviewPlanner");

    /**
     * The PostgreSQL store's face, public for the worker command and the CLI's store choice that are still to come
     * (docs/scale-out.md); remove each from here when another package uses it.
     */
    private static final Set<String> AWAITING_USERS = Set.of("dev.longtask.store.postgres.PostgresRunStore",
            "dev.longtask.store.postgres.PostgresDatabase", "dev.longtask.store.postgres.PostgresWorkQueue",
            "dev.longtask.store.postgres.PostgresUrl", "dev.longtask.model.run.FencedException");

    @Test
    void aTypeOfALowerPackageIsPublicOnlyWhenAnotherPackageUsesIt() {
        JavaClasses all = ImportedClasses.mainAndTests();
        Set<String> usedElsewhere = usedByAnotherPackage(all);
        classes().that().resideInAnyPackage("dev.longtask.model..", "dev.longtask.config", "dev.longtask.store..",
                        "dev.longtask.tools..", "dev.longtask.llm..", "dev.longtask.agent", "dev.longtask.engine",
                        "dev.longtask.review..", "dev.longtask.mcp")
                .and().arePublic().and().areTopLevelClasses()
                .should(new ArchCondition<>("be used by another package (its main or test code)") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (!usedElsewhere.contains(c.getName()) && !USED_BY_CONSTANTS.contains(c.getName())
                                && !AWAITING_USERS.contains(c.getName())) {
                            events.add(SimpleConditionEvent.violated(c, c.getName()
                                    + " is public, but only its own package uses it: make it package-private"));
                        }
                    }
                })
                .because("package-private is the default; public is how one package talks to another")
                .check(MAIN);
    }

    /**
     * The top-level types classes of another package depend on, or receive from or pass to the methods they call
     * (a local variable's type is in no class file, but the call that fills it is).
     */
    private static Set<String> usedByAnotherPackage(JavaClasses all) {
        Set<String> used = new HashSet<>();
        for (JavaClass user : all) {
            String from = outermost(user).getPackageName();
            List<JavaClass> targets = new ArrayList<>();
            user.getDirectDependenciesFromSelf().forEach(d -> targets.add(d.getTargetClass()));
            user.getCodeUnitCallsFromSelf().forEach(call -> call.getTarget().resolveMember().ifPresent(m -> {
                targets.add(m.getRawReturnType());
                targets.addAll(m.getRawParameterTypes());
            }));
            for (JavaClass target : targets) {
                JavaClass type = outermost(target.isArray() ? target.getBaseComponentType() : target);
                if (!type.getPackageName().equals(from)) {
                    used.add(type.getName());
                }
            }
        }
        return used;
    }

    private static DescribedPredicate<JavaClass> inApiOr(String... more) {
        List<String> prefixes = new ArrayList<>(VOCABULARY);
        prefixes.addAll(List.of(more));
        Set<String> handedOut = handedOut();
        return DescribedPredicate.describe("in the API, its vocabularies, the exposed types (and the data they hold)"
                + " or " + List.of(more), c -> allowed(c.getName(), prefixes, handedOut)
                || allowed(outermost(c).getName(), prefixes, Set.of()));
    }

    /** The exposed types and the records and enums their record components hold, transitively: data a caller reads. */
    private static Set<String> handedOut() {
        Set<String> seen = new HashSet<>();
        Deque<JavaClass> next = new ArrayDeque<>();
        EXPOSED.forEach(name -> next.add(MAIN.get(name)));
        while (!next.isEmpty()) {
            JavaClass c = next.pop();
            if (!seen.add(c.getName()) || !c.isRecord()) {
                continue;
            }
            c.getFields().stream().filter(f -> !f.getModifiers().contains(JavaModifier.STATIC))
                    .flatMap(f -> f.getType().getAllInvolvedRawTypes().stream())
                    .filter(t -> t.getName().startsWith("dev.longtask.") && (t.isRecord() || t.isEnum()))
                    .forEach(next::add);
        }
        return seen;
    }

    private static JavaClass outermost(JavaClass c) {
        JavaClass at = c;
        while (at.getEnclosingClass().isPresent()) {
            at = at.getEnclosingClass().get();
        }
        return at;
    }

    private static boolean allowed(String name, List<String> prefixes, Set<String> named) {
        return name.startsWith("[") || prefixes.stream().anyMatch(name::startsWith) || named.contains(name)
                || !name.contains(".");
    }

    private static ArchCondition<JavaMember> nameOnly(List<String> prefixes, Set<String> named) {
        return new ArchCondition<>("name only " + prefixes + " and the exposed types in public signatures") {
            @Override
            public void check(JavaMember member, ConditionEvents events) {
                List<JavaType> types = new ArrayList<>();
                if (member instanceof JavaField field) {
                    types.add(field.getType());
                } else if (member instanceof JavaCodeUnit unit) {
                    types.add(unit.getReturnType());
                    types.addAll(unit.getParameterTypes());
                }
                for (JavaClass used : types.stream().flatMap(t -> t.getAllInvolvedRawTypes().stream()).toList()) {
                    JavaClass base = used.isArray() ? used.getBaseComponentType() : used;
                    if (!base.isPrimitive() && !allowed(base.getName(), prefixes, named)) {
                        events.add(SimpleConditionEvent.violated(member, member.getFullName() + " names "
                                + base.getName()));
                    }
                }
            }
        };
    }
}
