#!/usr/bin/env bash
# Compiles the tree-sitter runtime (with the JNI binding of io.github.bonede:tree-sitter) and the review map's
# grammars with optimisation, into OUT/lib/<arch>-linux-gnu-tree-sitter[-<grammar>].so: the names under which the
# bonede jars carry their own copies. The build puts OUT (target/classes) before the jars on every class path and
# first into the shaded jar, so these are the libraries the jars' loader finds. The jars' copies are built without
# optimisation (zig's debug default), which made parsing and querying take two to four times the processor time.
#
# Run by Maven (generate-resources). Anything missing (not Linux, no C compiler, no npm, no network for the first
# npm ci) leaves OUT without these libraries and the jars' own are used: slower, the same results. Each library is
# compiled again only when its sources are newer than it.
#
# usage: build.sh SOURCE_DIR WORK_DIR OUT_DIR JAVA_HOME
set -uo pipefail
src="$1"
work="$2"
out="$3"
java_home="$4"

warn() {
  echo "[native] $*; the tree-sitter libraries of the jars (unoptimised) will be used" >&2
  exit 0
}

[ "$(uname -s)" = Linux ] || warn "not Linux"
case "$(uname -m)" in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) warn "no build for $(uname -m)" ;;
esac
cc="${CC:-$(command -v cc || command -v gcc || true)}"
[ -n "$cc" ] || warn "no C compiler (cc or gcc)"
[ -f "$java_home/include/jni.h" ] || warn "no jni.h under $java_home/include"
cflags=(-O2 -fPIC -shared -fvisibility=hidden -std=gnu11 -w)
mkdir -p "$work" "$out/lib" || warn "cannot create $work or $out/lib"
src="$(cd "$src" && pwd)" work="$(cd "$work" && pwd)" out="$(cd "$out" && pwd)"

# newer SOURCES... than TARGET (or TARGET missing)
stale() {
  local target="$1" f
  shift
  [ -f "$target" ] || return 0
  for f in "$@"; do
    [ "$f" -nt "$target" ] && return 0
  done
  return 1
}

# Compiles into a temporary file and renames, so an interrupted build never leaves half a library in place.
compile() {
  local target="$1"
  shift
  if "$cc" "${cflags[@]}" -o "$target.tmp" "$@" 2>"$target.log"; then
    mv -f "$target.tmp" "$target"
    rm -f "$target.log"
  else
    rm -f "$target.tmp"
    echo "[native] cannot compile $(basename "$target") (see $target.log)" >&2
    return 1
  fi
}

# The runtime and the binding: one library, as the jar's; with it our query loop (query_loop.c), which the review
# map calls when it is there.
runtime="$out/lib/$arch-linux-gnu-tree-sitter.so"
ts="$src/tree-sitter"
if stale "$runtime" "$ts"/lib/src/*.[ch] "$ts"/lib/src/*/*.h "$ts"/binding/* "$src/query_loop.c" "$0"; then
  # the binding's exported Java_* functions must stay visible: they carry JNIEXPORT, which sets default visibility
  compile "$runtime" -I"$ts/lib/include" -I"$ts/lib/src" -I"$ts/binding" -I"$java_home/include" \
    -I"$java_home/include/linux" "$ts/lib/src/lib.c" "$ts/binding/org_treesitter_TSParser.c" \
    "$ts/binding/ConvertUTF.c" "$src/query_loop.c" || rm -f "$runtime"
fi

# The grammars' C sources, from npm at the versions of the jars (package-lock.json pins them and their hashes).
grammars="$work/grammars"
if [ ! -f "$grammars/node_modules/.package-lock.json" ] || stale "$grammars/node_modules/.package-lock.json" \
    "$src/grammars/package-lock.json"; then
  command -v npm >/dev/null || warn "no npm to fetch the grammars' sources"
  mkdir -p "$grammars" && cp "$src/grammars/package.json" "$src/grammars/package-lock.json" "$src/grammars/.npmrc" \
    "$grammars/" || warn "cannot copy the grammars' package files"
  (cd "$grammars" && npm ci --silent >"$grammars/npm.log" 2>&1) || warn "npm ci failed (see $grammars/npm.log)"
fi

# name, npm package directory, the class of the jar whose native method returns the language
build_grammar() {
  local name="$1" dir="$grammars/node_modules/$2" class="$3"
  local target="$out/lib/$arch-linux-gnu-tree-sitter-$name.so"
  local sources=("$dir/src/parser.c")
  [ -f "$dir/src/scanner.c" ] && sources+=("$dir/src/scanner.c")
  [ -f "$dir/src/parser.c" ] || { echo "[native] no parser.c for $name in $dir" >&2; return 0; }
  stale "$target" "${sources[@]}" "$0" || return 0
  local stub="$work/$name-jni.c"
  local symbol="tree_sitter_${name}"
  # the jar's class declares `private static native long tree_sitter_<name>()`
  cat >"$stub" <<EOF
#include <jni.h>
#include <stdint.h>
const void *${symbol}(void);
JNIEXPORT jlong JNICALL Java_org_treesitter_${class}_tree_1sitter_1${name}(JNIEnv *env, jclass clazz) {
  return (jlong) (intptr_t) ${symbol}();
}
EOF
  compile "$target" -I"$dir/src" -I"$java_home/include" -I"$java_home/include/linux" "${sources[@]}" "$stub" \
    || rm -f "$target"
}

# two at a time: the C++ grammar alone is a minute of compiling
pids=()
build_grammar java tree-sitter-java TreeSitterJava & pids+=($!)
build_grammar cpp tree-sitter-cpp TreeSitterCpp & pids+=($!)
wait "${pids[@]}"
pids=()
build_grammar c tree-sitter-c TreeSitterC & pids+=($!)
build_grammar python tree-sitter-python TreeSitterPython & pids+=($!)
build_grammar go tree-sitter-go TreeSitterGo & pids+=($!)
wait "${pids[@]}"
pids=()
build_grammar javascript tree-sitter-javascript TreeSitterJavascript & pids+=($!)
build_grammar rust tree-sitter-rust TreeSitterRust & pids+=($!)
build_grammar kotlin tree-sitter-kotlin TreeSitterKotlin & pids+=($!)
wait "${pids[@]}"
pids=()
build_grammar typescript tree-sitter-typescript/typescript TreeSitterTypescript & pids+=($!)
build_grammar tsx tree-sitter-typescript/tsx TreeSitterTsx & pids+=($!)
wait "${pids[@]}"
# What the loader keys its directory of unpacked libraries by (TreeSitterLibraries in dev.longtask.store): never the jars' directory, where
# another program's copies of the same names would be written over ours, or ours over theirs, while mapped.
if compgen -G "$out/lib/$arch-linux-gnu-tree-sitter*.so" >/dev/null; then
  cat "$out"/lib/"$arch"-linux-gnu-tree-sitter*.so | sha256sum | cut -c1-16 >"$out/lib/longtask-native.id.tmp" \
    && mv -f "$out/lib/longtask-native.id.tmp" "$out/lib/longtask-native.id"
fi
exit 0
