#!/bin/sh
# Builds `merchant-lookup` the way the README's install section ships it; extra arguments go to `swift build`
# (`--traits PIGGYCARDS_ENABLED`, `--scratch-path DIR`, `--product merchant-lookup`, `-j 2`). The binary is
# at `.build/release/merchant-lookup` (or under the `--scratch-path` given).
#
# Each flag is about start-up, measured by `explore-benchmark` (README, Speed):
# - `--static-swift-stdlib`: the Swift runtime is linked in, so the binary runs without the toolchain's
#   libraries.
# - `-disable-concrete-type-metadata-mangled-name-accessors`: compiled code reaches generic type metadata
#   directly instead of by name; by name, the runtime checks each generic requirement by scanning every
#   protocol conformance in the binary.
# - On Linux, the C++ standard library the Swift runtime uses is linked in from `libstdc++.a` (GCC's runtime
#   library exception allows it): as a shared library, the dynamic loader resolves four thousand of its
#   symbols at every start. The linker is pointed at a folder (`.build-static-archives/`) that holds only
#   links to archives, because `--static-swift-stdlib` asks for `-lstdc++` and the linker takes a shared
#   library over an archive found in the same folder. Without the archive, libstdc++ stays a shared library.
# - On Linux, SQLite and zlib are linked in the same way from the distribution's `libsqlite3.a` and `libz.a`
#   (libsqlite3-dev and zlib1g-dev, which the build needs anyway for the headers; SQLite is in the public
#   domain, zlib's licence allows it). Debian's libsqlite3 is linked with `-z now`: as a shared library the
#   loader resolved its 1,610 symbol references at every start, 1.1 M instructions, more than half of
#   `--version`, which never opens a database. `PKG_CONFIG_PATH` points SwiftPM at two `.pc` files in that
#   folder, so that its `-L` comes before the system folder the distribution's `.pc` files name. The price:
#   a security update of the distribution's SQLite or zlib reaches the binary only when it is built again.
#   `DASHSPEND_SHARED_SYSTEM_LIBRARIES=1` keeps both shared (what a distribution package would want); so does
#   a machine without the archives.
# - On Linux, with the toolchain's lld (`ld.lld` beside `swiftc`): each function in a section of its own
#   (`-function-sections`) laid out in the order of `ci/release-symbol-order.txt` (the functions the common
#   commands run, from callgrind; `ci/release-symbol-order.sh` writes it), so that start-up touches a few hundred
#   kilobytes of contiguous code: the kernel maps the file's pages around each page fault (64 KB), and code
#   spread over the 11 MB of `.text` made an offline `show` 14 MiB resident (now under 10). And, with glibc 2.36
#   or later, relative relocations packed (`-z pack-relative-relocs`, DT_RELR): 8 KB read at start instead of
#   1 MB of `.rela.dyn`. ASLR (PIE) is kept. Without lld, the system linker links as before.
# - On Linux, `-static-libgcc`: the unwinder the static C++ runtime needs is linked in from `libgcc_eh.a` (GCC's
#   runtime library exception allows it) instead of loading `libgcc_s.so.1`: one library fewer to find, map and
#   relocate at every start (`--version` 10% faster in paired loops, 31,000 instructions fewer).
# - `--disable-local-rpath`: no `$ORIGIN` run path. The binary needs no library from its own folder (the Swift
#   runtime is linked in), and with the run path the loader first looks for each of its libraries there,
#   in `glibc-hwcaps/x86-64-v3`, `tls/x86_64` and the like: thirty failed `openat` and `stat` calls at every start.
# - On Linux with lld, `--no-export-dynamic`: the static Swift runtime's link arguments export every symbol of the
#   package's own objects (5,600 of them) for `dlsym`; nothing looks them up, and the loader checks the
#   executable's table first at every lookup of the libraries' symbols.
#
# None of these can go into Package.swift: unsafe flags would bar the library from other packages.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
set -- -c release --static-swift-stdlib --disable-local-rpath \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@"
if [ "$(uname -s)" = Linux ]; then
    set -- "$@" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
    folder="$root/.build-static-archives"
    mkdir -p "$folder/pkgconfig"
    # The archive's path as the C compiler finds it, or nothing.
    archive() {
        found=$(c++ -print-file-name="$1" 2>/dev/null || clang -print-file-name="$1" 2>/dev/null || true)
        case $found in /*) if [ -f "$found" ]; then echo "$found"; fi ;; esac
    }
    cxx=$(archive libstdc++.a)
    if [ -n "$cxx" ]; then
        ln -sf "$cxx" "$folder/libstdc++.a"
    else
        echo "build-release.sh: no libstdc++.a found (c++ -print-file-name): libstdc++ stays a shared library" >&2
    fi
    sqlite=$(archive libsqlite3.a)
    zlib=$(archive libz.a)
    rm -f "$folder/libsqlite3.a" "$folder/libz.a" "$folder/pkgconfig/sqlite3.pc" "$folder/pkgconfig/zlib.pc"
    if [ "${DASHSPEND_SHARED_SYSTEM_LIBRARIES:-0}" = 1 ]; then
        echo "build-release.sh: DASHSPEND_SHARED_SYSTEM_LIBRARIES=1: SQLite and zlib stay shared libraries" >&2
    elif [ -n "$sqlite" ] && [ -n "$zlib" ]; then
        ln -sf "$sqlite" "$folder/libsqlite3.a"
        ln -sf "$zlib" "$folder/libz.a"
        # SwiftPM reads only Libs here (the headers are found where they always are); libsqlite3.a needs libm.
        printf 'Name: sqlite3\nDescription: SQLite, linked in\nVersion: 3\nLibs: -L%s -lsqlite3 -lm\n' "$folder" \
            >"$folder/pkgconfig/sqlite3.pc"
        printf 'Name: zlib\nDescription: zlib, linked in\nVersion: 1\nLibs: -L%s -lz\n' "$folder" \
            >"$folder/pkgconfig/zlib.pc"
        PKG_CONFIG_PATH="$folder/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
        export PKG_CONFIG_PATH
    else
        echo "build-release.sh: no libsqlite3.a or libz.a (libsqlite3-dev, zlib1g-dev): both stay shared libraries" >&2
    fi
    set -- "$@" -Xlinker "-L$folder"
    toolchain=$(dirname "$(command -v swiftc 2>/dev/null || echo /nonexistent/swiftc)")
    if [ -x "$toolchain/ld.lld" ]; then
        set -- "$@" -Xlinker --no-export-dynamic -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
            -Xlinker "--symbol-ordering-file=$root/ci/release-symbol-order.txt" -Xlinker --no-warn-symbol-ordering
        glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc 2\.\([0-9]*\).*/\1/p')
        if [ -n "$glibc" ] && [ "$glibc" -ge 36 ]; then
            set -- "$@" -Xlinker -z -Xlinker pack-relative-relocs
        fi
    else
        echo "build-release.sh: no ld.lld beside swiftc: the system linker lays out the code unordered" >&2
    fi
fi
exec swift build --package-path "$root" "$@"
