#!/usr/bin/env bash
# Usage: ci/docs.sh
#
# Builds the DocC documentation of the DashSpend module (Sources/DashSpend/DashSpend.docc and the module's
# `///` comments) with the toolchain's own tools: no package dependency, no plugin.
#   1. `swift build --target DashSpend` in the plain variant's scratch path (.build-off, or $DOCS_SCRATCH):
#      the same flags as `ci/variant.sh off` (ci/flags.sh), so after the tests it only checks that everything
#      is up to date;
#   2. `swift-symbolgraph-extract` of the DashSpend module (public symbols) into .build-docs/symbol-graphs;
#   3. `docc convert --warnings-as-errors` into .build-docs/DashSpend.doccarchive.
# Any warning (an unresolved ``link``, a topic that names nothing) fails the script. Logs: .build-logs/docs.log
# (docc) and .build-logs/docs-build.log (build and extraction). The last line says where the archive went and
# how long it took. Environment: DOCS_SCRATCH=path, DOCC=path (default: the docc next to swift, else PATH).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source ci/flags.sh
variant_flags off
start=$SECONDS
scratch=${DOCS_SCRATCH:-.build-off}
output=.build-docs
graphs=$output/symbol-graphs
archive=$output/DashSpend.doccarchive
logs=.build-logs
build_log=$logs/docs-build.log
log=$logs/docs.log
mkdir -p "$logs"
: > "$build_log"
: > "$log"

fail() {  # $1 = reason, $2 = log to show the tail of
    echo "---- last 40 lines of $2 ----"
    tail -n 40 "$2"
    echo "docs.sh: FAILED: $1" >&2
    exit 1
}

# The tools that came with this swift, else the ones on PATH.
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
tool() {  # $1 = name
    if [[ -x $toolchain/$1 ]]; then echo "$toolchain/$1"; else command -v "$1" || true; fi
}
docc=${DOCC:-$(tool docc)}
extract=$(tool swift-symbolgraph-extract)
[[ -n $docc && -x $docc ]] || { echo "docs.sh: FAILED: no docc next to swift or on PATH (set DOCC=...)" >&2; exit 1; }
[[ -n $extract ]] || { echo "docs.sh: FAILED: no swift-symbolgraph-extract next to swift or on PATH" >&2; exit 1; }
echo "== docs: $docc"

echo "build: swift build --target DashSpend ($scratch ${flags[*]})"
swift build --scratch-path "$scratch" --target DashSpend "${flags[@]}" >> "$build_log" 2>&1 \
    || fail "swift build --target DashSpend failed" "$build_log"
bin=$(swift build --scratch-path "$scratch" "${flags[@]}" --show-bin-path 2>> "$build_log")
modules=$bin/Modules
[[ -d $modules ]] || modules=$bin
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)

echo "symbol graph: swift-symbolgraph-extract -module-name DashSpend ($triple)"
rm -rf "$graphs" "$archive"
mkdir -p "$graphs"
"$extract" -module-name DashSpend -target "$triple" -minimum-access-level public -output-dir "$graphs" \
    -experimental-allowed-reexported-modules=DashSpendCore,DashSpendExplore,DashSpendOrders,DashSpendState,DashSpendSetup,DashSpendAccounts,DashSpendMerchants,DashSpendPurchasing,DashSpendExploreSync \
    -I "$modules" -I Sources/CSQLite -I Sources/CZlib -I Sources/CCurl >> "$build_log" 2>&1 \
    || fail "swift-symbolgraph-extract failed" "$build_log"
[[ -f $graphs/DashSpend.symbols.json ]] || fail "no DashSpend.symbols.json in $graphs" "$build_log"

echo "docc convert --warnings-as-errors"
"$docc" convert Sources/DashSpend/DashSpend.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name DashSpend --fallback-bundle-identifier org.dash.DashSpend \
    --output-path "$archive" --warnings-as-errors >> "$log" 2>&1 \
    || fail "docc convert failed (warnings count as errors)" "$log"
# Belt and braces: docc versions differ in what --warnings-as-errors covers.
if grep -q -E '(^|: )warning: ' "$log"; then
    fail "docc reported warnings" "$log"
fi
echo "docs: $archive built in $((SECONDS - start))s"
