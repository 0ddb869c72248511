package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code longtask} launcher script in a checkout of its own, with a {@code mvn} that rewrites the jar in place
 * (as a real package does) and a {@code java} that only says how it was called: when it builds, which jar it runs,
 * that a build never changes the file a running JVM opened, and that a build cut short leaves no jar in place; which
 * JDK it runs; and, with a real JVM, the start-up cache it makes after a build.
 */
class LauncherScriptTest {
    static final Instant NOW = Instant.now();

    @TempDir
    Path dir;
    Path checkout;
    Path bin;

    @BeforeEach
    void setUp() throws IOException {
        checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.copy(Path.of("longtask"), checkout.resolve("longtask"));
        executable(checkout.resolve("longtask"));
        Files.createDirectories(checkout.resolve("src/main/java"));
        Files.writeString(checkout.resolve("src/main/java/App.java"), "class App {}");
        Files.writeString(checkout.resolve("pom.xml"), "<project/>");
        Files.createDirectories(checkout.resolve("target"));
        Files.writeString(checkout.resolve("target/longtask.jar"), "v1");
        age(checkout.resolve("src/main/java/App.java"), 100);
        age(checkout.resolve("src/main/java"), 100);
        age(checkout.resolve("pom.xml"), 100);
        age(checkout.resolve("target/longtask.jar"), 50);
        bin = Files.createDirectories(dir.resolve("bin"));
        script(bin.resolve("mvn"), "echo mvn >> \"" + dir.resolve("calls") + "\"\nprintf v2 > target/longtask.jar\n");
        script(bin.resolve("java"), "echo \"java $*\" >> \"" + dir.resolve("calls") + "\"\n");
    }

    @Test
    void runsACopyOfTheJarWithoutBuildingWhenNothingChanged() throws Exception {
        run(checkout.resolve("longtask"));
        assertThat(calls()).noneMatch(c -> c.equals("mvn"));
        assertThat(lastCall()).endsWith("-jar " + launchJar() + " --version");
        assertThat(Files.readString(launchJar())).isEqualTo("v1");
    }

    @Test
    void aSymlinkOnThePathFindsItsCheckout() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createSymbolicLink(elsewhere.resolve("longtask"), checkout.resolve("longtask"));
        run(elsewhere.resolve("longtask"));
        assertThat(lastCall()).endsWith("-jar " + launchJar() + " --version");
    }

    @Test
    void runsKeptInsideTheCheckoutAreNotSources() throws Exception {
        Path events = checkout.resolve("src/main/java/.longtask/runs/r1/events.jsonl");
        Files.createDirectories(events.getParent());
        Files.writeString(events, "{}\n");
        run(checkout.resolve("longtask"));
        assertThat(calls()).noneMatch(c -> c.equals("mvn"));
    }

    @Test
    void aRebuildLeavesARunningJvmTheJarItOpened() throws Exception {
        run(checkout.resolve("longtask"));
        try (FileChannel running = FileChannel.open(launchJar(), StandardOpenOption.READ)) {
            Files.writeString(checkout.resolve("src/main/java/App.java"), "class App { int changed; }");
            run(checkout.resolve("longtask"));

            assertThat(calls()).contains("mvn");
            assertThat(Files.readString(launchJar())).as("the next JVM runs the new build").isEqualTo("v2");
            ByteBuffer held = ByteBuffer.allocate(16);
            running.read(held, 0);
            assertThat(new String(held.array(), 0, held.position(), StandardCharsets.UTF_8))
                    .as("the running one still reads what it opened").isEqualTo("v1");
        }
    }

    @Test
    void aBuildCutShortIsBuiltAgainNeverRun() throws Exception {
        // The first build is cut short as Ctrl-C cuts mvn: the jar plugin wrote target/longtask.jar, the shade plugin
        // never ran. The java here, like a real one, cannot run that jar.
        Path builds = dir.resolve("builds");
        script(bin.resolve("mvn"), "echo mvn >> \"" + dir.resolve("calls") + "\"\n"
                + "echo x >> \"" + builds + "\"\n"
                + "if [ \"$(wc -l < \"" + builds + "\")\" -eq 1 ]; then printf unshaded > target/longtask.jar; exit 130; fi\n"
                + "printf v2 > target/longtask.jar\n");
        script(bin.resolve("java"), "echo \"java $*\" >> \"" + dir.resolve("calls") + "\"\n"
                + "prev=; for a in \"$@\"; do if [ \"$prev\" = -jar ] && grep -q unshaded \"$a\"; then\n"
                + "  echo 'Error: no main manifest attribute' >&2; exit 1; fi; prev=$a; done\n");
        Files.writeString(checkout.resolve("src/main/java/App.java"), "class App { int changed; }");

        Result cut = launch(checkout.resolve("longtask"));
        assertThat(cut.exit()).as(cut.out()).isEqualTo(2);
        assertThat(cut.out()).contains("the next call builds again");
        assertThat(launchJar()).as("nothing was put in place").doesNotExist();

        Result next = launch(checkout.resolve("longtask"));
        assertThat(next.exit()).as(next.out()).isZero();
        assertThat(calls().stream().filter(c -> c.equals("mvn"))).as("the next call built again").hasSize(2);
        assertThat(Files.readString(launchJar())).isEqualTo("v2");
        assertThat(lastCall()).endsWith("-jar " + launchJar() + " --version");
        assertThat(next.out()).doesNotContain("no main manifest attribute");
    }

    @Test
    void aBuildThatMakesNoJarThatRunsPutsNothingInPlace() throws Exception {
        script(bin.resolve("mvn"), "echo mvn >> \"" + dir.resolve("calls") + "\"\nprintf unshaded > target/longtask.jar\n");
        script(bin.resolve("java"), "echo \"java $*\" >> \"" + dir.resolve("calls") + "\"\n"
                + "prev=; for a in \"$@\"; do if [ \"$prev\" = -jar ] && grep -q unshaded \"$a\"; then exit 1; fi;"
                + " prev=$a; done\n");
        Files.writeString(checkout.resolve("src/main/java/App.java"), "class App { int changed; }");

        Result broken = launch(checkout.resolve("longtask"));

        assertThat(broken.exit()).as(broken.out()).isEqualTo(2);
        assertThat(broken.out()).contains("made no jar that runs");
        assertThat(launchJar()).doesNotExist();
    }

    @Test
    void versionIsTheLineTheJarPrintedWhenPutInPlaceWithoutAJvm() throws Exception {
        script(bin.resolve("java"), "echo \"java $*\" >> \"" + dir.resolve("calls") + "\"\n"
                + "prev=; for a in \"$@\"; do [ \"$prev\" != -jar ] || jar=$a; prev=$a; done\n"
                + "printf 'longtask %s (commit x)\\n' \"$(cat \"$jar\")\"\n");
        Path launcher = checkout.resolve("longtask");

        assertThat(launch(launcher)).isEqualTo(new Result(0, "longtask v1 (commit x)\n"));
        int jvms = calls().size();
        assertThat(launch(launcher)).as("asked again").isEqualTo(new Result(0, "longtask v1 (commit x)\n"));
        assertThat(launch(launcher, Map.of("LONGTASK_CACHE", "off"), "-V").out()).isEqualTo("longtask v1 (commit x)\n");
        assertThat(calls()).as("no JVM started for it").hasSize(jvms);

        Files.writeString(checkout.resolve("src/main/java/App.java"), "class App { int changed; }");
        assertThat(launch(launcher).out()).as("the new jar's line, after the build's note")
                .endsWith("...\nlongtask v2 (commit x)\n");
        Files.setLastModifiedTime(launchJar(), FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(launch(launcher).out()).as("a jar newer than its line: the JVM answers")
                .isEqualTo("longtask v2 (commit x)\n");
        assertThat(lastCall()).endsWith("-jar " + launchJar() + " --version");
        launch(launcher, Map.of("LONGTASK_CACHE", "off"), "status");
        assertThat(lastCall()).endsWith("-jar " + launchJar() + " status");
    }

    @Test
    void runsTheNewestJdkItFindsUnlessLongtaskJavaNamesOne() throws Exception {
        Path jdks = dir.resolve("jdks");
        Path seventeen = fakeJdk(jdks.resolve("jdk-17"), "17.0.9", "17.0.9+9");
        Path twentyFive = fakeJdk(jdks.resolve("jdk-25"), "25.0.1", "25.0.1+8-LTS");
        fakeJdk(jdks.resolve("jdk-8"), "1.8.0_402", "1.8.0_402-b06");
        fakeJdk(jdks.resolve("jdk-26"), "26-ea", "26-ea+3");
        String found = jdks + "/*/bin/java";

        run(checkout.resolve("longtask"), Map.of("LONGTASK_CACHE", "off", "LONGTASK_JDKS", found));
        assertThat(lastCall()).as("26-ea is newer still").startsWith(jdks.resolve("jdk-26/bin/java") + " ");

        Files.delete(jdks.resolve("jdk-26/bin/java"));
        run(checkout.resolve("longtask"), Map.of("LONGTASK_CACHE", "off", "LONGTASK_JDKS", found));
        assertThat(lastCall()).startsWith(twentyFive + " ").endsWith("-jar " + launchJar() + " --version");

        run(checkout.resolve("longtask"), Map.of("LONGTASK_CACHE", "off", "LONGTASK_JDKS", found,
                "LONGTASK_JAVA", seventeen.toString()));
        assertThat(lastCall()).startsWith(seventeen + " ");
    }

    /**
     * The start-up cache with a real JVM: on the JDK running the tests (a class-data archive below 25) and on the
     * newest installed JDK of 25 or later (an AOT cache), a jar of a few classes standing in for longtask's. A JVM
     * started with the cache and told to fail without it ({@code -XX:AOTMode=on}, {@code -Xshare:on}) proves it is used.
     */
    @ParameterizedTest
    @MethodSource("javaHomes")
    void aStartCacheIsMadeOnceRemadeForANewJarAndOneTheJvmRefusesStillRuns(Path javaHome) throws Exception {
        Path java = loggedJava(javaHome);
        Files.copy(tinyJar("v1"), checkout.resolve("target/longtask.jar"), StandardCopyOption.REPLACE_EXISTING);
        age(checkout.resolve("target/longtask.jar"), 50);
        Path v2 = tinyJar("v2");
        script(bin.resolve("mvn"), "echo mvn >> \"" + dir.resolve("calls") + "\"\ncp \"" + v2
                + "\" target/longtask.jar\n");
        boolean aot = major(javaHome) >= 25;
        String ext = aot ? ".aot" : ".cds";
        String flag = aot ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=";
        Map<String, String> env = Map.of("LONGTASK_JAVA", java.toString());
        Map<String, String> strict = Map.of("LONGTASK_JAVA", java.toString(),
                "LONGTASK_JAVA_OPTS", aot ? "-XX:AOTMode=on" : "-Xshare:on");
        Path launcher = checkout.resolve("longtask");

        Result first = launch(launcher, env, "--version");
        assertThat(first.exit()).as(first.out()).isZero();
        assertThat(first.out()).as("the first call does not wait for the caches").isEqualTo("tiny v1\n");
        Path caches = awaitCaches(ext);
        Map<String, List<String>> kinds = Map.of("read", List.of("status", "x"), "run", List.of("resume", "x"),
                "mcp", List.of("mcp"), "serve", List.of("serve"));
        for (Map.Entry<String, List<String>> kind : kinds.entrySet()) {
            Result used = launch(launcher, strict, kind.getValue().toArray(String[]::new));
            assertThat(used.exit()).as(used.out()).isZero();
            assertThat(used.out()).startsWith("tiny v1 listening on " + kind.getValue().get(0));
            assertThat(lastCall()).contains(flag + caches.resolve(kind.getKey() + ext) + " ");
        }
        launch(launcher, strict, "serve");
        assertThat(lastCall()).as("a server's memory at rest: a heap bound that holds four 1,000-task runs at work, a "
                + "small young generation, an old one kept 10-20 % free, a capped JIT code cache (the JVM took them all)")
                .contains(" -Xmx512m -Xmn16m ").contains(" -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 ")
                .contains(" -XX:ReservedCodeCacheSize=64m ");
        assertThat(lastCall()).as("a server compiles with C1 alone (C2 took a third of its processor time a run)")
                .contains(flag + caches.resolve("serve" + ext) + " ").contains(" -XX:TieredStopAtLevel=1 ");
        launch(launcher, strict, "resume", "x");
        assertThat(lastCall()).as("a run compiles with C1 alone (C2 took a third of a resume's start and half a run's "
                + "first thousand tasks), and keeps the JVM's own reflection").contains("-XX:TieredStopAtLevel=1 ")
                .doesNotContain("useNativeAccessorOnly");
        Result worker = launch(launcher, strict, "worker", "x");
        assertThat(worker.exit()).as(worker.out()).isZero();
        assertThat(lastCall()).as("a worker compiles with C1 alone (C2 doubled its processor time a task)")
                .contains(flag + caches.resolve("read" + ext) + " ").contains("-XX:TieredStopAtLevel=1 ");
        run(launcher, env);
        assertThat(recordings()).as("each cache made once").hasSize(4);

        // A cache broken on disk: the command runs as without one and says nothing of it. The JVM says why it refused
        // in a log the launcher reads on the next call, which has it made again; a JDK below 25 says nothing of a
        // broken archive (only of a stale one, below), so there it is made again once it is gone.
        Path read = caches.resolve("read" + ext);
        byte[] garbage = new byte[8192];
        new java.util.Random(31).nextBytes(garbage);
        Files.write(read, garbage);
        Result broken = launch(launcher, env, "status");
        assertThat(broken.exit()).as(broken.out()).isZero();
        assertThat(broken.out()).isEqualTo("tiny v1 listening on status\n");
        if (!aot) {
            Files.delete(read);
        }
        run(launcher, env);
        awaitCaches(ext);
        assertThat(Files.readAllBytes(read)).isNotEqualTo(garbage);
        assertThat(recordings()).as("only the broken cache was made again").hasSize(5);
        assertThat(launch(launcher, strict, "status").exit()).isZero();

        // A stale cache (made from another jar than the one there now, which is not newer than the cache): a JDK below
        // 25 refuses it, the command runs, the next call has it made again. JDK 25 was seen to take a cache for a jar
        // swapped under it (same path, another size and time) and run the old classes, so the launcher never leaves a
        // cache beside a jar it did not make it from: it drops them all with every jar it puts in place (below).
        int made = 5;
        if (!aot) {
            Files.copy(tinyJar("v3-stale"), launchJar(), StandardCopyOption.REPLACE_EXISTING);
            // (between the sources' time and the cache's: older than the sources would be a build's cue)
            Files.setLastModifiedTime(launchJar(), FileTime.from(NOW.minusSeconds(75)));
            Result stale = launch(launcher, env, "status");
            assertThat(stale.exit()).as(stale.out()).isZero();
            assertThat(stale.out()).isEqualTo("tiny v3-stale listening on status\n");
            assertThat(lastCall()).contains(flag + read + " ");
            run(launcher, env);
            awaitCaches(ext);
            assertThat(recordings()).as("the refused cache was made again").hasSize(++made);
            assertThat(launch(launcher, strict, "status").exit()).isZero();
        }

        // A new jar: the caches of the old one go with it, new ones are made from the new jar.
        Files.writeString(checkout.resolve("src/main/java/App.java"), "class App { int changed; }");
        Result rebuilt = launch(launcher, env, "--version");
        assertThat(rebuilt.out()).endsWith("tiny v2\n");
        awaitCaches(ext);
        assertThat(recordings()).hasSize(made + 4);
        Result newer = launch(launcher, strict, "status");
        assertThat(newer.exit()).as(newer.out()).isZero();
        assertThat(newer.out()).isEqualTo("tiny v2 listening on status\n");
        assertThat(lastCall()).contains(flag + read + " ");
    }

    static List<Path> javaHomes() throws IOException {
        Path running = Path.of(System.getProperty("java.home"));
        List<Path> homes = new ArrayList<>(List.of(running));
        Path installed = Path.of("/usr/lib/jvm");
        if (major(running) < 25 && Files.isDirectory(installed)) {
            try (var found = Files.list(installed)) {
                found.filter(home -> major(home) >= 25).max(Comparator.comparingInt(LauncherScriptTest::major))
                        .ifPresent(homes::add);
            }
        }
        return homes;
    }

    private static int major(Path javaHome) {
        try {
            String release = Files.readString(javaHome.resolve("release"));
            java.util.regex.Matcher version = java.util.regex.Pattern.compile("JAVA_VERSION=\"(\\d+)").matcher(release);
            return version.find() ? Integer.parseInt(version.group(1)) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /** A JDK whose {@code java} notes how it was called, then runs the real one of {@code javaHome}. */
    private Path loggedJava(Path javaHome) throws IOException {
        Path home = Files.createDirectories(dir.resolve("logged-jdk/bin")).getParent();
        Files.copy(javaHome.resolve("release"), home.resolve("release"));
        Path java = home.resolve("bin/java");
        script(java, "echo \"java $*\" >> \"" + dir.resolve("calls") + "\"\nexec \"" + javaHome.resolve("bin/java")
                + "\" \"$@\"\n");
        return java;
    }

    /** A jar whose program prints its version, and for any command that it is listening (a server's banner). */
    private Path tinyJar(String version) throws IOException {
        Path src = Files.createDirectories(dir.resolve("tiny-" + version + "/src"));
        Path classes = Files.createDirectories(dir.resolve("tiny-" + version + "/classes"));
        Files.writeString(src.resolve("Tiny.java"), "public class Tiny { public static void main(String[] args) {\n"
                + "  java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of(args));\n"
                + "  words.sort(java.util.Comparator.naturalOrder());\n"
                + "  System.out.println(args.length == 1 && args[0].equals(\"--version\") ? \"tiny " + version + "\"\n"
                + "      : \"tiny " + version + " listening on \" + String.join(\" \", args));\n} }\n");
        int compiled = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d",
                classes.toString(), src.resolve("Tiny.java").toString());
        assertThat(compiled).isZero();
        Path jar = dir.resolve("tiny-" + version + "/tiny.jar");
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MAIN_CLASS, "Tiny");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new java.util.jar.JarEntry("Tiny.class"));
            out.write(Files.readAllBytes(classes.resolve("Tiny.class")));
            out.closeEntry();
        }
        return jar;
    }

    /** Waits until the four caches are made and nothing is making more; returns their folder. */
    private Path awaitCaches(String ext) throws Exception {
        Path launch = checkout.toRealPath().resolve("target/launch");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (true) {
            Optional<Path> caches = Optional.empty();
            if (Files.isDirectory(launch)) {
                try (var dirs = Files.list(launch)) {
                    caches = dirs.filter(d -> d.getFileName().toString().startsWith("jdk-")).findFirst();
                }
            }
            if (caches.isPresent() && made(caches.get(), ext)) {
                return caches.get();
            }
            assertThat(System.nanoTime()).as("the caches under " + launch + " within 5 minutes").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static boolean made(Path caches, String ext) {
        return !Files.exists(caches.resolve("making"))
                && Stream.of("read", "run", "mcp", "serve").allMatch(k -> nonEmpty(caches.resolve(k + ext)));
    }

    private static boolean nonEmpty(Path file) {
        try {
            return Files.size(file) > 0;
        } catch (IOException missing) {
            return false;
        }
    }

    /** The JVMs started to record a cache. */
    private List<String> recordings() throws IOException {
        return calls().stream()
                .filter(c -> c.contains("-XX:AOTCacheOutput=") || c.contains("-XX:ArchiveClassesAtExit=")).toList();
    }

    private Path fakeJdk(Path home, String version, String runtimeVersion) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_RUNTIME_VERSION=\"" + runtimeVersion
                + "\"\nJAVA_VERSION=\"" + version + "\"\n");
        script(home.resolve("bin/java"), "echo \"$0 $*\" >> \"" + dir.resolve("calls") + "\"\n");
        return home.resolve("bin/java");
    }

    private record Result(int exit, String out) {
    }

    private Result launch(Path launcher) throws Exception {
        return launch(launcher, Map.of("LONGTASK_CACHE", "off"), "--version");
    }

    /** The launcher with the {@code java} of {@link #bin} (no JDK of the machine) unless {@code env} names one. */
    private Result launch(Path launcher, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        for (String unset : List.of("LONGTASK_JAVA_OPTS", "LONGTASK_JAVA", "JAVA_HOME", "LONGTASK_CACHE")) {
            pb.environment().remove(unset);
        }
        pb.environment().put("LONGTASK_JDKS", "");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }

    private Path launchJar() throws IOException {
        return checkout.toRealPath().resolve("target/launch/longtask.jar");
    }

    private void run(Path launcher) throws Exception {
        Result r = launch(launcher);
        assertThat(r.exit()).as(r.out()).isZero();
    }

    private void run(Path launcher, Map<String, String> env) throws Exception {
        Result r = launch(launcher, env, "--version");
        assertThat(r.exit()).as(r.out()).isZero();
    }

    private List<String> calls() throws IOException {
        Path calls = dir.resolve("calls");
        return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
    }

    private String lastCall() throws IOException {
        List<String> all = calls();
        return all.get(all.size() - 1);
    }

    private static void age(Path file, int seconds) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(NOW.minusSeconds(seconds)));
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body);
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
