#!/bin/sh
# The floor of `merchant-lookup --version` against `sqlite3 -version` (README, Speed): a Swift program that
# prints one line and links what merchant-lookup links (FoundationEssentials, libsqlite3, zlib, and
# Sources/CProcessArguments, which takes the command line instead of the runtime's scan), built by
# ci/build-release.sh with the same flags (so SQLite and zlib are linked in where their archives are, as in
# merchant-lookup), timed against `sqlite3 -version` the way explore-benchmark times the two (whole processes,
# rounds alternating, medians). What merchant-lookup adds above this floor is its own start-up; the floor
# itself is the price of the Swift runtime, Foundation, SQLite, zlib and the C library.
#
# usage: sh ci/startup-floor.sh [ROUNDS]     (needs perf for the timings; prints instructions with valgrind)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-12}
work=$root/.build-floor
mkdir -p "$work/Sources/startup-floor"
cat >"$work/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "startup-floor",
    targets: [
        .target(name: "CProcessArguments"),
        .executableTarget(
            name: "startup-floor", dependencies: ["CProcessArguments"],
            linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("z")]),
    ]
)
SWIFT
# The command line the way merchant-lookup takes it (its own copy of Sources/CProcessArguments).
mkdir -p "$work/Sources/CProcessArguments/include"
cp "$root/Sources/CProcessArguments/ProcessArguments.c" "$work/Sources/CProcessArguments/"
cp "$root/Sources/CProcessArguments/include/CProcessArguments.h" "$work/Sources/CProcessArguments/include/"
cat >"$work/Sources/startup-floor/main.swift" <<'SWIFT'
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@_silgen_name("sqlite3_libversion") func sqliteVersion() -> UnsafePointer<CChar>

// Never true when timed: the branch keeps Foundation and SQLite linked in, as merchant-lookup has them.
if CommandLine.arguments.count > 3 {
    print(try! JSONEncoder().encode([Date()]).count, String(cString: sqliteVersion()))
}
print("startup-floor 0.1.0 (providers: CTX)")
SWIFT
sh "$root/ci/build-release.sh" --package-path "$work" --scratch-path "$work/.build" >"$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; exit 1; }
floor=$work/.build/release/startup-floor
shell=$(command -v sqlite3) || { echo "startup-floor.sh: sqlite3 is not installed" >&2; exit 1; }
if command -v valgrind >/dev/null 2>&1; then
    for program in "$floor" "$shell -version"; do
        count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $program 2>&1 >/dev/null |
            sed -n 's/.*refs: *//p')
        echo "instructions: $program: $count"
    done
fi
command -v perf >/dev/null 2>&1 || { echo "startup-floor.sh: no perf: built $floor, not timed" >&2; exit 0; }
elapsed() { perf stat -r 50 "$@" 2>&1 >/dev/null | awk '/elapsed/ { print $1 * 1000 }'; }
i=0
while [ "$i" -lt "$rounds" ]; do
    echo "$(elapsed "$floor") $(elapsed "$shell" -version)"
    i=$((i + 1))
done | python3 -c '
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in sys.stdin]
ours, shell = [p[0] for p in pairs], [p[1] for p in pairs]
print("startup-floor %.2f ms, sqlite3 -version %.2f ms (medians of %d rounds of 50 runs, alternating): "
      "%.2fx (median of the paired ratios)" % (statistics.median(ours), statistics.median(shell), len(pairs),
      statistics.median([a / b for a, b in pairs])))
'
