#!/usr/bin/env bash
# Usage: ci/examples.sh
#
# Builds the consumer package in Examples/ (it depends on this repository by path, as an app's package
# would) in its own scratch path, Examples/.build (another root package cannot share a variant's build),
# fails on a warning from our code (ci/warnings.sh), then runs both examples on the sample database:
#   ReadmeExample                          the README's library example: must print Home Depot's CTX offer;
#   OrderFollower --order no-such-order    the order stream ends with its failure (no provider account here).
# First, the README's "Use it in your package" snippet is resolved as written, in a package generated under
# .build-logs/readme-consumer, with the repository's URL replaced by this clone (reached through a link named
# like the published repository, so the snippet's `package: "dashspend-swift"` names it): a dependency line
# that asks for a tag or branch this repository lacks fails here. Resolved only, not built (the examples below
# build the library as a dependency).
# Logs: .build-logs/examples-build.log, examples-run.log and readme-consumer.log. The last line says how long
# it took.
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

echo "resolve: the README's dependency snippet, against this clone"
consumer=$logs/readme-consumer
rm -rf "$consumer"
mkdir -p "$consumer/Sources/Wallet" "$consumer/repository"
snippet=$(awk '/^## Use it in your package/ { section = 1 } section && /^```swift$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' README.md)
url=$(grep -v '^[[:space:]]*//' <<< "$snippet" | grep -oE '\.package\(url: "[^"]+"' | head -n 1 | sed -E 's/^\.package\(url: "([^"]+)"$/\1/')
[[ -n $url ]] || fail "the README's snippet has no .package(url:) line" README.md
name=$(basename "$url" .git)
ln -s "$PWD" "$consumer/repository/$name"
{
    echo "$snippet" | head -n 1
    echo "import PackageDescription"
    echo "let package = Package("
    echo "    name: \"ReadmeConsumer\", platforms: [.iOS(.v15), .macOS(.v12)],"
    echo "$snippet" | tail -n +2 | sed "s|$url|$PWD/$consumer/repository/$name|"
    echo ")"
} > "$consumer/Package.swift"
echo 'import DashSpend' > "$consumer/Sources/Wallet/Wallet.swift"
swift package --package-path "$consumer" resolve > "$logs/readme-consumer.log" 2>&1 \
    || fail "the README's dependency snippet does not resolve against this repository ($consumer/Package.swift)" \
        "$logs/readme-consumer.log"
echo "    resolved: $(grep -oE 'branch: "[^"]+"|from: "[^"]+"|exact: "[^"]+"' "$consumer/Package.swift" | head -n 1) of $name"

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
