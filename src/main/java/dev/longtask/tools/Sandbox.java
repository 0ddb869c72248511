package dev.longtask.tools;

import dev.longtask.model.SandboxMode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where the {@code bash} tool runs its commands. Confined, a command sees the whole system read-only, the workspace
 * read-write, a private empty {@code /tmp} and {@code /dev}, no network (where the kernel lets the sandbox make a
 * network namespace), its own process namespace, no capabilities, and none of the credential stores of the home
 * ({@code ~/.ssh}, {@code ~/.aws}, ...) nor the user's runtime directory and the docker socket. Two confinements are
 * tried, best first: bubblewrap, then the same built from {@code unshare} and {@code mount} of util-linux (user,
 * mount, pid, ipc, uts and network namespaces). Where neither works bash is {@link Kind#OFF off}: it refuses to run
 * anything, and the description says how to turn it on. Commands run unconfined only when the user said so
 * ({@link SandboxMode#OFF}).
 */
public final class Sandbox {
    /** How bash runs; the wire names go into the run's log and {@code status}. */
    public enum Kind {
        BUBBLEWRAP, UNSHARE, UNCONFINED, OFF;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Entries of the home that hold credentials, hidden from confined commands. */
    static final List<String> HIDDEN_IN_HOME = List.of(".ssh", ".gnupg", ".aws", ".azure", ".config/gcloud",
            ".config/gh", ".config/hub", ".config/longtask", ".docker", ".kube", ".netrc", ".git-credentials",
            ".pgpass", ".npmrc", ".pypirc", ".cargo/credentials", ".cargo/credentials.toml", ".gradle/gradle.properties",
            ".vault-token", ".password-store", ".local/share/keyrings", ".claude/.credentials.json",
            ".terraform.d/credentials.tfrc.json");
    /** Sockets that would hand a confined command the machine (the docker daemon runs as root). */
    private static final List<String> HIDDEN_SOCKETS = List.of("/run/docker.sock", "/var/run/docker.sock");

    /** What to do when bash is off, for messages. */
    public static final String HOW_TO_TURN_ON = "install bubblewrap (apt-get install bubblewrap, or dnf install "
            + "bubblewrap), or accept that commands run unconfined with --sandbox off (sandbox: off in "
            + ".longtask/config.yaml)";

    /**
     * Run by {@code sh} as root of a new user namespace, inside new mount, pid, ipc, uts (and network) namespaces:
     * hides the credentials, mounts a private /tmp, /dev and /dev/shm, binds the workspace over itself (through the
     * working directory, so a workspace under /tmp survives the new /tmp), makes every other mount read-only, and
     * runs the command with no capabilities and no way to gain any. Any step that fails stops it with 125: it never
     * runs the command half confined.
     */
    private static final String UNSHARE_SETUP = String.join("\n",
            "set -eu",
            "ws=$1; cmd=$2; shift 2",
            "fail() { echo \"longtask sandbox: $*\" >&2; exit 125; }",
            "cd \"$ws\" || fail \"cannot enter the workspace $ws\"",
            "keep=",
            "# the other arguments come in pairs, a step and a path: hide (before the workspace is bound, or veil after),",
            "# ro (read-only with every other mount below), rw (stays writable inside a read-only one), seal (read-only",
            "# again inside a writable one)",
            "apply() {",
            "  case $1 in",
            "  hide|veil) if [ -d \"$2\" ]; then mount -t tmpfs -o ro,mode=0700,size=4k longtask-hidden \"$2\" || fail \"cannot hide $2\"",
            "    elif [ -e \"$2\" ]; then mount --bind /dev/null \"$2\" || fail \"cannot hide $2\"; fi;;",
            "  ro|seal) mount --bind \"$2\" \"$2\" || fail \"cannot protect $2\";;",
            "  rw) mount --bind \"$2\" \"$2\" || fail \"cannot bind $2\"; keep=\"$keep:$2\";;",
            "  esac",
            "}",
            "each() { want=$1; shift; while [ $# -ge 2 ]; do if [ \"$1\" = \"$want\" ]; then apply \"$1\" \"$2\"; fi; shift 2; done; }",
            "each hide \"$@\"",
            "mount -t tmpfs -o mode=1777 longtask-tmp /tmp || fail 'cannot mount a private /tmp'",
            "dev=/tmp/.longtask-dev",
            "mkdir \"$dev\" && mount -t tmpfs -o mode=0755 longtask-dev \"$dev\" || fail 'cannot make a private /dev'",
            "for n in null zero full random urandom tty; do",
            "  if [ -e \"/dev/$n\" ]; then : > \"$dev/$n\" && mount --bind \"/dev/$n\" \"$dev/$n\" || fail \"cannot bind /dev/$n\"; fi",
            "done",
            "mkdir \"$dev/shm\" \"$dev/pts\"",
            "ln -s /proc/self/fd \"$dev/fd\"; ln -s /proc/self/fd/0 \"$dev/stdin\"",
            "ln -s /proc/self/fd/1 \"$dev/stdout\"; ln -s /proc/self/fd/2 \"$dev/stderr\"",
            "mount --move \"$dev\" /dev || fail 'cannot put the private /dev in place'",
            "rmdir \"$dev\"",
            "mount -t tmpfs -o mode=1777 longtask-shm /dev/shm || fail 'cannot mount a private /dev/shm'",
            "mkdir -p \"$ws\"",
            "mount --no-canonicalize --bind /proc/self/cwd \"$ws\" || fail 'cannot bind the workspace'",
            "cd \"$ws\"",
            "each ro \"$@\"; each rw \"$@\"; each seal \"$@\"; each veil \"$@\"",
            "while read -r _ _ _ _ mp _; do",
            "  mp=$(printf '%b' \"$mp\")",
            "  case \"$mp\" in \"$ws\"|/tmp|/dev/shm) continue;; esac",
            "  case \"$keep:\" in *\":$mp:\"*) continue;; esac",
            "  mount -o remount,bind,ro \"$mp\" 2>/dev/null && continue",
            "  # a mount hidden under a later one (the old /dev/pts) is out of reach; anything else must not stay writable",
            "  if [ \"$mp\" = / ] || [ ! -d \"$mp\" ] || [ \"$(stat -c %d \"$mp\")\" != \"$(stat -c %d \"$mp/..\")\" ]; then",
            "    fail \"cannot make $mp read-only\"",
            "  fi",
            "done < /proc/self/mountinfo",
            "cd \"$ws\"",
            "exec setpriv --no-new-privs --bounding-set=-all --inh-caps=-all -- bash -c \"$cmd\"");

    private final Kind kind;
    /** bwrap, or for unshare: setsid, setpriv and unshare; empty for the others. */
    private final List<Path> programs;
    private final boolean isolatesNetwork;
    private final List<Path> hidden;
    private final String description;

    private Sandbox(Kind kind, List<Path> programs, boolean isolatesNetwork, List<Path> hidden, String description) {
        this.kind = kind;
        this.programs = List.copyOf(programs);
        this.isolatesNetwork = isolatesNetwork;
        this.hidden = List.copyOf(hidden);
        this.description = description;
    }

    /** Commands run unconfined, as the user asked ({@code why}: "--sandbox off", ...). */
    public static Sandbox unconfined(String why) {
        return new Sandbox(Kind.UNCONFINED, List.of(), false, List.of(), "bash runs commands UNCONFINED (" + why
                + "): they can read and change whatever your user can, reach the network and read your credentials");
    }

    /** No confinement works ({@code why} says why): bash refuses every command. */
    public static Sandbox off(String why) {
        return new Sandbox(Kind.OFF, List.of(), false, List.of(), "bash is OFF: it runs commands only in a sandbox, and "
                + "none works here (" + why + "); to turn it on, " + HOW_TO_TURN_ON);
    }

    /** The sandbox for {@code mode}: unconfined when the user turned it off, else the best that works here. */
    public static Sandbox forMode(SandboxMode mode, Map<String, String> environment) {
        return mode == SandboxMode.OFF ? unconfined("--sandbox off") : detect(environment);
    }

    /**
     * {@link #forMode} on the first {@code get()}, once (later calls return the same sandbox): probing bubblewrap
     * runs a process or two, which a run that has not yet described or run bash should not wait for.
     */
    public static Supplier<Sandbox> forModeOnFirstUse(SandboxMode mode, Map<String, String> environment) {
        Map<String, String> copy = Map.copyOf(environment);
        return new Supplier<>() {
            private Sandbox found;

            @Override
            public synchronized Sandbox get() {
                if (found == null) {
                    found = forMode(mode, copy);
                }
                return found;
            }
        };
    }

    /**
     * The best confinement that works here, checked by running {@code true} in it (in some containers namespaces
     * cannot be made): bubblewrap without network, with network, then unshare without network, with network; else
     * {@link #off}. The programs are looked for on the PATH of {@code environment}.
     */
    public static Sandbox detect(Map<String, String> environment) {
        String path = environment.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        List<Path> hidden = hiddenPaths(environment);
        Path found = onPath("bwrap", path);
        List<Path> bwrap = found == null ? null : List.of(found);
        String bwrapFailure = "bubblewrap (bwrap) is not installed";
        if (bwrap != null) {
            String failure = probe(new Sandbox(Kind.BUBBLEWRAP, bwrap, true, List.of(), ""));
            if (failure == null) {
                return new Sandbox(Kind.BUBBLEWRAP, bwrap, true, hidden, "bash runs commands in bubblewrap (" + found
                        + "): the workspace read-write, the rest of the system read-only, a private /tmp, no network, "
                        + "the credentials of the home hidden");
            }
            if (probe(new Sandbox(Kind.BUBBLEWRAP, bwrap, false, List.of(), "")) == null) {
                return new Sandbox(Kind.BUBBLEWRAP, bwrap, false, hidden, "bash runs commands in bubblewrap (" + found
                        + "): the workspace read-write, the rest of the system read-only, a private /tmp, the "
                        + "credentials of the home hidden; the network stays reachable because no network namespace "
                        + "can be made here (" + failure + ")");
            }
            bwrapFailure = "bubblewrap is installed but cannot run here: " + failure;
        }
        List<Path> unshare = Stream.of("setsid", "setpriv", "unshare").map(p -> onPath(p, path)).toList();
        if (unshare.contains(null)) {
            return off(bwrapFailure + "; unshare, setpriv and setsid of util-linux are not there either");
        }
        String failure = probe(new Sandbox(Kind.UNSHARE, unshare, true, List.of(), ""));
        if (failure == null) {
            return new Sandbox(Kind.UNSHARE, unshare, true, hidden, "bash runs commands in Linux namespaces made with "
                    + "unshare (" + bwrapFailure + "): the workspace read-write, the rest of the system read-only, a "
                    + "private /tmp, no network, the credentials of the home hidden; commands see themselves as root "
                    + "of the namespace, without any capability");
        }
        if (probe(new Sandbox(Kind.UNSHARE, unshare, false, List.of(), "")) == null) {
            return new Sandbox(Kind.UNSHARE, unshare, false, hidden, "bash runs commands in Linux namespaces made with "
                    + "unshare (" + bwrapFailure + "): the workspace read-write, the rest of the system read-only, a "
                    + "private /tmp, the credentials of the home hidden; the network stays reachable because no network "
                    + "namespace can be made here (" + failure + ")");
        }
        return off(bwrapFailure + "; user namespaces cannot be made with unshare either (" + failure + ")");
    }

    public Kind kind() {
        return kind;
    }

    /** Whether commands run confined. */
    public boolean isolated() {
        return kind == Kind.BUBBLEWRAP || kind == Kind.UNSHARE;
    }

    /** Whether bash runs commands at all. */
    public boolean runsCommands() {
        return kind != Kind.OFF;
    }

    public boolean isolatesNetwork() {
        return isolatesNetwork;
    }

    /** One sentence for {@code doctor}, {@code status} and the log. */
    public String description() {
        return description;
    }

    /** What {@code bash} answers the model while it is off. */
    String refusal() {
        return "bash is not available in this run: commands may only run in a sandbox, and none works on this "
                + "machine. Do the work with read, write, edit, glob, grep and ls instead; if a command is essential, "
                + "report the problem to the user in your result. How commands are confined is the user's decision: "
                + "do not try to change it.";
    }

    /**
     * What one command sees differently inside the workspace: {@code readOnly} paths bound read-only (what configures
     * longtask or records its runs), {@code writable} ones inside those that stay writable (the run's results), and
     * {@code hidden} ones (the server's state), inside or above the workspace. A read-only path inside a writable one
     * (what the run records among its results) is bound after it, which would cover it otherwise. Each path exists
     * when it is given.
     */
    record Binds(List<Path> readOnly, List<Path> writable, List<Path> hidden) {
        static final Binds NONE = new Binds(List.of(), List.of(), List.of());

        Binds {
            readOnly = List.copyOf(readOnly);
            writable = List.copyOf(writable);
            hidden = List.copyOf(hidden);
        }

        /** The read-only paths bound before the writable ones: those not inside any of them. */
        List<Path> readOnlyAround() {
            return readOnly.stream().filter(p -> !insideWritable(p)).toList();
        }

        /** The read-only paths inside a writable one, bound after it. */
        List<Path> readOnlyWithin() {
            return readOnly.stream().filter(this::insideWritable).toList();
        }

        private boolean insideWritable(Path p) {
            return writable.stream().anyMatch(w -> p.startsWith(w) && !p.equals(w));
        }
    }

    /**
     * The argv that runs {@code program} (a command and its arguments, such as an MCP server's) the way bash runs
     * commands: confined in {@code workspace} with what configures longtask read-only ({@code environment} names the
     * user's folders), or as it is when the user turned the sandbox off.
     *
     * @throws IllegalStateException when no sandbox works here (the message says so, for the user)
     */
    public List<String> programArgv(Workspace workspace, List<String> program, Map<String, String> environment) {
        if (kind == Kind.UNCONFINED) {
            return List.copyOf(program);
        }
        if (kind == Kind.OFF) {
            throw new IllegalStateException(description);
        }
        StringBuilder command = new StringBuilder("exec");
        program.forEach(arg -> command.append(" '").append(arg.replace("'", "'\\''")).append('\''));
        List<String> argv = argv(workspace.root(), command.toString(),
                ProtectedPaths.of(environment).binds(workspace, null));
        return kind == Kind.BUBBLEWRAP ? showProgramUnderTmp(argv, workspace.root(), program) : argv;
    }

    /**
     * The private /tmp would hide a program the person configured under the host's /tmp (a checkout there, say):
     * the top folder of each existing absolute path the command line names under /tmp is shown read-only, unless
     * it holds the workspace (bound writable on its own). Only bubblewrap binds from the host's tree after /tmp is
     * replaced; the unshare fallback leaves such a program hidden, and the server then fails to start, saying so.
     */
    private static List<String> showProgramUnderTmp(List<String> argv, Path workspace, List<String> program) {
        Set<Path> shown = new LinkedHashSet<>();
        Matcher m = Pattern.compile("/tmp/[^\\s'\"]+")
                .matcher(String.join(" ", program));
        while (m.find()) {
            Path named = Path.of(m.group()).normalize();
            if (named.getNameCount() >= 2 && Files.exists(named)) {
                Path top = named.getRoot().resolve(named.subpath(0, 2));
                if (!workspace.startsWith(top) && !top.startsWith(workspace)) {
                    shown.add(top);
                }
            }
        }
        if (shown.isEmpty()) {
            return argv;
        }
        int at = argv.indexOf("--bind");
        List<String> out = new ArrayList<>(argv.subList(0, at));
        shown.forEach(p -> out.addAll(List.of("--ro-bind", p.toString(), p.toString())));
        out.addAll(argv.subList(at, argv.size()));
        return out;
    }

    /** The argv that runs {@code command} with bash in {@code workspace}; not for a sandbox that is off. */
    List<String> argv(Path workspace, String command) {
        return argv(workspace, command, Binds.NONE);
    }

    /** As {@link #argv(Path, String)}, with {@code binds} applied inside the workspace. */
    List<String> argv(Path workspace, String command, Binds binds) {
        List<String> argv = new ArrayList<>();
        List<Path> hiddenNow = new ArrayList<>(existingHidden(workspace));
        binds.hidden().stream().filter(p -> !hiddenNow.contains(p) && !workspace.startsWith(p)).forEach(hiddenNow::add);
        // what lies inside the workspace is hidden after the workspace is bound, which would cover it otherwise
        List<Path> outside = hiddenNow.stream().filter(p -> !p.startsWith(workspace)).toList();
        List<Path> inside = hiddenNow.stream().filter(p -> p.startsWith(workspace)).toList();
        switch (kind) {
            case BUBBLEWRAP -> {
                argv.addAll(bwrapOptions());
                hideForBwrap(argv, outside);
                argv.addAll(List.of("--bind", workspace.toString(), workspace.toString()));
                binds.readOnlyAround().forEach(p -> argv.addAll(List.of("--ro-bind", p.toString(), p.toString())));
                binds.writable().forEach(p -> argv.addAll(List.of("--bind", p.toString(), p.toString())));
                binds.readOnlyWithin().forEach(p -> argv.addAll(List.of("--ro-bind", p.toString(), p.toString())));
                hideForBwrap(argv, inside);
                argv.addAll(List.of("--chdir", workspace.toString(), "bash", "-c", command));
            }
            case UNSHARE -> {
                argv.addAll(unshareOptions());
                argv.addAll(List.of("/bin/sh", "-c", UNSHARE_SETUP, "longtask-sandbox", workspace.toString(), command));
                outside.forEach(p -> argv.addAll(List.of("hide", p.toString())));
                binds.readOnlyAround().forEach(p -> argv.addAll(List.of("ro", p.toString())));
                binds.writable().forEach(p -> argv.addAll(List.of("rw", p.toString())));
                binds.readOnlyWithin().forEach(p -> argv.addAll(List.of("seal", p.toString())));
                inside.forEach(p -> argv.addAll(List.of("veil", p.toString())));
            }
            case UNCONFINED -> {
                Path setsid = onPath("setsid", "/usr/bin:/bin");
                if (setsid != null) {
                    // its own process group, so a timeout can end everything the command started, and no terminal
                    argv.add(setsid.toString());
                }
                argv.addAll(List.of("bash", "-c", command));
            }
            case OFF -> throw new IllegalStateException("bash is off: " + description);
        }
        return argv;
    }

    private List<String> bwrapOptions() {
        // --cap-drop ALL: run by root, bwrap would keep every capability, and root could unmount what hides the
        // credentials or remount / read-write; /proc/sys read-only: root may write sysctls by file permission alone
        List<String> options = new ArrayList<>(List.of(programs.get(0).toString(), "--cap-drop", "ALL",
                "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--ro-bind-try", "/proc/sys", "/proc/sys", "--ro-bind-try",
                "/proc/sysrq-trigger", "/proc/sysrq-trigger", "--tmpfs", "/tmp", "--unshare-pid", "--unshare-ipc",
                "--unshare-uts", "--die-with-parent", "--new-session"));
        if (isolatesNetwork) {
            options.add("--unshare-net");
        }
        return options;
    }

    private List<String> unshareOptions() {
        // setsid: a process group of its own for the kill on timeout, and no terminal; --pdeathsig: unshare dies
        // with longtask, and --kill-child takes everything in the namespaces with it
        List<String> options = new ArrayList<>(List.of(programs.get(0).toString(), programs.get(1).toString(),
                "--pdeathsig", "KILL", "--", programs.get(2).toString(), "--user", "--map-root-user", "--mount", "--pid", "--ipc", "--uts", "--fork",
                "--kill-child", "--mount-proc"));
        if (isolatesNetwork) {
            options.add("--net");
        }
        options.add("--");
        return options;
    }

    private static void hideForBwrap(List<String> argv, List<Path> paths) {
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                argv.addAll(List.of("--tmpfs", p.toString(), "--remount-ro", p.toString()));
            } else {
                argv.addAll(List.of("--ro-bind", "/dev/null", p.toString()));
            }
        }
    }

    /** The hidden paths that exist now and do not hold the workspace, each once, shallowest first. */
    private List<Path> existingHidden(Path workspace) {
        Set<Path> real = new LinkedHashSet<>();
        for (Path p : hidden) {
            if (!Files.exists(p) || workspace.startsWith(p)) {
                continue;
            }
            try {
                Path target = p.toRealPath();
                if (!workspace.startsWith(target)) {
                    real.add(target);
                }
            } catch (IOException e) {
                // vanished between the two looks: nothing to hide
            }
        }
        return real.stream().sorted(Comparator.comparingInt(Path::getNameCount)).toList();
    }

    private static List<Path> hiddenPaths(Map<String, String> environment) {
        List<Path> hidden = new ArrayList<>();
        String home = environment.get("HOME");
        if (home != null && !home.isBlank()) {
            HIDDEN_IN_HOME.forEach(entry -> hidden.add(Path.of(home).resolve(entry)));
        }
        String runtime = environment.get("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank()) {
            // the user's agents and buses: ssh-agent, gpg-agent, the keyring, a rootless docker or podman
            hidden.add(Path.of(runtime));
        }
        HIDDEN_SOCKETS.forEach(s -> hidden.add(Path.of(s)));
        return hidden;
    }

    /**
     * Runs {@code true} in the sandbox in a scratch workspace, hiding a scratch directory and file the way credentials
     * are hidden and protecting a scratch {@code .longtask} the way the real one is (so every option a real call uses
     * is tried); null when it worked, else what went wrong.
     */
    private static String probe(Sandbox candidate) {
        Path scratch = null;
        try {
            scratch = probeDirectory().toRealPath();
            Path workspace = Files.createDirectory(scratch.resolve("ws"));
            List<Path> hidden = List.of(Files.createDirectory(scratch.resolve("hidden-dir")),
                    Files.createFile(scratch.resolve("hidden-file")));
            Sandbox trial = new Sandbox(candidate.kind, candidate.programs, candidate.isolatesNetwork, hidden, "");
            Path protectedDir = Files.createDirectories(workspace.resolve(".longtask"));
            Binds binds = new Binds(List.of(protectedDir),
                    List.of(Files.createDirectories(protectedDir.resolve("runs/r/results"))),
                    List.of(Files.createDirectories(protectedDir.resolve("server"))));
            Process p = new ProcessBuilder(trial.argv(workspace, "true", binds)).directory(workspace.toFile())
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return candidate.kind.wire() + " did not start within 10 s";
            }
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 ? null : trialFailure(p.exitValue(), output.lines().findFirst().orElse(""),
                    scratch);
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while checking the sandbox";
        } finally {
            deleteQuietly(scratch);
        }
    }

    /**
     * A scratch directory for the probe outside /tmp where it can (/var/tmp): the sandbox mounts a private /tmp over
     * the real one, and the credentials hidden under the old /tmp would then be out of reach of its check that every
     * mount is read-only, which refuses what it cannot reach.
     */
    private static Path probeDirectory() throws IOException {
        Path varTmp = Path.of("/var/tmp");
        if (Files.isDirectory(varTmp) && Files.isWritable(varTmp)) {
            try {
                return Files.createTempDirectory(varTmp, "longtask-sandbox-probe");
            } catch (IOException e) {
                // e.g. a read-only /var: the temp directory is the fallback
            }
        }
        return Files.createTempDirectory("longtask-sandbox-probe");
    }

    /**
     * Why the trial command failed, in the user's terms: the probe's scratch paths mean nothing to a user (they are
     * gone by the time the message is read), what they stand for does.
     */
    static String trialFailure(int exit, String firstLine, Path scratch) {
        String said = firstLine.replaceFirst("^longtask sandbox: ", "")
                .replace(scratch.resolve("hidden-dir").toString(), "a credentials directory it hides")
                .replace(scratch.resolve("hidden-file").toString(), "a credentials file it hides")
                .replace(scratch.resolve("ws").toString(), "the workspace")
                .replace(scratch.toString(), "its scratch directory");
        return said.isEmpty() ? "a trial command failed with exit " + exit
                : "a trial command failed: " + said + " (exit " + exit + ")";
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a scratch directory in the temp directory; nothing depends on it
        }
    }

    static Path onPath(String program, String path) {
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return description;
    }
}
