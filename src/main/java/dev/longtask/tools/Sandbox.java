package dev.longtask.tools;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.TimeUnit;

/**
 * Where the {@code bash} tool runs its commands. With bubblewrap ({@code bwrap}) installed and working, a command sees
 * the whole system read-only, the workspace read-write, a private empty {@code /tmp}, no network (when the kernel lets
 * bwrap make a network namespace), its own process namespace, and none of the usual secret directories of the home
 * ({@code ~/.ssh}, {@code ~/.aws}, ...). Without it, commands run directly in the workspace, and this says so once in
 * {@link #description()}, for a doctor-like report, not in every call.
 */
public final class Sandbox {
    /** Home entries that hold credentials, hidden from sandboxed commands (an empty dir or /dev/null instead). */
    private static final List<String> HIDDEN_IN_HOME = List.of(".ssh", ".gnupg", ".aws", ".azure", ".config/gcloud",
            ".config/gh", ".config/longtask", ".docker", ".kube", ".netrc", ".git-credentials", ".pgpass");

    private final Path bwrap;
    private final boolean isolatesNetwork;
    private final Path home;
    private final String description;

    private Sandbox(Path bwrap, boolean isolatesNetwork, Path home, String description) {
        this.bwrap = bwrap;
        this.isolatesNetwork = isolatesNetwork;
        this.home = home;
        this.description = description;
    }

    /** Commands run directly in the workspace; {@code why} says why, for the description. */
    public static Sandbox none(String why) {
        return new Sandbox(null, false, null, "bash runs commands directly in the workspace, without a sandbox (" + why
                + "); only the path checks of the file tools and the secret-free environment protect the system");
    }

    /**
     * Finds {@code bwrap} on the PATH of {@code environment} and checks that it can build its namespaces here (in some
     * containers it cannot); the best it can do wins: without network, then with network, then no sandbox.
     */
    public static Sandbox detect(Map<String, String> environment) {
        Path bwrap = onPath("bwrap", environment.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin"));
        if (bwrap == null) {
            return none("bubblewrap (bwrap) is not installed; install it, e.g. apt-get install bubblewrap, to "
                    + "confine commands to the workspace");
        }
        Path home = environment.containsKey("HOME") ? Path.of(environment.get("HOME")) : null;
        String failure = probe(bwrap, true);
        if (failure == null) {
            return new Sandbox(bwrap, true, home, "bash runs commands in bubblewrap (" + bwrap + "): workspace "
                    + "read-write, rest of the system read-only, private /tmp, no network, credential directories "
                    + "of the home hidden");
        }
        String failureWithNet = probe(bwrap, false);
        if (failureWithNet == null) {
            return new Sandbox(bwrap, false, home, "bash runs commands in bubblewrap (" + bwrap + "): workspace "
                    + "read-write, rest of the system read-only, private /tmp, credential directories of the home "
                    + "hidden; the network stays reachable because bwrap cannot make a network namespace here ("
                    + failure + ")");
        }
        return none("bubblewrap is installed but cannot run here: " + failureWithNet);
    }

    /** {@link #detect} on the first {@code get()}, once; later calls return the same sandbox. */
    public static Supplier<Sandbox> detectOnFirstUse(Map<String, String> environment) {
        Map<String, String> copy = Map.copyOf(environment);
        return new Supplier<>() {
            private Sandbox found;

            @Override
            public synchronized Sandbox get() {
                if (found == null) {
                    found = detect(copy);
                }
                return found;
            }
        };
    }

    /** Whether commands run confined. */
    public boolean isolated() {
        return bwrap != null;
    }

    public boolean isolatesNetwork() {
        return isolatesNetwork;
    }

    /** One sentence for {@code longtask doctor}-like output and the logs. */
    public String description() {
        return description;
    }

    /** The argv that runs {@code command} with bash in {@code workspace}. */
    List<String> argv(Path workspace, String command) {
        List<String> argv = new ArrayList<>();
        if (bwrap == null) {
            Path setsid = onPath("setsid", "/usr/bin:/bin");
            if (setsid != null) {
                // its own process group, so a timeout can end everything the command started, and no terminal to prompt on
                argv.add(setsid.toString());
            }
        } else {
            argv.addAll(bwrapOptions(bwrap, isolatesNetwork));
            hideCredentials(argv, workspace);
            argv.addAll(List.of("--bind", workspace.toString(), workspace.toString(), "--chdir", workspace.toString()));
        }
        argv.addAll(List.of("bash", "-c", command));
        return argv;
    }

    private void hideCredentials(List<String> argv, Path workspace) {
        if (home == null) {
            return;
        }
        for (String entry : HIDDEN_IN_HOME) {
            Path hidden = home.resolve(entry);
            if (workspace.startsWith(hidden) || !Files.exists(hidden)) {
                continue;
            }
            if (Files.isDirectory(hidden)) {
                argv.addAll(List.of("--tmpfs", hidden.toString()));
            } else {
                argv.addAll(List.of("--ro-bind", "/dev/null", hidden.toString()));
            }
        }
    }

    private static List<String> bwrapOptions(Path bwrap, boolean withoutNetwork) {
        List<String> options = new ArrayList<>(List.of(bwrap.toString(), "--ro-bind", "/", "/", "--dev", "/dev",
                "--proc", "/proc", "--tmpfs", "/tmp", "--unshare-pid", "--unshare-ipc", "--die-with-parent",
                "--new-session"));
        if (withoutNetwork) {
            options.add("--unshare-net");
        }
        return options;
    }

    /** Runs {@code true} in the sandbox; null when it worked, else what went wrong. */
    private static String probe(Path bwrap, boolean withoutNetwork) {
        List<String> argv = bwrapOptions(bwrap, withoutNetwork);
        argv.add("true");
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "bwrap did not start within 10 s";
            }
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + (output.isEmpty() ? "" : ": " + output.lines()
                    .findFirst().orElse(""));
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while checking bwrap";
        }
    }

    private static Path onPath(String program, String path) {
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
