package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves each file's imports to files of the repository, per language: Java/Kotlin by package and type
 * (then by path), Python by dotted module (relative imports from the file's package), JS/TS by relative path
 * with the usual extensions and index files, Go by import path through go.mod (else by directory suffix),
 * Rust by {@code mod}/{@code crate::}/{@code self::}/{@code super::} and crate names from Cargo.toml, C/C++ by
 * include path relative to the file, then by unique path suffix. Imports of anything outside the repository
 * resolve to nothing.
 */
final class ImportResolver {
    private static final Pattern GO_MODULE = Pattern.compile("(?m)^module\\s+(\\S+)");
    private static final Pattern CARGO_NAME = Pattern.compile("(?ms)^\\[package\\].*?^name\\s*=\\s*\"([^\"]+)\"");
    private static final List<String> JS_EXTENSIONS = List.of(".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs",
            ".mts", ".cts");

    private final Path root;
    private final Map<String, ParsedFile> byPath = new HashMap<>();
    private final Map<String, List<ParsedFile>> byDirectory = new HashMap<>();
    private final Map<String, List<ParsedFile>> jvmPackages = new HashMap<>();
    private final Map<String, List<ParsedFile>> jvmQualifiedNames = new HashMap<>();
    private final Map<String, List<ParsedFile>> pythonModules = new HashMap<>();
    private final Map<String, List<ParsedFile>> byFileName = new HashMap<>();
    private final Map<String, String> goImportPaths = new HashMap<>();
    private final Map<String, String> rustCrateRoots = new HashMap<>();

    ImportResolver(Path root, List<ParsedFile> files) {
        this.root = root;
        for (ParsedFile f : files) {
            byPath.put(f.path(), f);
            byDirectory.computeIfAbsent(f.directory(), k -> new ArrayList<>()).add(f);
            byFileName.computeIfAbsent(f.fileName(), k -> new ArrayList<>()).add(f);
            String pkg = f.extraction().packageName();
            if ((f.language() == Language.JAVA || f.language() == Language.KOTLIN) && pkg != null) {
                jvmPackages.computeIfAbsent(pkg, k -> new ArrayList<>()).add(f);
                for (Definition d : f.extraction().definitions()) {
                    if (d.parent() == null) {
                        jvmQualifiedNames.computeIfAbsent(pkg + "." + d.name(), k -> new ArrayList<>()).add(f);
                    }
                }
            }
            if (f.language() == Language.PYTHON) {
                indexPythonModule(f);
            }
        }
        indexGoModules();
        indexCrates();
    }

    /** Target files with weights summing to 1 per import that resolved. */
    Map<String, Double> resolve(ParsedFile file) {
        Map<String, Double> targets = new HashMap<>();
        for (Import imp : file.extraction().imports()) {
            List<ParsedFile> hits = switch (file.language()) {
                case JAVA, KOTLIN -> jvm(imp.module());
                case PYTHON -> python(file, imp);
                case JAVASCRIPT, TYPESCRIPT -> javascript(file, imp.module());
                case GO -> go(imp.module());
                case RUST -> rust(file, imp);
                case C, CPP -> include(file, imp.module());
            };
            // distinct by path (one file per path): a set of the records would hash each file's whole extraction
            Set<String> found = new LinkedHashSet<>();
            for (ParsedFile hit : hits) {
                found.add(hit.path());
            }
            found.remove(file.path());
            for (String target : found) {
                targets.merge(target, 1.0 / found.size(), Double::sum);
            }
        }
        return targets;
    }

    // ---- Java and Kotlin

    private List<ParsedFile> jvm(String module) {
        if (module.endsWith(".*")) {
            return jvmPackages.getOrDefault(module.substring(0, module.length() - 2), List.of());
        }
        String name = module;
        while (name.contains(".")) {
            List<ParsedFile> hit = jvmQualifiedNames.get(name);
            if (hit != null) {
                return hit;
            }
            String path = name.replace('.', '/');
            List<ParsedFile> bySuffix = suffix(path + ".java", path + ".kt");
            if (!bySuffix.isEmpty()) {
                return bySuffix;
            }
            name = name.substring(0, name.lastIndexOf('.'));
        }
        return List.of();
    }

    // ---- Python

    private void indexPythonModule(ParsedFile f) {
        String path = f.path();
        String dotted;
        if (f.fileName().equals("__init__.py")) {
            dotted = f.directory().replace('/', '.');
        } else {
            dotted = path.substring(0, path.lastIndexOf('.')).replace('/', '.');
        }
        // every suffix, so "acme.pricing" finds src/acme/pricing.py and python/acme/pricing.py
        String[] parts = dotted.split("\\.");
        for (int k = 0; k < parts.length; k++) {
            String key = String.join(".", java.util.Arrays.copyOfRange(parts, k, parts.length));
            if (!key.isEmpty()) {
                pythonModules.computeIfAbsent(key, x -> new ArrayList<>()).add(f);
            }
        }
    }

    private List<ParsedFile> python(ParsedFile file, Import imp) {
        String module = imp.module();
        List<ParsedFile> out = new ArrayList<>();
        if (module.startsWith(".")) {
            int dots = 0;
            while (dots < module.length() && module.charAt(dots) == '.') {
                dots++;
            }
            String base = file.directory();
            for (int k = 1; k < dots && !base.isEmpty(); k++) {
                base = base.contains("/") ? base.substring(0, base.lastIndexOf('/')) : "";
            }
            String rest = module.substring(dots).replace('.', '/');
            String dir = join(base, rest);
            boolean anyName = false;
            for (String name : imp.names()) {
                Optional<ParsedFile> sub = pythonFile(join(dir, name));
                if (sub.isPresent()) {
                    out.add(sub.get());
                    anyName = true;
                }
            }
            if (!anyName) {
                pythonFile(dir).ifPresent(out::add);
            }
            return out;
        }
        boolean anyName = false;
        for (String name : imp.names()) {
            List<ParsedFile> sub = closestPython(module + "." + name);
            if (!sub.isEmpty()) {
                out.addAll(sub);
                anyName = true;
            }
        }
        if (!anyName) {
            out.addAll(closestPython(module));
        }
        return out;
    }

    private Optional<ParsedFile> pythonFile(String pathWithoutExtension) {
        ParsedFile f = byPath.get(pathWithoutExtension + ".py");
        if (f == null) {
            f = byPath.get(join(pathWithoutExtension, "__init__.py"));
        }
        return Optional.ofNullable(f);
    }

    /** Candidates for a dotted module; when several, those with the shortest path (least extra prefix). */
    private List<ParsedFile> closestPython(String dotted) {
        List<ParsedFile> all = pythonModules.getOrDefault(dotted, List.of());
        if (all.size() <= 1) {
            return all;
        }
        int shortest = all.stream().mapToInt(f -> f.path().length()).min().orElse(0);
        return all.stream().filter(f -> f.path().length() == shortest).toList();
    }

    // ---- JavaScript and TypeScript

    private List<ParsedFile> javascript(ParsedFile file, String spec) {
        if (!spec.startsWith(".")) {
            return List.of();
        }
        String target = normalize(join(file.directory(), spec));
        if (target == null) {
            return List.of();
        }
        List<String> bases = new ArrayList<>(List.of(target));
        for (String ext : List.of(".js", ".jsx", ".mjs", ".cjs")) {
            if (target.endsWith(ext)) {
                bases.add(target.substring(0, target.length() - ext.length()));
            }
        }
        for (String base : bases) {
            if (byPath.containsKey(base)) {
                return List.of(byPath.get(base));
            }
            for (String ext : JS_EXTENSIONS) {
                ParsedFile f = byPath.get(base + ext);
                if (f != null) {
                    return List.of(f);
                }
            }
            for (String ext : JS_EXTENSIONS) {
                ParsedFile f = byPath.get(join(base, "index" + ext));
                if (f != null) {
                    return List.of(f);
                }
            }
        }
        return List.of();
    }

    // ---- Go

    private void indexGoModules() {
        Map<String, Optional<String[]>> moduleOfDir = new HashMap<>();
        for (String dir : byDirectory.keySet()) {
            boolean hasGo = byDirectory.get(dir).stream().anyMatch(f -> f.language() == Language.GO);
            if (!hasGo) {
                continue;
            }
            Optional<String[]> module = goModuleAbove(dir, moduleOfDir);
            String importPath = module.map(m -> m[1] + (dir.equals(m[0]) ? "" : "/" + dir.substring(m[0].isEmpty() ? 0
                    : m[0].length() + 1))).orElse(null);
            if (importPath != null) {
                goImportPaths.put(importPath, dir);
            }
        }
    }

    /** The go.mod governing a directory, as {directory of go.mod, module path}. */
    private Optional<String[]> goModuleAbove(String dir, Map<String, Optional<String[]>> cache) {
        if (cache.containsKey(dir)) {
            return cache.get(dir);
        }
        Optional<String[]> found = readFirst(dir.isEmpty() ? root.resolve("go.mod") : root.resolve(dir).resolve("go.mod"),
                GO_MODULE).map(module -> new String[] {dir, module});
        if (found.isEmpty() && !dir.isEmpty()) {
            found = goModuleAbove(dir.contains("/") ? dir.substring(0, dir.lastIndexOf('/')) : "", cache);
        }
        cache.put(dir, found);
        return found;
    }

    private List<ParsedFile> go(String importPath) {
        String dir = goImportPaths.get(importPath);
        if (dir == null) {
            // no go.mod: the directory whose path is the longest tail of the import path
            String best = null;
            for (String candidate : byDirectory.keySet()) {
                if (!candidate.isEmpty() && (importPath.equals(candidate) || importPath.endsWith("/" + candidate))
                        && (best == null || candidate.length() > best.length())) {
                    best = candidate;
                }
            }
            dir = best;
        }
        if (dir == null) {
            return List.of();
        }
        return byDirectory.getOrDefault(dir, List.of()).stream().filter(f -> f.language() == Language.GO).toList();
    }

    // ---- Rust

    private void indexCrates() {
        Set<String> seen = new java.util.HashSet<>();
        for (ParsedFile f : byPath.values()) {
            if (f.language() != Language.RUST) {
                continue;
            }
            String dir = f.directory();
            while (true) {
                if (!seen.add(dir)) {
                    break;
                }
                Path cargo = dir.isEmpty() ? root.resolve("Cargo.toml") : root.resolve(dir).resolve("Cargo.toml");
                Optional<String> name = readFirst(cargo, CARGO_NAME);
                if (name.isPresent()) {
                    rustCrateRoots.put(name.get().replace('-', '_'), join(dir, "src"));
                    break;
                }
                if (dir.isEmpty()) {
                    break;
                }
                dir = dir.contains("/") ? dir.substring(0, dir.lastIndexOf('/')) : "";
            }
        }
    }

    private List<ParsedFile> rust(ParsedFile file, Import imp) {
        String module = imp.module();
        if (module.startsWith("mod ")) {
            return rustModuleFile(join(moduleDirectory(file), module.substring(4))).map(List::of).orElse(List.of());
        }
        String[] segments = module.split("::");
        String base;
        int from = 1;
        switch (segments[0]) {
            case "crate" -> base = crateRoot(file);
            case "self" -> base = moduleDirectory(file);
            case "super" -> {
                String dir = moduleDirectory(file);
                base = dir.contains("/") ? dir.substring(0, dir.lastIndexOf('/')) : "";
            }
            default -> {
                base = rustCrateRoots.get(segments[0]);
                if (base == null) {
                    return List.of();
                }
            }
        }
        if (base == null) {
            return List.of();
        }
        List<String> path = new ArrayList<>(List.of(segments).subList(from, segments.length));
        List<ParsedFile> out = new ArrayList<>();
        List<List<String>> paths = new ArrayList<>();
        if (imp.names().isEmpty()) {
            paths.add(path);
        }
        for (String name : imp.names()) {
            List<String> p = new ArrayList<>(path);
            p.add(name);
            paths.add(p);
        }
        for (List<String> p : paths) {
            deepestRustModule(base, p).ifPresent(out::add);
        }
        if (out.isEmpty() && path.isEmpty() && !"crate".equals(segments[0])) {
            rustModuleFile(base).ifPresent(out::add);
        }
        return out;
    }

    private Optional<ParsedFile> deepestRustModule(String base, List<String> segments) {
        Optional<ParsedFile> deepest = Optional.empty();
        String dir = base;
        for (String segment : segments) {
            if (segment.equals("*") || segment.isEmpty()) {
                break;
            }
            dir = join(dir, segment);
            Optional<ParsedFile> f = rustModuleFile(dir);
            if (f.isEmpty()) {
                break;
            }
            deepest = f;
        }
        if (deepest.isEmpty()) {
            ParsedFile lib = byPath.get(join(base, "lib.rs"));
            return Optional.ofNullable(lib != null ? lib : byPath.get(join(base, "mod.rs")));
        }
        return deepest;
    }

    private Optional<ParsedFile> rustModuleFile(String modulePath) {
        ParsedFile f = byPath.get(modulePath + ".rs");
        return Optional.ofNullable(f != null ? f : byPath.get(join(modulePath, "mod.rs")));
    }

    /** Where a file's child modules live: its own directory for lib.rs/main.rs/mod.rs, else dir/stem. */
    private static String moduleDirectory(ParsedFile file) {
        String name = file.fileName();
        if (name.equals("lib.rs") || name.equals("main.rs") || name.equals("mod.rs")) {
            return file.directory();
        }
        return join(file.directory(), name.substring(0, name.length() - 3));
    }

    private String crateRoot(ParsedFile file) {
        String dir = file.directory();
        while (true) {
            if (byPath.containsKey(join(dir, "lib.rs")) || byPath.containsKey(join(dir, "main.rs"))) {
                return dir;
            }
            if (dir.isEmpty()) {
                return null;
            }
            dir = dir.contains("/") ? dir.substring(0, dir.lastIndexOf('/')) : "";
        }
    }

    // ---- C and C++

    private List<ParsedFile> include(ParsedFile file, String module) {
        boolean system = module.startsWith("<");
        String path = system ? module.substring(1, module.length() - 1) : module;
        if (!system) {
            String local = normalize(join(file.directory(), path));
            if (local != null && byPath.containsKey(local)) {
                return List.of(byPath.get(local));
            }
        }
        List<ParsedFile> matches = suffix(path);
        return matches.size() <= 3 ? matches : List.of();
    }

    // ---- shared

    /** Files whose path equals or ends with "/" + one of the given relative paths. */
    private List<ParsedFile> suffix(String... paths) {
        List<ParsedFile> out = new ArrayList<>();
        for (String p : paths) {
            String name = p.substring(p.lastIndexOf('/') + 1);
            for (ParsedFile f : byFileName.getOrDefault(name, List.of())) {
                if (f.path().equals(p) || f.path().endsWith("/" + p)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static String join(String dir, String name) {
        if (dir == null || dir.isEmpty()) {
            return name;
        }
        return name.isEmpty() ? dir : dir + "/" + name;
    }

    /** Resolves "." and ".." segments; null when the path climbs out of the root. */
    static String normalize(String path) {
        List<String> out = new ArrayList<>();
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (out.isEmpty()) {
                    return null;
                }
                out.remove(out.size() - 1);
            } else {
                out.add(part);
            }
        }
        return String.join("/", out);
    }

    private static Optional<String> readFirst(Path file, Pattern pattern) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Matcher m = pattern.matcher(Files.readString(file));
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
