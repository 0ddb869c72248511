package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.longtask.model.SandboxMode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a confined command cannot do, tried through the {@code bash} tool in each confinement: bubblewrap, and the
 * namespaces made with unshare on a machine where bubblewrap is missing (a PATH without bwrap). The workspace and the
 * fake home live under /var/tmp, not /tmp, as real ones do (a private /tmp would hide anything under it anyway).
 * A confinement that cannot run here is skipped with the reason; CI installs bubblewrap.
 */
class SandboxTest {
    private static final String PATH = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";
    private static final String KEY = "-----BEGIN OPENSSH PRIVATE KEY----- fake-key-material";

    enum Confinement { BUBBLEWRAP, UNSHARE }

    /** Links to every program on the PATH except bwrap, made once: this machine as if bubblewrap were missing. */
    static Path withoutBubblewrap;

    Path base;
    Path workspace;
    Path home;
    ToolContext context;

    @BeforeAll
    static void linkProgramsButBwrap() throws IOException {
        withoutBubblewrap = Files.createDirectories(outsideTmp().resolve("longtask-bin-without-bwrap-"
                + UUID.randomUUID())).toRealPath();
        for (String dir : PATH.split(":")) {
            if (!Files.isDirectory(Path.of(dir))) {
                continue;
            }
            try (DirectoryStream<Path> programs = Files.newDirectoryStream(Path.of(dir))) {
                for (Path program : programs) {
                    Path link = withoutBubblewrap.resolve(program.getFileName().toString());
                    if (!program.getFileName().toString().equals("bwrap")
                            && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, program);
                    }
                }
            }
        }
    }

    /**
     * Where the test's programs, workspace and home live: not under /tmp, as real ones do not (the sandbox's private
     * /tmp would hide them from it, as it does in a checkout under /tmp), so /var/tmp, else target/.
     */
    private static Path outsideTmp() throws IOException {
        Path varTmp = Path.of("/var/tmp");
        return Files.isDirectory(varTmp) && Files.isWritable(varTmp) ? varTmp
                : Files.createDirectories(Path.of("target", "sandbox-test"));
    }

    @AfterAll
    static void removeLinks() throws IOException {
        delete(withoutBubblewrap);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        base = Files.createDirectories(outsideTmp().resolve("longtask-sandbox-test-" + UUID.randomUUID()))
                .toRealPath();
        workspace = Files.createDirectories(base.resolve("ws"));
        home = Files.createDirectories(base.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_rsa"), KEY);
        Files.writeString(home.resolve(".netrc"), "machine example.com password hunter2");
        context = ToolContext.outsideRun(new Workspace(workspace));
    }

    @AfterEach
    void tearDown() throws IOException {
        delete(base);
    }

    /** The environment of the tool, and a sandbox of the asked kind, or the test is skipped saying why not. */
    private Map<String, String> environment(Confinement kind) {
        Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString()));
        env.put("PATH", kind == Confinement.BUBBLEWRAP ? PATH : withoutBubblewrap.toString());
        return env;
    }

    private Sandbox sandbox(Confinement kind, Map<String, String> env) {
        Sandbox sandbox = Sandbox.detect(env);
        assumeTrue(sandbox.kind().name().equals(kind.name()), kind + " cannot confine commands here: "
                + sandbox.description());
        return sandbox;
    }

    private ToolResult run(BashTool bash, String command) {
        return bash.execute(ToolFixture.args(Map.of("command", command)), context);
    }

    @ParameterizedTest
    @EnumSource(Confinement.class)
    void theWorkspaceIsWritableAndNothingElseIs(Confinement kind) throws IOException {
        Map<String, String> env = environment(kind);
        BashTool bash = new BashTool(env, sandbox(kind, env));

        ToolResult inside = run(bash, "echo in > in.txt && cat in.txt && mkdir -p sub && echo deep > sub/d.txt");
        ToolResult outside = run(bash, "echo x > ../outside.txt");
        ToolResult intoHome = run(bash, "echo x > \"$HOME/written.txt\"");
        ToolResult intoSystem = run(bash, "touch /usr/lt-sandbox-probe");

        assertThat(inside.content()).isEqualTo("in\n[exit code 0]");
        assertThat(Files.readString(workspace.resolve("sub/d.txt"))).isEqualTo("deep\n");
        assertThat(base.resolve("outside.txt")).as(outside.content()).doesNotExist();
        assertThat(home.resolve("written.txt")).as(intoHome.content()).doesNotExist();
        if (!base.startsWith("/tmp")) {
            // under /tmp (a checkout there) the workspace's parents and this fake home are inside the sandbox's
            // private /tmp: the writes land there and vanish, which the lines above check; anywhere else they fail
            assertThat(outside.error()).isTrue();
            assertThat(outside.content()).contains("Read-only file system");
            assertThat(intoHome.error()).isTrue();
        }
        assertThat(intoSystem.error()).isTrue();
        assertThat(Path.of("/usr/lt-sandbox-probe")).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(Confinement.class)
    void theCredentialsOfTheHomeAreHiddenEvenFromRoot(Confinement kind) throws IOException {
        Map<String, String> env = environment(kind);
        BashTool bash = new BashTool(env, sandbox(kind, env));

        ToolResult key = run(bash, "cat ~/.ssh/id_rsa");
        ToolResult netrc = run(bash, "cat ~/.netrc; ls -A ~/.ssh | wc -l");
        // a command that is root (in a container) must not be able to uncover them or remount the system writable
        ToolResult uncover = run(bash, "umount ~/.ssh; mount -o remount,rw /; cat ~/.ssh/id_rsa; touch /usr/x");

        assertThat(key.error()).isTrue();
        assertThat(key.content()).doesNotContain("fake-key-material");
        assertThat(netrc.content()).doesNotContain("hunter2").contains("0\n[exit code 0]");
        assertThat(uncover.content()).doesNotContain("fake-key-material");
        assertThat(Path.of("/usr/x")).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(Confinement.class)
    void aTcpConnectionToALocalPortFails(Confinement kind) throws IOException {
        Map<String, String> env = environment(kind);
        Sandbox sandbox = sandbox(kind, env);
        assumeTrue(sandbox.isolatesNetwork(), "the kernel lets no network namespace be made here: "
                + sandbox.description());
        BashTool bash = new BashTool(env, sandbox);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ToolResult connect = run(bash, "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort() + " && echo connected");

            assertThat(connect.error()).isTrue();
            assertThat(connect.content()).doesNotContain("connected\n");
            server.setSoTimeout(300);
            boolean accepted;
            try (var ignored = server.accept()) {
                accepted = true;
            } catch (SocketTimeoutException e) {
                accepted = false;
            }
            assertThat(accepted).as("the listening socket got a connection from the sandbox").isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(Confinement.class)
    void tmpIsPrivateAndATimeoutKillsEverythingInside(Confinement kind) throws Exception {
        Map<String, String> env = environment(kind);
        BashTool bash = new BashTool(env, sandbox(kind, env));
        String marker = "lt-sandbox-" + UUID.randomUUID().toString().substring(0, 8);

        ToolResult tmp = run(bash, "echo private > /tmp/" + marker + " && cat /tmp/" + marker);
        ToolResult slow = bash.execute(ToolFixture.args(Map.of("command", "(exec -a " + marker + " sleep 300) & (exec -a "
                + marker + " sleep 300)", "timeout_s", 1)), context);

        assertThat(tmp.content()).isEqualTo("private\n[exit code 0]");
        assertThat(Path.of("/tmp", marker)).doesNotExist();
        assertThat(slow.content()).contains("timed out");
        assertThat(Processes.await(() -> Processes.running(marker).isEmpty(), Duration.ofSeconds(10)))
                .as("still running: %s", Processes.running(marker)).isTrue();
    }

    @Test
    void aFailedTrialIsSaidInTheUsersTermsNotWithTheProbesScratchPaths() {
        Path scratch = Path.of("/var/tmp/longtask-sandbox-probe123");
        assertThat(Sandbox.trialFailure(125, "longtask sandbox: cannot make " + scratch + "/hidden-dir read-only",
                scratch)).isEqualTo("a trial command failed: cannot make a credentials directory it hides read-only"
                + " (exit 125)");
        assertThat(Sandbox.trialFailure(1, "", scratch)).isEqualTo("a trial command failed with exit 1");
    }

    @Test
    void withoutAnySandboxBashRefusesAndSaysHowToTurnItOn() throws IOException {
        Path empty = Files.createDirectories(base.resolve("empty-bin"));
        Sandbox off = Sandbox.detect(Map.of("PATH", empty.toString(), "HOME", home.toString()));
        BashTool bash = new BashTool(Map.of("PATH", PATH), off);

        ToolResult refused = run(bash, "echo x > made.txt");

        assertThat(off.kind()).isEqualTo(Sandbox.Kind.OFF);
        assertThat(off.runsCommands()).isFalse();
        assertThat(off.description()).startsWith("bash is OFF").contains("apt-get install bubblewrap")
                .contains("--sandbox off");
        assertThat(refused.error()).isTrue();
        // the model is told to report it, never how to lower its own confinement
        assertThat(refused.content()).contains("bash is not available").contains("read, write, edit")
                .contains("report the problem to the user").doesNotContain("--sandbox").doesNotContain("sandbox: off");
        assertThat(workspace.resolve("made.txt")).doesNotExist();
        assertThat(bash.description()).contains("NOT AVAILABLE");
    }

    @Test
    void sandboxOffRunsCommandsUnconfinedAndSaysSo() throws IOException {
        Sandbox unconfined = Sandbox.forMode(SandboxMode.OFF, Map.of("PATH", PATH));
        BashTool bash = new BashTool(Map.of("PATH", PATH, "HOME", home.toString()), unconfined);

        ToolResult outside = run(bash, "echo x > ../outside.txt");

        assertThat(unconfined.kind()).isEqualTo(Sandbox.Kind.UNCONFINED);
        assertThat(unconfined.description()).contains("UNCONFINED").contains("--sandbox off");
        assertThat(outside.error()).isFalse();
        assertThat(base.resolve("outside.txt")).exists();
    }
}
