#!/usr/bin/env bash
# Usage: ci/public-api.sh [--update]
#
# Checks that what `import DashSpend` makes public is the list checked in as ci/public-api.txt, so the
# surface an app sees changes only on purpose:
#   1. `swift build --target DashSpend` in the plain variant's scratch path (.build-off, or $API_SCRATCH), with
#      the flags of `ci/variant.sh off` (ci/flags.sh): after the tests it only checks that all is up to date;
#   2. `swift-symbolgraph-extract -minimum-access-level public` of DashSpend and of the modules it re-exports
#      from (`@_exported import` in Sources/DashSpend/Exports.swift), into .build-docs/public-api: a module
#      re-exported whole counts whole, one re-exported by declaration (`@_exported import struct M.Name`)
#      counts those declarations and their members;
#   3. one line per public symbol (module, kind, path, declaration), sorted, compared with ci/public-api.txt.
# A difference prints the lines added (+) and removed (-) and fails; `--update` writes the new list instead
# (commit it with the change that meant it). The last lines say how many symbols and types each module has.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source ci/flags.sh
variant_flags off
scratch=${API_SCRATCH:-.build-off}
graphs=.build-docs/public-api
list=ci/public-api.txt
log=.build-logs/public-api.log
mkdir -p .build-logs
: > "$log"
update=false
[[ ${1:-} == --update ]] && update=true
[[ $# -eq 0 || $update == true ]] || { echo "usage: $0 [--update]" >&2; exit 2; }

toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
extract=$toolchain/swift-symbolgraph-extract
[[ -x $extract ]] || extract=$(command -v swift-symbolgraph-extract || true)
[[ -n $extract ]] || { echo "public-api.sh: FAILED: no swift-symbolgraph-extract" >&2; exit 1; }

swift build --scratch-path "$scratch" --target DashSpend "${flags[@]}" >> "$log" 2>&1 \
    || { tail -n 40 "$log"; echo "public-api.sh: FAILED: swift build --target DashSpend" >&2; exit 1; }
bin=$(swift build --scratch-path "$scratch" "${flags[@]}" --show-bin-path 2>> "$log")
modules=$bin/Modules
[[ -d $modules ]] || modules=$bin
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)

# DashSpend and every module it re-exports from.
names=(DashSpend $(sed -n -E 's/^@_exported import ([a-z]+ )?([A-Za-z0-9_]+).*$/\2/p' Sources/DashSpend/Exports.swift | sort -u))
rm -rf "$graphs"
mkdir -p "$graphs"
for name in "${names[@]}"; do
    "$extract" -module-name "$name" -target "$triple" -minimum-access-level public -output-dir "$graphs" \
        -I "$modules" -I Sources/CSQLite -I Sources/CZlib -I Sources/CCurl >> "$log" 2>&1 \
        || { tail -n 40 "$log"; echo "public-api.sh: FAILED: swift-symbolgraph-extract $name" >&2; exit 1; }
done

current=$(python3 - "$graphs" Sources/DashSpend/Exports.swift "${names[@]}" <<'PY'
import collections, glob, json, re, sys
graphs, exports, names = sys.argv[1], sys.argv[2], sys.argv[3:]
# Module -> the declarations it re-exports by name; a module re-exported whole maps to None.
scoped = {}
for line in open(exports):
    whole = re.match(r"@_exported import ([A-Za-z0-9_]+)$", line.strip())
    single = re.match(r"@_exported import [a-z]+ ([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)$", line.strip())
    if whole:
        scoped[whole.group(1)] = None
    elif single and scoped.get(single.group(1), set()) is not None:
        scoped.setdefault(single.group(1), set()).add(single.group(2))
types = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
lines, counts = [], []
for name in names:
    kinds = collections.Counter()
    # The module's own symbols, then its public extensions of other modules' types (`NAME@OTHER`).
    only = scoped.get(name) if name != "DashSpend" else None
    files = [f"{graphs}/{name}.symbols.json"]
    if only is None:
        files += sorted(glob.glob(f"{graphs}/{name}@*.symbols.json"))
    symbols = [(path, symbol) for path in files for symbol in json.load(open(path))["symbols"]]
    if only is not None:
        symbols = [(path, symbol) for path, symbol in symbols if symbol["pathComponents"][0] in only]
    for path, symbol in symbols:
        module = path.rsplit("/", 1)[1].removesuffix(".symbols.json")
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        declaration = " ".join("".join(f["spelling"] for f in symbol.get("declarationFragments", [])).split())
        lines.append(f"{module}\t{kind}\t{'.'.join(symbol['pathComponents'])}\t{declaration}")
        kinds["types" if symbol["kind"]["identifier"] in types else "other"] += 1
    counts.append(f"# {name}: {kinds['types'] + kinds['other']} public symbols, {kinds['types']} types")
print("\n".join(sorted(lines)))
print("\n".join(counts), file=sys.stderr)
PY
)
if $update; then
    printf '%s\n' "$current" > "$list"
    echo "public-api.sh: wrote $list ($(wc -l < "$list") symbols)"
    exit 0
fi
[[ -f $list ]] || { echo "public-api.sh: FAILED: no $list (run with --update)" >&2; exit 1; }
if ! difference=$(diff <(cat "$list") <(printf '%s\n' "$current")); then
    grep -E '^[<>]' <<< "$difference" | sed 's/^</-/; s/^>/+/' | head -n 60
    echo "public-api.sh: FAILED: the public API of DashSpend differs from $list (+ new, - gone); if meant, run ci/public-api.sh --update and commit the list" >&2
    exit 1
fi
echo "public-api.sh: the public API matches $list ($(wc -l < "$list") symbols)"
