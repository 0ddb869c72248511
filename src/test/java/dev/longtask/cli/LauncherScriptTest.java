package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code longtask} launcher script in a checkout of its own, with a {@code mvn} that rewrites the jar in place
 * (as a real package does) and a {@code java} that only says how it was called: when it builds, which jar it runs,
 * that a build never changes the file a running JVM opened, and that a build cut short leaves no jar in place.
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

    private record Result(int exit, String out) {
    }

    private Result launch(Path launcher) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().remove("LONGTASK_JAVA_OPTS");
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
