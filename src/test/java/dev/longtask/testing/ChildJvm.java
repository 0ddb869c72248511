package dev.longtask.testing;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The command line of a child JVM, the same for every test that starts one: this JVM's {@code java}, the client
 * compiler and the serial collector (children are short and many), and a class path with the product's classes in a
 * jar. The jar lets the children share a class-data archive (CDS keeps classes from jars only), made once per build
 * from the classes a scripted {@code longtask run} loads: a child then starts in about two thirds of the CPU time, which on a 2-core machine
 * running hundreds of children is most of what the suite waits for. Without the archive (it could not be made, or
 * this JVM refuses it) children start as before; the archive changes how fast they start, never what they do.
 */
public final class ChildJvm {
    private static final String MAIN = "dev.longtask.cli.Main";

    private ChildJvm() {
    }

    /** {@code longtask ARGS...} with the product's classes only (its own logging configuration, not the tests'). */
    public static List<String> longtask(Path home, String... args) {
        List<String> command = java(List.of("-Duser.home=" + home), false);
        command.add(MAIN);
        command.addAll(List.of(args));
        return command;
    }

    /** A main class of the test tree (a harness to kill, say), with {@code options} for its JVM. */
    public static List<String> testMain(Class<?> main, List<String> options, String... args) {
        List<String> command = java(options, true);
        command.add(main.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** {@code java}, its options and {@code -cp} with the class path; the main class and its arguments follow. */
    public static List<String> java(List<String> options, boolean withTestClasses) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        Prepared prepared = Prepared.INSTANCE;
        if (prepared.archive != null) {
            command.addAll(List.of("-XX:SharedArchiveFile=" + prepared.archive, "-Xshare:auto", "-Xlog:cds=off",
                    "-Xlog:cds+dynamic=off"));
        }
        command.addAll(options);
        String classPath = withTestClasses ? prepared.classPath + File.pathSeparator + prepared.testClasses
                : prepared.classPath;
        command.addAll(List.of("-cp", classPath));
        return command;
    }

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The jar and the archive, made on first use by whichever test JVM comes first (a file lock keeps the two forks
     * from making them twice) and named by the classes' content, so a new compile makes new ones.
     */
    private static final class Prepared {
        static final Prepared INSTANCE = new Prepared();

        final String classPath;
        final String testClasses;
        final Path archive;

        private Prepared() {
            List<String> entries = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
            Path classes = entries.stream().map(Path::of).filter(p -> p.endsWith("classes") && Files.isDirectory(p))
                    .findFirst().orElseThrow(() -> new IllegalStateException("no target/classes on the class path"));
            testClasses = entries.stream().filter(e -> Path.of(e).endsWith("test-classes"))
                    .collect(Collectors.joining(File.pathSeparator));
            String dependencies = entries.stream()
                    .filter(e -> !Path.of(e).endsWith("test-classes") && !Path.of(e).equals(classes))
                    .collect(Collectors.joining(File.pathSeparator));
            Path dir = classes.resolveSibling("child-jvm");
            Path jar;
            Path made = null;
            try {
                Files.createDirectories(dir);
                String key = contentKey(classes);
                jar = dir.resolve("longtask-" + key + ".jar");
                Path archiveFile = dir.resolve("longtask-" + key + "-" + Runtime.version().feature() + ".jsa");
                try (FileChannel lock = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE); FileLock held = lock.lock()) {
                    if (!Files.exists(jar)) {
                        removeOlder(dir, key);
                        writeJar(classes, jar);
                    }
                    String classPath = jar + File.pathSeparator + dependencies;
                    if (!Files.exists(archiveFile) && !Files.exists(dir.resolve("longtask-" + key + ".no-archive"))) {
                        if (!train(classPath, archiveFile)) {
                            Files.writeString(dir.resolve("longtask-" + key + ".no-archive"), "");
                        }
                    }
                    if (Files.exists(archiveFile)) {
                        made = archiveFile;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("could not prepare the child JVMs' jar in " + dir, e);
            }
            classPath = jar + File.pathSeparator + dependencies;
            archive = made;
        }

        private static String contentKey(Path classes) throws IOException {
            MessageDigest digest;
            try {
                digest = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                    digest.update((classes.relativize(file) + " " + a.size() + " " + a.lastModifiedTime().toMillis()
                            + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            digest.update(System.getProperty("java.home").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        }

        private static void removeOlder(Path dir, String key) throws IOException {
            try (Stream<Path> old = Files.list(dir)) {
                for (Path file : old.filter(f -> f.getFileName().toString().startsWith("longtask-")
                        && !f.getFileName().toString().contains(key)).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }

        private static void writeJar(Path classes, Path jar) throws IOException {
            Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
            try (OutputStream file = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(file);
                 Stream<Path> files = Files.walk(classes)) {
                for (Path entry : files.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new JarEntry(classes.relativize(entry).toString().replace(File.separatorChar, '/')));
                    Files.copy(entry, out);
                    out.closeEntry();
                }
            }
            Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }

        /**
         * Lists the classes a whole scripted run loads (planner, task agents, tools, the store, the live view) and dumps
         * them into a static archive, kept only if a JVM then starts with it. Static, not the dynamic archive of
         * {@code -XX:ArchiveClassesAtExit}: JDK 17's dynamic dump crashes on this run's lambda proxies, so those are
         * left out of the list as well.
         */
        private static boolean train(String classPath, Path archive) throws IOException {
            Path scratch = Files.createTempDirectory("child-jvm-training");
            Path list = scratch.resolve("classes.lst");
            Path tmp = archive.resolveSibling(archive.getFileName() + ".tmp");
            try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
                Path ws = Files.createDirectories(scratch.resolve("ws"));
                Files.writeString(ws.resolve("notes.txt"), "a note\n");
                if (!exits(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                        "-XX:DumpLoadedClassList=" + list, "-Duser.home=" + scratch.resolve("home"), "-cp", classPath,
                        MAIN, "run", "Summarise the notes", "--base-url", model.baseUrl(), "--model",
                        "openai:scripted", "-C", ws.toString()))) {
                    return false;
                }
                try (Stream<String> lines = Files.lines(list)) {
                    Files.write(list, lines.filter(line -> !line.startsWith("@")).toList());
                }
                boolean accepted = exits(List.of(javaBinary(), "-Xshare:dump", "-XX:SharedClassListFile=" + list,
                        "-XX:SharedArchiveFile=" + tmp, "-cp", classPath))
                        && exits(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                        "-XX:SharedArchiveFile=" + tmp, "-Xshare:on", "-cp", classPath, MAIN, "--version"));
                if (accepted) {
                    Files.move(tmp, archive, StandardCopyOption.ATOMIC_MOVE);
                }
                return accepted;
            } finally {
                Files.deleteIfExists(tmp);
                deleteTree(scratch);
            }
        }

        private static boolean exits(List<String> command) throws IOException {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                    || k.endsWith("_BASE_URL"));
            Process p = pb.start();
            try {
                if (!p.waitFor(300, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return false;
                }
                return p.exitValue() == 0;
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                return false;
            }
        }

        private static void deleteTree(Path root) throws IOException {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
