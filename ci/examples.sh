#!/usr/bin/env bash
# Usage: ci/examples.sh
#
# Builds the consumer package in Examples/ (it depends on this repository by path, as an app's package
# would) in its own scratch path, Examples/.build (another root package cannot share a variant's build),
# fails on a warning from our code (ci/warnings.sh), then runs both examples on the sample database:
#   ReadmeExample                          the README's library example: must print Home Depot's CTX offer;
#   OrderFollower --order no-such-order    the order stream ends with its failure (no provider account here).
# Logs: .build-logs/examples-build.log and examples-run.log. The last line says how long it took.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS
logs=.build-logs
scratch=Examples/.build
mkdir -p "$logs"
fail() {  # $1 = reason, $2 = log
    echo "---- last 30 lines of $2 ----"
    tail -n 30 "$2"
    echo "examples.sh: FAILED: $1" >&2
    exit 1
}

echo "build: swift build --package-path Examples --scratch-path $scratch"
swift build --package-path Examples --scratch-path "$scratch" > "$logs/examples-build.log" 2>&1 \
    || fail "the examples do not build" "$logs/examples-build.log"
bash ci/warnings.sh "$logs/examples-build.log" > "$logs/examples-warnings.log" \
    || fail "the examples' build printed warnings from our code" "$logs/examples-warnings.log"
build_seconds=$((SECONDS - start))

bin=$(swift build --package-path Examples --scratch-path "$scratch" --show-bin-path)
state=$PWD/$scratch/example-state
rm -rf "$state"
: > "$logs/examples-run.log"
echo "run: ReadmeExample"
"$bin/ReadmeExample" >> "$logs/examples-run.log" 2>&1 || fail "ReadmeExample failed" "$logs/examples-run.log"
grep -q '^CTX [0-9]' "$logs/examples-run.log" || fail "ReadmeExample printed no CTX offer" "$logs/examples-run.log"
echo "run: OrderFollower --order no-such-order"
DASHSPEND_HOME=$state "$bin/OrderFollower" --order no-such-order >> "$logs/examples-run.log" 2>&1 \
    || fail "OrderFollower failed" "$logs/examples-run.log"
grep -q '^Home Depot at CTX' "$logs/examples-run.log" || fail "OrderFollower resolved no merchant" "$logs/examples-run.log"
grep -q '^failed: no order no-such-order' "$logs/examples-run.log" \
    || fail "OrderFollower's order stream did not end with the failure" "$logs/examples-run.log"
sed 's/^/    /' "$logs/examples-run.log"
echo "examples: built in ${build_seconds}s, ran in $((SECONDS - start - build_seconds))s"
