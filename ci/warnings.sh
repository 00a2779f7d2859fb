#!/usr/bin/env bash
# Usage: ci/warnings.sh BUILD_LOG [ROOT]
#
# Fails when a `swift build` log shows a compiler warning from this repository's own code: a diagnostic
# located in ROOT/Sources, ROOT/Tests, ROOT/Plugins or ROOT/Examples (ROOT: this repository), or in a macro
# expansion (macros expand only in our code). Warnings from elsewhere (SwiftPM's own notes, the toolchain)
# are not counted. A clean build has none, so any new one fails CI; an incremental build shows only the
# warnings of what it recompiled. Prints each warning once (the compiler repeats them per batch), then
# `warnings: N`; exits 1 when N > 0, 2 on a usage error.
set -euo pipefail

[[ $# -ge 1 && $# -le 2 && -f $1 ]] || { echo "usage: $0 BUILD_LOG [ROOT]" >&2; exit 2; }
log=$1
root=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
# The compiler's header line of each diagnostic: `PATH:LINE:COLUMN: warning: TEXT`, or
# `macro expansion #NAME:LINE:COLUMN: warning: TEXT` followed by the line of our code it came from (kept
# with it, so that two expansions with the same text count twice).
found=$(awk -v root="$root/" '
    function ours(path) { return index(path, root) == 1 && substr(path, length(root) + 1) ~ /^(Sources|Tests|Plugins|Examples)\// }
    pending != "" { origin = $0; sub(/^.*- /, "", origin); sub(/: note: .*$/, "", origin)
                    if (ours(origin)) print pending " (expanded at " origin ")"; pending = "" }
    /^macro expansion [^ ]+:[0-9]+:[0-9]+: warning: / { pending = $0; next }
    /^[^ ]+:[0-9]+:[0-9]+: warning: / { split($0, part, ":"); if (ours(part[1])) print }
' "$log" | sort -u)
count=0
[[ -n $found ]] && count=$(wc -l <<< "$found")
if (( count > 0 )); then
    sed "s|$root/||g" <<< "$found"
fi
echo "warnings: $count"
(( count == 0 ))
