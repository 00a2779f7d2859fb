#!/usr/bin/env bash
# Usage: ci/coverage.sh [swift build flags...]      e.g. ci/coverage.sh -Xswiftc -DPIGGYCARDS_ENABLED
#
# Line coverage of the package's own modules by the whole test suite, the CLI's child processes included.
# Builds with --enable-code-coverage into its own scratch path (.build-coverage, or $COVERAGE_SCRATCH),
# runs every test with LLVM_PROFILE_FILE=<scratch>/profiles/%p-%m.profraw (the CLI tests hand it on to the
# merchant-lookup processes they start, so the CLI's own code is counted), merges the profiles with the
# toolchain's llvm-profdata and prints llvm-cov's line coverage per module (Sources/<Module>) and in total.
# Not part of ci/test-all.sh (it is a fourth build); the report is also written to .build-logs/coverage.md.
# A failing test does not stop the report (its coverage still counts), but makes the script exit 1.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch=${COVERAGE_SCRATCH:-.build-coverage}
logs=.build-logs
mkdir -p "$logs"

# llvm-profdata and llvm-cov of the same toolchain as swift: next to it, else on PATH, else from xcrun.
toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
tool() {
    if [[ -x $toolchain_bin/$1 ]]; then echo "$toolchain_bin/$1"
    elif command -v "$1" >/dev/null; then command -v "$1"
    elif command -v xcrun >/dev/null && xcrun --find "$1" 2>/dev/null; then :
    else echo "coverage.sh: $1 not found next to swift ($toolchain_bin) or on PATH" >&2; exit 1
    fi
}
profdata=$(tool llvm-profdata)
llvm_cov=$(tool llvm-cov)

start=$SECONDS
echo "==> swift build --build-tests --enable-code-coverage --scratch-path $scratch $*"
# The plugin's tool (SampleDatabaseEmbedder) is instrumented too and runs during the build: its profile goes
# into the scratch path, not default.profraw in the package.
mkdir -p "$scratch"
if ! LLVM_PROFILE_FILE="$PWD/$scratch/build-tools-%p.profraw" \
    swift build --build-tests --enable-code-coverage --scratch-path "$scratch" "$@" > "$logs/coverage-build.log" 2>&1; then
    tail -n 40 "$logs/coverage-build.log"
    echo "coverage.sh: the build failed (see $logs/coverage-build.log)" >&2
    exit 1
fi
echo "    built in $((SECONDS - start))s"

bin=$(swift build --scratch-path "$scratch" "$@" --show-bin-path)
profiles=$PWD/$scratch/profiles
rm -rf "$profiles"
mkdir -p "$profiles"
start=$SECONDS
echo "==> swift test --skip-build (LLVM_PROFILE_FILE=$profiles/%p-%m.profraw)"
test_status=0
LLVM_PROFILE_FILE="$profiles/%p-%m.profraw" swift test --skip-build --scratch-path "$scratch" "$@" \
    > "$logs/coverage-test.log" 2>&1 || test_status=$?
grep -aE 'Test run with [0-9]+ tests|Executed [0-9]+ tests' "$logs/coverage-test.log" | tail -n 2 | sed 's/^/    /'
echo "    tests ran in $((SECONDS - start))s (exit $test_status), $(find "$profiles" -name '*.profraw' | wc -l) profiles"

"$profdata" merge -sparse "$profiles"/*.profraw -o "$scratch/coverage.profdata"

# The instrumented binaries: the test bundle (every library module) and the CLI the tests start.
objects=()
for candidate in "$bin"/*PackageTests.xctest "$bin"/*PackageTests.xctest/Contents/MacOS/*PackageTests; do
    [[ -f $candidate ]] && objects+=("$candidate")
done
[[ ${#objects[@]} -gt 0 ]] || { echo "coverage.sh: no test bundle in $bin" >&2; exit 1; }
objects+=(-object "$bin/merchant-lookup")

# Per-file line totals (lcov LF/LH) summed per Sources/<Module>. Test support, the benchmark and the
# plugin's tool are not product code: shown apart, left out of the total.
"$llvm_cov" export -format=lcov -summary-only -instr-profile "$scratch/coverage.profdata" "${objects[@]}" \
    > "$scratch/coverage.lcov"
report=$(awk -v root="$PWD/Sources/" '
    /^SF:/ { file = substr($0, 4); module = ""
             if (index(file, root) == 1) { rest = substr(file, length(root) + 1); module = substr(rest, 1, index(rest, "/") - 1) } }
    /^LF:/ { if (module != "") found[module] += substr($0, 4) }
    /^LH:/ { if (module != "") hit[module] += substr($0, 4) }
    END { for (m in found) print m, found[m], hit[m] + 0 }' "$scratch/coverage.lcov" | sort | awk '
    function pct(h, f) { return f ? 100 * h / f : 100 }
    BEGIN { printf "%-24s %7s %7s %8s\n", "module", "lines", "missed", "cover" }
    $1 ~ /^(DashSpendTestSupport|ExploreBenchmark|SampleDatabaseEmbedder)$/ {
        aside = aside sprintf("(not counted: %s %.1f%% of %d lines)\n", $1, pct($3, $2), $2); next }
    { printf "%-24s %7d %7d %7.1f%%\n", $1, $2, $2 - $3, pct($3, $2); total += $2; covered += $3 }
    END { printf "%-24s %7d %7d %7.1f%%\n%s", "TOTAL", total, total - covered, pct(covered, total), aside }')
echo
echo "$report"
{
    echo "# ci/coverage.sh $(date -u '+%Y-%m-%d %H:%M UTC') ($(swift --version 2>&1 | head -n 1))"
    echo
    echo '```'
    echo "$report"
    echo '```'
} > "$logs/coverage.md"
echo "(also in $logs/coverage.md; lcov in $scratch/coverage.lcov)"
[[ $test_status -eq 0 ]] || { echo "coverage.sh: some tests failed (see $logs/coverage-test.log)" >&2; exit 1; }
