package dev.longtask.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many processes (and threads) one {@code bash} command may have at once, so a fork bomb or a runaway process
 * tree stops at the limit and the machine stays usable. Two mechanisms, because neither holds everywhere:
 * <ul>
 * <li>{@code ulimit -u} set inside the sandbox, after its user namespace is made: the kernel counts the processes of
 * a user per user namespace, so the limit is the command's own. It does not bind root (uid 0 of the machine is exempt
 * from it, and bubblewrap run by root keeps uid 0 whatever uid it shows inside).</li>
 * <li>A {@code pids} control group of its own for each command, where one can be made: cgroup v1's {@code pids}
 * hierarchy, or a cgroup v2 whose subtree has the {@code pids} controller. This binds root too; usually only root
 * can make one.</li>
 * </ul>
 * Where neither applies (root without a writable pids cgroup) a command is bounded only by its timeout;
 * {@link #description} says so.
 */
final class ProcessLimit {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessLimit.class);
    /** Enough for parallel builds and test runners (threads count too); few enough to leave the machine usable. */
    static final int DEFAULT_MAX = 2048;
    private static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    private final int max;
    /** Where each command's pids cgroup is made, or null where none can be. */
    private final Path cgroupParent;
    private final boolean root;
    private final AtomicLong sequence = new AtomicLong();

    private ProcessLimit(int max, Path cgroupParent, boolean root) {
        this.max = max;
        this.cgroupParent = cgroupParent;
        this.root = root;
    }

    /** At most {@code max} processes per command, with the mechanisms that work on this machine. */
    static ProcessLimit detect(int max) {
        return new ProcessLimit(max, cgroupParent(), runsAsRoot());
    }

    int max() {
        return max;
    }

    /** One sentence for the log: how commands are bounded. */
    String description() {
        if (cgroupParent != null) {
            return "each bash command may run at most " + max + " processes (a pids control group)";
        }
        return root ? "bash commands have no process limit: longtask runs as root and no pids control group can be "
                + "made here, so only the timeout ends a runaway process tree"
                : "each bash command may run at most " + max + " processes (ulimit -u in its sandbox)";
    }

    /**
     * The command line bash runs in the sandbox: the limit set, then {@code command} itself, run by a bash of its
     * own so its text, {@code $0} and line numbers are as given.
     */
    String limited(String command) {
        return "ulimit -u " + max + " || exit 125\nexec bash -c " + singleQuoted(command);
    }

    /** A command started with {@code argv}, in a control group of its own where one can be made. */
    Started start(List<String> argv) throws IOException {
        Path group = null;
        if (cgroupParent != null) {
            group = cgroupParent.resolve("longtask-" + ProcessHandle.current().pid() + "-"
                    + sequence.incrementAndGet());
            try {
                Files.createDirectory(group);
                Files.writeString(group.resolve("pids.max"), Integer.toString(max), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                LOG.warn("cannot make the pids control group {}: {}", group, e.getMessage());
                removeQuietly(group);
                group = null;
            }
        }
        List<String> full = new ArrayList<>();
        if (group != null) {
            // the shell joins the group, then becomes the sandbox: everything the command starts is counted in it
            full.addAll(List.of("/bin/sh", "-c", "echo $$ > \"$0/cgroup.procs\" || exit 125; exec \"$@\"",
                    group.toString()));
        }
        full.addAll(argv);
        return new Started(full, group);
    }

    /** The argv to run and the control group to remove once the command is over (null for none). */
    record Started(List<String> argv, Path group) {
        /** Ends what is left in the group and removes it; the caller has killed the command's tree already. */
        void release() {
            if (group == null) {
                return;
            }
            for (int attempt = 0; attempt < 50 && Files.isDirectory(group); attempt++) {
                killMembers(group);
                try {
                    Files.delete(group);
                } catch (IOException e) {
                    // members still exiting: the group can go only once it is empty
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            if (Files.isDirectory(group)) {
                LOG.warn("could not remove the pids control group {}", group);
            }
        }

        private static void killMembers(Path group) {
            try {
                for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
                    if (!pid.isBlank()) {
                        ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(ProcessHandle::destroyForcibly);
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // gone meanwhile
            }
        }
    }

    private static boolean runsAsRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /** Where a pids control group can be made below this process's own, or null. */
    private static Path cgroupParent() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] fields = line.split(":", 3);
                if (fields.length < 3) {
                    continue;
                }
                String own = fields[2].startsWith("/") ? fields[2].substring(1) : fields[2];
                Path candidate = null;
                if (List.of(fields[1].split(",")).contains("pids")) {
                    candidate = CGROUP_ROOT.resolve("pids").resolve(own);
                } else if (fields[0].equals("0") && fields[1].isEmpty()) {
                    Path v2 = CGROUP_ROOT.resolve(own);
                    Path control = v2.resolve("cgroup.subtree_control");
                    if (Files.isReadable(control) && List.of(Files.readString(control).strip().split(" "))
                            .contains("pids")) {
                        candidate = v2;
                    }
                }
                if (candidate != null && usable(candidate)) {
                    return candidate;
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("no pids control group: {}", e.toString());
        }
        return null;
    }

    /** Whether a child group with a pids limit can be made under {@code parent} (tried, then removed). */
    private static boolean usable(Path parent) {
        Path trial = parent.resolve("longtask-probe-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            Files.createDirectory(trial);
            return Files.exists(trial.resolve("pids.max"));
        } catch (IOException e) {
            return false;
        } finally {
            removeQuietly(trial);
        }
    }

    private static void removeQuietly(Path group) {
        try {
            Files.deleteIfExists(group);
        } catch (IOException e) {
            LOG.debug("cannot remove {}: {}", group, e.getMessage());
        }
    }

    private static String singleQuoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
