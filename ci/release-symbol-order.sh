#!/bin/sh
# Writes ci/release-symbol-order.txt, the order `ci/build-release.sh` asks the linker (lld) to lay out the
# functions of `merchant-lookup` in: every function of the binary that the commands people type most run, in
# the order callgrind first meets them (`--version`, `--help`, `show` by id and by name, a miss with its "did
# you mean", `search`, then `show` with stored answers and an orders file), first. Start-up then touches a few
# hundred kilobytes of contiguous code instead of pages spread over the 11 MB of `.text`: the kernel maps file
# pages around each fault (64 KB), so scattered code costs resident memory and page faults (README, Speed).
#
# After the functions come the data symbols of `.bss` and `.rodata` the same commands touch, in the order
# valgrind's lackey sees them first: the linker moves each one's input section (one per source file, or per
# symbol in the C++ runtime) to the front of its output section. Each first write to a page of `.bss` is a
# page fault (a zeroed page), and the touched metadata caches and lazy globals were spread over 85 of its 135
# pages; gathered, an offline `show` takes 36 faults fewer and `--version` 22.
#
# usage: sh ci/release-symbol-order.sh BINARY DATA_DIR
#   BINARY    a `merchant-lookup` built by ci/build-release.sh
#   DATA_DIR  the benchmark's generated files (`explore-benchmark --data DIR`, default `.build/benchmark`):
#             explore-bench-v4.db and explore-bench-v4-indexed.db, and service-home (the service part's
#             state directory) when it is there
#
# Needs valgrind (callgrind and lackey), nm, readelf and python3. A function missing from the list (new code) still links, only outside the
# hot range; names that no longer exist are ignored. Regenerate after large changes to the start-up path.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
name="Atlas Airlines Bar"
count=0
# Valgrind loads a position-independent executable at this address; checked below against the entry point.
base=0x108000
entry=$(readelf -h "$binary" | awk '/Entry point/ { print $4 }')
entry_traced=$(printf '%x' $((base + entry)))
run() {
    count=$((count + 1))
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run.$count.cg" "$binary" "$@" \
        >/dev/null 2>&1 || true
    # Every address loaded or stored, once each (8-byte granules), in the order first met; and whether the
    # entry point was run at the address the load base gives it.
    valgrind --tool=lackey --trace-mem=yes --log-fd=3 "$binary" "$@" 3>&1 >/dev/null 2>&1 |
        awk -v entry="$entry_traced" '
            $1 == "I" { split($2, part, ","); sub(/^0+/, "", part[1]); if (part[1] == entry) { print "entry" } ; next }
            $1 == "L" || $1 == "S" || $1 == "M" {
                split($2, part, ","); granule = substr(part[1], 1, length(part[1]) - 1)
                if (!(granule in seen)) { seen[granule] = 1; print part[1] }
            }' >"$work/run.$count.data" || true
    grep -q '^entry$' "$work/run.$count.data" ||
        { echo "release-symbol-order.sh: lackey did not run $binary at base $base" >&2; exit 1; }
}
run --version
run --help
run show
for file in explore-bench-v4.db explore-bench-v4-indexed.db; do
    db=$data/$file
    [ -f "$db" ] || { echo "release-symbol-order.sh: $db is missing (run explore-benchmark --names-only first)" >&2; exit 1; }
    state=$work/state-$file
    run --db "$db" --state-dir "$state" show "$name" --offline --json
    run --db "$db" --state-dir "$state" show "$name" --offline --json
    run --db "$db" --state-dir "$state" show "$name" --offline
    run --db "$db" --state-dir "$state" show "zzqx no such merchant" --offline
    run --db "$db" --state-dir "$state" search Harbor --limit 5 --offline
    run --db "$db" --state-dir "$state" search Harbor --limit 5 --offline --json
    id=$(sqlite3 -readonly "$db" "SELECT merchantId FROM merchant WHERE name = '$name' LIMIT 1")
    run --db "$db" --state-dir "$state" show "$id" --offline --json
    run --db "$db" --state-dir "$state" show "$id" --offline
done
# A state directory as a user's is after lookups online and a purchase, stored answers and an orders file in it
# (the service benchmark's, when it has run): reading them is on the path of every `show` of such a user.
service=$data/service-home
if [ -f "$service/mainnet/state.db" ]; then
    cp -R "$service" "$work/service-home"
    id=$(sqlite3 -readonly "$service/mainnet/state.db" "SELECT sourceId FROM provider_answer LIMIT 1")
    run --db "$data/explore-bench-v4-indexed.db" --state-dir "$work/service-home" show "$id" --offline --json
    run --db "$data/explore-bench-v4-indexed.db" --state-dir "$work/service-home" show "$id" --offline
else
    echo "release-symbol-order.sh: no $service (run explore-benchmark with its service part for stored answers)" >&2
fi
nm --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$work/symbols.txt"
nm -n --defined-only "$binary" | awk '$2 ~ /^[bBdDrR]$/ { print $1, $3 }' >"$work/data-symbols.txt"
readelf -SW "$binary" >"$work/sections.txt"
python3 - "$work" "$count" "$root/ci/release-symbol-order.txt" "$base" <<'PYTHON'
import bisect, re, sys
work, count, out, base = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4], 16)
symbols = set(open(work + "/symbols.txt").read().split())
order, seen = [], set()
for index in range(1, count + 1):
    names = {}
    for line in open(f"{work}/run.{index}.cg"):
        match = re.match(r"^c?fn=\((\d+)\)(?: (.*))?$", line)
        if not match:
            continue
        if match.group(2):
            names[match.group(1)] = match.group(2)
        name = names.get(match.group(1), "").split("'")[0]
        if name in symbols and name not in seen:
            seen.add(name)
            order.append(name)
functions = len(order)
# The data: each touched address of `.bss` or `.rodata`, named by the symbol at or before it.
sections = []
for line in open(work + "/sections.txt"):
    match = re.match(r"\s*\[\s*\d+\]\s+(\.bss|\.rodata)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if match:
        sections.append((int(match.group(2), 16), int(match.group(2), 16) + int(match.group(3), 16)))
data = [(int(address, 16), name) for address, name in (line.split() for line in open(work + "/data-symbols.txt"))]
starts = [address for address, _ in data]
for index in range(1, count + 1):
    for line in open(f"{work}/run.{index}.data"):
        if line.startswith("entry"):
            continue
        offset = int(line, 16) - base
        if not any(start <= offset < end for start, end in sections):
            continue
        at = bisect.bisect_right(starts, offset) - 1
        if at >= 0 and data[at][1] not in seen:
            seen.add(data[at][1])
            order.append(data[at][1])
open(out, "w").write("\n".join(order) + "\n")
print(f"release-symbol-order.sh: {functions} functions and {len(order) - functions} data symbols in {out}")
PYTHON
