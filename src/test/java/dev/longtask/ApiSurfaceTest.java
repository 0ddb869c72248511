package dev.longtask;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
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

    /** What the front ends and the API's signatures may name: the JDK, the API and its vocabulary ({@code model}). */
    private static final List<String> VOCABULARY = List.of("java.", "dev.longtask.api.", "dev.longtask.model.");

    /**
     * Third-party types the public surface names on purpose: Jackson's tree, as which an event's payload, a task's
     * result, an approval's arguments and a tool call's arguments are handed out unchanged (copying them into a tree
     * of our own would cost a conversion of every event, for nothing a library user can tell). Jackson is a
     * dependency of the runtime's, so a library user has it already.
     */
    static final Set<String> ALLOWED_THIRD_PARTY = Set.of("com.fasterxml.jackson.databind.JsonNode",
            "com.fasterxml.jackson.databind.node.ObjectNode");

    /**
     * The rule of the public surface: walking the public signatures (methods, constructors, fields, record
     * components, supertypes, the type arguments of each) from every public type of {@code dev.longtask.api}, and on
     * through every public type reached, reaches only {@code dev.longtask.api..}, {@code dev.longtask.model..}, the
     * JDK and {@link #ALLOWED_THIRD_PARTY}. A type of any other package that becomes reachable fails this test, so
     * nothing is exported by accident: the store's port ({@code RunStore}, {@code RunStores}) and a post-run step
     * ({@code Finisher}) are in {@code dev.longtask.model.run}, their implementations below the API.
     */
    @Test
    void thePublicSurfaceReachesOnlyTheApiAndTheModel() {
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
                if (base.isPrimitive() || name.startsWith("java.") || ALLOWED_THIRD_PARTY.contains(name)) {
                    continue;
                }
                if (inside(base.getPackageName(), "dev.longtask.api") || inside(base.getPackageName(),
                        "dev.longtask.model")) {
                    next.add(base);
                } else if (!base.equals(type)) {
                    leaks.add(type.getName() + " names " + name);
                    next.add(base); // walked too, so that one run lists every leak
                }
            }
        }
        assertThat(leaks).as("types of other packages reachable from the API: keep them out of its public signatures,"
                + " or move them to dev.longtask.model (docs/library.md, \"What is public\")").isEmpty();
    }

    private static boolean inside(String packageName, String root) {
        return packageName.equals(root) || packageName.startsWith(root + ".");
    }

    /** Every type a public member or the declaration of {@code type} names, with type arguments, when it is public. */
    private static Set<JavaClass> publicSignature(JavaClass type) {
        Set<JavaClass> named = new HashSet<>();
        if (!type.getModifiers().contains(JavaModifier.PUBLIC)) {
            return named;
        }
        type.getSuperclass().ifPresent(s -> named.addAll(s.getAllInvolvedRawTypes()));
        type.getInterfaces().forEach(i -> named.addAll(i.getAllInvolvedRawTypes()));
        for (JavaField field : type.getFields()) {
            boolean component = type.isRecord() && !field.getModifiers().contains(JavaModifier.STATIC);
            if (component || field.getModifiers().contains(JavaModifier.PUBLIC)) {
                named.addAll(field.getType().getAllInvolvedRawTypes());
            }
        }
        for (JavaCodeUnit unit : type.getCodeUnits()) {
            if (!unit.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            named.addAll(unit.getReturnType().getAllInvolvedRawTypes());
            unit.getParameterTypes().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
            unit.getThrowsClause().getTypes().forEach(named::add);
        }
        return named;
    }

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
                .as("the command line, the server and MCP use dev.longtask.api and its vocabulary (model) only; add "
                        + "what they need to the API")
                .isEmpty();
    }

    /** Each "front-end class -> class of a lower package" that is not the API's vocabulary. */
    private static Set<String> frontEndUsesBelowTheApi() {
        List<String> prefixes = new ArrayList<>(VOCABULARY);
        FRONT_ENDS.forEach(p -> prefixes.add(p + "."));
        Set<String> uses = new TreeSet<>();
        for (JavaClass user : MAIN) {
            if (!inAFrontEnd(user.getPackageName())) {
                continue;
            }
            user.getDirectDependenciesFromSelf().forEach(d -> {
                JavaClass target = d.getTargetClass().isArray() ? d.getTargetClass().getBaseComponentType()
                        : d.getTargetClass();
                String name = target.getName();
                if (name.startsWith("dev.longtask.") && !allowed(name, prefixes)
                        && !allowed(outermost(target).getName(), prefixes)) {
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
        return DescribedPredicate.describe("in the API, its vocabulary"
                + " or " + List.of(more), c -> allowed(c.getName(), prefixes)
                || allowed(outermost(c).getName(), prefixes));
    }

    private static JavaClass outermost(JavaClass c) {
        JavaClass at = c;
        while (at.getEnclosingClass().isPresent()) {
            at = at.getEnclosingClass().get();
        }
        return at;
    }

    private static boolean allowed(String name, List<String> prefixes) {
        return name.startsWith("[") || prefixes.stream().anyMatch(name::startsWith) || !name.contains(".");
    }
}
