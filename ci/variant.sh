#!/usr/bin/env bash
# Usage: ci/variant.sh off|define|trait
#
# Builds and tests one PiggyCards flag variant in its own scratch path, then checks the merchant-lookup
# binary for PiggyCards code (flags in ci/flags.sh, with `-debug-info-format none` for every CI build):
#   off     plain build                          .build-off     PiggyCards code must be absent
#   define  -Xswiftc -DPIGGYCARDS_ENABLED        .build-define  PiggyCards code must be present
#   trait   --traits PIGGYCARDS_ENABLED          .build-trait   PiggyCards code must be present
# Steps: `swift build --build-tests` (a warning from our code fails it: ci/warnings.sh), `swift test
# --skip-build` (same flags), `ci/symbols.sh`, and in `off` a smoke run of the benchmark
# (`explore-benchmark --quick`).
# Logs go to .build-logs/VARIANT-{build,test,symbols,benchmark}.log; the build log is printed only on failure
# (VERBOSE=1 prints it live), the test output is always shown. A summary for ci/test-all.sh is written to
# .build-logs/VARIANT.result, the sorted defined symbol names of merchant-lookup to
# .build-logs/VARIANT-defined-symbols.txt, with the wall-clock and CPU seconds of the build and of the tests.
# Exits non-zero with one line `variant.sh: VARIANT: FAILED: reason`.
# Environment: SWIFT_JOBS=N passes -j N to swift build (default: swift's own choice).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source ci/flags.sh
variant=${1:-}
variant_flags "$variant" || { echo "usage: $0 off|define|trait" >&2; exit 2; }
scratch=.build-$variant
logs=.build-logs
mkdir -p "$logs"
result_file=$logs/$variant.result
jobs=()
[[ -n ${SWIFT_JOBS:-} ]] && jobs=(-j "$SWIFT_JOBS")

build=failed tests=- skipped=- symbols=- benchmark=- seconds_build=- seconds_test=- seconds_benchmark=-
cpu_build=- cpu_test=-
write_result() {  # $1 = passed|failed, $2 = reason
    printf 'build=%s\ntests=%s\nskipped=%s\nsymbols=%s\nbenchmark=%s\nbuild_seconds=%s\ntest_seconds=%s\nbenchmark_seconds=%s\nbuild_cpu_seconds=%s\ntest_cpu_seconds=%s\nresult=%s\nreason=%s\n' \
        "$build" "$tests" "$skipped" "$symbols" "$benchmark" "$seconds_build" "$seconds_test" "$seconds_benchmark" \
        "$cpu_build" "$cpu_test" "$1" "${2:-}" > "$result_file"
}
# Sets `cpu_now` to the CPU seconds (user + system) of every child this shell has waited for so far (the
# compilers of a build, the test runner and the processes it started), from bash's `times` (run in this
# shell: in a subshell it would count the subshell's children only).
children_cpu() {
    times > "$logs/.$variant-times"
    cpu_now=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } } END { printf "%.0f", s }' \
        "$logs/.$variant-times")
}
fail() {  # $1 = reason, $2 = log to show the tail of (optional)
    write_result failed "$1"
    if [[ -n ${2:-} && -f $2 ]]; then
        echo "---- last 40 lines of $2 ----"
        tail -n 40 "$2"
        echo "----"
    fi
    echo "variant.sh: $variant: FAILED: $1"
    exit 1
}
write_result failed "did not finish"
rm -f "$logs/$variant-defined-symbols.txt" "$logs/$variant-failures.txt"

echo "==> [$variant] swift build --build-tests --scratch-path $scratch ${flags[*]} ${jobs[*]}"
start=$SECONDS
children_cpu
cpu_start=$cpu_now
if [[ ${VERBOSE:-0} == 1 ]]; then
    swift build --build-tests --scratch-path "$scratch" "${flags[@]}" "${jobs[@]}" 2>&1 | tee "$logs/$variant-build.log"
    status=${PIPESTATUS[0]}
else
    status=0
    swift build --build-tests --scratch-path "$scratch" "${flags[@]}" "${jobs[@]}" > "$logs/$variant-build.log" 2>&1 || status=$?
fi
seconds_build=$((SECONDS - start))
children_cpu
cpu_build=$((cpu_now - cpu_start))
[[ $status -eq 0 ]] || fail "swift build failed (exit $status, see $logs/$variant-build.log)" "$logs/$variant-build.log"
grep -E 'Build complete' "$logs/$variant-build.log" | tail -n 1 || true
# A clean build prints no warning from our code; a new one fails the variant (ci/warnings.sh lists them).
if ! bash ci/warnings.sh "$logs/$variant-build.log" > "$logs/$variant-warnings.log"; then
    sed 's/^/    /' "$logs/$variant-warnings.log"
    fail "the build printed $(tail -n 1 "$logs/$variant-warnings.log") from our code (see $logs/$variant-warnings.log)"
fi
build=ok
echo "    build ok in ${seconds_build}s (CPU ${cpu_build}s), no warnings"

# The symbol check comes before the tests: define and trait are compared (ci/test-all.sh) whenever both built,
# also when a test failed.
echo "==> [$variant] ci/symbols.sh $scratch/debug/merchant-lookup $expect"
status=0
bash ci/symbols.sh "$scratch/debug/merchant-lookup" "$expect" > "$logs/$variant-symbols.log" 2>&1 || status=$?
sed 's/^/    /' "$logs/$variant-symbols.log"
symbols=$(grep -oE '^piggycards symbols: [0-9]+' "$logs/$variant-symbols.log" | grep -oE '[0-9]+' || echo '?')
# The sorted names of the symbols the package's own modules define, for ci/test-all.sh (and the CI job)
# to compare define with trait. Only our modules' symbols count: incidental ones of other modules (such as a
# demangling cache for a generic standard-library type) can differ between a clean and an incremental build.
nm --defined-only "$scratch/debug/merchant-lookup" 2>/dev/null | awk '{print $NF}' \
    | grep -E 'DashSpend|MerchantLookup|CSQLite' | sort -u > "$logs/$variant-defined-symbols.txt" || true
[[ $status -eq 0 ]] || fail "$(grep -m1 '^FAILED:' "$logs/$variant-symbols.log" | sed 's/^FAILED: //' || echo "symbol check failed")"

echo "==> [$variant] swift test --skip-build --scratch-path $scratch ${flags[*]}"
start=$SECONDS
children_cpu
cpu_start=$cpu_now
# At most this many tests run at once (Swift Testing 6.3 reads the variable; older ones ignore it). Started all
# together, as by default, every test on a loaded two-core machine waits behind all the others, so its wall time
# becomes the whole suite's and the 60 and 120 s hang guards of the suites that wait on locks, processes and
# loopback servers fire (and a run cut off that way once never ended). Six keep both cores busy idle.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-6}
# A test run that has not ended after this long is hung: it is stopped and the tests still running are named.
test_limit=${DASHSPEND_TEST_TIME_LIMIT:-1200}
set +e
timeout --kill-after=30 "$test_limit" swift test --skip-build --scratch-path "$scratch" "${flags[@]}" 2>&1 \
    | tee "$logs/$variant-test.log"
status=${PIPESTATUS[0]}
set -e
if [[ $status -eq 124 || $status -eq 137 ]]; then
    # Tests (not test cases) that started and never said how they ended.
    unfinished=$(awk '
        / Test (case|run) / { next }
        match($0, /^[^ ]+ Test .* started\.$/) { name = substr($0, index($0, "Test ") + 5); sub(/ started\.$/, "", name); started[++n] = name; next }
        match($0, /^[^ ]+ Test .* (passed|failed|skipped)/) {
            name = substr($0, index($0, "Test ") + 5); sub(/( with [0-9]+ test cases?)? (passed|failed|skipped).*$/, "", name); ended[name] = 1 }
        END { for (i = 1; i <= n; i++) if (!(started[i] in ended)) print started[i] }' "$logs/$variant-test.log" | head -n 10 | paste -sd ';' -)
    fail "swift test did not end within ${test_limit}s and was stopped (hung); still running: ${unfinished:-none named} (see $logs/$variant-test.log)" "$logs/$variant-test.log"
fi
seconds_test=$((SECONDS - start))
children_cpu
cpu_test=$((cpu_now - cpu_start))
# Skipped tests are not passed tests. Swift Testing counts them in "Test run with N tests ... passed" and
# prints one line per skipped test: `➜ Test name() skipped: "reason"` (or `skipped.` without a reason); XCTest
# says "Executed N tests, with S tests skipped and F failures" (the last one is the 'All tests' total). The
# skipped tests, with their reasons, are listed in .build-logs/VARIANT-skipped.txt.
st=$(grep -aoE 'Test run with [0-9]+ tests? .*passed' "$logs/$variant-test.log" | tail -n 1 | grep -oE '[0-9]+' | head -n 1 || true)
grep -aE '^[^ ]+ (Test|Suite) .+ skipped(\.|: ".*")$' "$logs/$variant-test.log" > "$logs/$variant-skipped.txt" || true
st_skipped=$(grep -cE '^[^ ]+ Test ' "$logs/$variant-skipped.txt" || true)
xc_line=$(grep -aoE 'Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?' "$logs/$variant-test.log" | tail -n 1 || true)
xc_run=$(grep -oE '^Executed [0-9]+' <<< "$xc_line" | grep -oE '[0-9]+' || true)
xc_skipped=$(grep -oE '[0-9]+ tests? skipped' <<< "$xc_line" | grep -oE '^[0-9]+' || true)
xc_failed=$(grep -oE '[0-9]+ failures?' <<< "$xc_line" | grep -oE '^[0-9]+' || true)
skipped=$(( ${st_skipped:-0} + ${xc_skipped:-0} ))
if [[ $status -ne 0 ]]; then
    tests=failed
    # Each failing test with where it failed (Swift Testing: `✘ Test name() recorded an issue at File.swift:97:13:
    # message`; XCTest: `File.swift:97: error: -[Suite test] : message`), one line each, for the summary: the
    # tail of a log this long rarely shows them.
    grep -aE 'recorded an issue (at|with) |: error: -\[' "$logs/$variant-test.log" \
        | sed -E 's/^[^ ]+ Test (.+) recorded an issue (with .* )?at ([^ ]+:[0-9]+):[0-9]+: (.*)$/\1 \2at \3: \4/' \
        | cut -c1-300 | awk '!seen[$0]++' > "$logs/$variant-failures.txt" || true
    failing=$(grep -aoE '^[^ ]+ Test .+ failed after' "$logs/$variant-test.log" | sed -E 's/^[^ ]+ Test (.+) failed after$/\1/' | awk '!seen[$0]++' | head -n 5 | paste -sd ';' - || true)
    if [[ -s $logs/$variant-failures.txt ]]; then
        echo "---- $variant: failing tests (also in $logs/$variant-failures.txt) ----"
        cat "$logs/$variant-failures.txt"
        fail "swift test failed (exit $status): $(head -n 1 "$logs/$variant-failures.txt")$( (( $(wc -l < "$logs/$variant-failures.txt") > 1 )) && echo " and $(( $(wc -l < "$logs/$variant-failures.txt") - 1 )) more issues") (see $logs/$variant-failures.txt, $logs/$variant-test.log)"
    fi
    # No issue recorded: the test process itself died (a crash, a signal) or hung.
    last_started=$(grep -aoE '^[^ ]+ Test .+ started\.$' "$logs/$variant-test.log" | tail -n 1 | sed -E 's/^[^ ]+ Test (.+) started\.$/\1/' || true)
    fail "swift test failed (exit $status) with no failing test named${failing:+ (failed: $failing)}; the last test started: ${last_started:-none} (see $logs/$variant-test.log)" "$logs/$variant-test.log"
fi
tests=$(( ${st:-0} + ${xc_run:-0} - ${xc_failed:-0} - skipped ))
echo "    tests ok in ${seconds_test}s (CPU ${cpu_test}s): $tests passed, $skipped skipped"
if [[ $skipped -gt 0 ]]; then sed 's/^/    /' "$logs/$variant-skipped.txt"; fi

# The benchmark keeps building and running: a smoke run (a 2,000-row file, 2 rounds) of the debug binary
# already built, then of the release binary, in `off` only (the benchmark has no PiggyCards-specific code path
# to cover twice).
if [[ $variant == off ]]; then
    echo "==> [$variant] $scratch/debug/explore-benchmark --quick"
    start=$SECONDS
    status=0
    "$scratch/debug/explore-benchmark" --quick --data "$scratch/benchmark-quick" --cli "$scratch/debug/merchant-lookup" \
        > "$logs/$variant-benchmark.log" 2>&1 || status=$?
    seconds_benchmark=$((SECONDS - start))
    [[ $status -eq 0 ]] || fail "explore-benchmark --quick failed (exit $status, see $logs/$variant-benchmark.log)" \
        "$logs/$variant-benchmark.log"
    grep -q '== In process' "$logs/$variant-benchmark.log" \
        || fail "explore-benchmark --quick printed no comparison (see $logs/$variant-benchmark.log)" "$logs/$variant-benchmark.log"
    # The same smoke run over the binary a user ships (ci/build-release.sh): some faults show only in an
    # optimized build (a search page once crashed there and nowhere else). The benchmark fails when a
    # merchant-lookup process exits non-zero or prints nothing.
    release_scratch=.build-release-$variant
    echo "==> [$variant] ci/build-release.sh --scratch-path $release_scratch, then the smoke run over that binary"
    status=0
    sh ci/build-release.sh --scratch-path "$release_scratch" --product merchant-lookup "${jobs[@]}" \
        > "$logs/$variant-release-build.log" 2>&1 || status=$?
    [[ $status -eq 0 ]] || fail "ci/build-release.sh failed (exit $status, see $logs/$variant-release-build.log)" \
        "$logs/$variant-release-build.log"
    # The optimized (whole-module) build has diagnostics of its own: one warned there and not in debug builds.
    if ! bash ci/warnings.sh "$logs/$variant-release-build.log" > "$logs/$variant-release-warnings.log"; then
        fail "the release build printed warnings from our code" "$logs/$variant-release-warnings.log"
    fi
    # That binary reads its command line through Sources/CProcessArguments (the Swift runtime linked in), not
    # the runtime's own scan: each argument must arrive whole, spaces, quotes and non-ASCII letters included.
    name=$'zz \'Ünïcødé\' "name"  two  spaces'
    answer=$("$release_scratch/release/merchant-lookup" show "$name" --offline 2>&1) || true
    [[ $answer == "merchant-lookup: merchant $name not found" ]] \
        || fail "the release binary did not receive its arguments whole: $answer"
    # Where the distribution's archives are (libsqlite3-dev, zlib1g-dev), SQLite and zlib are linked in: the
    # loader must not load either. The smoke run below then exercises that SQLite (search, show, batch) and that
    # zlib (the import inflates the archive).
    if [[ -e .build-static-archives/libsqlite3.a ]] && command -v readelf > /dev/null; then
        needed=$(readelf -d "$release_scratch/release/merchant-lookup" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
        [[ $needed != *libsqlite3* && $needed != *libz.so* ]] \
            || fail "the release binary loads SQLite or zlib although both archives were found: $needed"
        echo "    release binary loads only: $needed"
    fi
    status=0
    "$scratch/debug/explore-benchmark" --quick --data "$scratch/benchmark-quick" \
        --cli "$release_scratch/release/merchant-lookup" > "$logs/$variant-release-benchmark.log" 2>&1 || status=$?
    [[ $status -eq 0 ]] || fail "explore-benchmark --quick over the release binary failed (exit $status, see $logs/$variant-release-benchmark.log)" \
        "$logs/$variant-release-benchmark.log"
    seconds_benchmark=$((SECONDS - start))
    benchmark=ok
    echo "    benchmark smoke runs ok in ${seconds_benchmark}s (debug binary, then the release build and its run)"
fi

write_result passed
echo "variant.sh: $variant: passed (build ${seconds_build}s, CPU ${cpu_build}s; tests ${seconds_test}s, CPU ${cpu_test}s; $tests tests passed, $skipped skipped, $symbols piggycards symbols)"
