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
#   symbols at every start. The linker is pointed at a folder that holds only that archive, because
#   `--static-swift-stdlib` asks for `-lstdc++` and the linker takes a shared library over an archive found in
#   the same folder. Without the archive, the binary links libstdc++ dynamically as before.
#
# None of these can go into Package.swift: unsafe flags would bar the library from other packages.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
set -- -c release --static-swift-stdlib \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@"
if [ "$(uname -s)" = Linux ]; then
    archive=$(c++ -print-file-name=libstdc++.a 2>/dev/null || clang -print-file-name=libstdc++.a 2>/dev/null || true)
    if [ -f "$archive" ]; then
        folder="$root/.build-static-cxx"
        mkdir -p "$folder"
        ln -sf "$archive" "$folder/libstdc++.a"
        set -- "$@" -Xlinker "-L$folder"
    else
        echo "build-release.sh: no libstdc++.a found (c++ -print-file-name): libstdc++ stays a shared library" >&2
    fi
fi
exec swift build --package-path "$root" "$@"
