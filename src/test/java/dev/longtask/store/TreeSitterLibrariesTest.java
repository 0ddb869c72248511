package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The build's optimised tree-sitter libraries (src/main/native/build.sh) are the ones a map loads. */
class TreeSitterLibrariesTest {

    @Test
    void theBuildsRuntimeIsFoundBeforeTheJarsAndIsTheOneLoaded() throws Exception {
        assumeTrue(System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux"),
                "the build compiles the libraries on Linux only");
        Optional<String> id = TreeSitterLibraries.buildId();
        assumeTrue(id.isPresent(), "this build had no C compiler or npm: the jars' libraries are used");
        String arch = System.getProperty("os.arch").contains("aarch64") ? "aarch64" : "x86_64";
        String runtime = "lib/" + arch + "-linux-gnu-tree-sitter.so";
        URL found = TreeSitterLibraries.class.getClassLoader().getResource(runtime);
        URL marker = TreeSitterLibraries.class.getClassLoader().getResource(TreeSitterLibraries.ID_RESOURCE);
        assertThat(found).isNotNull();
        // the same class path entry as the build's marker, not the io.github.bonede jar
        assertThat(found.toString().replace(runtime, "")).isEqualTo(marker.toString().replace(TreeSitterLibraries.ID_RESOURCE, ""));

        TreeSitterLibraries.useOwnDirectory();
        new org.treesitter.TSParser().setLanguage(new org.treesitter.TreeSitterJava()); // the runtime and a grammar

        // the loader keeps each library under its resource name, lib/...
        Path own = TreeSitterLibraries.ownDirectory(Path.of(System.getProperty("user.home"))).orElseThrow().resolve("lib");
        if (own.getParent().toString().equals(System.getProperty(TreeSitterLibraries.DIRECTORY_PROPERTY))) {
            String maps = Files.readString(Path.of("/proc/self/maps"));
            assertThat(maps).contains(own.resolve(arch + "-linux-gnu-tree-sitter.so").toString())
                    .contains(own.resolve(arch + "-linux-gnu-tree-sitter-java.so").toString());
            assertThat(Files.readAllBytes(own.resolve(arch + "-linux-gnu-tree-sitter.so")))
                    .isEqualTo(bytes(found));
        }
    }

    private static byte[] bytes(URL url) throws IOException {
        try (var in = url.openStream()) {
            return in.readAllBytes();
        }
    }
}
