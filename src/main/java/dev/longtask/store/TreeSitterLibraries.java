package dev.longtask.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the tree-sitter jars' loader unpacks the native libraries. The build compiles the runtime and the grammars
 * with optimisation under the jars' own resource names ({@code lib/x86_64-linux-gnu-tree-sitter.so}, ...), found
 * before the jars' unoptimised copies (src/main/native/build.sh), and writes {@code lib/longtask-native.id}, a hash
 * of them. The loader copies each library into one directory and rewrites a file there whose bytes differ: in its
 * default {@code ~/.tree-sitter/}, shared with every other program that uses those jars, ours and theirs would be
 * written over each other, in place, while another process has the file mapped. So when the build's libraries are
 * there, they go to a directory of their own, named by that hash. Without them (a build without a C compiler) the
 * jars' libraries are used, unpacked where the jars put them. Used by every user of tree-sitter (the review map's
 * grammars, the bash rules' parser): whichever loads first unpacks the runtime they share.
 */
public final class TreeSitterLibraries {
    /** The system property the jars' loader ({@code org.treesitter.utils.NativeUtils}) reads its directory from. */
    static final String DIRECTORY_PROPERTY = "tree-sitter-lib";
    static final String ID_RESOURCE = "lib/longtask-native.id";

    private TreeSitterLibraries() {
    }

    /**
     * Points the loader at the directory of the build's libraries, unless the property is set already (by the user,
     * or by an earlier call). Call before the first tree-sitter class is initialised. JVM-wide, as the loader is.
     */
    public static synchronized void useOwnDirectory() {
        if (System.getProperty(DIRECTORY_PROPERTY) != null) {
            return;
        }
        ownDirectory(Path.of(System.getProperty("user.home")))
                .ifPresent(dir -> System.setProperty(DIRECTORY_PROPERTY, dir.toString()));
    }

    /** The directory the build's libraries are unpacked into, under {@code home}; empty when the build made none. */
    static Optional<Path> ownDirectory(Path home) {
        return buildId().map(id -> home.resolve(".tree-sitter").resolve("longtask-" + id));
    }

    /** The hash of the optimised libraries the build put on the class path, if it did. */
    public static Optional<String> buildId() {
        try (InputStream in = TreeSitterLibraries.class.getClassLoader().getResourceAsStream(ID_RESOURCE)) {
            if (in == null) {
                return Optional.empty();
            }
            String id = new String(in.readNBytes(64), StandardCharsets.US_ASCII).strip();
            return id.matches("[0-9a-f]{8,64}") ? Optional.of(id) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
